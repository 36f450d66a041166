"""The TV page reloaded mid-round in a real browser (headless Chromium, a real server process): it reopens
the same room from its URL, shows the phase the table is in, creates no new room and needs nothing from
the host; then it follows the game on. The phones are plain WebSockets (tests/helpers/wire.py's Table)."""
from __future__ import annotations

import json
import re

import aiohttp
from playwright.async_api import async_playwright, expect

from tests.helpers.wire import LivePlayer, seated_table, socket_opener


async def test_the_tv_page_reloaded_mid_round_reopens_its_room(server_process, launch_options):
    url = server_process.url
    errors: list[str] = []
    async with async_playwright() as pw, aiohttp.ClientSession() as session:
        browser = await pw.chromium.launch(**launch_options)
        try:
            page = await (await browser.new_context(viewport={"width": 1920, "height": 1080},
                                                   locale="en-US")).new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(f"{server_process.page_url}/tv")
            code_el = page.get_by_test_id("room-code")
            await expect(code_el).to_have_text(re.compile(r"^[A-Z]{4}$"))
            code = (await code_el.text_content()).strip()
            assert f"room={code}" in page.url

            table = await seated_table(socket_opener(session, url, LivePlayer), code, tv_name="watcher")
            watcher = table.tv
            await table.play_until(lambda g: g["phase"] == "voting")
            await expect(page.get_by_test_id("tv-voting")).to_be_visible()
            rooms_before = json.loads(await (await session.get(f"{url}/healthz")).text())["rooms"]
            state_before = table.expected

            await page.reload()
            await expect(page.get_by_test_id("tv-voting")).to_be_visible()
            assert f"room={code}" in page.url
            await expect(page.get_by_test_id("table-card")).to_have_count(4)
            health = json.loads(await (await session.get(f"{url}/healthz")).text())
            assert health["rooms"] == rooms_before        # no new room
            await watcher.send({"type": "ping"})
            await watcher.until(lambda m: m["type"] == "pong")
            assert watcher.state_id == state_before       # nobody acted for the TV

            # and the reloaded page follows the game on
            await table.play_until(lambda g: g["phase"] == "scored")
            await expect(page.get_by_test_id("tv-scored")).to_be_visible()
        finally:
            await browser.close()
    assert not errors, errors
