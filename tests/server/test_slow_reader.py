"""A socket that stops reading (a phone gone to sleep) must not delay anyone else, and what waits for it
stays bounded: its outbox holds the newest state only."""
from __future__ import annotations

import socket

from server.net import keys


async def test_a_socket_that_never_reads_does_not_stall_the_others(make_table, connect):
    table = await make_table(4, start=False)
    host = table.phones[0]
    sleeper = await connect("sleeper")
    await sleeper.hello(table.code)
    # From now on the sleeper's client stops reading: its kernel buffer fills, then the server's.
    transport = sleeper.ws._response.connection.transport
    sock = transport.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    transport.pause_reading()

    room = table.app[keys.ROOMS].get(table.code)
    sleeper_conn = next(c for c in room.connections if c.person is None and c.role == "phone")
    # A small server-side send buffer on that one connection, like a phone on a weak link, so the
    # test does not need megabytes to fill loopback's large buffers.
    server_sock = sleeper_conn.ws._req.transport.get_extra_info("socket")
    server_sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    limit = table.app[keys.CONFIG].outbox_limit
    biggest = 0
    # Rename the host back and forth (each is a stored action and a broadcast to every socket) until
    # the sleeper's writer is provably stuck: states start replacing each other in its outbox.
    for i in range(3000):
        await table.act(host, "rename", name=f"Host {i % 2}")
        biggest = max(biggest, len(sleeper_conn.outbox))
        if sleeper_conn.outbox.dropped >= 20:
            break
    assert sleeper_conn.outbox.dropped >= 20, "the sleeping socket never filled up"
    assert biggest <= limit + 1
    # everyone else is current (table.act waited for each of them)
    assert all(p.state_id == table.expected for p in table.sockets)
    # the room still works for everyone else
    await table.act(host, "start")
    assert table.tv.game["phase"] == "telling"
    assert len(sleeper_conn.outbox) <= limit + 1
    # the phone vanishes for good (reset): the room lets go of it and tells the others
    assert table.tv.state["room"]["spectators"] == 1
    transport.abort()
    await table.tv.until_state(lambda st: st["room"]["spectators"] == 0)
    assert sleeper_conn not in room.connections
