"""Sentences for error codes, per language (`en.json`, `ru.json`: code -> sentence with {params})."""
from __future__ import annotations

import json
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


NAMED = ("ruleset", "mode")  # params that hold an id shown by its name (`ruleset.dixit`: "Dixit")


def sentence(code: str, lang: str, params: dict | None = None) -> str:
    """The sentence for error `code` in `lang`, with `{name}` placeholders filled from `params`.

    A `reason` param picks a more specific sentence `<code>.<reason>` when there is one (`bad_settings`
    says which setting does not fit and why). `ruleset` and `mode` ids are shown by their names
    (`ruleset.<id>`, `mode.<id>`). Unknown codes fall back to English, then to the generic `not_allowed`
    sentence."""
    params = dict(params or {})
    table, english = catalogue(lang), catalogue("en")
    specific = f"{code}.{params['reason']}" if isinstance(params.get("reason"), str) else None
    text = (table.get(specific) or english.get(specific) or table.get(code) or english.get(code)
            or table["not_allowed"])
    for key in NAMED:
        if isinstance(params.get(key), str):
            params[key] = table.get(f"{key}.{params[key]}") or params[key]
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text.split("{")[0].rstrip(" (:") + "."
