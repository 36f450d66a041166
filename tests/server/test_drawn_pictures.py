"""The pictures the server draws on request are drawn once and off the event loop: 24 requests for one
room's story picture at once are one drawing in the story pictures' own pool (so card pictures, in the
default pool, never queue behind them), one address asking too often gets 429, and 50 requests for a
room's QR code are one drawing whose PNG still decodes to the join URL. Latency under these floods is
printed by scripts/attack_pictures.py, not asserted here."""
from __future__ import annotations

import asyncio
import io

import zxingcpp
from PIL import Image

from server.net import keys
from server.net.story_routes import STORY_BURST


async def test_story_picture_requests_at_once_share_one_drawing_and_are_rate_limited(make_table, client):
    table = await make_table(4)
    await table.play_until(lambda g: g["phase"] == "scored")
    headers = {"X-TV-Key": table.tv.welcome["tv_key"]}
    url = f"/api/rooms/{table.code}/story.png?lang=en"
    renders = table.app[keys.STORY_RENDERS]
    assert renders.drawn == 0

    answers = await asyncio.gather(*(client.get(url, headers=headers) for _ in range(24)))
    statuses = sorted(r.status for r in answers)
    assert statuses == [200] * STORY_BURST + [429] * (24 - STORY_BURST)
    bodies = {await r.read() for r in answers if r.status == 200}
    assert len(bodies) == 1 and renders.drawn == 1   # every waiter shared one drawing
    refused = next(r for r in answers if r.status == 429)
    assert (await refused.json()) == {"error": "rate_limited"} and int(refused.headers["Retry-After"]) > 0
    with Image.open(io.BytesIO(bodies.pop())) as picture:
        assert picture.format == "PNG" and picture.width >= 1200


async def test_qr_code_is_drawn_once_per_join_url(make_table, client):
    table = await make_table(4, start=False)
    renders = table.app[keys.QR_RENDERS]
    answers = await asyncio.gather(*(client.get(f"/api/rooms/{table.code}/qr.png") for _ in range(50)))
    assert {r.status for r in answers} == {200}
    bodies = {await r.read() for r in answers}
    assert len(bodies) == 1 and renders.drawn == 1
    join_url = (await (await client.get(f"/api/rooms/{table.code}")).json())["join_url"]
    with Image.open(io.BytesIO(bodies.pop())) as picture:
        decoded = zxingcpp.read_barcodes(picture)
    assert [d.text for d in decoded] == [join_url]
