"""Helpers for the fault tests: sockets that keep reading in the background (so they answer the server's
heartbeat pings like a live page does), a TCP relay that can go silent (a phone asleep: no FIN, no close
frame, nothing), and a real server process (tests/helpers/process.py)."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.helpers.process import PipedServerProcess, ServerProcess, free_port
from tests.helpers.wire import ASSOCIATION, LivePlayer


class Relay:
    """A TCP relay on 127.0.0.1 to `port`. `pause()` stops carrying bytes both ways and closes nothing:
    to both ends the connection is silently dead, like a phone whose Wi-Fi slept. `cut()` drops every
    connection it carried (the phone's OS gave up on them); `resume()` carries bytes again."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.open = asyncio.Event()
        self.open.set()
        self.writers: list[asyncio.StreamWriter] = []
        self.tasks: list[asyncio.Task] = []
        self.server: asyncio.AbstractServer | None = None
        self.port = 0

    async def start(self) -> Relay:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def _accept(self, reader, writer) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self.writers += [writer, up_writer]
        self.tasks += [asyncio.create_task(self._pipe(reader, up_writer)),
                       asyncio.create_task(self._pipe(up_reader, writer))]

    async def _pipe(self, reader, writer) -> None:
        try:
            while data := await reader.read(65536):
                await self.open.wait()
                writer.write(data)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    def pause(self) -> None:
        self.open.clear()

    def resume(self) -> None:
        self.open.set()

    def cut(self) -> None:
        for task in self.tasks:
            task.cancel()
        for writer in self.writers:
            writer.transport.abort()
        self.tasks, self.writers = [], []

    async def close(self) -> None:
        self.cut()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()


@pytest.fixture
async def relay_to():
    """`await relay_to(port)` -> a Relay in front of a server on 127.0.0.1:`port` (closed at the end)."""
    relays: list[Relay] = []

    async def make(port: int) -> Relay:
        relay = await Relay(port).start()
        relays.append(relay)
        return relay
    yield make
    for relay in relays:
        await relay.close()


@pytest.fixture
def live():
    """`await live(session_or_client, url, name)` -> a LivePlayer on a new socket."""
    async def open_(session, url: str, name: str = "?") -> LivePlayer:
        return LivePlayer(await session.ws_connect(url, autoping=True), name)
    return open_


async def advance_without(table, asleep: set[str], until) -> int:
    """Play on with the awake phones; when the game waits only on sleeping seats, the host skips.
    Returns how many skips it took. Bounded."""
    host = table.phones[0]
    skips = 0
    for _ in range(200):
        game = table.tv.game
        if until(game):
            return skips
        for p in table.phones:
            if p.welcome["seat"] in asleep:
                continue
            me, g = p.me, p.game
            if "tell" in me["can"]:
                await table.act(p, "tell", card=me["hand"][0], association=ASSOCIATION)
            elif "play_card" in me["can"]:
                await table.act(p, "play_card", card=me["hand"][0])
            elif "vote" in me["can"]:
                number = next(t["number"] for t in g["table"] if t["card"] not in me["played"])
                await table.act(p, "vote", card=number)
            elif "next_round" in me["can"]:
                await table.act(p, "next_round")
            else:
                continue
            break
        else:   # everyone awake is done: the game waits on the sleeper
            assert set(game["waiting_for"]) <= asleep or (game["phase"] == "telling" and game["storyteller"] in asleep)
            await table.act(host, "skip")
            skips += 1
    raise AssertionError("the game did not get there")


@pytest.fixture(name="advance_without")
def advance_without_fixture():
    """`await advance_without(table, asleep_seats, until)`: see `advance_without`."""
    return advance_without


@pytest.fixture
def server_process():
    """`server_process(tmp_path, piped=False)` -> a ServerProcess (not started) on a free port with its
    data folder and log under `tmp_path`; stopped at the end of the test if still running."""
    made = []

    def make(tmp_path: Path, piped: bool = False):
        cls = PipedServerProcess if piped else ServerProcess
        server = cls(free_port(), tmp_path / "data", tmp_path / "server.log")
        made.append(server)
        return server
    make.free_port = free_port
    yield make
    for server in made:
        server.stop()
