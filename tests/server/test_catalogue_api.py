"""`GET /api/rules` serves the engine's catalogue; the lobby's room view carries the game's length
(docs/protocol.md)."""
from server import engine


async def test_api_rules_is_the_engines_catalogue(client):
    res = await client.get("/api/rules")
    assert res.status == 200
    assert await res.json() == engine.catalogue()


async def test_the_lobby_says_how_long_the_game_will_be(make_table):
    table = await make_table(3, settings={"mode": "trio"}, start=False)
    length = table.tv.state["room"]["length"]
    # D8 with the built-in deck: 3 seats, 5 cards a round; counted ahead by the engine
    assert length["seats"] == 3 and length["tellers"] == 3
    assert length["turns_min"] == length["turns_max"] and length["rounds"] == 3 * length["turns_max"]
    await table.act(table.phones[0], "start")
    assert table.tv.state["room"]["length"] is None   # only in the lobby
