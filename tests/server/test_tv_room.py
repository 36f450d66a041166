"""Which room the TV opens. A bare `/tv` comes back to the room this TV's browser last showed (cookie
`tv_room`, set by web/tv/tv.js) while it exists, else opens the room in play (the one the terminal banner
printed, while its game is not over), instead of making a new empty one each time; `/tv?new=1` is how a TV
asks for a brand-new room; `/tv?room=CODE` of a room the server does not have says so (404) and offers the
room in play and a new room, instead of silently showing another room."""
from __future__ import annotations

import re

from server.cli import banner
from server.net import keys
from tests.helpers.process import running_server


async def tv_redirect(client, remembered: str | None = None) -> str:
    """The room code a bare `/tv` redirects to (asserting it is a redirect to `/tv?room=CODE`), from a TV
    whose browser remembers room `remembered` (its `tv_room` cookie), or none."""
    headers = {"Cookie": f"tv_room={remembered}"} if remembered else {}
    resp = await client.get("/tv", allow_redirects=False, headers=headers)
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


async def test_bare_tv_comes_back_to_the_room_this_tv_showed_while_it_exists(make_table, client):
    table = await make_table(4)                # the living-room TV shows this game
    other = (await (await client.post("/api/rooms")).json())["code"]   # another TV's /tv?new=1, newer
    assert await tv_redirect(client) == other  # (no banner here: the newest room is the room in play)
    assert await tv_redirect(client, table.code) == table.code            # the TV is power-cycled
    assert await tv_redirect(client, table.code.lower()) == table.code
    await table.act(table.phones[0], "end_game")
    assert await tv_redirect(client, table.code) == table.code            # its results, still there
    assert await tv_redirect(client, "ZZZZ") == other   # a forgotten room: the room in play, no new room
    assert await rooms_count(client) == 2


async def test_bare_tv_opens_the_printed_room_not_a_newer_stray_one(make_table, client):
    app = client.server.app
    table = await make_table(4)
    assert f"/tv?room={table.code}" in banner(app)           # the terminal prints the room in play
    stray = (await (await client.post("/api/rooms")).json())["code"]   # someone's /tv?new=1
    assert await tv_redirect(client) == table.code           # a TV that never had a room: the printed one
    resp = await client.get("/join", allow_redirects=False)  # and the phones' bare join address agrees
    assert resp.status == 302 and resp.headers["Location"] == f"/join/{table.code}"
    await table.act(table.phones[0], "end_game")
    assert await tv_redirect(client) == stray                # its game is over: the newest room not over
    await table.act(table.phones[0], "new_game")
    assert await tv_redirect(client) == table.code


async def test_tv_with_an_unknown_room_says_so_and_offers_the_room_in_play(client, room_code):
    resp = await client.get("/tv?room=zzzz", allow_redirects=False)
    assert resp.status == 404 and resp.content_type == "text/html"
    page = await resp.text()
    assert 'Room <span class="code">ZZZZ</span> is not on this server' in page
    assert "finished and forgotten" in page
    assert 'Комнаты <span class="code">ZZZZ</span> нет на этом сервере' in page
    assert f'href="/tv?room={room_code}"' in page and 'href="/tv?new=1"' in page
    assert re.search(r'<html lang="en">', page)
    ru = await (await client.get("/tv?room=ZZZZ", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})).text()
    assert '<html lang="ru">' in ru and ru.index("Комнаты") < ru.index("is not on this server")
    assert await rooms_count(client) == 1     # nothing made, nothing switched
    assert (await client.get(f"/tv?room={room_code.lower()}", allow_redirects=False)).status == 200


async def test_tv_with_an_unknown_room_and_none_in_play_offers_a_new_room_and_escapes_the_code(client):
    resp = await client.get("/tv", params={"room": '<b>"' + "Q" * 40}, allow_redirects=False)
    assert resp.status == 404
    page = await resp.text()
    assert "<B>" not in page and "&lt;B&gt;&quot;QQQQQQQQ<" in page   # escaped, cut to 12 characters
    assert 'href="/tv?new=1"' in page and 'data-testid="room-in-play"' not in page
    assert await rooms_count(client) == 0


async def test_tv_keeps_its_room_across_a_server_restart(tmp_path):
    """A real server process: the printed room, another TV's newer room, then the power cord."""
    async with running_server(tmp_path) as (server, session, newer):
        def printed() -> str:   # the room the latest banner printed
            return re.findall(r"/tv\?room=([A-Z]{4})", (tmp_path / "server.log").read_text())[-1]

        async def bare_tv(remembered: str | None = None) -> str:
            headers = {"Cookie": f"tv_room={remembered}"} if remembered else {}
            async with session.get(f"{server.base}/tv", allow_redirects=False, headers=headers) as resp:
                assert resp.status == 302, resp.status
                return resp.headers["Location"].removeprefix("/tv?room=")

        first = printed()
        assert first != newer
        assert await bare_tv() == first           # not the newer room another TV made
        assert await bare_tv(newer) == newer
        server.kill()
        server.start()
        await server.ready(session)
        assert await bare_tv(first) == first      # each TV comes back to its own room
        assert await bare_tv(newer) == newer
        assert await bare_tv() == printed()       # a new TV: what the terminal printed this time
