"""Stopping the server (SIGTERM, or Ctrl-C's SIGINT) closes every socket at once with GOING_AWAY (1001) and
the reason "server restarting", even with a phone asleep (a socket that reads nothing) and a request half
sent; the process exits (it took 10 s: 5 s waiting on closes, 5 more on the runner) and the port can be bound
again right after. The TV and a phone say "The server is restarting…" (both languages) and come back by
themselves once it runs again. A real server process and real sockets; the only time bound is EXIT_S."""
import asyncio
import signal
import socket

import aiohttp
import pytest
from playwright.async_api import expect

from tests.e2e.conftest import ServerProcess
from tests.helpers.bounds import EXIT_S
from tests.helpers.wire import LivePlayer, Player, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

RESTARTING = {"en-US": "The server is restarting…", "ru-RU": "Сервер перезапускается…"}


def bindable(port: int) -> bool:
    """Whether a new server could listen on `port` now (as asyncio's create_server binds: SO_REUSEADDR)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            s.listen()
        except OSError:
            return False
        return True


async def stop(srv: ServerProcess, sig: signal.Signals) -> int:
    """Send `sig`; the exit status (the process must end within EXIT_S)."""
    srv.proc.send_signal(sig)
    code = await asyncio.to_thread(srv.proc.wait, EXIT_S)
    srv.proc = None
    return code


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_stop_closes_every_socket_with_server_restarting_and_frees_the_port(tmp_path, card_cache, sig):
    srv = ServerProcess(tmp_path, card_cache)
    srv.start()
    try:
        async with aiohttp.ClientSession() as session:
            code = (await (await session.post(f"{srv.url}/api/rooms")).json())["code"]
            table = await seated_table(socket_opener(session, srv.url, LivePlayer), code)
            asleep = Player(await session.ws_connect(f"{srv.url}/ws"), "asleep")
            await asleep.hello(code)          # and then it reads nothing more
            _r, half = await asyncio.open_connection("127.0.0.1", srv.port)
            half.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")   # the rest never comes
            await half.drain()
            assert await stop(srv, sig) == 0
            assert bindable(srv.port)
            for p in table.sockets:
                await asyncio.wait_for(p.pump, EXIT_S)
                assert p.ws.close_code == 1001, (p.name, p.ws.close_code)
            for p in table.sockets:   # the pump's last frame is the close, with its reason
                frames = [p.inbox.get_nowait() for _ in range(p.inbox.qsize())]
                assert frames[-1].type == aiohttp.WSMsgType.CLOSE, (p.name, frames[-1])
                assert frames[-1].extra == "server restarting", (p.name, frames[-1])
            half.close()
    finally:
        srv.kill()
    errors = srv.error_lines()
    assert not errors, errors


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
async def test_the_pages_say_the_server_is_restarting_and_come_back(ui, server_process, locale):
    text = RESTARTING[locale]
    tv, code = await ui.tv(locale)
    phone = await ui.phone(code, "Anna", "red", locale,
                           viewport={"width": 360, "height": 640})
    await expect(tv.get_by_test_id("roster-item")).to_have_count(1)
    assert await stop(server_process, signal.SIGTERM) == 0
    badge = tv.get_by_test_id("conn")
    await expect(badge).to_have_attribute("data-status", "restarting")
    await expect(badge).to_have_text(text)
    await expect(phone.get_by_test_id("reconnecting")).to_be_visible()
    await expect(phone.get_by_test_id("reconnecting")).to_contain_text(text)
    await ui.shot(tv, f"tv-1080-{locale[:2]}")
    await ui.shot(phone, f"phone-360-{locale[:2]}")
    server_process.start()
    await expect(badge).to_have_attribute("data-status", "online")
    await expect(phone.get_by_test_id("reconnecting")).to_be_hidden()
    await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
