"""Rooms stored by an older server resume on this one. `fixtures/rooms_v1.json` holds two room records
written by main at 2323958 (record version 1, before the room split named people `people`): a pairs game
in progress with a partner's place released, and a kids' lobby with a child who has no phone."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.room.record import RECORD_VERSION, migrate
from server.room.store import Store
from tests.helpers.wire import Table

V1 = json.loads((Path(__file__).parent / "fixtures" / "rooms_v1.json").read_text(encoding="utf-8"))
PAIRS = next(code for code, record in V1.items() if record["settings"]["mode"] == "pairs")
KIDS = next(code for code, record in V1.items() if record["settings"]["mode"] == "kids")


def token(code: str, person: str) -> str:
    return next(e["token"] for e in V1[code]["seats"] if e["seat"] == person)


@pytest.fixture
async def resumed(config, make_client):
    """An app whose store holds the version-1 records, as the previous main left them."""
    store = Store(config.db_path)
    for code, record in V1.items():
        store.save(code, record)
    store.close()
    return await make_client()


def test_a_version_1_record_migrates_to_people():
    old = V1[PAIRS]
    new = migrate(old)
    assert new["v"] == RECORD_VERSION and "seats" not in new and "next_seat" not in new
    assert [e["person"] for e in new["people"]] == [e["seat"] for e in old["seats"]]
    assert new["next_person"] == old["next_seat"]
    assert {k: v for k, v in new.items() if k not in ("v", "people", "next_person")} == \
        {k: v for k, v in old.items() if k not in ("v", "seats", "next_seat")}
    assert old["v"] == 1 and "seats" in old  # the stored record is left alone


def test_a_record_from_a_newer_server_is_refused():
    with pytest.raises(ValueError):
        migrate({**V1[KIDS], "v": RECORD_VERSION + 1})


async def test_a_pairs_game_stored_by_the_previous_main_resumes(resumed, connect_to):
    health = await (await resumed.get("/healthz")).json()
    assert health["rooms"] == 2
    tv = await connect_to(resumed, "tv")
    await tv.hello(PAIRS, role="tv")
    assert tv.state_id == V1[PAIRS]["state_id"] and tv.game["mode"] == "pairs"
    # every token still works: a partner is welcomed to their lead's seat
    phones = []
    for entry in V1[PAIRS]["seats"]:
        if entry["token"] is None:
            continue
        p = await connect_to(resumed, entry["seat"])
        welcome = await p.hello(PAIRS, token=token(PAIRS, entry["seat"]))
        assert welcome["person"] == entry["seat"] and welcome["seat"] == (entry.get("team") or entry["seat"])
        phones.append(p)
    table = Table(PAIRS, tv, phones, tv.state_id)
    await table.sync()
    # the released partner's place is open: a new phone takes it for that team
    released = next(e for e in V1[PAIRS]["seats"] if e["token"] is None)
    newcomer = await connect_to(resumed, "newcomer")
    await newcomer.hello(PAIRS)
    table.extra.append(newcomer)
    await table.act(newcomer, "join", seat=released["seat"])
    assert newcomer.welcome["seat"] == released["team"] and newcomer.welcome["person"] == released["seat"]
    # and the game goes on into the next round
    start = tv.game["round"]
    await table.play_until(lambda g: g["round"] == start + 1)


async def test_a_kids_lobby_stored_by_the_previous_main_starts(resumed, connect_to):
    host = await connect_to(resumed, "adult")
    welcome = await host.hello(KIDS, token=token(KIDS, V1[KIDS]["host"]))
    assert welcome["is_host"] and host.state["room"]["settings"]["mode"] == "kids"
    child = next(p for s in host.state["room"]["roster"] for p in s["people"] if p["child"])
    assert child["open"] and child["name"] == "Маша"
    table = Table(KIDS, host, [host], host.state_id)  # the host's phone stands in for the TV
    await table.act(host, "start")
    assert host.game["mode"] == "kids" and host.game["adult"] == welcome["seat"]
