"""Card decks: find, list and validate the decks on this server; store the kids' card filter.

A deck is a folder of JPEG/PNG/WebP pictures, one card each, plus an optional `deck.json` manifest
(`{"title": {"en": ..., "ru": ...} | "text", "licence": "..."}`); a folder without a manifest gets its
folder name as title. Dropping photos of your own cards into a folder makes a deck.

Where decks live:
* shipped decks: `<builtin_dir>/<id>/` (the repo's `assets/decks/`; the generated one is `builtin`).
  If `builtin_dir` itself holds pictures, it is the deck `builtin`.
* the family's decks: `<data_dir>/decks/<id>/` (uploads land here, see server/decks/archive.py).
A shipped deck wins over a user deck of the same id. A folder whose name is not an id ("Family Photos")
gets one from its name ("family-photos"), and its name as title. Ids and titles: names.py; what a picture
file must be: pictures.py.

Public API (the server calls these):
    library = DeckLibrary(builtin_dir: Path, data_dir: Path)
    library.list() -> list[DeckInfo]        # DeckInfo(id, title: dict[lang, str], size, licence, builtin, problems,
                                            #          uploaded, kids_size: cards left after the kids' filter)
    library.get(deck_id) -> Deck            # Deck.id, .title, .cards (sorted card ids), .size, .rev, .path_of(card)
                                            # raises DeckNotFound (a KeyError); blocking: `peek` on the loop
    library.excluded(deck_id) -> set[str]   # the kids' filter: card ids taken out of play
    library.kids_filter(deck_id) -> KidsFilter  # the same, and how many saved ones no longer find their
                                            # picture (kids_filter.py); blocking: `known_kids_filter` on the loop
    library.set_excluded(deck_id, card_ids) # persisted atomically in <data_dir>/excluded/<deck_id>.json;
                                            # raises DeckNotFound, or ValueError for ids not in the deck
The room refuses a deck too small for the table using `Deck.size` (the kids' game: `DeckInfo.kids_size`, the
cards its filter leaves) and `engine.min_deck_size` (RULES.md §1.3 and §2.5, decision D2).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import threading
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from server.decks.jsonfile import write_json_atomic
from server.decks.kids_filter import KidsFilter, KnownFilters, PictureHashes, filter_key, filter_record, read_filter
from server.decks.names import card_id_for, folder_ids, is_deck_id, normalise_title
from server.decks.pictures import IMAGE_SUFFIXES, check_picture, problem_message

log = logging.getLogger(__name__)

BUILTIN_ID = "builtin"
MANIFEST = "deck.json"
UPLOAD_SOURCE = "upload"   # the manifest's `source` for a deck made from an uploaded zip (archive.py)
RETIRED = ".retired"       # <data_dir>/decks/.retired/<id>: ids of deleted decks, never given again


class DeckNotFound(KeyError):
    """No deck with this id (or the id is not a valid deck id)."""

@dataclass(frozen=True)
class DeckInfo:
    """One line of the deck list: `size` in cards (after dropping unreadable files); `problems` the files
    left out (`{"name", "problem"}`, see Deck); `uploaded`: made from a zip the host uploaded (the host may
    delete it; a folder put there by hand is the family's own photos and is never deleted from a phone);
    `kids_size`: the cards the kids' game deals from it, those the adult took out removed (RULES.md §2.5;
    what `start` counts at a kids' table)."""

    id: str
    title: dict[str, str]
    size: int
    licence: str
    builtin: bool
    problems: tuple[dict, ...] = ()
    uploaded: bool = False
    kids_size: int | None = None   # None: the same as `size`

    def to_dict(self, lang: str = "en") -> dict:
        """JSON shape for `GET /api/decks`: `{"id", "title": {"en", "ru"}, "size", "kids_size", "licence",
        "builtin", "uploaded", "problems": [{"name", "problem", "message"}]}`, the messages in `lang` (the host
        sees what was left out and why)."""
        return {"id": self.id, "title": dict(self.title), "size": self.size, "licence": self.licence,
                "kids_size": self.size if self.kids_size is None else self.kids_size,
                "builtin": self.builtin, "uploaded": self.uploaded,
                "problems": [{**p, "message": problem_message(p["problem"], lang)} for p in self.problems]}


@dataclass(frozen=True)
class Deck:
    """A loaded deck. `cards` are the card ids, sorted; `problems` lists files that were skipped
    (`{"name": file name, "problem": code}`: `too_big`, `not_an_image`, `too_many_pixels`, `broken`,
    `duplicate`)."""

    id: str
    title: dict[str, str]
    licence: str
    builtin: bool
    path: Path
    files: dict[str, Path] = field(repr=False)
    problems: tuple[dict, ...] = ()
    uploaded: bool = False

    @property
    def cards(self) -> list[str]:
        """Card ids, sorted (what the engine gets as the deck, RULES.md §1.3 removes from it)."""
        return sorted(self.files)

    @property
    def size(self) -> int:
        """Number of cards."""
        return len(self.files)

    def path_of(self, card_id: str) -> Path:
        """The picture file of a card. Raises KeyError for a card not in this deck."""
        return self.files[card_id]

    @cached_property
    def rev(self) -> str:
        """A short fingerprint of the deck's pictures (each card's id, file size and modification time), for the
        card URLs' `?v=`: pictures are cached for a year under their URL, so a card id whose picture changed (a
        regenerated built-in deck, a file replaced by hand) must be asked for under a new URL, or each TV and phone
        would show whichever picture it cached, and not the same one."""
        h = hashlib.sha256()
        for card_id in sorted(self.files):
            try:
                st = self.files[card_id].stat()
                h.update(f"{card_id}:{st.st_size}:{st.st_mtime_ns};".encode())
            except OSError:
                h.update(f"{card_id}:gone;".encode())
        return h.hexdigest()[:12]

    def info(self) -> DeckInfo:
        """This deck's line in the deck list."""
        return DeckInfo(self.id, self.title, self.size, self.licence, self.builtin, self.problems, self.uploaded)

def load_deck(deck_id: str, folder: Path, *, builtin: bool, check: bool = True) -> Deck:
    """Reads one deck folder: manifest (optional) and every picture file in it (not in subfolders).
    Unusable files are skipped and listed in `Deck.problems`; without `check` no picture is opened (every
    picture-named file counts). Raises OSError if the folder is unreadable."""
    manifest: dict = {}
    mpath = folder / MANIFEST
    if mpath.is_file():
        try:
            loaded = json.loads(mpath.read_text(encoding="utf-8"))
            manifest = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError) as exc:
            log.warning("deck %s: unreadable %s (%s); using defaults", deck_id, MANIFEST, exc)
    files: dict[str, Path] = {}
    problems: list[dict] = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or not path.is_file() or path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        if path.name == "contact-sheet.png":  # the generator's overview, not a card
            continue
        problem = check_picture(path, decode=not builtin) if check else None
        cid = card_id_for(path.name)
        if problem is None and cid in files:
            problem = "duplicate"
        if problem:
            problems.append({"name": path.name, "problem": problem})
            continue
        files[cid] = path
    if problems:
        log.warning("deck %s: skipped %d file(s): %s", deck_id, len(problems),
                    ", ".join(f"{p['name']} ({p['problem']})" for p in problems))
    licence = manifest.get("licence")
    return Deck(id=deck_id, title=normalise_title(manifest.get("title"), folder.name),
                licence=licence if isinstance(licence, str) else "", builtin=builtin, path=folder,
                files=files, problems=tuple(problems),
                uploaded=not builtin and manifest.get("source") == UPLOAD_SOURCE)

class DeckLibrary:
    """Every deck this server can offer: the shipped ones under `builtin_dir` and the family's under
    `<data_dir>/decks/`. Loaded decks are cached and re-read when their folder changes (mtime), so
    `get` is cheap enough to call for every state message. Thread-safe (image work runs in threads)."""

    def __init__(self, builtin_dir: Path, data_dir: Path):
        self.builtin_dir = Path(builtin_dir)
        self.data_dir = Path(data_dir)
        self.user_dir = self.data_dir / "decks"
        self.cache_dir = self.data_dir / "cache" / "cards"
        self.excluded_dir = self.data_dir / "excluded"
        self.retired_dir = self.user_dir / RETIRED
        # +1 whenever this server adds or deletes a deck or changes a kids' filter (pages reload their deck list)
        self.version = 0
        self._cache: dict[Path, tuple[tuple[int, int], Deck]] = {}  # folder -> (stamps, deck)
        self._lock = threading.Lock()
        self._hashes = PictureHashes()   # the pictures' content, for the kids' filter
        self._filters = KnownFilters()   # each deck's filter as last read (`known_kids_filter`)

    # -- finding ------------------------------------------------------------------------------------------
    def _shipped(self) -> dict[str, Path]:
        root = self.builtin_dir
        if not root.is_dir():
            return {}
        if any(p.suffix.lower() in IMAGE_SUFFIXES and p.is_file() for p in root.iterdir()):
            return {BUILTIN_ID: root}
        return folder_ids(root)

    def _users(self) -> dict[str, Path]:
        return folder_ids(self.user_dir)

    def _folder(self, deck_id: str) -> tuple[Path, bool]:
        if not is_deck_id(deck_id):
            raise DeckNotFound(deck_id)
        shipped = self._shipped()
        if deck_id in shipped:
            return shipped[deck_id], True
        folder = self.user_dir / deck_id
        if folder.is_dir():  # the usual case, without listing the folder
            return folder, False
        users = self._users()
        if deck_id in users:
            return users[deck_id], False
        raise DeckNotFound(deck_id)

    def folder_of(self, deck_id: str) -> tuple[Path, bool]:
        """(the folder of deck `deck_id`, True if it is a shipped deck). Raises DeckNotFound."""
        return self._folder(deck_id)

    def ids(self) -> list[str]:
        """Every deck id, shipped ones first."""
        shipped = self._shipped()
        return list(shipped) + [d for d in self._users() if d not in shipped]

    def is_taken(self, deck_id: str) -> bool:
        """True if `deck_id` names a deck, a folder a new deck must not reuse, or a deleted deck (card URLs
        are cached for a year: a new deck under an old id would show the old pictures)."""
        return (deck_id in self._shipped() or (self.user_dir / deck_id).exists() or deck_id in self._users()
                or (self.retired_dir / deck_id).exists())

    def changed(self, deck_id: str) -> None:
        """Deck `deck_id` was added or deleted: `version` moves on and its cached copy is dropped."""
        self.forget(deck_id)
        self.version += 1

    # -- loading ------------------------------------------------------------------------------------------
    def _stamp(self, deck_id: str) -> tuple[Path, bool, tuple[int, int]]:
        folder, builtin = self._folder(deck_id)
        try:
            stamp = folder.stat().st_mtime_ns
            mstat = (folder / MANIFEST).stat().st_mtime_ns if (folder / MANIFEST).exists() else 0
        except OSError as exc:
            raise DeckNotFound(deck_id) from exc
        return folder, builtin, (stamp, mstat)

    def get(self, deck_id: str) -> Deck:
        """The deck `deck_id`. Raises DeckNotFound (a KeyError) for an unknown or malformed id. Blocking (a
        changed folder's pictures are decoded): a thread's; the event loop's is `peek`."""
        folder, builtin, key = self._stamp(deck_id)
        with self._lock:
            if (hit := self._cache.get(folder)) and hit[0] == key:
                return hit[1]
        deck = load_deck(deck_id, folder, builtin=builtin)
        with self._lock:
            self._cache[folder] = (key, deck)
        return deck

    def peek(self, deck_id: str) -> tuple[Deck, bool]:
        """`get` for the event loop, never opening a picture (phone photos take seconds to decode): (the deck,
        True) while its folder is unchanged since read, else (as last read or, never read, its picture files
        unchecked; False): `get` must read it, in a thread. Raises DeckNotFound, OSError (unreadable folder)."""
        folder, builtin, key = self._stamp(deck_id)
        with self._lock:
            hit = self._cache.get(folder)
        if hit is not None:
            return hit[1], hit[0] == key
        return load_deck(deck_id, folder, builtin=builtin, check=False), False

    def list(self) -> list[DeckInfo]:
        """Every deck with at least one card: shipped first, then the family's by title."""
        out: list[DeckInfo] = []
        for deck_id in self.ids():
            try:
                deck = self.get(deck_id)
            except (DeckNotFound, OSError):
                continue
            if deck.size:
                out.append(replace(deck.info(), kids_size=deck.size - len(self.excluded(deck_id))))
        shipped = [d for d in out if d.builtin]
        users = sorted((d for d in out if not d.builtin), key=lambda d: (d.title["en"].casefold(), d.id))
        return shipped + users

    def forget(self, deck_id: str | None = None) -> None:
        """Drops cached decks (all, or the one with this id) so the next `get` re-reads the folder."""
        with self._lock:
            if deck_id is None:
                self._cache.clear()
            else:
                self._cache = {k: v for k, v in self._cache.items() if v[1].id != deck_id}

    def uploaded_bytes(self) -> int:
        """Bytes the family's decks take on disk: `<data_dir>/decks/` and the prepared pictures of decks
        that are not shipped (`<data_dir>/cache/cards/<id>/`). What the upload quota counts
        (docs/protocol.md "Decks"). Blocking (walks the folders)."""
        shipped = set(self._shipped())
        roots = [self.user_dir]
        if self.cache_dir.is_dir():
            roots += [p for p in self.cache_dir.iterdir() if p.name not in shipped]
        total = 0
        for root in roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    with contextlib.suppress(OSError):  # removed meanwhile
                        total += os.lstat(os.path.join(dirpath, name)).st_size
        return total

    # -- the kids' filter (server/decks/kids_filter.py) ---------------------------------------------------
    def _excluded_path(self, deck_id: str) -> Path:
        return self.excluded_dir / f"{deck_id}.json"

    def kids_filter(self, deck_id: str) -> KidsFilter:
        """The kids' filter of `deck_id` as it applies to the deck's pictures today: the card ids taken out,
        and how many saved exclusions were dropped because their picture changed or went (the adult is
        told to look again). Blocking (it may hash every picture): an executor's. Raises DeckNotFound."""
        deck, path = self.get(deck_id), self._excluded_path(deck_id)
        key = filter_key(path, deck.rev)
        kept = self._filters.get(deck_id, key)
        if kept is None:
            kept = read_filter(path, deck.files, self._hashes)
            self._filters.put(deck_id, key, kept)
        return kept

    def read_kids_filters(self) -> None:
        """`kids_filter` of every deck with a saved filter (at the server's start). Blocking."""
        for path in sorted(self.excluded_dir.glob("*.json")):
            with contextlib.suppress(DeckNotFound, OSError):   # a deck gone or unreadable: left out
                self.kids_filter(path.stem)

    def known_kids_filter(self, deck_id: str) -> KidsFilter | None:
        """`kids_filter` for the event loop: as last read if nothing changed since (no picture read), else None."""
        if not (peeked := self.peek(deck_id))[1]:   # its pictures are to be read first (`peek`)
            return None
        key = filter_key(self._excluded_path(deck_id), peeked[0].rev)
        return self._filters.get(deck_id, key) if key[1] else KidsFilter()   # () : no filter saved

    def excluded(self, deck_id: str) -> set[str]:
        """Card ids of `deck_id` the host took out of play (`kids_filter`'s). Raises DeckNotFound."""
        return set(self.kids_filter(deck_id).excluded)

    def set_excluded(self, deck_id: str, card_ids) -> set[str]:
        """Replaces the filter of `deck_id` with `card_ids` (any iterable of card ids; empty clears it),
        recording each one's picture (so a changed deck never applies it to other pictures; blocking), and
        returns it. Raises DeckNotFound, ValueError naming ids that are not cards of the deck, or OSError when
        a picture cannot be read (then nothing is changed)."""
        deck = self.get(deck_id)
        ids = set(card_ids)
        unknown = sorted(c for c in ids if not isinstance(c, str) or c not in deck.files)
        if unknown:
            raise ValueError(f"not cards of deck {deck_id}: {', '.join(map(str, unknown[:10]))}")
        write_json_atomic(self._excluded_path(deck_id), filter_record(deck_id, ids, deck.files, self._hashes))
        self._filters.put(deck_id, filter_key(self._excluded_path(deck_id), deck.rev), KidsFilter(frozenset(ids)))
        self.version += 1   # the deck list's kids_size changed
        return ids
