"""Coming back after the server process was killed: each room's devices on their own loopback address
(`device_session`, as phones on a Wi-Fi each have theirs, so per-address limits apply per room) and new sockets
for every device of a room (`reopen`: the TV by the room's code, each phone by its seat token), as the pages
do by themselves. Used by tests/server/faults/test_kill_every_phase.py and scripts/redteam.py."""
from __future__ import annotations

import aiohttp

from tests.helpers.wire import Connect, Table


def device_session(index: int) -> aiohttp.ClientSession:
    """An HTTP session whose sockets come from loopback address 127.0.1.`index + 1` (`index` 0-253): each
    room's devices have their own address, as phones on a Wi-Fi do (the join rate limit is per address)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.1.{index + 1}", 0), limit=0))


async def reopen(connect: Connect, table: Table) -> Table:
    """A new Table of `table`'s room on new sockets (`await connect(name)`) of a restarted server: the TV
    says hello by code, every phone by its token; the new table expects the TV's first state. Raises
    AssertionError if a phone does not get its own seat and token back."""
    tv = await connect(table.tv.name)
    await tv.hello(table.code, role="tv")
    phones = []
    for p in table.phones:
        again = await connect(p.name)
        welcome = await again.hello(table.code, token=p.token)
        assert welcome.get("seat") == p.welcome["seat"] and welcome.get("token") == p.token, (p.name, welcome)
        phones.append(again)
    return Table(table.code, tv, phones, tv.state_id)
