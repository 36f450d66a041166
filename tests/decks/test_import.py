"""Zip import: good pictures become a deck; every bad entry is skipped and named; failures leave nothing."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from server.decks import archive as deck_import
from server.decks.archive import ImportRefused, import_zip, is_safe_member, slug
from server.decks.library import DeckLibrary
from tests.decks.helpers import broken_jpeg, card_folder, make_zip, picture, png_bomb


@pytest.fixture
def library(tmp_path: Path) -> DeckLibrary:
    return DeckLibrary(card_folder(tmp_path / "shipped" / "builtin", 3).parent, tmp_path / "data")


def leftovers(library: DeckLibrary) -> list[str]:
    return sorted(p.name for p in library.user_dir.iterdir()) if library.user_dir.exists() else []


def test_good_zip_becomes_a_deck_with_exif_orientation_applied(library):
    data = make_zip({
        "cards/one.jpg": picture("JPEG", size=(60, 90)),
        "cards/two.PNG": picture("PNG", mode="RGBA", colour=(10, 200, 10)),
        "three.webp": picture("WEBP", colour=(10, 10, 200)),
        "sideways.jpg": picture("JPEG", size=(90, 60), exif_orientation=6),  # a phone photo held upright
        "__MACOSX/._one.jpg": b"resource fork",
        ".DS_Store": b"junk",
    })
    result = import_zip(library, io.BytesIO(data), title="Бабушкины открытки")
    assert result.skipped == []
    assert result.deck.id == "babushkiny-otkrytki" and result.deck.size == 4
    assert result.deck.title == {"en": "Бабушкины открытки", "ru": "Бабушкины открытки"}
    deck = library.get(result.deck.id)
    assert deck.cards == ["c001", "c002", "c003", "c004"]
    sizes = {}
    for card in deck.cards:
        with Image.open(deck.path_of(card)) as im:
            assert im.format == "JPEG"
            sizes[card] = im.size
    assert (60, 90) in sizes.values() and (90, 60) not in sizes.values()  # the sideways photo now stands up
    assert [d.id for d in library.list()] == ["builtin", "babushkiny-otkrytki"]


def test_second_import_with_the_same_title_gets_a_new_id(library):
    data = make_zip({"a.jpg": picture()})
    first = import_zip(library, io.BytesIO(data), title="Ours")
    second = import_zip(library, io.BytesIO(data), title="Ours")
    assert (first.deck.id, second.deck.id) == ("ours", "ours-2")


def test_zip_slip_entries_are_never_written(library, tmp_path):
    data = make_zip({"../../evil.jpg": picture(), "/abs.jpg": picture(), "C:/win.jpg": picture(),
                     "ok/../../../up.jpg": picture(), "fine.jpg": picture()})
    result = import_zip(library, io.BytesIO(data), title="x")
    assert result.deck.size == 1
    assert sorted(s["name"] for s in result.skipped if s["problem"] == "unsafe_path") == \
        sorted(["../../evil.jpg", "/abs.jpg", "C:/win.jpg", "ok/../../../up.jpg"])
    assert not list(tmp_path.rglob("evil.jpg")) and not list(tmp_path.rglob("up.jpg"))
    assert not Path("/abs.jpg").exists()


@pytest.mark.parametrize("name", ["../a.jpg", "/a.jpg", "a/../../b", "..\\..\\a.jpg", "c:\\a.jpg", "", "a\x00.jpg"])
def test_unsafe_member_names(name):
    assert not is_safe_member(name)


@pytest.mark.parametrize("name", ["a.jpg", "deck/a b.jpg", "x..y.jpg", "Фото/1.jpeg"])
def test_safe_member_names(name):
    assert is_safe_member(name)


def test_broken_bomb_and_non_images_are_skipped_and_named(library):
    data = make_zip({"good.jpg": picture(), "broken.jpg": broken_jpeg(), "bomb.png": png_bomb(),
                     "notes.txt": b"hello", "anim.gif": picture("GIF"), "fake.png": b"%PDF-1.4 not a png"})
    result = import_zip(library, io.BytesIO(data), title="x")
    assert result.deck.size == 1
    assert {s["name"]: s["problem"] for s in result.skipped} == {
        "broken.jpg": "broken", "bomb.png": "too_many_pixels", "notes.txt": "not_an_image",
        "anim.gif": "not_an_image", "fake.png": "not_an_image"}
    assert all(s["message"] for s in result.skipped)


def test_only_bad_files_make_no_deck_and_leave_nothing(library):
    data = make_zip({"broken.jpg": broken_jpeg(), "notes.txt": b"hello"})
    with pytest.raises(ImportRefused) as err:
        import_zip(library, io.BytesIO(data), title="x")
    assert err.value.code == "no_images" and err.value.status == 400
    assert [f["name"] for f in err.value.files] == ["broken.jpg", "notes.txt"]
    assert leftovers(library) == []


def test_not_a_zip_is_refused(library):
    with pytest.raises(ImportRefused) as err:
        import_zip(library, io.BytesIO(picture()), title="x")
    assert err.value.code == "not_a_zip"
    assert leftovers(library) == []


def test_oversize_file_is_skipped_and_oversize_deck_is_refused(library, monkeypatch):
    big = picture("PNG", size=(300, 450), colour=(1, 2, 3))
    monkeypatch.setattr(deck_import, "MAX_FILE_BYTES", len(big) - 1)
    result = import_zip(library, io.BytesIO(make_zip({"big.png": big, "small.jpg": picture()})), title="x")
    assert result.skipped[0]["name"] == "big.png" and result.skipped[0]["problem"] == "too_big"
    monkeypatch.setattr(deck_import, "MAX_FILE_BYTES", 10**6)
    monkeypatch.setattr(deck_import, "MAX_DECK_BYTES", len(big) * 2 - 1)
    with pytest.raises(ImportRefused) as err:
        import_zip(library, io.BytesIO(make_zip({"a.png": big, "b.png": big})), title="y")
    assert (err.value.code, err.value.status) == ("too_big", 413)
    assert leftovers(library) == ["x"]


def test_failure_half_way_leaves_nothing(library, monkeypatch):
    """A disk error while writing the third card: no deck, no temporary folder."""
    saved = []
    real_save = Image.Image.save

    def failing_save(self, fp, *args, **kwargs):
        if len(saved) == 2:
            raise OSError(28, "No space left on device")
        saved.append(fp)
        return real_save(self, fp, *args, **kwargs)

    data = make_zip({f"{i}.jpg": picture(colour=(i * 40, 0, 0)) for i in range(4)})
    monkeypatch.setattr(Image.Image, "save", failing_save)
    with pytest.raises(OSError):
        import_zip(library, io.BytesIO(data), title="x")
    assert leftovers(library) == []
    assert [d.id for d in library.list()] == ["builtin"]


def test_slug():
    assert slug("Наши карты 2024!") == "nashi-karty-2024"
    assert slug("🙂🙂") == "deck"
