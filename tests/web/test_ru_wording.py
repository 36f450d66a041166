"""Russian that reads as a family speaks it. The lobby's game length says «каждый будет ведущим 6 раз» (the
noun in the count's plural form: 1 и 21 раз, 2–4 раза, 5–20 раз; a range's by its last number) instead of the
clipped «ведущим у каждого: 6»; an open game «каждый будет ведущим раз в 4 хода». The storyteller and the
host are written alike: a capital where the text starts (the badges «Ведущий», «Хозяин», «Взрослый»), lower case
inside a sentence, in the pages' and the server's sentences."""
import json
import re
from pathlib import Path

import pytest

from server.messages import plural_form

ROOT = Path(__file__).resolve().parents[2]
TERM = re.compile(r"\{@([\w.]+)\}")


def _terms(words: dict[str, str]) -> dict[str, str]:
    """The strings as the pages show them with the common terms (web/shared/i18n.js: {@storyteller.ins} is
    `term.storyteller.ins`, capitalised as written; Dixit's own terms are checked in tests/e2e/test_tv_table.py)."""
    def term(m: re.Match) -> str:
        text = words[f"term.{m.group(1).lower()}"]
        return text[0].upper() + text[1:] if m.group(1)[0].isupper() else text
    return {k: TERM.sub(term, v) for k, v in words.items()}


RU = _terms(json.loads((ROOT / "web/shared/i18n/ru.json").read_text(encoding="utf-8")))
EN = _terms(json.loads((ROOT / "web/shared/i18n/en.json").read_text(encoding="utf-8")))
SERVER_RU = json.loads((ROOT / "server/messages/ru.json").read_text(encoding="utf-8"))
ROLE = re.compile(r"(?<![\wЁёА-я])(ведущ|хозя)\w*", re.IGNORECASE)
STARTS = ".!?…—:«("   # a capital may follow these (a new sentence, a heading's colon, a quotation, a dash's clause)


def ru_form(n: int) -> str:
    return plural_form(n, ["one", "few", "many"])


@pytest.mark.parametrize("turns, says", [("1", "1 раз"), ("2", "2 раза"), ("4", "4 раза"), ("5", "5 раз"),
                                         ("11", "11 раз"), ("21", "21 раз"), ("5–6", "5–6 раз"), ("2–3", "2–3 раза")])
def test_the_game_length_says_how_many_times_each_tells(turns, says):
    line = RU[f"length.line.{ru_form(int(turns.split('–')[-1]))}"].format(rounds=12, turns=turns, minutes=30)
    assert f"каждый будет ведущим {says}" in line and "у каждого" not in line
    assert "length.line" not in RU and "length.line" not in EN   # only through tn() (web/shared/length.js)
    assert "tn('length.line'" in (ROOT / "web/shared/length.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("seats, says", [(1, "раз в 1 ход"), (3, "раз в 3 хода"), (5, "раз в 5 ходов"),
                                         (22, "раз в 22 хода")])
def test_an_open_game_says_how_often_each_tells(seats, says):
    assert f"каждый будет ведущим {says}" in RU[f"length.open.{ru_form(seats)}"].format(per_round=2, seats=seats)


def test_every_plural_key_has_its_forms():
    for key in ("length.line", "length.open", "votes_n", "points_n"):
        assert {f"{key}.{f}" for f in ("one", "few", "many", "other")} <= RU.keys(), key
        assert {f"{key}.{f}" for f in ("one", "other")} <= EN.keys(), key


def test_the_role_badges_start_with_a_capital():
    for words in (RU, EN):
        badges = [words[k] for k in ("host", "storyteller", "tv.adult")]
        assert all(b[0].isupper() for b in badges), badges


def test_the_storyteller_and_the_host_are_lower_case_inside_a_sentence():
    """A capital only where a sentence or a heading starts (a string may also be a fragment put inside another
    sentence, «ведущий +3», so lower case at its start is allowed)."""
    wrong = [f"{where}:{key}: {text}" for where, table in (("web", RU), ("server", SERVER_RU))
             for key, text in table.items() for m in ROLE.finditer(text)
             if m.group(0)[0].isupper() and text[:m.start()].rstrip() and text[:m.start()].rstrip()[-1] not in STARTS]
    assert not wrong, "\n".join(wrong)
