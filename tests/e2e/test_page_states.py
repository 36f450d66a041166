"""What a fresh user met on the pages, checked in a real browser against a real server: the host's settings
form shows only what the server holds (a refused setting snaps back; Dixit greys the modes it lacks, with the
reason, and none of them is sent; modes name their player counts) and what the host tapped behind a setting
still on its way; the TV follows the room's language from its first state and after a reload; a phone for an
unknown room says so; the host reaches the menu while paused and the menu closes when the phase changes;
"first to tell" phones say anyone may tell; a child's phone in the kids' game is not told to look at cards it
does not have. Seats are played by WebSockets (tests/helpers/browser.py's Scene); browser phones reuse their
tokens. Screenshots: test-output/page-states-*.png.
"""
from __future__ import annotations

import asyncio

import pytest
from playwright.async_api import Error, expect

from tests.helpers.bounds import EVENT_S
from tests.helpers.browser import PHONE, fits, run_scene

NAMES = ["Аня", "Александра", "Борис", "Вика"]


async def _run(server_process, launch_options, output_dir, body) -> None:
    await run_scene(server_process, launch_options, output_dir, "page-states", body)


async def test_settings_form_follows_the_server_and_the_ruleset(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        _tv, table = await sc.table(NAMES)
        host = table.phones[0]
        page = await sc.page(f"/join/{table.code}", PHONE, host.token, table.code)
        await expect(page.get_by_test_id("settings-form")).to_be_visible()
        mode = page.get_by_test_id("setting-mode")
        await expect(mode.locator("option[value=trio]")).to_have_text("Trio (with extra cards) — 3 players")
        await expect(mode.locator("option[value=pairs]")).to_have_text("Pairs — 8–14 players")
        await expect(page.get_by_test_id("setting-short_game")).to_be_visible()

        # A refused setting does not stay on screen: a short game past the board's end (Imaginarium's is 39).
        await page.get_by_test_id("setting-short_game").check()
        table.expected += 1
        await table.sync()
        cell = page.get_by_test_id("setting-short-game-cell")
        held = str(table.tv.state["room"]["settings"]["short_game"])
        await cell.fill("150")
        await cell.press("Enter")
        await expect(page.locator(".toast")).to_contain_text("from 1 to 39")
        await expect(cell).to_have_value(held)
        assert str(table.tv.state["room"]["settings"]["short_game"]) == held
        await sc.shot(page, "refused-snaps-back")
        await page.get_by_test_id("setting-short_game").uncheck()
        table.expected += 1
        await table.sync()

        # Dixit: no short game, no special cells or restrictions, no mode but the standard table. The modes it
        # lacks stay in the list greyed with the reason (a phone's own picker showed options the page hid), and
        # none of them can be chosen there.
        sent: list[str] = []
        reshuffle_sent = asyncio.Event()

        def on_frame(payload: str | bytes) -> None:
            sent.append(str(payload))
            if '"reshuffle"' in sent[-1]:
                reshuffle_sent.set()

        page.on("websocket", lambda ws: ws.on("framesent", on_frame))
        await page.reload()   # the listener sees the socket from its opening
        mode = page.get_by_test_id("setting-mode")
        await expect(page.get_by_test_id("settings-form")).to_be_visible()
        await page.get_by_test_id("setting-ruleset").select_option("dixit")
        table.expected += 1
        await table.sync()
        assert table.tv.state["room"]["settings"]["ruleset"] == "dixit"
        await expect(page.get_by_test_id("setting-short_game")).to_be_hidden()
        await expect(page.get_by_test_id("setting-special_cells")).to_be_hidden()
        await expect(page.get_by_test_id("setting-restriction")).to_be_hidden()
        await expect(mode.locator("option[value=standard]")).to_have_text("Standard — 3–6 players")
        await expect(mode.locator("option[value=standard]")).to_be_enabled()
        greyed = {"pairs": "Pairs", "trio": "Trio (with extra cards)", "duel": "Duel against the mammoth",
                  "kids": "Kids"}
        for lacking, name in greyed.items():
            option = mode.locator(f"option[value={lacking}]")
            await expect(option).to_be_disabled()
            await expect(option).to_have_text(f"{name} — not in these rules")
        await fits(page, 390, "Dixit settings")
        await sc.shot(page, "dixit-settings")
        with pytest.raises(Error):   # Playwright, as a picker, does not choose a disabled option
            await mode.select_option("trio", timeout=2000)
        # Were a greyed mode picked all the same (a picker that ignored `disabled`), it is not sent: the form
        # shows the room's mode again at once, and the next setting tapped is the next thing the socket sends.
        shown = await mode.evaluate(
            "(s) => { s.value = 'trio'; s.dispatchEvent(new Event('change')); return s.value; }")
        assert shown == "standard"
        face = page.locator(".select-wrap", has=mode).locator(".select-face")
        await expect(face).to_have_text("Standard — 3–6 players")
        await page.get_by_test_id("setting-reshuffle").check()
        table.expected += 1
        await table.sync()
        assert table.tv.state["room"]["settings"]["reshuffle"] is True
        await asyncio.wait_for(reshuffle_sent.wait(), EVENT_S)   # the frames before it were seen before it
        assert not [f for f in sent if '"set_settings"' in f and '"mode"' in f], sent
        assert table.tv.state["room"]["settings"]["mode"] == "standard"
        # The server refuses it anyway, and says why.
        err = await table.refused(host, "set_settings", "bad_settings", settings={"mode": "trio"})
        assert err["params"]["reason"] == "mode_not_in_ruleset"
        assert "Dixit has no game for three" in err["message"], err["message"]

    await _run(server_process, launch_options, output_dir, body)


async def test_tv_speaks_the_rooms_language_from_its_first_state(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES[1:3])
        # The TV's browser is English; the host picks Russian for the TV.
        await expect(tv.locator(".join-title")).to_have_text("Scan to join")
        await expect(tv.get_by_test_id("lang")).to_have_text("RU")
        await table.act(table.phones[0], "set_settings", settings={"lang": "ru"})
        await expect(tv.locator(".join-title")).to_have_text("Сканируйте, чтобы играть")
        await tv.reload()
        await expect(tv.locator(".join-title")).to_have_text("Сканируйте, чтобы играть")
        await expect(tv.get_by_test_id("lang")).to_have_text("EN")     # the switch offers the other language
        await sc.shot(tv, "tv-reloaded-ru")

        # A phone for a room that does not exist says so instead of "Connecting…".
        lost = await sc.page("/join/ZZZZ", PHONE)
        await expect(lost.get_by_test_id("no-room")).to_be_visible()
        await expect(lost.get_by_test_id("conn")).to_have_text("No such room")
        await sc.shot(lost, "no-such-room")

    await _run(server_process, launch_options, output_dir, body)


async def test_paused_host_reaches_the_menu_and_it_closes_on_a_new_phase(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        _tv, table = await sc.table(NAMES)
        host = table.phones[0]
        await table.act(host, "set_settings", settings={"first_storyteller": "claim", "special_cells": False})
        page = await sc.page(f"/join/{table.code}", PHONE, host.token, table.code)
        other = await sc.page(f"/join/{table.code}", PHONE, table.phones[2].token, table.code)
        await expect(page.get_by_test_id("settings-form")).to_be_visible()
        await table.act(host, "start")

        # "First to tell": nobody is the storyteller yet, every phone may tell.
        for p in (page, other):
            await expect(p.get_by_test_id("you-tell")).to_contain_text("Anyone may tell")
            await expect(p.get_by_test_id("storyteller-badge")).to_have_count(0)
        await sc.shot(other, "claim")

        await table.act(host, "pause")
        await expect(page.locator(".paused-veil")).to_be_visible()
        await page.get_by_test_id("paused-host-menu").click()
        menu = page.get_by_test_id("host-menu")
        await expect(menu).to_be_visible()
        await sc.shot(page, "paused-host-menu")
        await menu.get_by_test_id("pause").click()          # "Resume", above the veil
        table.expected += 1                                   # the page's resume: every socket reads it
        await table.sync()
        assert not table.tv.state["room"]["paused"]
        await expect(page.locator(".paused-veil")).to_have_count(0)
        await expect(menu).to_be_visible()

        # Someone tells: the phase changes and the menu gets out of the way.
        teller = table.phones[1]
        await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
        await expect(page.get_by_test_id("phone-playing")).to_be_visible()
        await expect(menu).to_have_count(0)

    await _run(server_process, launch_options, output_dir, body)


async def test_a_childs_phone_is_not_told_to_look_at_its_cards(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        _tv, table = await sc.table(NAMES[:3])
        await table.act(table.phones[0], "set_settings", settings={"mode": "kids"})
        child = await sc.page(f"/join/{table.code}", PHONE, table.phones[1].token, table.code)
        await expect(child.get_by_test_id("phone-lobby")).to_be_visible()
        await table.act(table.phones[0], "start")
        await expect(child.get_by_test_id("wait-tell")).to_contain_text("find it on the TV")
        await expect(child.get_by_test_id("wait-tell")).not_to_contain_text("your cards")
        await sc.shot(child, "kids-child-waits")

    await _run(server_process, launch_options, output_dir, body)


async def test_a_setting_tapped_while_another_is_on_its_way_stays_as_tapped(server_process, launch_options,
                                                                             output_dir):
    """The host picks another mode, then unticks special cells before that mode's state is back: the tick is
    queued behind the mode (two taps must not carry one state_id), and the mode's state must not redraw the box
    ticked again. Three people are a trio lobby by themselves, so the mode picked by hand is the standard table.
    The server's answers to the page are held back here, so the order does not depend on the machine's speed."""
    async def body(sc) -> None:
        _tv, table = await sc.table(NAMES[:3])
        host = table.phones[0]
        page = await sc.page(f"/join/{table.code}", PHONE, host.token, table.code)
        held: list = []
        holding = False

        def relay(ws) -> None:   # the page's socket: frames to the server go on; the server's wait while held
            server = ws.connect_to_server()
            server.on_message(lambda message: held.append((ws, message)) if holding else ws.send(message))

        await page.route_web_socket("**/ws", relay)
        await page.reload()
        special = page.get_by_test_id("setting-special_cells")
        await expect(special).to_be_checked()
        await expect(page.get_by_test_id("setting-mode")).to_have_value("trio")   # 3 people: trio by itself
        holding = True
        await page.get_by_test_id("setting-mode").select_option("standard")
        table.expected += 1
        await table.sync()                        # the server took standard; the page has not heard yet
        await special.uncheck()                   # queued behind standard
        released, held[:] = list(held), []
        for ws, message in released:             # standard's state reaches the page; the queued tap goes out
            ws.send(message)
        await expect(page.get_by_test_id("setting-mode")).to_have_value("standard")
        await expect(special).not_to_be_checked()   # as tapped, though the server has not answered it yet
        table.expected += 1
        await table.sync()
        assert table.tv.state["room"]["settings"]["special_cells"] is False
        holding = False
        for ws, message in held:
            ws.send(message)
        await expect(special).not_to_be_checked()

    await _run(server_process, launch_options, output_dir, body)
