"""A server killed (SIGKILL, the power cord) while it makes phone photos into cards leaves nothing behind: no
half-made deck, no half-added card, no hidden import folder after the next start, and the deck that was
being added to has exactly the cards it had."""
from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

import aiohttp
from PIL import Image

from tests.helpers.bounds import EVENT_S, POLL_S
from tests.helpers.process import ServerProcess, free_port
from tests.helpers.wire import seated_table, socket_opener


def noisy_photo(i: int) -> bytes:
    """A 6-megapixel JPEG of noise (3.7 MB): about a second to make into a card, so a kill lands mid-import."""
    im = Image.effect_noise((2000, 3000), 60 + i).convert("RGB")
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=85)
    return buf.getvalue()


def form(pictures: list[bytes], title: str | None = None) -> aiohttp.FormData:
    data = aiohttp.FormData()
    if title:
        data.add_field("title", title)
    for i, p in enumerate(pictures):
        data.add_field("file", p, filename=f"IMG_{i:04d}.jpg", content_type="image/jpeg")
    return data


async def host_of_a_new_room(server: ServerProcess, session: aiohttp.ClientSession) -> dict:
    """Once `server` is ready: a new room with its host seated; the host's credential headers."""
    await server.ready(session)
    code = (await (await session.post(f"{server.base}/api/rooms")).json())["code"]
    table = await seated_table(socket_opener(session, server.base), code, 1, start=False)
    return {"X-Room": code, "X-Token": table.phones[0].token}


async def until_card_in_an_import(decks: Path) -> None:
    """Waits (bounded) until a hidden import folder holds a finished card: the import is under way."""
    deadline = time.monotonic() + EVENT_S
    while not any(decks.glob(".import-*/c*.jpg")):
        assert time.monotonic() < deadline, "no import got under way"
        await asyncio.sleep(POLL_S)


async def test_a_server_killed_mid_import_leaves_no_deck_and_no_half_added_cards(tmp_path):
    server = ServerProcess(free_port(), tmp_path / "data", tmp_path / "server.log")
    decks = tmp_path / "data" / "decks"
    pictures = await asyncio.to_thread(lambda: [noisy_photo(i) for i in range(2)] * 10)
    server.start()
    try:
        async with aiohttp.ClientSession() as session:
            host = await host_of_a_new_room(server, session)
            small = [Image.new("RGB", (200, 300), (i * 50, 90, 90)) for i in range(2)]
            jpegs = []
            for im in small:
                buf = io.BytesIO()
                im.save(buf, "JPEG")
                jpegs.append(buf.getvalue())
            resp = await session.post(f"{server.base}/api/decks", data=form(jpegs, "Garden"), headers=host)
            assert resp.status == 201
            garden = (await resp.json())["deck"]["id"]
            for url in (f"{server.base}/api/decks", f"{server.base}/api/decks/{garden}/cards"):
                upload = asyncio.ensure_future(session.post(url, data=form(pictures, "Holiday"), headers=host))
                await until_card_in_an_import(decks)
                server.kill()
                try:
                    await upload
                except aiohttp.ClientError:
                    pass
                else:
                    raise AssertionError("the upload was answered although the server was killed mid-import")
                server.start()
                await server.ready(session)
                assert sorted(p.name for p in decks.iterdir() if not p.name.startswith(".retired")) == [garden]
                listed = await (await session.get(f"{server.base}/api/decks/{garden}/cards")).json()
                assert listed["cards"] == ["c001", "c002"]
    finally:
        server.stop()
    assert server.error_lines() == []
