"""What a client gets wrong is answered with a 4xx and logged as at most one WARNING per kind of mistake
every 10 s, never an ERROR or a traceback: a misbehaving device on the Wi-Fi must not fill the Pi's log
(aiohttp's own report of a malformed request is a 700-byte traceback) nor hide the server's real errors.
Against a real server process, with raw sockets for what no HTTP client library would send."""
from __future__ import annotations

import asyncio

from tests.helpers.process import running_server
from tests.helpers.wire import socket_opener

BAD_REQUESTS = [
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
    b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
]


async def raw_status(port: int, payload: bytes) -> int:
    """Send `payload` on a new TCP connection; the status code of the answer's first line."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(payload)
    await writer.drain()
    line = await asyncio.wait_for(reader.readline(), 10)
    writer.close()
    return int(line.split()[1])


async def test_malformed_requests_get_4xx_and_one_quiet_warning_each(tmp_path):
    async with running_server(tmp_path) as running:
        await check_mistakes(*running)


async def check_mistakes(server, session, code):
    for _ in range(20):
        for payload in BAD_REQUESTS:
            assert 400 <= await raw_status(server.port, payload) < 500, payload
    async with session.get(f"{server.base}/static/{'a' * 5000}.js") as resp:
        assert resp.status == 404    # a name longer than the file system allows
    connect = socket_opener(session, server.base)
    host = await connect("host")
    await host.hello(code)
    await host.act("join", name="Host", colour="red")
    await host.until(lambda m: m["type"] == "welcome" and m["seat"])
    nested = "[" * 200_000 + "]" * 200_000
    headers = {"X-Room": code, "X-Token": host.token, "Content-Type": "application/json"}
    for _ in range(5):
        async with session.put(f"{server.base}/api/decks/builtin/excluded", data=nested, headers=headers) as resp:
            assert resp.status == 400 and (await resp.json())["error"] == "malformed"
    for _ in range(50):   # malformed WebSocket frames: one warning, not fifty
        await host.ws.send_str("{not json")
        assert (await host.until(lambda m: m["type"] == "error"))["code"] == "malformed"
    async with session.get(f"{server.base}/healthz") as resp:
        assert resp.status == 200

    log = server.log.read_text(errors="replace")
    assert server.error_lines() == [], log[-3000:]
    bad_http = [line for line in log.splitlines() if "malformed HTTP request" in line]
    frames = [line for line in log.splitlines() if "malformed frame" in line]
    assert len(bad_http) == 1 and len(frames) == 1, log[-3000:]
