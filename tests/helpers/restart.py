"""Coming back after the server process was killed: each room's devices on their own loopback address
(`device_session`, as phones on a Wi-Fi each have theirs, so per-address limits apply per room; `session_from`
a given one) and new sockets for every device of a room (`reopen`: the TV by the room's code, each phone by its
seat token), as the pages do by themselves. Used by tests/server/faults/test_kill_every_phase.py,
tests/server/security/test_attacks.py, the browser tests that seat many phones, scripts/redteam.py and
scripts/attack_network.py."""
from __future__ import annotations

import aiohttp

from tests.helpers.wire import Connect, Table


def session_from(address: str) -> aiohttp.ClientSession:
    """An HTTP session whose sockets come from loopback address `address` ("127.0.0.2"), with no limit on
    its connections: a device of its own to the server's per-address limits."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0), limit=0))


def device_session(index: int, block: int = 0) -> aiohttp.ClientSession:
    """`session_from` the `index`-th loopback address of `block` (0-255; `index` 0-63 749):
    127.`block`.`1 + index // 250`.`index % 250 + 1`, so 127.0.1.1 for the first of block 0. Each room's
    devices have their own address, as phones on a Wi-Fi do (the join rate limit is per address); a caller
    with several parts gives each its own `block` (scripts/redteam.py). Raises ValueError past the block."""
    if not (0 <= block <= 255 and 0 <= index < 255 * 250):
        raise ValueError(f"no loopback address {index} in block {block}")
    return session_from(f"127.{block}.{1 + index // 250}.{index % 250 + 1}")


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
