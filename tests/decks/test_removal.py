"""Deleting an uploaded deck on disk (server/decks/removal.py): the two steps, what a server killed between them
leaves and the start-up sweep of it, and the id that is never given again."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from server.decks import card_images
from server.decks.archive import import_zip
from server.decks.library import DeckLibrary, DeckNotFound
from server.decks.removal import DeleteRefused, purge, retire, sweep_deleted
from tests.decks.helpers import card_folder, make_zip, picture


@pytest.fixture
def library(tmp_path: Path) -> DeckLibrary:
    return DeckLibrary(card_folder(tmp_path / "shipped" / "builtin", 3).parent, tmp_path / "data")


def uploaded(library: DeckLibrary, title: str = "Ours") -> str:
    zipped = make_zip({f"p{i}.jpg": picture(colour=(i * 40, 90, 90)) for i in range(3)})
    return import_zip(library, io.BytesIO(zipped), title=title).deck.id


def test_a_server_killed_between_the_two_steps_leaves_what_the_next_start_sweeps(library):
    deck = uploaded(library)
    card_images.prepare(library, deck, "c001", "thumb", "webp")
    version = library.version
    trash = retire(library, deck)                       # ... and the server is killed before `purge`
    assert library.version == version + 1
    assert deck not in library.ids() and trash.is_dir() and trash.name.startswith(".deleted-")
    with pytest.raises(DeckNotFound):
        library.get(deck)
    assert (library.cache_dir / deck).is_dir()
    assert sweep_deleted(library) == 2                  # the renamed folder and the prepared pictures
    assert not trash.exists() and not (library.cache_dir / deck).exists()
    assert sweep_deleted(library) == 0


def test_purge_removes_everything_and_the_id_is_never_given_again(library):
    deck = uploaded(library)
    library.set_excluded(deck, ["c002"])
    card_images.prepare(library, deck, "c001", "tv", "jpg")
    purge(library, deck, retire(library, deck))
    assert sorted(p.name for p in library.user_dir.iterdir()) == [".retired"]
    assert not (library.cache_dir / deck).exists() and not (library.excluded_dir / f"{deck}.json").exists()
    assert uploaded(library) == f"{deck}-2"


def test_shipped_decks_and_hand_made_folders_are_refused_and_kept(library):
    card_folder(library.user_dir / "Family Photos", 2)
    for deck, code in (("builtin", "deck_builtin"), ("family-photos", "deck_not_uploaded")):
        with pytest.raises(DeleteRefused) as refused:
            retire(library, deck)
        assert refused.value.code == code and refused.value.status == 403
        assert library.get(deck).size
    for deck in ("nope", "../data", ""):
        with pytest.raises(DeckNotFound):
            retire(library, deck)
