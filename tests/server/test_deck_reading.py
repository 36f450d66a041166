"""A deck folder that changed is read again (its pictures decoded, server/decks/pictures.py) in a thread, never
on the event loop: a family's upload of big phone photos takes seconds to decode, and every room and socket
would wait meanwhile. A decode held by a real blocking condition (a thread waiting on an event) leaves
`/healthz` and a room's socket answering; a `start` meanwhile waits for the read (never a deal from pictures
nobody checked, never a refusal the host must tap again), and is refused (`deck_reading`) only when the read
takes longer than the room waits; once read every page gets the deck as read. Deck folders are read in threads
of their own: several copied in at once leave the card pictures' threads serving."""
from __future__ import annotations

import asyncio
import json
import os
import threading
from pathlib import Path

import pytest

from server.decks import pictures
from server.messages import sentence
from server.net import keys
from server.room.env import DECK_READERS
from tests.decks.helpers import picture
from tests.helpers.off_loop import OffLoop, loop_answers
from tests.server.conftest import make_deck
from tests.server.test_kids_decks import kids_room, tiny


@pytest.fixture
def decodes(monkeypatch) -> OffLoop:
    """Every picture check that opens the file (`pictures._check_picture`), watched (tests.helpers.off_loop)."""
    watch = OffLoop("decode")
    monkeypatch.setattr(pictures, "_check_picture", watch.wrap(pictures._check_picture))
    return watch


def add_card(folder: Path, name: str) -> None:
    """A new picture in the deck's folder (one no check has seen: it must be decoded)."""
    (folder / name).write_bytes(picture("PNG", size=(40, 60), colour=(7, 70, 140)))
    later = (folder / name).stat().st_mtime_ns + 2_000_000_000
    os.utime(folder, ns=(later, later))   # the library re-reads a folder when its time moves


async def test_a_changed_deck_is_read_off_the_loop_and_start_waits_for_it(client, make_table, config, decodes):
    table, adult = await kids_room(make_table)
    await table.act(adult, "set_settings", settings={"deck": "tiny"})
    assert table.tv.state["room"]["deck"]["size"] == 10
    add_card(tiny(config), "c010.png")
    decodes.hold = threading.Event()
    await table.act(adult, "set_settings", settings={"deck": "tiny"})   # looks at the folder: a thread reads it
    assert await decodes.held(), "the deck was never read off the loop"
    seen = len(adult.frames)
    await adult.act("start")   # the host's one tap, while the pictures are still being decoded
    await loop_answers(client, table.tv)   # the room answers meanwhile
    await adult.send({"type": "ping"})
    await adult.until(lambda m: m["type"] == "pong")
    assert table.tv.state["room"]["phase"] == "lobby"   # never a deal of pictures nobody checked
    decodes.hold.set()
    table.expected += 1
    await table.sync()   # once read, the start is dealt: every page gets the game
    assert table.tv.state["room"]["phase"] == "game"
    assert table.tv.game["deck_count"] == 11 - 6   # the adult's hand of 6 dealt from the 11 cards
    assert not [m for m in map(json.loads, adult.frames[seen:]) if m["type"] == "error"]
    assert decodes.in_threads and not decodes.on_loop


async def test_a_start_is_refused_when_the_deck_takes_longer_to_read_than_the_room_waits(client, make_table,
                                                                                          config, decodes):
    table, adult = await kids_room(make_table)
    client.server.app[keys.ROOMS].get(table.code).env.deck_wait = 0.2   # (5 s in play: a test need not wait it)
    add_card(tiny(config), "c010.png")
    decodes.hold = threading.Event()
    await table.act(adult, "set_settings", settings={"deck": "tiny"})
    assert await decodes.held(), "the deck was never read off the loop"
    err = await table.refused(adult, "start", "deck_reading")   # the read is still held: refused as before
    assert "still being loaded" in err["message"] and "again" in err["message"]
    assert "загружаются" in sentence("deck_reading", "ru")
    decodes.hold.set()
    for p in table.sockets:   # once read, every page gets the deck as read, and the next tap starts
        await p.until_state(lambda s: s["room"]["deck"]["size"] == 11)
    await table.act(adult, "start")
    assert table.tv.game["deck_count"] == 11 - 6


async def test_several_decks_copied_in_at_once_leave_the_card_pictures_served(client, make_table, config, decodes):
    """More changed deck folders than the loop's default executor has threads (asyncio's own count): their reads
    take only the deck readers' threads, so a card picture (prepared in the default executor) and the kids'
    filter's page are still served while every read is held."""
    table = await make_table(2, start=False)
    host = table.phones[0]
    copied = [f"copied{i}" for i in range(min(32, (os.cpu_count() or 1) + 4) + 1)]
    for deck_id in copied:
        make_deck(config.data_dir / "decks" / deck_id, 13)   # what a duel deals
    version = table.tv.state["room"]["decks_version"]
    decodes.hold = threading.Event()
    for deck_id in copied:   # the host looks at each in turn: each folder is read in a thread
        await table.act(host, "set_settings", settings={"deck": deck_id})
    assert await decodes.held(), "no deck was read off the loop"
    picture_ = await client.get("/cards/tiny/c000.thumb.jpg")   # while every read is held
    assert picture_.status == 200
    assert 1 <= decodes.waiting <= DECK_READERS, "the reads took more than the deck readers' threads"
    await loop_answers(client, table.tv)
    decodes.hold.set()
    if table.tv.state["room"]["decks_version"] < version + len(copied):   # each read once
        await table.tv.until_state(lambda s: s["room"]["decks_version"] == version + len(copied))
    await table.act(host, "start")
    assert table.tv.state["room"]["deck"]["id"] == copied[-1]
    assert decodes.in_threads and not decodes.on_loop


async def test_the_deck_routes_read_a_changed_deck_off_the_loop(client, make_table, config, decodes):
    table, _ = await kids_room(make_table)
    add_card(tiny(config), "c010.png")
    decodes.hold = threading.Event()
    reading = asyncio.create_task(client.get("/api/decks/tiny/cards"))
    assert await decodes.held(), "the deck was never read off the loop"
    await loop_answers(client, table.tv)
    assert not reading.done()
    decodes.hold.set()
    resp = await reading
    assert resp.status == 200
    assert "c010" in (await resp.json())["cards"]
    for url in ("/cards/tiny/c010.thumb.jpg", "/api/decks"):
        assert (await client.get(url)).status == 200
    assert decodes.in_threads and not decodes.on_loop
