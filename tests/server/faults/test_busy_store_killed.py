"""Many rooms act at once while the store's flushes overlap (up to 8 batches written and flushing at once,
server/room/store.py), then the server is SIGKILLed in the middle of it: after a restart every room is
exactly what its phone last saw acknowledged, or that plus the one action in flight at the kill (sent,
never answered), never anything else. With a slow disk (strace holds every flush a while, so batches pile
up flushing side by side) and with flushes that fail now and then (strace: every thread's 2nd, 5th, 8th...
fdatasync returns EIO, so failed and good flushes interleave across threads; the kill comes right after a
refusal): a refused action is never found after the restart, an acknowledged one always is."""
from __future__ import annotations

import asyncio

import aiohttp
import pytest

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
        self.refused = 0

    async def play(self, counter: list[int], enough: asyncio.Event, stop_on_refusal: bool) -> None:
        """Act until `enough` is set: once `counter` (acknowledgements of all rooms) reaches ACKS, or with
        `stop_on_refusal` at the first refusal after that (the kill then comes right after a refusal)."""
        turn = 0
        while not enough.is_set():
            turn += 1
            colour = COLOURS[turn % len(COLOURS)]
            self.in_flight = (self.acked[0] + 1, colour)
            await self.phone.act("set_colour", colour=colour)
            answer = await self.phone.until(lambda m: m["type"] == "error" or
                                            (m["type"] == "state" and m["state_id"] > self.acked[0]))
            if answer["type"] == "error":
                assert answer["code"] == "storage_failed", answer
                self.refused += 1
                if stop_on_refusal and counter[0] >= ACKS:
                    enough.set()
            else:
                self.acked = (answer["state_id"], answer["room"]["roster"][0]["colour"])
                assert self.acked == self.in_flight
                counter[0] += 1
                if counter[0] >= ACKS and not stop_on_refusal:
                    enough.set()
            self.in_flight = None


@pytest.mark.parametrize("disk", ["delay_enter=30000", "error=EIO:when=2+3"], ids=["slow", "failing"])
async def test_rooms_acting_at_once_killed_mid_flush_resume_as_acknowledged(tmp_path, server_process, disk):
    server = server_process(tmp_path, piped=True)
    server.start()
    # each room's phone on its own loopback address, as phones on a Wi-Fi (the join limit is per address)
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.4.{i + 1}", 0)))
                for i in range(ROOMS)]
    try:
        rooms = []
        for i, session in enumerate(sessions):
            code, open_socket = await server.new_room(session)
            phone = await open_socket(f"P{i}")
            await phone.hello(code)
            await phone.act("join", name=f"P{i}", colour="red")
            await phone.until_state(lambda s: s["you"]["person"] is not None)
            rooms.append(Room(code, phone))
        tracer = await attach_slow_disk(server.proc.pid, inject=disk)
        counter, enough = [0], asyncio.Event()
        failing = disk.startswith("error")
        players = [asyncio.create_task(room.play(counter, enough, failing)) for room in rooms]
        try:
            await enough.wait()
            server.kill()   # whatever is being written or flushing right now
        finally:
            stop_tracing(tracer)
            for task in players:
                task.cancel()
            results = await asyncio.gather(*players, return_exceptions=True)
        assert all(r is None or isinstance(r, (asyncio.CancelledError, AssertionError)) for r in results), results
        assert not [r for r in results if isinstance(r, AssertionError)], results
        if failing:
            assert sum(room.refused for room in rooms) > 0
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
        assert server.error_lines() == []
    finally:
        for session in sessions:
            await session.close()
