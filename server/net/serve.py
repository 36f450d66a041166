"""`serve(app, config, announce)`: run the application until SIGINT/SIGTERM, like `web.run_app`, with
the connection guard installed (server/net/guard.py), the header deadline, and a quiet accept log."""
from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
from collections.abc import Callable

from aiohttp import web
from aiohttp.web_runner import GracefulExit

from server.net import keys
from server.net.guard import ConnectionGuard, connection_budget, quiet_accept_errors

log = logging.getLogger(__name__)
NOT_YET = (errno.EADDRNOTAVAIL, errno.EADDRINUSE)   # the address is not up yet; the port is still held
# On a stop, how long requests still running may finish before their connections are dropped: the sockets
# were told first (server/net/ws_close.py close_sockets); together the stop stays under 2 s.
SHUTDOWN_S = 1.0


async def start(app: web.Application, host: str | None, port: int, *, shutdown_timeout: float = SHUTDOWN_S,
                handle_signals: bool = False) -> tuple[web.AppRunner, ConnectionGuard]:
    """Set up `app` on `host:port` (None: every interface) with the guard; returns the runner (call
    `cleanup()` to stop) and the guard. Raises OSError if the port cannot be bound."""
    config = app[keys.CONFIG]
    await until_listenable(host, port, config.listen_wait_s)
    quiet_accept_errors(asyncio.get_running_loop(), app[keys.THROTTLED])
    # keepalive_timeout: aiohttp closes a connection that has not sent complete request headers this
    # long after it opened (or after its last response): the slowloris deadline
    runner = web.AppRunner(app, handle_signals=handle_signals, access_log=None, shutdown_timeout=shutdown_timeout,
                           keepalive_timeout=config.header_timeout)
    await runner.setup()
    guard = ConnectionGuard(config.max_connections_per_ip, connection_budget(), app[keys.THROTTLED])
    assert runner.server is not None
    guard.install(runner.server)
    await web.TCPSite(runner, host, port).start()
    return runner, guard


async def until_listenable(host: str | None, port: int, wait_s: float) -> None:
    """Wait (up to `wait_s` seconds, trying once a second) until `host:port` (None: every interface) can
    be bound, while binding fails because the address does not exist yet or the port is still held: at
    boot a Pi's LAN address comes only once the router answers. Returns when it can, or when it gives up
    (then binding for real raises the error). Probes with a socket closed at once."""
    loop = asyncio.get_running_loop()
    deadline, told = loop.time() + wait_s, False
    while True:
        try:
            with socket.create_server((host or "", port)):
                return
        except OSError as exc:
            if exc.errno not in NOT_YET or loop.time() >= deadline:
                return
            if not told:
                log.warning("cannot listen on %s port %d yet (%s): trying again for up to %g s",
                            host or "every interface", port, exc.strerror, wait_s)
                told = True
        await asyncio.sleep(1)


def serve(app: web.Application, host: str | None, port: int, announce: Callable[[], None]) -> None:
    """Run until SIGINT/SIGTERM; `announce()` once the socket listens. Raises OSError if it cannot
    listen, and what the app's start-up raises (StorageError)."""
    async def main() -> None:
        runner, _guard = await start(app, host, port, handle_signals=True)
        try:
            announce()
            while True:
                await asyncio.sleep(3600)
        finally:
            await runner.cleanup()

    # like web.run_app: on a signal the main task is cancelled first, so its cleanup closes the sockets
    # with 1001 (close_sockets) while their handlers still run; only then is whatever is left cancelled
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    task = loop.create_task(main())
    try:
        loop.run_until_complete(task)
    except (GracefulExit, KeyboardInterrupt):
        pass
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, GracefulExit):
                loop.run_until_complete(task)
        rest = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for t in rest:
            t.cancel()
        if rest:
            loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
        asyncio.set_event_loop(None)
        loop.close()
