"""File-descriptor exhaustion. A real server process under the systemd default of 1,024
open files; from other loopback addresses, 1,100 TCP connections that send nothing, slowloris
connections that never finish their headers, and WebSockets that never say hello. A new phone must
still get in, /healthz must answer, the idle ones must be closed by the deadlines, and the log must
stay small and free of ERROR lines."""
from __future__ import annotations

import asyncio
import contextlib
import json

import aiohttp

from tests.helpers.bounds import EVENT_S
from tests.helpers.process import server_with_open_files

LIMIT = 1024
IDLE = 1100
SLOWLORIS = 40
MUTE_SOCKETS = 10
DEADLINE_BOUND_S = 40   # the deadlines are 10 s; before the fix these connections lived 75 s and more


async def open_idle(port: int, source: str, n: int) -> list[asyncio.StreamWriter]:
    """`n` TCP connections from `source` that send nothing (those the server refuses come back closed)."""
    async def one():
        with contextlib.suppress(OSError, asyncio.TimeoutError):
            _reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), 5)
            return writer
        return None
    out = []
    for start in range(0, n, 100):
        out += [w for w in await asyncio.gather(*(one() for _ in range(min(100, n - start)))) if w]
    return out


async def until_closed(reader: asyncio.StreamReader) -> None:
    """Read until the server closes the connection (EOF or reset), bounded by DEADLINE_BOUND_S."""
    async def drain():
        with contextlib.suppress(ConnectionError):
            while await reader.read(4096):
                pass
    await asyncio.wait_for(drain(), DEADLINE_BOUND_S)


async def test_idle_connections_slowloris_and_mute_sockets_lock_nobody_out(tmp_path):
    server = server_with_open_files(tmp_path, LIMIT)
    port = server.port
    held: list[asyncio.StreamWriter] = []
    try:
        async with aiohttp.ClientSession() as session:
            await server.ready(session)
            async with session.post(f"{server.base}/api/rooms") as resp:
                code = (await resp.json())["code"]
            # slowloris: headers started, never finished
            slow = []
            for _ in range(SLOWLORIS):
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.3", 0))
                writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                slow.append((reader, writer))
            held += [w for _, w in slow]
            # WebSockets that never say hello
            mute_session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.0.4", 0), limit=0))
            mute = [await mute_session.ws_connect(f"{server.base}/ws") for _ in range(MUTE_SOCKETS)]
            # the reported attack: 1,100 plain connections that send nothing
            held += await open_idle(port, "127.0.0.2", IDLE)
            # a new phone still gets in: the page, /healthz and its socket
            timeout = aiohttp.ClientTimeout(total=EVENT_S)
            async with session.get(f"{server.base}/healthz", timeout=timeout) as resp:
                assert resp.status == 200
            async with session.get(f"{server.base}/join/{code}", timeout=timeout) as resp:
                assert resp.status == 200
            ws = await session.ws_connect(f"{server.base}/ws")
            await ws.send_str(json.dumps({"type": "hello", "room": code, "role": "phone", "token": None}))
            msg = json.loads((await ws.receive(timeout=EVENT_S)).data)
            assert msg["type"] == "welcome", msg
            await ws.close()
            # the deadlines close what never finished its headers and what never said hello
            await asyncio.gather(*(until_closed(r) for r, _ in slow))
            for m in mute:
                frame = await m.receive(timeout=DEADLINE_BOUND_S)
                assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), frame
                assert m.close_code == aiohttp.WSCloseCode.POLICY_VIOLATION
            await mute_session.close()
    finally:
        for w in held:
            w.close()
        server.stop()
    log = server.log.read_text(errors="replace")
    assert " ERROR " not in log and "Traceback" not in log, log[-3000:]
    assert len(log) < 64 * 1024, f"the log grew to {len(log)} bytes"
    assert "connection from 127.0.0.2 closed" in log   # the refusals were logged, once per interval
