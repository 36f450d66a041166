"""Uploaded decks at kids' tables and when a deck goes, over real HTTP and WebSockets against the whole app:
a kids' table shows and counts the cards its filter leaves everywhere (RULES.md §2.5), a filter tap re-sends
the state only to the rooms that show a count it changes, and a lobby's fall-back to the built-in deck that
the disk refused is stored once the disk takes it again; the filter's picture hashing never runs on the
event loop."""
from __future__ import annotations

import asyncio
import json
import os
import threading
from pathlib import Path

import pytest

from server import engine
from server.decks.kids_filter import PictureHashes
from server.net import keys
from tests.decks.helpers import picture
from tests.helpers.bounds import EVENT_S
from tests.helpers.off_loop import OffLoop, loop_answers
from tests.server.test_family_decks import RU, cards, deck_ids, host_headers, restarted, upload


async def quiet(p) -> None:
    """`p` got no state since the last one it read: a ping's pong comes first (a socket's frames keep their
    order, server/net/outbox.py, so a state queued before the ping would arrive before the pong)."""
    seen = len(p.frames)
    await p.send({"type": "ping"})
    await p.until(lambda m: m["type"] == "pong")
    assert [json.loads(f)["type"] for f in p.frames[seen:]] == ["pong"], p.name


async def kids_lobby(client, make_table, n_cards: int, title: str):
    """A kids' lobby (the host is the adult, one child without a phone) that chose a new deck of `n_cards`."""
    table = await make_table(1, settings={"mode": "kids"}, start=False)
    adult = table.phones[0]
    await table.act(adult, "add_child", name="Маша", colour="pink")
    _, body = await upload(client, table, cards(n_cards), title)
    deck = body["deck"]["id"]
    await table.act(adult, "set_settings", settings={"deck": deck})
    return table, deck


async def test_a_kids_table_shows_and_counts_the_cards_its_filter_leaves(client, make_table):
    table, deck = await kids_lobby(client, make_table, 30, "Thirty")
    assert (table.tv.state["room"]["deck"]["size"], table.tv.state["room"]["deck"]["all"]) == (30, 30)
    resp = await client.put(f"/api/decks/{deck}/excluded", json=[f"c{i:03d}" for i in range(1, 13)],
                            headers=host_headers(table))
    assert resp.status == 200
    for p in table.sockets:
        state = await p.until_state(lambda s: s["room"]["deck"]["size"] == 18)
        shown = dict(state["room"]["deck"])
        assert len(shown.pop("rev")) == 12   # the pictures' fingerprint (card URLs' ?v=)
        assert shown == {"id": deck, "title": {"en": "Thirty", "ru": "Thirty"}, "size": 18, "all": 30,
                         "filter_outdated": 0}
    # the lobby's game length counts the same 18 cards that `start` deals
    room = client.server.app[keys.ROOMS].get(table.code)
    settings = room.record.settings.game
    board = room.env.board(settings)
    low, _ = engine.mode_seat_range(settings.ruleset, settings.mode)
    seats = max(sum(1 for p in room.record.people if not p.team), low)
    assert engine.game_length(settings, seats, 18, board) != engine.game_length(settings, seats, 30, board)
    assert table.tv.state["room"]["length"] == engine.game_length(settings, seats, 18, board)
    # the same deck at a standard table: every card
    await table.act(table.phones[0], "set_settings", settings={"mode": "standard"})
    assert table.tv.state["room"]["deck"]["size"] == 30
    # a filter that takes every card out: the kids' table shows 0, not the built-in deck (it is still chosen)
    await table.act(table.phones[0], "set_settings", settings={"mode": "kids"})
    resp = await client.put(f"/api/decks/{deck}/excluded", json=[f"c{i:03d}" for i in range(1, 31)],
                            headers=host_headers(table))
    assert resp.status == 200
    state = await table.tv.until_state(lambda s: s["room"]["deck"]["size"] == 0)
    assert state["room"]["deck"]["id"] == deck and state["room"]["length"] is None
    err = await table.refused(table.phones[0], "start", "deck_too_small")
    assert err["params"]["have"] == 0


async def test_a_filter_tap_re_sends_the_state_only_where_a_count_it_changes_is_shown(client, make_table, connect):
    kids, deck = await kids_lobby(client, make_table, 30, "Filtered")
    other_kids = await make_table(1, settings={"mode": "kids"}, start=False)        # lists every deck's kids' count
    grown_ups = await make_table(1, start=False)                                   # same deck, every card counts
    await grown_ups.act(grown_ups.phones[0], "set_settings", settings={"deck": deck})
    game = await make_table(4, settings={"deck": deck})                            # a standard game with it
    version = kids.tv.state["room"]["decks_version"]
    resp = await client.put(f"/api/decks/{deck}/excluded", json=["c001"], headers=host_headers(kids))
    assert resp.status == 200
    for t in (kids, other_kids):
        for p in t.sockets:
            state = await p.until_state(lambda s: s["room"]["decks_version"] != version)
            assert state["state_id"] == t.expected   # a new view, not a new action
    assert kids.tv.state["room"]["deck"]["size"] == 29
    for t in (grown_ups, game):
        for p in t.sockets:
            await quiet(p)
    # their next state carries the new version (the host's deck list reloads then) and the same size
    await grown_ups.act(grown_ups.phones[0], "rename", name="Host")
    assert grown_ups.tv.state["room"]["decks_version"] != version
    assert grown_ups.tv.state["room"]["deck"]["size"] == 30


async def test_a_fall_back_the_disk_refused_is_stored_once_it_takes_it(client, make_table):
    lobby = await make_table(1, start=False)
    _, body = await upload(client, lobby, cards(30), "Gone")
    deck = body["deck"]["id"]
    await lobby.act(lobby.phones[0], "set_settings", settings={"deck": deck})
    store = client.server.app[keys.STORE]
    db = store._db
    db.execute("PRAGMA query_only = ON")  # every write now fails inside sqlite
    try:
        resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))
        assert resp.status == 200
        # the lobby shows the built-in deck at once, though the fall-back could not be stored
        state = await lobby.tv.until_state(lambda s: s["room"]["deck"]["id"] == "builtin")
        assert state["state_id"] == lobby.expected and state["room"]["settings"]["deck"] == deck
        # the host's next action waits for the fall-back's store and fails like it: both were tried
        await lobby.refused(lobby.phones[0], "rename", "storage_failed", name="Host")
    finally:
        db.execute("PRAGMA query_only = OFF")

    def stored_deck() -> str:
        (text,) = db.execute("SELECT data FROM rooms WHERE code = ?", (lobby.code,)).fetchone()
        return json.loads(text)["settings"]["deck"]

    assert stored_deck() == deck
    # the room tries again (every clock.CHECKPOINT_S) and stores it: every page is told
    lobby.expected += 1
    for p in lobby.sockets:   # bounded: the server's heartbeat pings alone would keep `until` reading
        state = await asyncio.wait_for(p.until_state(lambda s: s["room"]["settings"]["deck"] == "builtin"), EVENT_S)
        assert state["state_id"] == lobby.expected and state["room"]["deck"]["id"] == "builtin"
    assert stored_deck() == "builtin"


# ---- the way out of "deck in use" ---------------------------------------------------------------------------

async def end_game(client, deck: str, headers: dict, room: str, state_id: int):
    resp = await client.post(f"/api/decks/{deck}/end-game", json={"room": room, "state_id": state_id},
                             headers=headers)
    return resp.status, await resp.json()


async def test_a_game_nobody_has_open_can_be_ended_from_the_deck_page_then_the_deck_goes(client, make_table,
                                                                                           make_client):
    lobby = await make_table(1, start=False)
    _, body = await upload(client, lobby, cards(40), "Holiday")
    deck = body["deck"]["id"]
    game = await make_table(4, settings={"deck": deck})
    await game.play_until(lambda g: g["round"] == 2)
    other = await make_table(4)                               # a game with the built-in deck
    # people are at that table now: the refusal names it, and it is not ended from here
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))
    (holder,) = (await resp.json())["holders"]
    assert resp.status == 409 and (holder["open"], holder["can_end"]) == (True, False)
    status, body = await end_game(client, deck, host_headers(lobby, RU), game.code, holder["state_id"])
    assert status == 409 and body["error"] == "game_open" and body["message"] == (
        f"Игру в комнате {game.code} сейчас кто-то открыл: закончить её может только хозяин той игры, со своего "
        "телефона. Ничего не изменилось.")
    assert game.tv.game["phase"] != "game_over" and deck in await deck_ids(client)
    # the evening is over, every page closed (a restart here): the game may be ended from the deck page
    client = await restarted(client, make_client)
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(lobby))
    (holder,) = (await resp.json())["holders"]
    assert resp.status == 409 and holder == {"room": game.code, "reason": "playing", "names": ["P1", "P2", "P3", "P4"],
                                             "idle_minutes": 0, "open": False, "can_end": True,
                                             "state_id": game.expected}
    # what the asker saw is out of date: nothing is ended
    status, body = await end_game(client, deck, host_headers(lobby), game.code, holder["state_id"] - 1)
    assert status == 409 and body["error"] == "game_moved" and body["holders"] == [holder]
    # a game that does not hold the deck is never ended through it, though no page has it open either
    status, body = await end_game(client, deck, host_headers(lobby), other.code, other.expected)
    assert status == 409 and body["error"] == "deck_in_use" and body["holders"] == [holder]
    assert client.server.app[keys.ROOMS].get(other.code).game.phase != "game_over"
    # the disk refuses: nothing changes
    db = client.server.app[keys.STORE]._db
    db.execute("PRAGMA query_only = ON")
    try:
        status, body = await end_game(client, deck, host_headers(lobby), game.code, holder["state_id"])
    finally:
        db.execute("PRAGMA query_only = OFF")
    assert status == 507 and body["error"] == "storage_failed" and "Nothing changed" in body["message"]
    room = client.server.app[keys.ROOMS].get(game.code)
    assert room.game.phase != "game_over" and room.state_id == holder["state_id"] and deck in await deck_ids(client)
    # confirmed: the game ends as the host's end_game would (its rounds kept), then the deck goes
    status, body = await end_game(client, deck, host_headers(lobby), game.code, holder["state_id"])
    assert (status, body) == (200, {"deleted": deck, "ended": game.code})
    assert room.game.phase == "game_over" and room.game.end_reason == "host" and room.state_id == holder["state_id"] + 1
    assert room.record.story.rounds and deck not in await deck_ids(client)
    # stored: a restart finds it ended
    client = await restarted(client, make_client)
    assert client.server.app[keys.ROOMS].get(game.code).game.phase == "game_over"


async def test_the_host_of_a_game_under_way_may_end_it_from_the_deck_page(client, make_table):
    game = await make_table(4, start=False)
    _, body = await upload(client, game, cards(40), "Ours")
    deck = body["deck"]["id"]
    await game.act(game.phones[0], "set_settings", settings={"deck": deck})
    await game.act(game.phones[0], "start")
    resp = await client.delete(f"/api/decks/{deck}", headers=host_headers(game))
    (holder,) = (await resp.json())["holders"]
    assert resp.status == 409 and (holder["open"], holder["can_end"]) == (True, True)
    status, body = await end_game(client, deck, host_headers(game), game.code, holder["state_id"])
    game.expected += 1
    await game.sync()    # every page is told: the results screen
    assert game.tv.game["phase"] == "game_over" and game.tv.game["end_reason"] == "host"
    # the results on those pages show its cards: the deck stays until the room starts a new game
    assert status == 409 and body["error"] == "deck_in_use" and body["reason"] == "results"
    assert [h["can_end"] for h in body["holders"]] == [False] and deck in await deck_ids(client)
    await game.act(game.phones[0], "new_game")
    assert (await client.delete(f"/api/decks/{deck}", headers=host_headers(game))).status == 200


async def test_a_filter_whose_pictures_changed_is_dropped_and_the_adult_told_until_saved_again(
        client, make_table, make_client, connect_to):
    """The family's deck folder changed while the server was off (a picture the adult took out replaced by
    another under the same name): the kids' table no longer takes out the new picture, says how many taken
    out are outdated (the lobby's notice, the filter's `outdated`), and the adult's next save clears it."""
    table, deck = await kids_lobby(client, make_table, 30, "Thirty")
    resp = await client.put(f"/api/decks/{deck}/excluded", json=["c001", "c002", "c003"], headers=host_headers(table))
    assert resp.status == 200
    await table.tv.until_state(lambda s: s["room"]["deck"]["size"] == 27)
    replaced = client.server.app[keys.LIBRARY].get(deck).path_of("c002")
    client = await restarted(client, make_client,
                             lambda: replaced.write_bytes(picture("JPEG", colour=(250, 250, 250))))
    adult = await connect_to(client, "adult")
    await adult.hello(table.code, token=table.phones[0].token)
    state = adult.state
    assert state["room"]["deck"]["size"] == 28 and state["room"]["deck"]["filter_outdated"] == 1
    body = await (await client.get(f"/api/decks/{deck}/cards")).json()
    assert body["excluded"] == ["c001", "c003"] and body["outdated"] == 1
    # the adult looks at the filter and closes it: the list as seen is saved with today's pictures
    resp = await client.put(f"/api/decks/{deck}/excluded", json=body["excluded"], headers=host_headers(table))
    assert resp.status == 200
    state = await adult.until_state(lambda s: s["room"]["deck"]["filter_outdated"] == 0)
    assert state["room"]["deck"]["size"] == 28
    assert (await (await client.get(f"/api/decks/{deck}/cards")).json())["outdated"] == 0


# ---- the kids' filter's hashing stays off the event loop ------------------------------------------------
# It hashes a deck's pictures (server/decks/kids_filter.py), which on a Pi's SD card may take seconds: every
# hash runs in a thread, so no room waits on it. A hash held by a real blocking condition (a thread waiting
# on an event) leaves the loop answering `/healthz` and a room's socket; the HTTP routes, a kids' lobby and
# its `start` all hash off the loop thread, and a `start` while the filter is still being read is refused
# (`deck_not_ready`) rather than dealt unfiltered.


@pytest.fixture
def hashes(monkeypatch) -> OffLoop:
    """Every `PictureHashes.hash` call, watched (tests.helpers.off_loop)."""
    watch = OffLoop("hash")
    monkeypatch.setattr(PictureHashes, "hash", watch.wrap(PictureHashes.hash))
    return watch


def tiny(config) -> Path:
    """The family deck "tiny" of the server tests' config (10 cards c000..c009)."""
    return config.data_dir / "decks" / "tiny"


def repaint(folder: Path, name: str) -> None:
    """Another picture under `name`, newer than the filter (the deck's fingerprint moves on)."""
    path = folder / name
    path.write_bytes(picture("PNG", size=(40, 60), colour=(3, 3, 3)))
    later = path.stat().st_mtime_ns + 2_000_000_000
    os.utime(path, ns=(later, later))
    os.utime(folder, ns=(later, later))   # the library re-reads a folder when its time moves


async def kids_room(make_table):
    table = await make_table(1, settings={"mode": "kids"}, start=False)
    adult = table.phones[0]
    await table.act(adult, "add_child", name="Маша", colour="pink")
    return table, adult


async def test_a_held_hash_leaves_the_loop_answering(client, make_table, config, hashes):
    table, _ = await kids_room(make_table)
    resp = await client.put("/api/decks/tiny/excluded", json=["c002"], headers=host_headers(table))
    assert resp.status == 200 and hashes.in_threads and not hashes.on_loop
    repaint(tiny(config), "c002.png")   # the filter must be read again, hashing the deck
    hashes.hold = threading.Event()
    reading = asyncio.create_task(client.get("/api/decks/tiny/cards"))
    assert await hashes.held(), "the filter was never hashed off the loop"
    await loop_answers(client, table.tv)   # while the hash is held
    assert not reading.done()
    hashes.hold.set()
    resp = await reading
    assert resp.status == 200
    body = await resp.json()
    assert body["excluded"] == [] and body["outdated"] == 1   # c002's picture changed: the adult is told
    assert not hashes.on_loop


async def test_a_kids_lobby_and_its_start_hash_only_off_the_loop(client, make_table, config, hashes):
    table, adult = await kids_room(make_table)
    resp = await client.put("/api/decks/tiny/excluded", json=["c001", "c002"], headers=host_headers(table))
    assert resp.status == 200
    repaint(tiny(config), "c001.png")   # c001 is another picture now: its exclusion no longer applies
    hashes.hold = threading.Event()
    await table.act(adult, "set_settings", settings={"deck": "tiny"})   # a thread reads the filter
    assert await hashes.held()
    err = await table.refused(adult, "start", "deck_not_ready")   # never a deal without the filter
    assert "kids' filter" in err["message"]
    hashes.hold.set()
    for p in table.sockets:   # once read, every page gets the count it leaves
        await p.until_state(lambda s: s["room"]["deck"]["size"] == 9 and s["room"]["deck"]["filter_outdated"] == 1)
    await table.act(adult, "start")
    shown = table.tv.state["room"]["deck"]
    assert shown["id"] == "tiny" and shown["size"] == 9
    assert table.tv.game["deck_count"] == 9 - 6   # the adult's hand of 6 dealt from the 9 the filter leaves
    # the deck list and an uploaded deck's card removal (its filter rewritten) hash in threads too
    await table.act(adult, "end_game")
    _, body = await upload(client, table, cards(10), "Ten")
    deck = body["deck"]["id"]
    resp = await client.put(f"/api/decks/{deck}/excluded", json=["c003"], headers=host_headers(table))
    assert resp.status == 200
    listed = await (await client.get("/api/decks")).json()
    assert next(d for d in listed["decks"] if d["id"] == deck)["kids_size"] == 9
    resp = await client.delete(f"/api/decks/{deck}/cards/c003", headers=host_headers(table))
    assert resp.status == 200, await resp.text()
    assert hashes.in_threads and not hashes.on_loop
