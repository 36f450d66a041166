"""A phone in a Wi-Fi dead zone: its socket stays open but nothing gets through either way (a real TCP proxy
between the phone and the server stops forwarding without closing anything). The phone taps "Play this card"
there. It used to go on saying "Connected", and once the network came back the button stayed disabled for
good (busy with an action that was lost), so the table waited for a card that phone could no longer play.
Now the tap's ping finds the dead socket, the badge says so, and after the reconnection the button works
again and the card is played. Screenshots: test-output/dead-zone-*.png."""
from __future__ import annotations

import asyncio
import contextlib
import re

from playwright.async_api import expect

from tests.helpers.browser import PHONE, run_scene
from tests.helpers.lan import LAN_HOST


class StallingProxy:
    """127.0.0.1:<port> → the server. `stall()`: bytes are held both ways and nothing is closed (the phone
    cannot tell); `flow()`: the connections that lived through the stall are cut, their held bytes lost (the
    server had long given up on them), and the ones opened meanwhile go through."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.server: asyncio.AbstractServer | None = None
        self.live: list[list] = []       # per connection: [doomed, client writer, server writer]
        self.tasks: set[asyncio.Task] = set()

    @property
    def port(self) -> int:
        return self.server.sockets[0].getsockname()[1]

    def stall(self) -> None:
        self.flowing.clear()
        for conn in self.live:
            conn[0] = True

    def flow(self) -> None:
        self.flowing.set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", 0)

    async def close(self) -> None:
        self.server.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def _accept(self, reader, writer) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        conn = [False, writer, up_writer]
        self.live.append(conn)
        for src, dst in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.ensure_future(self._pipe(conn, src, dst))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _pipe(self, conn: list, src, dst) -> None:
        try:
            while data := await src.read(65536):
                await self.flowing.wait()
                if conn[0]:
                    break
                dst.write(data)
                await dst.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            for writer in (conn[1], conn[2]) if conn[0] else (dst,):
                with contextlib.suppress(ConnectionError, OSError, RuntimeError):
                    writer.close()


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
