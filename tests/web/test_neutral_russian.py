"""No "(а)" gendering in Russian: a sentence about a player says it in a neutral way
("За вашу команду уже выбрали: Аня"), never "выбрал(а)". Every Russian string the pages and the server's
messages can show is checked."""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "web" / "shared" / "i18n" / "ru.json", ROOT / "server" / "messages" / "ru.json"]
GENDERED = re.compile(r"\w\((а|ла|ла?сь|ая|ой)\)")


def test_no_russian_string_genders_with_brackets():
    found = [f"{path.name}: {key}: {text}" for path in FILES
             for key, text in json.loads(path.read_text(encoding="utf-8")).items() if GENDERED.search(text)]
    assert not found, found
    # the pairs team's "partner already chose" refusal: neutral, naming who chose
    assert json.loads(FILES[1].read_text(encoding="utf-8"))["partner_acted"] == "За вашу команду уже выбрали: {name}."
