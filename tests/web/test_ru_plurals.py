"""Counts of cards that vary with the deck (any number from 1 to hundreds) take the noun's plural form for
the number, through the pages' plural helper (`tn` in web/shared/i18n.js: `key.one/.few/.many/.other`),
never a fixed «карт»: the deck list said «huge (3 карт): мало». Checked with the same CLDR rule the
server's sentences use (server/messages `plural_form`)."""
import json
from pathlib import Path

import pytest

from server.messages import plural_form

ROOT = Path(__file__).resolve().parents[2]
RU = json.loads((ROOT / "web/shared/i18n/ru.json").read_text(encoding="utf-8"))
EN = json.loads((ROOT / "web/shared/i18n/en.json").read_text(encoding="utf-8"))
DECK_COUNTS = ["deck.option", "deck.option_too_small", "deck.uploaded", "settings.deck_is"]
WEB = [ROOT / "web/phone/deck-picker.js", ROOT / "web/tv/settings-summary.js"]


def render(table: dict, key: str, n: int, forms: tuple[str, ...]) -> str:
    form = forms[["one", "few", "many"].index(plural_form(n, ["one", "few", "many"]))] if len(forms) == 3 \
        else plural_form(n, list(forms))
    return table[f"{key}.{form}"].format(n=n, title="huge")


@pytest.mark.parametrize("key", DECK_COUNTS)
def test_deck_counts_have_every_plural_form_and_no_fixed_noun(key):
    assert key not in RU and key not in EN
    assert {f"{key}.{f}" for f in ("one", "few", "many", "other")} <= RU.keys()
    assert {f"{key}.{f}" for f in ("one", "other")} <= EN.keys()
    ru = {n: render(RU, key, n, ("one", "few", "many")) for n in (1, 3, 5, 11, 21, 107)}
    assert "1 карта" in ru[1] and "3 карты" in ru[3] and "5 карт" in ru[5] and "11 карт" in ru[11]
    assert "21 карта" in ru[21] and "107 карт" in ru[107]
    assert "1 card" in render(EN, key, 1, ("one", "other")) and "3 cards" in render(EN, key, 3, ("one", "other"))
    assert any(f"tn('{key}'" in p.read_text() or f"'{key}' :" in p.read_text() or f": '{key}'" in p.read_text()
               for p in WEB), f"{key} is not picked by tn()"


def test_the_too_small_deck_reads_3_karty():
    assert render(RU, "deck.option_too_small", 3, ("one", "few", "many")) == "huge (3 карты): мало"
