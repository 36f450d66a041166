"""`GET /api/rules` serves the engine's catalogue and the rooms' constants; the lobby's room view carries the
game's length (docs/protocol.md)."""
import json

import pytest

from server import engine
from server.net import keys
from server.room.roster import COLOURS


async def test_api_rules_is_the_engines_catalogue_and_the_rooms_constants(client):
    res = await client.get("/api/rules")
    assert res.status == 200
    body = await res.json()
    assert body == {**engine.catalogue(), "colours": list(COLOURS), "timer_choices": [0, 60, 90, 120]}


async def test_the_catalogue_is_encoded_once_and_served_as_those_bytes(make_client):
    """Nothing in the catalogue changes while the server runs: its first request encodes and compresses it,
    every later one gets the same bytes and ETag from what the app keeps (a made body is never made again),
    and a server with other timer choices keeps its own."""
    client = await make_client()
    first = await client.get("/api/rules", headers={"Accept-Encoding": "identity"})
    body, etag = await first.read(), first.headers["ETag"]
    kept = client.server.app[keys.RULES].asset(lambda: pytest.fail("the catalogue was encoded again"))
    assert kept.body == body and f'"{kept.etag}"' == etag
    for _ in range(3):
        again = await client.get("/api/rules", headers={"Accept-Encoding": "gzip"})
        assert again.headers["ETag"] == etag and again.headers["Content-Encoding"] == "gzip"
        assert await again.read() == body   # aiohttp's client inflates the gzip body
    assert json.loads(body)["timer_choices"] == [0, 60, 90, 120]
    other = await make_client(timer_test_seconds=(2,))
    res = await other.get("/api/rules")
    assert (await res.json())["timer_choices"] == [0, 2, 60, 90, 120] and res.headers["ETag"] != etag


async def test_the_constants_are_in_the_catalogue_not_in_each_state(make_table):
    """What no state changes goes once in the catalogue; what a room changes stays in its view."""
    table = await make_table(3, start=False)
    room = table.tv.state["room"]
    assert "colours" not in room and "timer_choices" not in room
    taken = [p["colour"] for seat in room["roster"] for p in seat["people"]]
    assert room["colours_free"] == [c for c in COLOURS if c not in taken]   # the catalogue's order


async def test_the_lobby_says_how_long_the_game_will_be(make_table):
    table = await make_table(3, settings={"mode": "trio"}, start=False)
    length = table.tv.state["room"]["length"]
    # D8 with the built-in deck: 3 seats, 5 cards a round; counted ahead by the engine
    assert length["seats"] == 3 and length["tellers"] == 3
    assert length["turns_min"] == length["turns_max"] and length["rounds"] == 3 * length["turns_max"]
    await table.act(table.phones[0], "start")
    assert table.tv.state["room"]["length"] is None   # only in the lobby


async def test_the_lobby_length_has_as_many_turns_as_rounds_in_every_mode(make_table):
    """Each round has one storyteller, so the turns as storyteller the lobby names cover its rounds: two people
    in a duel tell in turn (RULES.md §2.4), and "rounds 11–18, turns each: 8" (the median game's turns beside
    every game's rounds) could not be. The same holds in every mode and ruleset (kids: the adult tells every
    round, §2.5)."""
    table = await make_table(2, settings={"mode": "duel"}, start=False)
    host = table.phones[0]
    checked = []
    for ruleset in engine.RULESETS:
        for mode in [m for m in engine.MODES if ruleset in engine.MODES[m].rulesets]:
            await table.act(host, "set_settings", settings={"ruleset": ruleset, "mode": mode})
            length = table.tv.state["room"]["length"]
            if length is None or length["open"]:
                continue
            low, high = length["rounds_min"], length["rounds_max"]
            assert length["tellers"] * length["turns_min"] <= low, (ruleset, mode, length)
            assert length["tellers"] * length["turns_max"] >= high, (ruleset, mode, length)
            checked.append(mode)
    assert {"duel", "kids", "trio", "standard"} <= set(checked)
