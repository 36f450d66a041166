"""Many rooms act at once, sharing the store's group commit (every room that acted while a batch flushed
goes in the next one, server/room/store.py), then the server stops in the middle of it: after a restart
every room is exactly what its phone last saw acknowledged, or that plus the one action in flight at the
stop (sent, never answered), never anything else. With a slow disk (strace holds every flush a while, so
the batches fill up) the server is SIGKILLed; with a failing one (strace: the writer's second fdatasync
returns EIO) the server stops itself at the first failed flush, telling nobody anything (no
`storage_failed`: after a failed flush Linux cannot say what reached the disk)."""
from __future__ import annotations

import asyncio

import aiohttp
import pytest

from tests.helpers.bounds import EXIT_S
from tests.server.faults.test_slow_disk import attach_slow_disk, stop_tracing

ROOMS = 12
ACKS = 150   # acknowledged actions, all rooms together, before the kill
COLOURS = ["red", "blue", "green", "teal", "purple", "pink", "brown", "orange"]


class Room:
    """One room with one seated phone that changes its colour again as soon as it has an answer."""

    def __init__(self, code: str, phone) -> None:
        self.code, self.phone = code, phone
        self.acked = (phone.state_id, phone.state["room"]["roster"][0]["colour"])   # (state_id, colour)
        self.in_flight: tuple[int, str] | None = None   # sent, not yet answered

    async def play(self, counter: list[int], enough: asyncio.Event) -> None:
        """Act until `enough` is set (once `counter`, the acknowledgements of all rooms, reaches ACKS) or
        the server closes the socket (it stopped)."""
        turn = 0
        while not enough.is_set():
            turn += 1
            colour = COLOURS[turn % len(COLOURS)]
            self.in_flight = (self.acked[0] + 1, colour)
            try:
                await self.phone.act("set_colour", colour=colour)
                answer = await self.phone.until(lambda m: m["type"] == "error" or
                                                (m["type"] == "state" and m["state_id"] > self.acked[0]))
            except (AssertionError, ConnectionError):
                if self.phone.ws.closed:   # the server stopped: this action was never answered
                    return
                raise
            assert answer["type"] == "state", answer   # never refused: stored, or nobody told anything
            self.acked = (answer["state_id"], answer["room"]["roster"][0]["colour"])
            assert self.acked == self.in_flight
            counter[0] += 1
            if counter[0] >= ACKS:
                enough.set()
            self.in_flight = None


async def seated_rooms(server, sessions: list[aiohttp.ClientSession]) -> list[Room]:
    """One new room per session, each with one seated phone."""
    rooms = []
    for i, session in enumerate(sessions):
        code, open_socket = await server.new_room(session)
        phone = await open_socket(f"P{i}")
        await phone.hello(code)
        await phone.act("join", name=f"P{i}", colour="red")
        await phone.until_state(lambda s: s["you"]["person"] is not None)
        rooms.append(Room(code, phone))
    return rooms


async def stop_players(tracer, players: list[asyncio.Task]) -> list:
    """strace lets go, the rooms' players stop; what each player ended with (None, or its exception)."""
    stop_tracing(tracer)
    for task in players:
        task.cancel()
    return await asyncio.gather(*players, return_exceptions=True)


@pytest.mark.parametrize("disk", ["delay_enter=30000", "error=EIO:when=2+3"], ids=["slow", "failing"])
async def test_rooms_acting_at_once_killed_mid_flush_resume_as_acknowledged(tmp_path, server_process, disk):
    server = server_process(tmp_path, piped=True)
    server.start()
    # each room's phone on its own loopback address, as phones on a Wi-Fi (the join limit is per address)
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.4.{i + 1}", 0)))
                for i in range(ROOMS)]
    try:
        rooms = await seated_rooms(server, sessions)
        tracer = await attach_slow_disk(server.proc.pid, inject=disk)
        counter, enough = [0], asyncio.Event()
        failing = disk.startswith("error")
        players = [asyncio.create_task(room.play(counter, enough)) for room in rooms]
        try:
            if failing:   # the first failed flush stops the server by itself
                assert await asyncio.to_thread(server.proc.wait, EXIT_S) == 2
            else:
                await enough.wait()
                server.kill()   # whatever is being written or flushing right now
        finally:
            results = await stop_players(tracer, players)
        assert all(r is None or isinstance(r, asyncio.CancelledError) for r in results), results
        for room in rooms:
            await room.phone.ws.close()

        server.start()
        _, open_socket = await server.new_room(sessions[0])
        for room in rooms:
            tv = await open_socket("tv")
            await tv.hello(room.code, role="tv")
            resumed = (tv.state_id, tv.state["room"]["roster"][0]["colour"])
            assert resumed in (room.acked, room.in_flight), (room.code, resumed, room.acked, room.in_flight)
            await tv.close()
        stopped = [line for line in server.error_lines() if "the disk failed to keep what was written" in line]
        assert server.error_lines() == stopped and len(stopped) == failing   # the stop's one CRITICAL line
    finally:
        for session in sessions:
            await session.close()
