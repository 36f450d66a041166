"""A card that cannot be shown is never dealt. The attack as reported: a JPEG cut to a
third of its length, in a deck folder under the data directory, passed the header-only check, was dealt,
and its picture answered 404 `broken_card`. Now every picture is decoded to the end before its deck is
offered, and the deck list tells the host which files were left out and why."""
from __future__ import annotations

from pathlib import Path

from server.decks.library import DeckLibrary
from tests.decks.helpers import card_folder, picture


def cut_jpeg() -> bytes:
    data = picture("JPEG", size=(600, 900), colour=(30, 160, 90))
    return data[: len(data) // 3]


def family_deck(library: DeckLibrary, n: int = 30) -> Path:
    folder = card_folder(library.user_dir / "family", n, fmt="JPEG", suffix=".jpg")
    (folder / "c021.jpg").write_bytes(cut_jpeg())
    return folder


def test_a_jpeg_cut_to_a_third_is_left_out_of_its_deck(tmp_path):
    library = DeckLibrary(tmp_path / "shipped", tmp_path / "data")
    family_deck(library)
    deck = library.get("family")
    assert "c021" not in deck.cards and deck.size == 29
    assert {"name": "c021.jpg", "problem": "broken"} in deck.problems


async def test_the_host_sees_the_broken_file_with_its_reason(aiohttp_client, tmp_path):
    from aiohttp import web

    from server.net.deck_routes import setup_deck_routes

    library = DeckLibrary(tmp_path / "shipped", tmp_path / "data")
    family_deck(library)
    app = web.Application()
    setup_deck_routes(app, library, lambda request: False)
    client = await aiohttp_client(app)
    decks = (await (await client.get("/api/decks")).json())["decks"]
    family = next(d for d in decks if d["id"] == "family")
    assert family["size"] == 29
    assert family["problems"] == [{"name": "c021.jpg", "problem": "broken",
                                   "message": "damaged picture that cannot be read to the end"}]
    cards = (await (await client.get("/api/decks/family/cards")).json())["cards"]
    assert "c021" not in cards
    for card in cards[:3]:
        assert (await client.get(f"/cards/family/{card}.tv.webp")).status == 200
