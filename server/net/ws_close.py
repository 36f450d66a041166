"""How the game sockets are closed: one that broke a rule (1008, `close_policy`), and all of them when the
server stops (1001, `close_sockets`), never waiting long for a peer that does not read."""
from __future__ import annotations

import asyncio
import contextlib

from aiohttp import WSCloseCode, web

from server.net import keys

CLOSE_WAIT_S = 2.0                  # a peer that does not read its close frame is cut off after this
RESTARTING = b"server restarting"   # the close reason the pages show ("The server is restarting…")
SHUTDOWN_CLOSE_S = 0.5              # every socket's close frame, all at once; then the rest are cut off


async def close_policy(ws: web.WebSocketResponse, reason: bytes) -> None:
    """Close `ws` with 1008 (policy violation); a peer that does not read is cut off after CLOSE_WAIT_S."""
    with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):   # aiohttp closed the transport itself
        await asyncio.wait_for(ws.close(code=WSCloseCode.POLICY_VIOLATION, message=reason[:120]), CLOSE_WAIT_S)


async def close_sockets(app: web.Application) -> None:
    """on_shutdown: close every socket at once with GOING_AWAY (1001) and the reason `RESTARTING`, so the
    pages say the server is restarting and reconnect to the next one. A peer that does not take its close
    frame within SHUTDOWN_CLOSE_S (a phone asleep with a full socket buffer) is left to the runner, which
    drops its connection after serve.SHUTDOWN_S: the stop takes well under 2 s (it took 10: 5 s here and
    5 more for the runner), and a server run again at once finds the port free."""
    sockets: list[web.WebSocketResponse] = [*app[keys.SOCKETS]]
    if not sockets:
        return
    closes = [asyncio.ensure_future(ws.close(code=WSCloseCode.GOING_AWAY, message=RESTARTING)) for ws in sockets]
    _done, pending = await asyncio.wait(closes, timeout=SHUTDOWN_CLOSE_S)
    for task in pending:   # the runner's shutdown then cancels their handlers (serve.SHUTDOWN_S), dropping them
        task.cancel()
