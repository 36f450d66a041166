"""Rooms stored by an older server resume on this one. `fixtures/rooms_v1.json` holds two room records
written by main at 2323958 (record version 1, before the room split named people `people`): a pairs game
in progress with a partner's place released, and a kids' lobby with a child who has no phone.
`fixtures/rooms_v2.json` holds two written by main at f2926d4 (version 2, the last main whose room kept
its record as a dict): a paused pairs game with the timer on (its clock stored mid-phase), a story of two
rounds, last round's pacing and a partner's place released; and a kids' lobby on a family deck, in
Russian, with the TV's sound off and a child without a phone."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from server import engine
from server.room import record as room_record
from server.room.record import RECORD_VERSION, migrate
from server.room.store import Store
from tests.helpers.wire import Table

V1 = json.loads((Path(__file__).parent / "fixtures" / "rooms_v1.json").read_text(encoding="utf-8"))
PAIRS = next(code for code, record in V1.items() if record["settings"]["mode"] == "pairs")
KIDS = next(code for code, record in V1.items() if record["settings"]["mode"] == "kids")
V2 = json.loads((Path(__file__).parent / "fixtures" / "rooms_v2.json").read_text(encoding="utf-8"))
PAIRS_V2 = next(code for code, stored in V2.items() if stored["settings"]["mode"] == "pairs")


def token(code: str, person: str) -> str:
    return next(e["token"] for e in V1[code]["seats"] if e["seat"] == person)


async def serving(config, make_client, records: dict):
    """An app whose store holds `records` (code -> stored JSON), as the server that wrote them left them."""
    store = Store(config.db_path)
    for code, stored in records.items():
        store.save(code, stored)
    store.close()
    return await make_client()


@pytest.fixture
async def resumed(config, make_client):
    """An app whose store holds the version-1 records, as the previous main left them."""
    return await serving(config, make_client, V1)


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


@pytest.mark.parametrize("code", sorted(V2))
def test_a_record_of_todays_format_reads_and_writes_back_the_same(code):
    stored = V2[code]
    rec = room_record.from_json(stored)
    assert isinstance(rec.settings.game, engine.Settings) and all(isinstance(p, room_record.Person) for p in rec.people)
    again = {**room_record.to_json(rec), "game": engine.to_json(rec.game) if rec.game else None,
             "story": room_record.story_json(rec.story) if rec.story else None}
    # the keys old rooms lacked (calm: the TV's "calm TV" setting, off), and no more
    assert again == {"story": None, "actors": {}, "pacing": None, **stored,
                     "settings": {**stored["settings"], "calm": False}}


def test_a_version_1_record_reads_as_a_typed_record():
    rec = room_record.from_json(V1[PAIRS])
    assert [p.person for p in rec.people] == [e["seat"] for e in V1[PAIRS]["seats"]]
    partner = next(p for p in rec.people if p.team)
    assert partner.seat == partner.team != partner.person
    assert rec.tv_key and rec.settings.timer == 0 and rec.settings.sound   # keys version 1 lacked
    kids = room_record.from_json(V1[KIDS])
    assert [p.child for p in kids.people] == [False, True] and kids.mode.has_adult


def test_a_record_is_an_immutable_value():
    rec = room_record.from_json(V2[PAIRS_V2])
    with pytest.raises(AttributeError):
        rec.state_id = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        rec.people[0].name = "Mallory"  # type: ignore[misc]


@pytest.fixture
async def resumed_v2(config, make_client):
    """An app whose store holds today's-format records, as main at f2926d4 left them."""
    return await serving(config, make_client, V2)


async def test_a_paused_timed_pairs_game_of_todays_format_resumes(resumed_v2, connect_to):
    stored = V2[PAIRS_V2]
    tv = await connect_to(resumed_v2, "tv")
    await tv.hello(PAIRS_V2, role="tv")
    room = tv.state["room"]
    assert tv.state_id == stored["state_id"] and room["paused"] and room["settings"]["timer"] == 60
    assert room["clock"]["remaining_ms"] == stored["clock"]["left_ms"] and room["clock"]["paused"]
    host_entry = next(e for e in stored["people"] if e["person"] == stored["host"])
    host = await connect_to(resumed_v2, "host")
    await host.hello(PAIRS_V2, token=host_entry["token"])
    table = Table(PAIRS_V2, tv, [host], tv.state_id)
    await table.act(host, "resume")
    assert not tv.state["room"]["clock"]["paused"]
    answer = await resumed_v2.get(f"/api/rooms/{PAIRS_V2}/story", headers={"X-Token": host_entry["token"]})
    story = await answer.json()
    assert [r["round"] for r in story["rounds"]] == [1, 2]
