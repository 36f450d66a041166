"""A seated phone that stops reading mid-game (its own hand in every state, so each of its frames is its
own) while it keeps *sending*: refused taps pile errors up for it too. Nobody else waits for it, and what
waits for it stays bounded: one state (the newest) and at most `outbox_limit` other frames. (The lobby
spectator case is in tests/server/test_slow_reader.py; the same trick makes the buffers small.)"""
from __future__ import annotations

import socket

from server.net import keys


async def test_a_seated_phone_that_stops_reading_but_keeps_tapping_delays_nobody(make_table):
    table = await make_table(5)
    room = table.app[keys.ROOMS].get(table.code)
    slow = table.phones[4]
    seat = slow.welcome["seat"]
    table.phones.remove(slow)
    transport = slow.ws._response.connection.transport
    transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    transport.pause_reading()
    conn = next(c for c in room.connections if c.person == seat)
    conn.ws._req.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    limit = table.app[keys.CONFIG].outbox_limit
    host = table.phones[0]
    biggest = 0
    stale = slow.state_id
    for i in range(400):
        # the slow phone taps on its old picture (every one refused: stale), filling its error queue
        for _ in range(60):
            await slow.send({"type": "next_round", "state_id": stale})
        await table.act(host, "pause" if i % 2 == 0 else "resume")
        biggest = max(biggest, len(conn.outbox))
        if conn.outbox.dropped >= 50 and i % 2 == 1:
            break
    assert conn.outbox.dropped >= 50, "the slow phone's queue never filled"
    assert biggest <= limit + 1
    assert sum(1 for is_state, _ in conn.outbox._items if is_state) <= 1
    # everyone else had every state at once (table.act read each of them)
    assert all(p.state_id == table.expected for p in table.sockets)
    # the game goes on around the slow phone: the host skips it where the game waits on it
    for _ in range(40):
        game = table.tv.game
        if game["round"] == 2:
            break
        if seat in game["waiting_for"] and not any(
                set(p.me["can"]) & {"tell", "play_card", "vote"} for p in table.phones):
            await table.act(host, "skip")
        else:
            await table.step()
    assert table.tv.game["round"] == 2
    assert len(conn.outbox) <= limit + 1
    # the phone wakes and reads: it gets the newest state (older ones were replaced), not a backlog
    transport.resume_reading()
    await slow.sync(table.expected)
    assert slow.state_id == table.expected and slow.me["hand"]
