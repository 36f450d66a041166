"""Deleting a deck the host uploaded, from a phone (never a shipped deck, never a folder put there by hand:
that one holds the family's own photos, not copies).

Two steps, so no game can start with a deck that is half gone:
    trash = retire(library, deck_id)   # quick: checks, retires the id, renames the folder away; the deck is gone
    purge(library, deck_id, trash)     # blocking (run it in an executor): removes the files
A server killed between the two leaves a hidden `decks/.deleted-*` folder, removed at the next start-up
(`sweep_deleted`). The id stays retired (`decks/.retired/<id>`, an empty file) so a later upload never gets
it: card pictures are cached by browsers for a year under `/cards/<id>/...`.
"""
from __future__ import annotations

import json
import secrets
import shutil
from pathlib import Path

from server.decks.library import MANIFEST, UPLOAD_SOURCE, DeckLibrary

TRASH_PREFIX = ".deleted-"


class DeleteRefused(Exception):
    """This deck may not be deleted from a phone: `code` `deck_builtin` (a shipped deck) or
    `deck_not_uploaded` (a folder put in the data folder by hand); `status` is the HTTP status (403)."""

    def __init__(self, code: str, status: int = 403) -> None:
        super().__init__(code)
        self.code, self.status = code, status


def _uploaded(folder: Path) -> bool:
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(manifest, dict) and manifest.get("source") == UPLOAD_SOURCE


def check_deletable(library: DeckLibrary, deck_id: str) -> None:
    """Raises DeckNotFound (no such deck) or DeleteRefused (`deck_builtin`, `deck_not_uploaded`) unless
    `deck_id` is a deck the host uploaded, which a phone may delete. Asked before anything is done for the
    deletion (a game is never ended for a deck that then could not go)."""
    folder, builtin = library.folder_of(deck_id)
    if builtin:
        raise DeleteRefused("deck_builtin")
    if not _uploaded(folder):
        raise DeleteRefused("deck_not_uploaded")


def retire(library: DeckLibrary, deck_id: str) -> Path:
    """Makes the uploaded deck `deck_id` disappear: its id is retired and its folder renamed to a hidden
    one, which it returns (for `purge`). Quick (a few small file operations): call it right after checking
    that no game uses the deck, with nothing awaited in between. Raises DeckNotFound, DeleteRefused, or
    OSError when the disk refuses (then the deck is still there)."""
    check_deletable(library, deck_id)
    folder, _ = library.folder_of(deck_id)
    library.retired_dir.mkdir(parents=True, exist_ok=True)
    (library.retired_dir / deck_id).touch()
    trash = folder.with_name(f"{TRASH_PREFIX}{deck_id}-{secrets.token_hex(4)}")
    folder.rename(trash)
    library.changed(deck_id)
    return trash


def purge(library: DeckLibrary, deck_id: str, trash: Path) -> None:
    """Removes what `retire` left of deck `deck_id`: its renamed folder `trash`, its prepared pictures
    (`cache/cards/<id>/`) and its kids' filter. Blocking. Files that cannot be removed are left to
    `sweep_deleted` at the next start-up."""
    shutil.rmtree(trash, ignore_errors=True)
    shutil.rmtree(library.cache_dir / deck_id, ignore_errors=True)
    (library.excluded_dir / f"{deck_id}.json").unlink(missing_ok=True)


def sweep_deleted(library: DeckLibrary) -> int:
    """At start-up: removes deleted decks' folders a killed server left (`decks/.deleted-*`) and the
    prepared pictures of retired ids (a picture being prepared while its deck was deleted may land after
    `purge`). Returns how many folders were removed."""
    removed = 0
    user_dir = library.user_dir
    for leftover in sorted(user_dir.glob(f"{TRASH_PREFIX}*")) if user_dir.is_dir() else []:
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)
            removed += not leftover.exists()
    retired = sorted(p.name for p in library.retired_dir.iterdir()) if library.retired_dir.is_dir() else []
    live = set(library.ids()) if retired else set()   # a folder put there by hand under an old id: keep
    for deck_id in retired:
        cached = library.cache_dir / deck_id
        if cached.is_dir() and not cached.is_symlink() and deck_id not in live:
            shutil.rmtree(cached, ignore_errors=True)
            removed += not cached.exists()
    return removed
