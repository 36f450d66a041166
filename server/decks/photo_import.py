"""Decks made of pictures sent one by one (a phone's gallery: several `file` parts of one upload), and the
host's changes to an uploaded deck: more pictures, a new title, a card taken out.

    import_pictures(library, files, title) -> ImportResult          # a new deck; blocking (an executor)
    add_pictures(library, deck_id, files) -> ImportResult            # more cards for an uploaded deck
    rename(library, deck_id, title) -> DeckInfo
    remove_card(library, deck_id, card_id) -> DeckInfo

`files` is a list of (name the phone gave, the spooled picture as a binary file). Each picture becomes a card of
the card's shape with no metadata (server/decks/photos.py); a picture that cannot be one is skipped with
its problem (`{"name", "problem", "message"}`). Cards are numbered on from the deck's `next_card` (kept in
its manifest), so a card id is never given twice in one deck: browsers keep its pictures for a year.

Atomic: a new deck is assembled in a hidden `.import-*` folder and renamed into place when complete; added
cards are prepared in one too and each is renamed in whole, so a broken picture or a killed server leaves
no half-written card (the hidden folder is removed at the next start, archive.sweep_unfinished).
Raises ImportRefused (archive.py): `no_images` (400), `too_many_files`, `deck_too_big` (413), `quota_full`
(507), `shutting_down` (503); removal.DeleteRefused for a deck not uploaded from a phone; DeckNotFound.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import threading
from pathlib import Path
from typing import BinaryIO

from server.decks.archive import MAX_FILES, ImportRefused, ImportResult, place_deck
from server.decks.library import MANIFEST, UPLOAD_SOURCE, DeckInfo, DeckLibrary, write_json_atomic
from server.decks.photos import card_from_photo, save_card
from server.decks.pictures import mark_verified, problem_message
from server.decks.removal import check_deletable
from server.engine import text as texts

IMPORT_PREFIX = ".import-"
_CARD_NUMBER = re.compile(r"c(\d{3,6})\.jpg")


def _problem(name: str, code: str) -> dict:
    return {"name": name, "problem": code, "message": problem_message(code)}


def clean_title(title: str | None) -> str:
    """`title` clipped to the title limits (server/engine/text.py), "Our cards" when empty."""
    return texts.clip(title or "", texts.TITLE_MAX, texts.TITLE_MAX_BYTES) or "Our cards"


def _prepare(files: list[tuple[str, BinaryIO]], work: Path, first: int, *, max_stored_bytes: int,
             quota_left: int | None, stopping: threading.Event) -> tuple[list[str], list[dict]]:
    """Cards made of `files` in `work` as c<first>.jpg, c<first+1>.jpg ...: (their file names, the skipped
    pictures). Raises ImportRefused for the limits and for a stop."""
    if len(files) > MAX_FILES:
        raise ImportRefused("too_many_files", f"More than {MAX_FILES} pictures.", status=413, max=MAX_FILES)
    made: list[str] = []
    skipped: list[dict] = []
    stored = 0
    for name, source in files:
        if stopping.is_set():
            raise ImportRefused("shutting_down", "The server is stopping; nothing was imported.", status=503)
        got = card_from_photo(source, name)
        if isinstance(got, str):
            skipped.append(_problem(name, got))
            continue
        target = work / f"c{first + len(made):03d}.jpg"
        save_card(got, target)
        mark_verified(target)
        made.append(target.name)
        stored += target.stat().st_size
        if quota_left is not None and stored > quota_left:
            raise ImportRefused("quota_full", "There is no room left for uploaded decks.", status=507)
        if stored > max_stored_bytes:
            raise ImportRefused("deck_too_big", f"Once stored, the pictures would take more than "
                                f"{max_stored_bytes // (1024 * 1024)} MB.", status=413)
    if not made:
        raise ImportRefused("no_images", "No usable picture among those sent.", skipped)
    return made, skipped


def import_pictures(library: DeckLibrary, files: list[tuple[str, BinaryIO]], title: str | None = None, *,
                    max_stored_bytes: int, quota_left: int | None = None,
                    stopping: threading.Event | None = None) -> ImportResult:
    """A new uploaded deck titled `title` made of the pictures `files` ((name, path) pairs); returns its info
    (size: the cards kept) and the skipped pictures. Blocking. Raises ImportRefused (module docstring); on
    any failure nothing is left in the data folder."""
    title = clean_title(title)
    library.user_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=IMPORT_PREFIX, dir=library.user_dir))
    try:
        made, skipped = _prepare(files, work, 1, max_stored_bytes=max_stored_bytes, quota_left=quota_left,
                                 stopping=stopping or threading.Event())
        write_json_atomic(work / MANIFEST, {"title": {"en": title, "ru": title}, "licence": "",
                                            "source": UPLOAD_SOURCE, "next_card": len(made) + 1})
        deck_id = place_deck(library, work, title)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    library.changed(deck_id)
    return ImportResult(library.get(deck_id).info(), skipped, cards=[n[:-4] for n in made])


def _manifest(folder: Path) -> dict:
    return json.loads((folder / MANIFEST).read_text(encoding="utf-8"))


def _next_card(folder: Path, manifest: dict) -> int:
    """The number of the deck's next card: past its manifest's `next_card` and every card file there is."""
    numbers = [int(m[1]) for p in folder.iterdir() if (m := _CARD_NUMBER.fullmatch(p.name))]
    given = manifest.get("next_card")
    return max([*numbers, 0]) + 1 if not isinstance(given, int) else max(given, max([*numbers, 0]) + 1)


def add_pictures(library: DeckLibrary, deck_id: str, files: list[tuple[str, BinaryIO]], *, max_stored_bytes: int,
                 quota_left: int | None = None, stopping: threading.Event | None = None) -> ImportResult:
    """Adds the pictures `files` to the uploaded deck `deck_id`; returns its info and the skipped pictures.
    Blocking. Raises DeckNotFound, removal.DeleteRefused (a shipped deck or a folder put there by hand is
    never changed from a phone), ImportRefused; on a failure the deck is as it was."""
    check_deletable(library, deck_id)
    folder, _ = library.folder_of(deck_id)
    manifest = _manifest(folder)
    first = _next_card(folder, manifest)
    work = Path(tempfile.mkdtemp(prefix=IMPORT_PREFIX, dir=library.user_dir))
    try:
        made, skipped = _prepare(files, work, first, max_stored_bytes=max_stored_bytes, quota_left=quota_left,
                                 stopping=stopping or threading.Event())
        # the number is taken before any card lands, so a card id is never given twice
        write_json_atomic(folder / MANIFEST, {**manifest, "next_card": first + len(made)})
        for name in made:
            os.replace(work / name, folder / name)   # each card arrives whole
    finally:
        shutil.rmtree(work, ignore_errors=True)
    library.changed(deck_id)
    return ImportResult(library.get(deck_id).info(), skipped, cards=[n[:-4] for n in made])


def rename(library: DeckLibrary, deck_id: str, title: str) -> DeckInfo:
    """Gives the uploaded deck `deck_id` the title `title` (clipped; both languages). Raises DeckNotFound,
    removal.DeleteRefused, ValueError for an empty title."""
    check_deletable(library, deck_id)
    title = texts.clip(title.strip(), texts.TITLE_MAX, texts.TITLE_MAX_BYTES)
    if not title:
        raise ValueError("empty title")
    folder, _ = library.folder_of(deck_id)
    write_json_atomic(folder / MANIFEST, {**_manifest(folder), "title": {"en": title, "ru": title}})
    library.changed(deck_id)
    return library.get(deck_id).info()


def remove_card(library: DeckLibrary, deck_id: str, card_id: str) -> DeckInfo:
    """Takes card `card_id` out of the uploaded deck `deck_id`: its file, its prepared pictures, its place in
    the kids' filter. The caller checks first that no game deals from the deck (deck_use). Raises
    DeckNotFound (no such deck or card), removal.DeleteRefused, ValueError when it is the deck's last card
    (delete the deck instead)."""
    check_deletable(library, deck_id)
    deck = library.get(deck_id)
    path = deck.path_of(card_id)   # KeyError (DeckNotFound is one) for a card not in the deck
    if deck.size <= 1:
        raise ValueError("the last card")
    folder, _ = library.folder_of(deck_id)
    manifest = _manifest(folder)
    if not isinstance(manifest.get("next_card"), int):   # a zip deck: remember the numbers given so far
        write_json_atomic(folder / MANIFEST, {**manifest, "next_card": _next_card(folder, manifest)})
    excluded = library.excluded(deck_id)
    path.unlink()
    for cached in (library.cache_dir / deck_id).glob(f"{card_id}.*"):
        cached.unlink(missing_ok=True)
    library.changed(deck_id)
    if card_id in excluded:
        library.set_excluded(deck_id, excluded - {card_id})
    return library.get(deck_id).info()
