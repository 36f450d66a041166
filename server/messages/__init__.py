"""Sentences for error codes, per language (`en.json`, `ru.json`: code -> sentence with {params}).
A foundation layer: it imports nothing from `server` (docs/architecture.md)."""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

_DIR = Path(__file__).parent


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The code -> sentence table for `lang` ("en" or "ru"; anything else gives English)."""
    path = _DIR / f"{lang}.json"
    if not path.is_file():
        path = _DIR / "en.json"
    return json.loads(path.read_text(encoding="utf-8"))


_PLURAL = re.compile(r"\{(\w+)((?:\|[^{}|]*)+)\}")


def plural_form(n: int, forms: list[str]) -> str:
    """The form of a noun for `n`: two forms (English: one, other) or three (Russian: один игрок, два
    игрока, пять игроков; 11-14 take the third)."""
    if len(forms) == 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


def _plurals(text: str, params: dict) -> str:
    """Replace `{count|player|players}` (or three Russian forms) by the form that fits the number."""
    def pick(match: re.Match) -> str:
        value = params.get(match.group(1))
        forms = match.group(2)[1:].split("|")
        return plural_form(abs(value), forms) if isinstance(value, int) and not isinstance(value, bool) \
            else forms[-1]
    return _PLURAL.sub(pick, text)


# params that hold an id shown by its name (`ruleset.dixit`: "Dixit"), and the family of that name
NAMED = {"ruleset": "ruleset", "mode": "mode", "fits": "mode"}


# A term in a sentence, `{@storyteller}` ({@Storyteller}: capitalised): the ruleset's own word
# (`term.<ruleset>.storyteller`: Dixit's storyteller is «рассказчик» in Russian, RULES.md's terms), else the
# common `term.storyteller` («ведущий»), as web/shared/i18n.js gives the pages' terms.
_TERM = re.compile(r"\{@([\w.]+)\}")


def _terms(text: str, table: dict[str, str], ruleset: str | None) -> str:
    """Replace each `{@word}` in `text` by `table`'s word for `ruleset` (None: the common word)."""
    def word(match: re.Match) -> str:
        spec = match.group(1)
        key = spec.lower()
        found = table.get(f"term.{ruleset}.{key}") if ruleset else None
        found = found or table.get(f"term.{key}") or spec
        return found if spec[0] == key[0] else found[:1].upper() + found[1:]
    return _TERM.sub(word, text)


def sentence(code: str, lang: str, params: dict | None = None, ruleset: str | None = None) -> str:
    """The sentence for error `code` in `lang`, with `{name}` placeholders filled from `params`.

    A `reason` param picks a more specific sentence `<code>.<reason>` when there is one (`bad_settings`
    says which setting does not fit and why). `ruleset` and `mode` ids are shown by their names
    (`ruleset.<id>`, `mode.<id>`; `fits`, a mode that would fit, too). When `min` equals `max`,
    `<code>.exact` is used if there is one.
    `{n|form|forms}` picks a noun's plural form for the number `n` (`plural_form`). Unknown codes fall
    back to English, then to the generic `not_allowed`
    sentence. `{@storyteller}` is the term in `ruleset`'s words (the room's `settings.ruleset`; None: the
    common term): a Dixit table reads «рассказчик» where the others read «ведущий» (RULES.md's terms)."""
    params = dict(params or {})
    table, english = catalogue(lang), catalogue("en")
    keys = [code]
    if isinstance(params.get("reason"), str):
        keys.insert(0, f"{code}.{params['reason']}")
    if "min" in params and params.get("min") == params.get("max"):
        keys.insert(0, f"{keys[0]}.exact")  # "exactly 3 players", not "3 to 3 players"
    text = next((c[k] for k in keys for c in (table, english) if k in c), table["not_allowed"])
    text = _terms(_plurals(text, params), table, ruleset)
    for key, family in NAMED.items():
        if isinstance(params.get(key), str):
            params[key] = table.get(f"{family}.{params[key]}") or params[key]
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text.split("{")[0].rstrip(" (:") + "."
