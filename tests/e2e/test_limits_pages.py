"""docs/protocol.md "Limits" on the pages: a phone at a full table says so (it used to show a join button that stayed
disabled), and while the host's phone has only just gone, "Become host" counts down the grace period
instead of taking the role at once. Seats are WebSockets (tests/server/conftest.py's Table); the pages
are real Chromium. Screenshots: test-output/limits-*.png."""
from __future__ import annotations

import re

import aiohttp
from playwright.async_api import expect

from tests.helpers.browser import PHONE, fits, run_scene
from tests.helpers.restart import session_from
from tests.helpers.wire import Player

SMALL_PHONE = {"width": 360, "height": 640}


async def _run(server_process, launch_options, output_dir, body) -> None:
    await run_scene(server_process, launch_options, output_dir, "limits", body)


async def _seat(sc, table, names: list[str]) -> list[aiohttp.ClientSession]:
    """Seats `names`, each from its own loopback address (one address may join only 8 at once), as
    people's phones on a Wi-Fi would. Returns the sessions to close."""
    sessions = []
    for i, name in enumerate(names):
        session = session_from(f"127.0.0.{20 + i}")
        sessions.append(session)
        p = Player(await session.ws_connect(f"{sc.url}/ws"), name)
        await p.hello(table.code)
        table.phones.append(p)
        await table.act(p, "join", name=name, colour=p.state["room"]["colours_free"][0])
    return sessions


async def test_a_phone_at_a_full_table_says_so(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        _tv, table = await sc.table(["Аня", "Борис"])
        sessions = await _seat(sc, table, [f"Player {i}" for i in range(3, 15)])
        assert table.tv.state["room"]["people"] == 14
        for viewport, name in ((PHONE, "table-full"), (SMALL_PHONE, "table-full-360")):
            page = await sc.page(f"/join/{table.code}", viewport)
            full = page.get_by_test_id("table-full")
            await expect(full).to_be_visible()
            await expect(full).to_contain_text("The table is full")
            await expect(full).to_contain_text("All 14 elephants have players")
            await expect(page.get_by_test_id("join")).to_be_hidden()
            await fits(page, viewport["width"], "full table")
            await sc.shot(page, name)
        for session in sessions:
            await session.close()

    await _run(server_process, launch_options, output_dir, body)


async def test_become_host_counts_down_while_the_host_is_briefly_away(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        _tv, table = await sc.table(["Аня", "Борис", "Вика"])
        host, other = table.phones[0], table.phones[1]
        page = await sc.page(f"/join/{table.code}", PHONE, other.token, table.code)
        await expect(page.get_by_test_id("phone-lobby")).to_be_visible()
        await host.close()                 # the host's phone goes to sleep
        table.phones.remove(host)
        claim = page.get_by_test_id("claim-host")
        await expect(claim).to_be_visible()
        await expect(claim).to_be_disabled()
        await expect(claim).to_have_text(re.compile(r"^Become host in \d+ seconds?$"))
        await fits(page, 390, "claim countdown")
        await sc.shot(page, "claim-countdown")

    await _run(server_process, launch_options, output_dir, body)


async def test_a_pairs_host_gone_is_seen_though_the_partner_stays(server_process, launch_options, output_dir):
    """Pairs: the host's phone goes while her partner's stays, so their team's seat is still connected. The other
    phones offer to become host and the TV says the host is away, naming the host herself, not the team."""
    async def body(sc) -> None:
        tv, table = await sc.table(["Аня", "Борис", "Вика", "Гоша"])
        host = table.phones[0]
        await table.act(host, "set_settings", settings={"mode": "pairs"})
        other = table.phones[2]
        seats = [p.state["you"]["seat"] for p in table.phones]
        assert seats[2] != seats[0] and seats[1] == seats[0]   # Борис is her partner
        page = await sc.page(f"/join/{table.code}", PHONE, other.token, table.code)
        await expect(page.get_by_test_id("phone-lobby")).to_be_visible()
        await host.close()
        table.phones.remove(host)
        claim = page.get_by_test_id("claim-host")
        await expect(claim).to_be_visible()
        await expect(page.get_by_text("Аня's phone (the host) is offline")).to_be_visible()
        await expect(tv.get_by_test_id("tv-host-away")).to_contain_text("Аня")
        await expect(tv.get_by_test_id("tv-host-away")).not_to_contain_text("Борис")
        await sc.shot(page, "pairs-host-gone")

    await _run(server_process, launch_options, output_dir, body)
