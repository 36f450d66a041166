"""A deck folder that changed is read again (its pictures decoded, server/decks/pictures.py) in a thread, never
on the event loop: a family's upload of big phone photos takes seconds to decode, and every room and socket
would wait meanwhile. A decode held by a real blocking condition (a thread waiting on an event) leaves
`/healthz` and a room's socket answering; a `start` meanwhile is refused (`deck_reading`) rather than dealt
from pictures nobody checked, and once read every page gets the deck as read."""
from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import pytest

from server.decks import pictures
from server.messages import sentence
from tests.decks.helpers import picture
from tests.helpers.off_loop import OffLoop, loop_answers
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
    await loop_answers(client, table.tv)   # while the decode is held
    err = await table.refused(adult, "start", "deck_reading")   # never a deal of pictures nobody checked
    assert "still being loaded" in err["message"]
    assert "загружаются" in sentence("deck_reading", "ru")
    decodes.hold.set()
    for p in table.sockets:   # once read, every page gets the deck as read
        await p.until_state(lambda s: s["room"]["deck"]["size"] == 11)
    await table.act(adult, "start")
    assert table.tv.game["deck_count"] == 11 - 6   # the adult's hand of 6 dealt from the 11 cards
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
