"""DeckLibrary: finding decks, validating their pictures, card ids, the kids' filter, the size rules."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import imagehash
import pytest
from PIL import Image

from server import engine
from server.decks import card_images, names, pictures
from server.decks.library import DeckLibrary, DeckNotFound
from server.decks.names import card_id_for
from tests.decks.helpers import card_folder, picture, png_bomb

REPO_ROOT = Path(__file__).resolve().parents[2]
ASSETS = REPO_ROOT / "assets" / "decks"


@pytest.fixture
def library(tmp_path: Path) -> DeckLibrary:
    shipped = tmp_path / "shipped"
    card_folder(shipped / "builtin", 12)
    return DeckLibrary(shipped, tmp_path / "data")


# ---- the built-in deck ---------------------------------------------------------------------------------

def test_builtin_deck_has_enough_distinct_portrait_cards():
    """Built-in: ≥ 98 cards for Imaginarium (≥ 84 for Dixit), 2:3 portrait, no two alike by perceptual hash."""
    deck = DeckLibrary(ASSETS, Path("/nonexistent-data")).get("builtin")
    assert deck.size >= 98
    assert deck.problems == ()
    hashes = {}
    for card in deck.cards:
        with Image.open(deck.path_of(card)) as im:
            assert im.width * 3 == im.height * 2, card
            hashes[card] = imagehash.phash(im)
    closest = min((hashes[a] - hashes[b], a, b) for a, b in itertools.combinations(hashes, 2))
    assert closest[0] > 6, f"cards {closest[1]} and {closest[2]} look alike (phash distance {closest[0]})"


def test_builtin_deck_manifest_and_licence_files():
    deck = DeckLibrary(ASSETS, Path("/nonexistent-data")).get("builtin")
    assert deck.title["en"] and deck.title["ru"]
    assert "Apache-2.0" in deck.licence
    assert (REPO_ROOT / "assets" / "LICENSES" / "Apache-2.0.txt").is_file()
    assert "Noto Color Emoji" in (REPO_ROOT / "assets" / "LICENSES" / "ATTRIBUTION.md").read_text()
    assert all(c.startswith("c") and c[1:].isdigit() for c in deck.cards)  # opaque ids
    assert "contact-sheet" not in " ".join(deck.cards)


def test_builtin_deck_ships_every_prepared_size_of_every_card_and_no_other(tmp_path):
    """scripts/make_deck.py's prepared sizes are there for every card, in each size's box, show
    that card (perceptual hash of the picture they were made from), and are what the server sends: a fresh
    data folder encodes nothing for the built-in deck."""
    library = DeckLibrary(ASSETS, tmp_path / "data")
    deck = library.get("builtin")
    prepared = deck.path / card_images.PREPARED_DIR
    expected = {f"{c}.{size}.{fmt}" for c in deck.cards for size in card_images.SIZES
                for fmt in card_images.SHIPPED_FORMATS}
    assert {p.name for p in prepared.iterdir()} == expected   # none missing, none of a card that is gone
    for card in deck.cards:
        with Image.open(deck.path_of(card)) as im:
            source = imagehash.phash(im)
        for size, box in card_images.SIZES.items():
            path = card_images.prepare(library, "builtin", card, size, "webp")
            assert path == prepared / f"{card}.{size}.webp"
            with Image.open(path) as im:
                assert im.format == "WEBP" and im.width <= box[0] and im.height <= box[1]
                assert max(im.size) >= max(box) - 1, (card, size, im.size)   # fills its box: 2:3 like the box
                assert imagehash.phash(im) - source <= 6, f"{path.name} does not show {card}"
    assert not library.cache_dir.exists()


@pytest.mark.parametrize("ruleset,mode,seats", [
    ("imaginarium", "standard", 7), ("imaginarium-classic", "pairs", 7), ("imaginarium", "trio", 3),
    ("imaginarium", "duel", 2), ("imaginarium", "kids", 8), ("dixit", "standard", 6)])
def test_builtin_deck_is_big_enough_for_every_table(ruleset, mode, seats):
    deck = DeckLibrary(ASSETS, Path("/nonexistent-data")).get("builtin")
    assert deck.size >= engine.min_deck_size(engine.Settings(ruleset=ruleset, mode=mode), seats)


def test_small_deck_is_too_small_for_a_big_table(library):
    """The room's refusal rests on these two numbers (RULES.md §1.3, D2)."""
    deck = library.get("builtin")
    assert deck.size == 12
    assert deck.size < engine.min_deck_size(engine.Settings(), 4)
    assert deck.size >= engine.min_deck_size(engine.Settings(mode="kids"), 2)


# ---- finding and validating --------------------------------------------------------------------------

def test_folder_without_manifest_is_a_deck_named_after_the_folder(library):
    folder = library.user_dir / "holiday"
    folder.mkdir(parents=True)
    for i, fmt in enumerate(["JPEG", "PNG", "WEBP"]):
        (folder / f"IMG_{i}.{fmt.lower()}").write_bytes(picture(fmt))
    deck = library.get("holiday")
    assert deck.title == {"en": "holiday", "ru": "holiday"}
    assert deck.size == 3 and not deck.builtin
    assert [d.id for d in library.list()] == ["builtin", "holiday"]
    assert deck.cards == sorted(card_id_for(f"IMG_{i}.{f}") for i, f in enumerate(["jpeg", "png", "webp"]))


def test_manifest_title_and_licence(library):
    folder = card_folder(library.user_dir / "ours", 2)
    (folder / "deck.json").write_text(json.dumps({"title": {"ru": "Наши"}, "licence": "private"}), encoding="utf-8")
    deck = library.get("ours")
    assert deck.title == {"en": "Наши", "ru": "Наши"} and deck.licence == "private"
    info = library.list()[1].to_dict()
    assert info == {"id": "ours", "title": {"en": "Наши", "ru": "Наши"}, "size": 2, "kids_size": 2,
                    "licence": "private", "builtin": False, "uploaded": False, "problems": []}


def test_card_ids_are_opaque_and_stable():
    assert card_id_for("c042.jpg") == "c042"
    hashed = card_id_for("grandma at the beach.JPG")
    assert hashed == card_id_for("grandma at the beach.JPG")
    assert names.is_card_id(hashed) and "grandma" not in hashed and len(hashed) == 11
    assert card_id_for("a.jpg") != card_id_for("a.png")


def test_broken_wrong_type_oversize_and_bomb_files_are_skipped_and_named(library, monkeypatch):
    folder = card_folder(library.user_dir / "mixed", 2)
    (folder / "broken.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    (folder / "text.png").write_text("hello")
    (folder / "anim.webp").write_bytes(picture("GIF"))          # a GIF wearing a .webp name
    (folder / "bomb.png").write_bytes(png_bomb())
    (folder / "big.jpg").write_bytes(picture("JPEG", size=(400, 600)))
    (folder / "notes.txt").write_text("not even looked at")
    monkeypatch.setattr(pictures, "MAX_CARD_BYTES", 2000)
    deck = library.get("mixed")
    assert deck.size == 2
    assert {p["name"]: p["problem"] for p in deck.problems} == {
        "broken.jpg": "broken", "text.png": "damaged", "anim.webp": "not_an_image", "bomb.png": "too_many_pixels",
        "big.jpg": "too_big"}


def test_empty_deck_is_not_listed(library):
    (library.user_dir / "empty").mkdir(parents=True)
    assert library.get("empty").size == 0
    assert [d.id for d in library.list()] == ["builtin"]


@pytest.mark.parametrize("bad", ["nope", "../shipped/builtin", "..", "Builtin", "", "a/b", "x" * 49, ".import-1"])
def test_unknown_or_malformed_deck_ids_raise_deck_not_found(library, bad):
    (library.user_dir / ".import-1").mkdir(parents=True)
    with pytest.raises(DeckNotFound):
        library.get(bad)
    with pytest.raises(KeyError):  # DeckNotFound is a KeyError for callers that expect one
        library.get(bad)


def test_cached_deck_is_reread_when_its_folder_changes(library):
    folder = card_folder(library.user_dir / "grows", 2)
    assert library.get("grows").size == 2
    (folder / "c003.png").write_bytes(picture("PNG", colour=(1, 2, 3)))
    assert library.get("grows").size == 3


def test_shipped_dir_that_holds_pictures_is_the_builtin_deck(tmp_path):
    lib = DeckLibrary(card_folder(tmp_path / "pics", 3), tmp_path / "data")
    assert [d.id for d in lib.list()] == ["builtin"] and lib.get("builtin").size == 3


# ---- the kids' filter ---------------------------------------------------------------------------------

def test_excluded_round_trip_persists_atomically(library, tmp_path):
    assert library.excluded("builtin") == set()
    library.set_excluded("builtin", ["c002", "c005"])
    again = DeckLibrary(library.builtin_dir, library.data_dir)
    assert again.excluded("builtin") == {"c002", "c005"}
    assert [p.name for p in library.excluded_dir.iterdir()] == ["builtin.json"]  # no temp file left
    library.set_excluded("builtin", [])
    assert again.excluded("builtin") == set()


def test_excluded_refuses_unknown_cards_and_changes_nothing(library):
    library.set_excluded("builtin", ["c001"])
    with pytest.raises(ValueError, match="c999"):
        library.set_excluded("builtin", ["c002", "c999"])
    assert library.excluded("builtin") == {"c001"}
    with pytest.raises(DeckNotFound):
        library.set_excluded("nope", [])


def test_folder_with_a_free_name_gets_an_id_from_it(library):
    card_folder(library.user_dir / "Бабушкины Фото 2024", 2)
    card_folder(library.user_dir / ".import-abc", 2)  # an import in progress is not a deck
    assert [(d.id, d.title["en"]) for d in library.list()] == [("builtin", "builtin"),
                                                               ("babushkiny-foto-2024", "Бабушкины Фото 2024")]
    assert library.get("babushkiny-foto-2024").size == 2
    assert library.is_taken("babushkiny-foto-2024")


def test_the_decks_rev_changes_with_a_picture_and_only_then(tmp_path: Path):
    """`Deck.rev` (the card URLs' `?v=`) is the same for the same pictures, read again by another server, and
    differs once one picture's file changed, as when the built-in deck is regenerated under the same card ids."""
    shipped = tmp_path / "shipped"
    card_folder(shipped / "builtin", 12)
    first = DeckLibrary(shipped, tmp_path / "data").get("builtin").rev
    assert first == DeckLibrary(shipped, tmp_path / "data").get("builtin").rev
    (shipped / "builtin" / "c005.png").write_bytes(picture("PNG", size=(62, 93), colour=(1, 2, 3)))
    again = DeckLibrary(shipped, tmp_path / "data").get("builtin")
    assert again.cards == DeckLibrary(shipped, tmp_path / "data").get("builtin").cards   # the same ids
    assert again.rev != first
