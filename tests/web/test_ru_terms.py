"""The Russian words for the game's things are the field's own and one per thing (the customer's list: ведущий,
ассоциация, карта, голос, слон, клетка, круг): a round is «ход» everywhere («Ход 3», «Итоги хода»,
«Следующий ход»), so neither the pages, the server's sentences nor the keepsake picture say «раунд» for it
(the lobby's game length said «Раундов: ~24 · ходов ведущим у каждого», two words for one thing)."""
import json
import re
from pathlib import Path

from server.room.keepsake import TEXT

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {"web/shared/i18n/ru.json": ROOT / "web/shared/i18n/ru.json",
           "server/messages/ru.json": ROOT / "server/messages/ru.json"}
ROUND = re.compile(r"раунд", re.IGNORECASE)


def _ru_sentences() -> dict[str, str]:
    """Every Russian sentence a person can see, by where it comes from."""
    out = {f"{name}:{key}": value for name, path in SOURCES.items()
           for key, value in json.loads(path.read_text(encoding="utf-8")).items()}
    for key, value in TEXT["ru"].items():
        for i, text in enumerate(value if isinstance(value, tuple) else (value,)):
            out[f"keepsake:{key}:{i}"] = text
    return out


def test_a_round_is_called_khod_in_russian():
    assert _ru_sentences()["web/shared/i18n/ru.json:round_n"] == "Ход {n}"
    wrong = {where: text for where, text in _ru_sentences().items() if ROUND.search(text)}
    assert not wrong, f"«раунд» where the UI says «ход»: {wrong}"
