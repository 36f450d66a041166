"""The kids' filter of a deck (RULES.md §2.5: the adult takes out the pictures children should not get),
kept per deck in `<data_dir>/excluded/<deck_id>.json`, and what it is worth once the deck's pictures change.

A card id names a place in a deck, not a picture: a regenerated or edited deck can put another picture
under an id the adult took out. So the file records each excluded card's picture by its content
(`picture_hash`: sha256 of the file's bytes), ``{"deck": id, "excluded": [ids], "pictures": {id: hash}}``,
and reading it (`read_filter`) applies an exclusion only to the picture it was made for:

* the picture is still under its id: excluded;
* it moved to another id (the deck was renumbered): the exclusion follows it;
* it is nowhere in the deck any more (changed or gone): dropped, and counted in `KidsFilter.outdated`, so
  the adult is told to look at the filter again (the lobby and the filter say so) rather than the filter
  silently taking out other pictures. Saving the filter again records today's pictures and clears it.

A file written before pictures were recorded (``{"deck", "excluded"}`` or a bare list) cannot say which
picture it meant: an exclusion is kept while its picture file is not newer than the filter file, else
dropped and counted.
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

HASH_CHARS = 16   # hex digits of sha256 kept per picture (64 bits: no two pictures of a deck collide)


@dataclass(frozen=True)
class KidsFilter:
    """A deck's kids' filter as it applies today: `excluded`, the card ids taken out of play; `outdated`,
    how many saved exclusions were dropped because their picture is no longer in the deck as it was."""

    excluded: frozenset[str] = frozenset()
    outdated: int = 0


class PictureHashes:
    """Content hashes of picture files (`hash(path)`: `HASH_CHARS` hex digits of the sha256 of its bytes),
    remembered while a file is unchanged (same device, inode, size and mtime), so a deck is read once per
    server run. Thread-safe. Raises OSError for a file that cannot be read."""

    def __init__(self) -> None:
        self._known: dict[tuple[int, int, int, int], str] = {}
        self._lock = threading.Lock()

    def hash(self, path: Path) -> str:
        """The content hash of the picture at `path`."""
        st = path.stat()
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        with self._lock:
            known = self._known.get(key)
        if known is not None:
            return known
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_CHARS]
        with self._lock:
            if len(self._known) > 100_000:   # forget rather than grow without bound
                self._known.clear()
            self._known[key] = digest
        return digest


def filter_key(path: Path, rev: str) -> tuple[str, tuple[int, ...]]:
    """What the filter saved at `path` of a deck whose pictures' fingerprint is `rev` (`Deck.rev`: ids, sizes,
    modification times) depends on: `rev`, and the file's times and size (its change time moves on every
    write, even one whose modification time is set back); () when none is saved. Stats, never reads."""
    try:
        st = path.stat()
    except OSError:
        return rev, ()
    return rev, (st.st_mtime_ns, st.st_ctime_ns, st.st_size)


class KnownFilters:
    """Each deck's filter as last read, with the `filter_key` it was read at, so that the event loop has it
    without reading a picture (`DeckLibrary.known_kids_filter`) while nothing it depends on changed; reading
    it again (hashing pictures) is a thread's work. Thread-safe."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[tuple[str, tuple[int, ...]], KidsFilter]] = {}
        self._lock = threading.Lock()

    def get(self, deck_id: str, key: tuple[str, tuple[int, ...]]) -> KidsFilter | None:
        """Deck `deck_id`'s filter if it was read at `key`, else None."""
        with self._lock:
            hit = self._known.get(deck_id)
        return hit[1] if hit is not None and hit[0] == key else None

    def put(self, deck_id: str, key: tuple[str, tuple[int, ...]], kept: KidsFilter) -> None:
        """Deck `deck_id`'s filter as read (or, just saved, as reading it back gives it) at `key`."""
        with self._lock:
            self._known[deck_id] = (key, kept)


def read_filter(path: Path, files: Mapping[str, Path], hashes: PictureHashes) -> KidsFilter:
    """The filter stored at `path` for a deck whose cards are `files` (card id -> picture file), as it
    applies to those pictures (the module docstring). A missing file is an empty filter; an unreadable or
    malformed one is logged and empty."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        saved_at = path.stat().st_mtime_ns
    except FileNotFoundError:
        return KidsFilter()
    except (OSError, ValueError) as exc:
        log.warning("kids' filter %s unreadable (%s); nothing excluded", path, exc)
        return KidsFilter()
    ids = raw.get("excluded") if isinstance(raw, dict) else raw
    if not isinstance(ids, list):
        return KidsFilter()
    wanted = [c for c in dict.fromkeys(ids) if isinstance(c, str)]
    pictures = raw.get("pictures") if isinstance(raw, dict) else None
    if isinstance(pictures, dict):
        return _by_picture(wanted, pictures, files, hashes)
    kept = [c for c in wanted if c in files and _not_newer(files[c], saved_at)]
    return KidsFilter(frozenset(kept), len(wanted) - len(kept))


def _by_picture(wanted: list[str], pictures: Mapping[str, object], files: Mapping[str, Path],
                hashes: PictureHashes) -> KidsFilter:
    """Each wanted card's saved picture looked for under its id, then anywhere in the deck."""
    kept: set[str] = set()
    lost: list[str] = []
    for card in wanted:
        saved = pictures.get(card)
        if card in files and saved == _hash_or_none(hashes, files[card]):
            kept.add(card)
        else:
            lost.append(card)
    outdated = 0
    if lost:   # hash the whole deck only when some picture is not where it was
        where: dict[str | None, str] = {}
        for card, file in files.items():
            where.setdefault(_hash_or_none(hashes, file), card)
        for card in lost:
            moved = where.get(saved) if isinstance(saved := pictures.get(card), str) else None
            if moved is not None:
                kept.add(moved)
            else:
                outdated += 1
    return KidsFilter(frozenset(kept), outdated)


def _hash_or_none(hashes: PictureHashes, file: Path) -> str | None:
    try:
        return hashes.hash(file)
    except OSError:   # gone or unreadable meanwhile: it matches no saved picture
        return None


def _not_newer(file: Path, saved_at: int) -> bool:
    try:
        return file.stat().st_mtime_ns <= saved_at
    except OSError:
        return False


def filter_record(deck_id: str, cards: Iterable[str], files: Mapping[str, Path],
                  hashes: PictureHashes) -> dict[str, object]:
    """What `write_json_atomic` stores for deck `deck_id`'s filter taking out `cards` (ids of `files`):
    ``{"deck", "excluded": sorted ids, "pictures": {id: content hash}}``. Raises OSError when a picture
    cannot be read (then nothing is written)."""
    ids = sorted(set(cards))
    return {"deck": deck_id, "excluded": ids, "pictures": {c: hashes.hash(files[c]) for c in ids}}

