"""What decks and cards are called: strict ids (they end up in URLs and file names), the card id of a
picture file, a deck id from a folder name or title, and a deck's title in both languages.

Card ids are opaque and stable across restarts (saved games keep them): a file named like `c001.jpg`
keeps its stem; any other file name (`IMG_2034.JPG`, `grandma.png`) becomes `c` + 10 hex digits of a
hash of the file name, so ids never carry meaning. A folder whose name is not an id ("Family Photos")
gets one from its name ("family-photos").
"""
from __future__ import annotations

import hashlib
import logging
import re
import unicodedata
from pathlib import Path

from server.engine import text as texts

log = logging.getLogger(__name__)

# Strict ids: these end up in URLs and file names, so nothing that could name another path.
DECK_ID_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,47}")
CARD_ID_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_CANONICAL_CARD = re.compile(r"c\d{3,5}")


def is_deck_id(value: object) -> bool:
    """True if `value` is a well-formed deck id (lower-case letters, digits, `-`, `_`; ≤ 48 chars)."""
    return isinstance(value, str) and DECK_ID_RE.fullmatch(value) is not None


def is_card_id(value: object) -> bool:
    """True if `value` is a well-formed card id (lower-case letters, digits, `-`, `_`; ≤ 64 chars)."""
    return isinstance(value, str) and CARD_ID_RE.fullmatch(value) is not None


def card_id_for(filename: str) -> str:
    """The card id of a picture file: its stem if it is already an opaque id like `c001`, else
    `c` + 10 hex digits of SHA-256 of the file name (stable, meaningless)."""
    stem = Path(filename).stem
    if _CANONICAL_CARD.fullmatch(stem):
        return stem
    return "c" + hashlib.sha256(filename.encode("utf-8", "surrogatepass")).hexdigest()[:10]


_CYRILLIC = str.maketrans({"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
                           "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
                           "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "ch", "ш": "sh",
                           "щ": "sch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya"})


def slug(title: str) -> str:
    """A deck id from a title or folder name: ASCII letters/digits and `-` (Cyrillic transliterated
    roughly), at most 32 characters; "deck" if nothing is left."""
    text = unicodedata.normalize("NFKD", title.lower().translate(_CYRILLIC)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:32] or "deck"


def folder_ids(root: Path) -> dict[str, Path]:
    """The deck folders directly under `root` by deck id: a folder named like an id keeps its name,
    any other ("Family Photos") gets its slug ("family-photos"); hidden folders (".import-…") are skipped;
    on a clash the folder whose name is the id wins, then the first by name."""
    if not root.is_dir():
        return {}
    found: dict[str, Path] = {}
    folders = [p for p in sorted(root.iterdir()) if p.is_dir() and not p.name.startswith(".")]
    for p in sorted(folders, key=lambda p: (not is_deck_id(p.name), p.name)):
        deck_id = p.name if is_deck_id(p.name) else slug(p.name)
        if deck_id in found:
            log.warning("deck folder %s would be deck %r like %s; ignored", p, deck_id, found[deck_id])
            continue
        found[deck_id] = p
    return dict(sorted(found.items()))


def _title(raw: str) -> str:
    return texts.clip(raw, texts.TITLE_MAX, texts.TITLE_MAX_BYTES)


def normalise_title(raw: object, fallback: str) -> dict[str, str]:
    """A manifest title as `{"en": ..., "ru": ...}`: a plain string serves both languages; a missing
    language borrows the other one; anything unusable gives `fallback`. Each is cleaned and cut to
    `text.TITLE_MAX` clusters and `text.TITLE_MAX_BYTES` UTF-8 bytes (text.py says why both)."""
    if isinstance(raw, str) and _title(raw):
        return {"en": _title(raw), "ru": _title(raw)}
    if isinstance(raw, dict):
        got = {k: _title(v) for k, v in raw.items() if k in ("en", "ru") and isinstance(v, str) and _title(v)}
        if got:
            return {"en": got.get("en") or got["ru"], "ru": got.get("ru") or got["en"]}
    fallback = _title(fallback) or "deck"
    return {"en": fallback, "ru": fallback}
