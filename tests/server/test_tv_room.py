"""A bare `/tv` reopens the current room (the one the terminal banner printed) instead of making a new
empty one each time; `/tv?new=1` is how a TV asks for a brand-new room."""
from __future__ import annotations

from server.cli import banner
from server.net import keys


async def tv_redirect(client) -> str:
    """The room code a bare `/tv` redirects to (asserting it is a redirect to `/tv?room=CODE`)."""
    resp = await client.get("/tv", allow_redirects=False)
    assert resp.status == 302, resp.status
    location = resp.headers["Location"]
    assert location.startswith("/tv?room="), location
    return location.split("=", 1)[1]


async def rooms_count(client) -> int:
    return (await (await client.get("/healthz")).json())["rooms"]


async def test_bare_tv_reopens_the_banner_room_and_never_piles_up_rooms(make_client):
    client = await make_client(join_burst=2)   # the creation limit would trip after two new rooms
    app = client.server.app
    app[keys.URLS].port = 8080
    code = await tv_redirect(client)           # no room yet: one is made
    assert f"/tv?room={code}" in banner(app)   # the terminal prints the same room
    for _ in range(10):                        # reloads and reopened tabs: still that room, nothing new
        assert await tv_redirect(client) == code
    assert await rooms_count(client) == 1
    resp = await client.get("/tv")             # followed, it is the TV page for that room
    assert resp.status == 200 and "<html" in (await resp.text()).lower()
    assert resp.url.query["room"] == code


async def test_bare_tv_follows_the_room_in_play_and_skips_finished_ones(make_table, client):
    table = await make_table(4)                # a game in progress
    other = (await (await client.post("/api/rooms")).json())["code"]   # e.g. a stray /tv?new=1
    assert await tv_redirect(client) == other  # the newest room
    await table.play_until(lambda g: g["phase"] == "playing")   # the game moves on: it is current again
    assert await tv_redirect(client) == table.code
    await table.act(table.phones[0], "end_game")
    assert table.tv.game["phase"] == "game_over"
    assert await tv_redirect(client) == other  # a finished game is not reopened
    await table.act(table.phones[0], "new_game")   # ... until the host starts the next one there
    assert await tv_redirect(client) == table.code


async def test_bare_tv_after_every_game_is_over_makes_one_new_room(make_table, client):
    table = await make_table(4)
    await table.act(table.phones[0], "end_game")
    fresh = await tv_redirect(client)
    assert fresh != table.code
    assert await tv_redirect(client) == fresh
    assert await rooms_count(client) == 2


async def test_tv_new_and_tv_room_serve_the_page_without_redirect(client, room_code):
    for path in ("/tv?new=1", f"/tv?room={room_code}"):
        resp = await client.get(path, allow_redirects=False)
        assert resp.status == 200 and "<html" in (await resp.text()).lower()
    assert await rooms_count(client) == 1     # the page itself asks for the new room (POST /api/rooms)
