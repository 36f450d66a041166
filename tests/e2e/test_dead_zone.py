"""A phone in a Wi-Fi dead zone: its socket stays open but nothing gets through either way (a real TCP proxy
between the phone and the server stops forwarding without closing anything). The phone taps "Play this card"
there. It used to go on saying "Connected", and once the network came back the button stayed disabled for
good (busy with an action that was lost), so the table waited for a card that phone could no longer play.
Now the tap's ping finds the dead socket, the badge says so, and after the reconnection the button works
again and the card is played. The TV, which only listens, checks its socket now and then and catches up
after a drop that left it half-open. Screenshots: test-output/dead-zone-*.png."""
from __future__ import annotations

import re

from playwright.async_api import expect

from tests.helpers.browser import PHONE, TV, run_scene
from tests.helpers.lan import LAN_HOST
from tests.helpers.proxy import StallingProxy
from tests.helpers.wire import seated_table, socket_opener


async def test_a_tap_in_a_dead_zone_is_not_lost(server_process, launch_options, output_dir):
    proxy = StallingProxy(server_process.port)
    await proxy.start()

    async def body(sc) -> None:
        _tv, table = await sc.table(["Аня", "Борис", "Вика", "Гоша"])
        teller, boris = table.phones[0], table.phones[1]
        await table.act(teller, "set_settings", settings={"first_storyteller": "host"})
        await table.act(teller, "start", storyteller=teller.welcome["seat"])
        await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
        context = await sc.browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
        await context.add_init_script(f"localStorage.setItem('imaginarium.token.{table.code}', '{boris.token}')")
        phone = await context.new_page()
        phone.on("pageerror", lambda exc: sc.errors.append(f"phone: {exc}"))
        await phone.goto(f"http://{LAN_HOST}:{proxy.port}/join/{table.code}")   # the phone's Wi-Fi path
        badge = phone.get_by_test_id("conn")
        await expect(badge).to_have_attribute("data-status", "online")
        await phone.locator(".card-grid.selectable .grid-card").first.click()
        confirm = phone.get_by_test_id("confirm")
        await expect(confirm).to_be_enabled()

        proxy.stall()                                   # into the dead zone
        await confirm.click()
        await expect(badge).not_to_have_attribute("data-status", "online")
        await sc.shot(phone, "stalled")
        assert table.tv.game["phase"] == "playing" and not boris.me["played"]

        proxy.flow()                                    # back on the Wi-Fi
        await expect(badge).to_have_attribute("data-status", "online")
        await expect(confirm).to_be_enabled()           # the lost tap's button is usable again
        await confirm.click()
        await expect(phone.get_by_test_id("played").or_(phone.get_by_test_id("phone-voting"))).to_be_visible()
        await boris.until_state(lambda s: len(s["game"]["me"]["played"]) == 1)
        await expect(phone.locator("main.phone-main")).to_have_attribute("data-screen", re.compile("playing|voting"))
        await sc.shot(phone, "played")

    try:
        await run_scene(server_process, launch_options, output_dir, "dead-zone", body)
    finally:
        await proxy.close()


async def test_a_tv_behind_a_dead_zone_catches_up(server_process, launch_options, output_dir):
    """The TV only listens, so no tap finds its dead socket: after a drop whose close never reached it (a
    half-open socket) it showed the lobby for good while the phones played. It checks its socket now and
    then, so it reconnects and shows the game."""
    proxy = StallingProxy(server_process.port)
    await proxy.start()

    async def body(sc) -> None:
        connect = socket_opener(sc.session, sc.url)
        async with sc.session.post(f"{sc.url}/api/rooms") as res:
            code = (await res.json())["code"]
        table = await seated_table(connect, code, 4, start=False)
        context = await sc.browser.new_context(viewport=TV, locale="en-US")
        tv = await context.new_page()
        tv.on("pageerror", lambda exc: sc.errors.append(f"tv: {exc}"))
        await tv.goto(f"http://{LAN_HOST}:{proxy.port}/tv?room={code}")     # the TV's Wi-Fi path
        await expect(tv.get_by_test_id("tv-lobby")).to_be_visible()
        await expect(tv.get_by_test_id("conn")).to_have_attribute("data-status", "online")
        proxy.stall()
        await table.act(table.phones[0], "start")        # the phones play on
        proxy.flow(cut=False)                            # the TV's old socket stays open and silent
        await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "telling", timeout=45_000)
        await sc.shot(tv, "tv-caught-up")

    try:
        await run_scene(server_process, launch_options, output_dir, "dead-zone", body)
    finally:
        await proxy.close()
