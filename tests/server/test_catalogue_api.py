"""`GET /api/rules` serves the engine's catalogue and the rooms' constants; the lobby's room view carries the
game's length (docs/protocol.md)."""
from server import engine
from server.room.roster import COLOURS


async def test_api_rules_is_the_engines_catalogue_and_the_rooms_constants(client):
    res = await client.get("/api/rules")
    assert res.status == 200
    body = await res.json()
    assert body == {**engine.catalogue(), "colours": list(COLOURS), "timer_choices": [0, 60, 90, 120]}


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
