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


def sentence(code: str, lang: str, params: dict | None = None) -> str:
    """The sentence for error `code` in `lang`, with `{name}` placeholders filled from `params`.
    Unknown codes fall back to English, then to the generic `not_allowed` sentence."""
    text = catalogue(lang).get(code) or catalogue("en").get(code) or catalogue(lang)["not_allowed"]
    try:
        return text.format(**(params or {}))
    except (KeyError, IndexError, ValueError):
        return text.split("{")[0].rstrip(" (:") + "."
