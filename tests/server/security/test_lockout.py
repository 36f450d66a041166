"""A few flooding addresses cannot lock the family out: the last quarter of the connection cap is kept
for addresses that hold few connections (a new phone, a seated phone coming back), and an IPv6 device
counts once for its whole /64 (it holds many privacy addresses). A real server process under a small
open-files limit, flooded from eight other loopback addresses."""
from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from server.net.ratelimit import client_key
from tests.helpers.bounds import EVENT_S
from tests.helpers.process import server_with_open_files
from tests.server.security.test_exhaustion import open_idle

LIMIT = 256     # open files: the guard's total cap is then 256 - 128 reserved = 128 connections
FLOODERS = [f"127.0.0.{i}" for i in range(2, 10)]
EACH = 16       # 8 × 16 = 128: enough, before, to fill the whole cap


@pytest.mark.parametrize(("ip", "key"), [
    ("192.0.2.7", "192.0.2.7"), ("::ffff:192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:aaaa:bbbb:cccc:1", "2001:db8:1:2::/64"), ("2001:db8:1:2::99", "2001:db8:1:2::/64"),
    ("fe80::1%eth0", "fe80::/64"), ("garbage", "garbage")])
def test_ipv6_clients_count_by_their_64(ip, key):
    assert client_key(ip) == key


async def test_eight_flooding_addresses_leave_room_for_a_new_phone(tmp_path):
    server = server_with_open_files(tmp_path, LIMIT)
    held: list[asyncio.StreamWriter] = []
    try:
        async with aiohttp.ClientSession() as session:
            await server.ready(session)
            async with session.post(f"{server.base}/api/rooms") as resp:
                code = (await resp.json())["code"]
            for ip in FLOODERS:
                held += await open_idle(server.port, ip, EACH)
            phone = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.0.50", 0)))
            async with phone:
                timeout = aiohttp.ClientTimeout(total=EVENT_S)
                async with phone.get(f"{server.base}/join/{code}", timeout=timeout) as resp:
                    assert resp.status == 200
                ws = await phone.ws_connect(f"{server.base}/ws")
                await ws.send_str(json.dumps({"type": "hello", "room": code, "role": "phone", "token": None}))
                msg = json.loads((await ws.receive(timeout=EVENT_S)).data)
                assert msg["type"] == "welcome", msg
                await ws.close()
    finally:
        for w in held:
            w.close()
        server.stop()
    log = server.log.read_text(errors="replace")
    assert " ERROR " not in log and "Traceback" not in log, log[-3000:]
    assert "closed:" in log and "limit 128" in log   # the flood was refused, and said so
