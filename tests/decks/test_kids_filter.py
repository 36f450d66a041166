"""The kids' filter follows pictures, not card ids (server/decks/kids_filter.py, RULES.md §2.5): a deck
whose pictures changed after the adult saved the filter (the built-in deck regenerated, a folder edited by
hand) never has the filter take out other pictures silently. An exclusion whose picture is gone is dropped
and counted (`outdated`, which the adult is shown), one whose picture moved to another id follows it, and
saving the filter again records today's pictures. A filter saved before pictures were recorded is trusted
only for pictures not changed since it was written."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from server.decks.kids_filter import KidsFilter
from server.decks.library import DeckLibrary
from tests.decks.helpers import card_folder, picture


@pytest.fixture
def library(tmp_path: Path) -> DeckLibrary:
    card_folder(tmp_path / "shipped" / "builtin", 12)
    return DeckLibrary(tmp_path / "shipped", tmp_path / "data")


def folder(library: DeckLibrary) -> Path:
    return library.builtin_dir / "builtin"


def regenerate(library: DeckLibrary, changes: dict[str, bytes]) -> None:
    """Write new bytes under some card names, as a regenerated deck does (a second later, so the deck's
    folder and files have newer times than the filter)."""
    for name, data in changes.items():
        path = folder(library) / name
        path.write_bytes(data)
        later = path.stat().st_mtime_ns + 2_000_000_000
        os.utime(path, ns=(later, later))
    stamp = folder(library).stat().st_mtime_ns + 2_000_000_000
    os.utime(folder(library), ns=(stamp, stamp))   # the library re-reads a folder when its time moves


def test_a_changed_picture_is_no_longer_taken_out_and_the_adult_is_told(library):
    library.set_excluded("builtin", ["c002", "c005"])
    saved = json.loads((library.excluded_dir / "builtin.json").read_text())
    assert saved["excluded"] == ["c002", "c005"] and set(saved["pictures"]) == {"c002", "c005"}
    regenerate(library, {"c002.png": picture("PNG", colour=(9, 9, 9))})   # another picture under c002
    assert library.kids_filter("builtin") == KidsFilter(frozenset({"c005"}), outdated=1)
    assert library.excluded("builtin") == {"c005"}
    info = next(d for d in library.list() if d.id == "builtin")
    assert info.kids_size == 11
    # the adult looks again and saves: today's pictures are recorded, nothing is outdated
    library.set_excluded("builtin", library.excluded("builtin"))
    assert library.kids_filter("builtin") == KidsFilter(frozenset({"c005"}), outdated=0)


def test_an_exclusion_follows_its_picture_to_another_id(library):
    c003 = (folder(library) / "c003.png").read_bytes()
    c004 = (folder(library) / "c004.png").read_bytes()
    library.set_excluded("builtin", ["c003"])
    regenerate(library, {"c003.png": c004, "c004.png": c003})   # the deck renumbered: the two swapped places
    assert library.kids_filter("builtin") == KidsFilter(frozenset({"c004"}), outdated=0)


def test_a_removed_picture_is_outdated_and_the_rest_still_applies(library):
    library.set_excluded("builtin", ["c001", "c012"])
    (folder(library) / "c012.png").unlink()
    assert library.kids_filter("builtin") == KidsFilter(frozenset({"c001"}), outdated=1)


def test_an_unchanged_deck_keeps_its_whole_filter(library):
    library.set_excluded("builtin", ["c001", "c007", "c011"])
    again = DeckLibrary(library.builtin_dir, library.data_dir)   # another server run: hashes read anew
    assert again.kids_filter("builtin") == KidsFilter(frozenset({"c001", "c007", "c011"}), outdated=0)


def test_a_filter_saved_before_pictures_were_recorded_is_trusted_only_for_older_pictures(library):
    path = library.excluded_dir / "builtin.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"deck": "builtin", "excluded": ["c002", "c003", "c099"]}))
    written = path.stat().st_mtime_ns
    for card in ("c002", "c003"):   # pictures older than the filter file
        os.utime(folder(library) / f"{card}.png", ns=(written - 10**9, written - 10**9))
    assert library.kids_filter("builtin") == KidsFilter(frozenset({"c002", "c003"}), outdated=1)   # c099: gone
    regenerate(library, {"c003.png": picture("PNG", colour=(1, 1, 1))})
    assert library.kids_filter("builtin") == KidsFilter(frozenset({"c002"}), outdated=2)
    path.write_text(json.dumps(["c002"]))   # the oldest form, a bare list
    os.utime(path, ns=(written, written))
    assert library.kids_filter("builtin") == KidsFilter(frozenset({"c002"}), outdated=0)


def test_an_unreadable_filter_takes_nothing_out(library, caplog):
    path = library.excluded_dir / "builtin.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    assert library.kids_filter("builtin") == KidsFilter()
    assert "unreadable" in caplog.text
