"""A TCP proxy between a browser and the test's server that can stall like a Wi-Fi dead zone (tests/e2e)."""
from __future__ import annotations

import asyncio
import contextlib


class StallingProxy:
    """127.0.0.1:<port> → the server. `stall()`: bytes are held both ways and nothing is closed (the device
    cannot tell); `stall(ws_only=True)` holds only WebSocket connections (their first bytes are `GET /ws`), so
    the page still fetches what it needs over HTTP (a slow second for the socket alone). `drop()` cuts the
    stalled connections at once. `flow()`: the connections that lived through the stall lose their held bytes
    (the server had long given up on them) and are cut, or with `cut=False` stay open and silent for good (a
    half-open socket: the server's close was lost too); the ones opened meanwhile go through."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.server: asyncio.AbstractServer | None = None
        self.live: list[list] = []       # per connection: [doomed, client writer, server writer, is a WebSocket]
        self.ws_only = False
        self.cut = True
        self.tasks: set[asyncio.Task] = set()

    @property
    def port(self) -> int:
        return self.server.sockets[0].getsockname()[1]

    def stall(self, ws_only: bool = False) -> None:
        self.ws_only = ws_only
        self.flowing.clear()
        for conn in self.live:
            if conn[3] or not ws_only:
                conn[0] = True

    def drop(self) -> None:
        """While stalled: cut the connections that lived through the stall now (the device sees its socket
        close, as when it leaves the Wi-Fi); the ones it opens next are held until `flow()`, so it stays
        reconnecting for as long as the test needs."""
        for conn in self.live:
            if conn[0]:
                for writer in conn[1:3]:
                    with contextlib.suppress(ConnectionError, OSError, RuntimeError):
                        writer.close()

    def flow(self, cut: bool = True) -> None:
        self.cut = cut
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
        conn = [False, writer, up_writer, None]
        self.live.append(conn)
        for src, dst in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.ensure_future(self._pipe(conn, src, dst))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _pipe(self, conn: list, src, dst) -> None:
        try:
            while data := await src.read(65536):
                if conn[3] is None:                      # the client speaks first: its request line
                    conn[3] = data.startswith(b"GET /ws")
                if conn[3] or not self.ws_only:
                    await self.flowing.wait()
                if conn[0]:
                    if self.cut:
                        break
                    continue          # half-open: swallowed, nothing closed
                dst.write(data)
                await dst.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            # a cut connection closes both ends; a half-open one only the server's, the device never hears
            for writer in ((conn[1], conn[2]) if self.cut else (conn[2],)) if conn[0] else (dst,):
                with contextlib.suppress(ConnectionError, OSError, RuntimeError):
                    writer.close()
