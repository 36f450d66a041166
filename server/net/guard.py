"""Connection-level limits: open TCP connections per client IP and in total, and a quiet log when the
process runs out of file descriptors anyway (docs/protocol.md "Limits").

Why: under the usual 1,024 open-files limit, 1,100 idle TCP connections from one machine used to lock
every phone out, and asyncio's accept loop wrote an ERROR traceback per retry. Now a connection beyond
`per_ip` from one address, or beyond `total` from all, is closed as soon as it is accepted (its file
descriptor is freed at once), and idle ones are closed by the header deadline (`keepalive_timeout`).

The guard wraps the public `connection_made`/`connection_lost` hooks of aiohttp's `web.Server` (the
runner's protocol factory), so it applies to the real server and to test servers alike.
"""
from __future__ import annotations

import asyncio
import errno
import logging
import resource
from collections import Counter
from typing import Any

from aiohttp import web

from server.net.ratelimit import client_key
from server.net.throttle import ThrottledLog

log = logging.getLogger(__name__)
RESERVED_FDS = 128   # kept free for the database, card files, mDNS, logs
RESERVE_SHARE = 4    # the last quarter of the total is kept for addresses with few connections
FEW = 8              # "few": a phone's browser opens up to 6 connections and its WebSocket


def connection_budget(reserved: int = RESERVED_FDS) -> int:
    """How many TCP connections the process can hold: the soft RLIMIT_NOFILE minus `reserved`
    (at least 32)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    return max(32, soft - reserved)


class ConnectionGuard:
    """Counts open connections by client (`client_key`: an IPv4 address or an IPv6 /64); `install(server)`
    makes `server` close any connection over `per_ip` from one client or `total` from all, and, once
    connections fill all but the last `total // RESERVE_SHARE`, any from a client that already holds
    `FEW` or more: so a handful of flooding addresses can never take the room a new phone, or a seated
    phone coming back, needs. `refused` counts the closed ones."""

    def __init__(self, per_ip: int, total: int, throttled: ThrottledLog) -> None:
        self.per_ip = per_ip
        self.total = total
        self.throttled = throttled
        self.open: Counter[str] = Counter()
        self._peers: dict[Any, str] = {}
        self.refused = 0

    def install(self, server: web.Server) -> None:
        """Wrap `server.connection_made` / `connection_lost` (aiohttp calls them for every connection)."""
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler: Any, transport: asyncio.Transport) -> None:
            made(handler, transport)
            peer = transport.get_extra_info("peername")
            ip = client_key(peer[0]) if isinstance(peer, tuple) and peer else "?"
            self._peers[handler] = ip
            self.open[ip] += 1
            if self.open[ip] > self.per_ip or len(self._peers) > self.total or (
                    len(self._peers) > self.total - self.total // RESERVE_SHARE and self.open[ip] > FEW):
                self.refused += 1
                self.throttled.warning(
                    "connections", "connection from %s closed: %d open from that address (limit %d), "
                    "%d in all (limit %d)", ip, self.open[ip], self.per_ip, len(self._peers), self.total)
                # on the next turn of the loop: aiohttp starts the connection's task after this hook, and
                # that task must see the connection open before connection_lost (which frees the count)
                asyncio.get_running_loop().call_soon(transport.abort)

        def connection_lost(handler: Any, exc: BaseException | None = None) -> None:
            ip = self._peers.pop(handler, None)
            if ip is not None:
                self.open[ip] -= 1
                if self.open[ip] <= 0:
                    del self.open[ip]
            lost(handler, exc)

        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]


_OUT_OF_RESOURCES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def quiet_accept_errors(loop: asyncio.AbstractEventLoop, throttled: ThrottledLog) -> None:
    """Make `loop` log "socket.accept() out of system resource" (no file descriptors left; asyncio
    retries every second) as one WARNING per interval with a count, instead of an ERROR traceback per
    retry. Every other report goes to the handler that was there before."""
    previous = loop.get_exception_handler()

    def handler(loop: asyncio.AbstractEventLoop, context: dict) -> None:
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in _OUT_OF_RESOURCES:
            throttled.warning("accept", "cannot accept connections: %s (asyncio retries; each open "
                              "connection holds a file descriptor)", exc.strerror or exc)
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)
