"""A page that goes during its WebSocket handshake (a tab or the browser closed while the page reconnected,
as when a test's browser closes at its end) is no error of the server's: it logs no ERROR (tests/conftest.py
fails a test on one; aiohttp logged "Error handling request" with a traceback for each), and serves the next
page as before. Real sockets on a real app: each handshake is sent whole, then the connection is reset."""
from __future__ import annotations

import asyncio
import base64
import logging
import os
import socket
import struct

from tests.helpers.bounds import EVENT_S
from tests.server.conftest import open_player

HANDSHAKES = 20


class Gone(logging.Handler):
    """Sets `seen` once the server says a handshake's page was gone (server/net/ws.py, at DEBUG)."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.seen = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if "gone before its handshake was answered" in record.getMessage():
            self.seen.set()


def reset_after_handshake(host: str, port: int) -> None:
    """Send a whole WebSocket upgrade request, then reset the connection (SO_LINGER 0: a RST, no FIN)."""
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection((host, port)) as s:
        s.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


async def test_a_page_gone_during_its_handshake_is_no_error(make_client):
    client = await make_client()
    logger = logging.getLogger("server.net.ws")
    gone, level = Gone(), logger.level
    logger.addHandler(gone)
    logger.setLevel(logging.DEBUG)
    try:
        for _ in range(HANDSHAKES):   # most are reset before the server answers them
            reset_after_handshake(client.server.host, client.server.port)
        await asyncio.wait_for(gone.seen.wait(), EVENT_S)
    finally:
        logger.removeHandler(gone)
        logger.setLevel(level)
    code = (await (await client.post("/api/rooms")).json())["code"]
    page = await open_player(client, "next page")
    assert (await page.hello(code, role="tv"))["type"] == "welcome"
