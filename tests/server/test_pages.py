"""Small pages around the game: the favicon (an elephant) and the join addresses a person may type
without a code or with a wrong one; they get a friendly page, never aiohttp's bare "404: Not Found"."""
from __future__ import annotations

import io
import re

from PIL import Image

from server.net import keys


async def test_favicon_is_an_elephant_png_linked_from_both_pages(client):
    resp = await client.get("/favicon.ico")
    assert resp.status == 200 and resp.content_type == "image/png"
    image = Image.open(io.BytesIO(await resp.read()))
    assert image.format == "PNG" and image.size == (64, 64)
    alpha = image.convert("RGBA").getchannel("A")
    opaque = sum(alpha.histogram()[129:])
    assert 0 < opaque < 64 * 64 // 2   # a figure on a clear ground
    for page in ("/tv?new=1", "/join/ABCD"):
        html = await (await client.get(page)).text()
        # under its versioned name (server/net/webfiles.py), the same picture
        link = re.search(r'<link rel="icon" href="(/static/shared/favicon\.[0-9a-f]{12}\.png)"', html)
        assert link, page
        assert await (await client.get(link[1])).read() == await (await client.get("/favicon.ico")).read()
    assert (await client.get("/static/shared/favicon.png")).status == 200


async def test_join_without_a_code_is_friendly_or_goes_to_the_current_room(client):
    for path in ("/join", "/join/", "/p/"):
        resp = await client.get(path, allow_redirects=False)   # no room on this server yet
        assert resp.status == 404 and resp.content_type == "text/html"
        text = await resp.text()
        assert "No game is open here yet" in text and "Здесь пока нет игры" in text and "/tv" in text
    code = (await (await client.post("/api/rooms")).json())["code"]
    for path in ("/join", "/join/", "/p/"):
        resp = await client.get(path, allow_redirects=False)
        assert resp.status == 302 and resp.headers["Location"] == f"/join/{code}"
    assert len(client.server.app[keys.ROOMS]) == 1   # a phone never makes a room


async def test_join_with_an_unknown_code_is_the_phone_page_saying_no_such_room(client, connect):
    for path in ("/join/ZZZZ", "/join/ZZZZ/", "/p/zzzz"):
        resp = await client.get(path)
        assert resp.status == 200 and "<html" in (await resp.text()).lower(), path
    resp = await client.get("/join/ZZZZ/", allow_redirects=False)
    assert resp.status == 302 and resp.headers["Location"] == "/join/ZZZZ"
    phone = await connect("lost")    # what the page does next: it hears there is no such room
    err = await phone.hello("ZZZZ")
    assert err["type"] == "error" and err["code"] == "no_such_room"
