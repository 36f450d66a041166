"""The timer survives a restart of a real server process (SIGTERM and SIGKILL) with the time it had
left: not full again, and not less by the time the server was down (server/room/clock.py,
docs/protocol.md "Persistence"). The bounds below come from what the test itself measured (when the
server was started again, when the state came), not from guessed durations."""
from __future__ import annotations

import json
import signal
import sqlite3
import time
from pathlib import Path

from server.room import clock
from tests.helpers.bounds import EXIT_S
from tests.helpers.process import running_server
from tests.helpers.wire import Player, Table, seated_table, socket_opener

FULL_MS = 60_000
SLACK_MS = 250   # rounding to whole milliseconds and the loop's turn between loading and sending


def stored_clock(data_dir: Path, code: str) -> dict:
    """The room's stored clock, read from the database of a stopped server."""
    with sqlite3.connect(data_dir / "rooms.sqlite3") as db:
        (text,) = db.execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()
    return json.loads(text)["clock"]


async def timed_table(open_socket, code: str) -> Table:
    """A table of four with a 60 s timer, the storyteller has told: the playing clock runs."""
    table = await seated_table(open_socket, code, settings={"timer": 60})
    await table.step()
    assert table.tv.state["room"]["clock"]["phase"] == "playing"
    return table


async def resumed_clock(server, session, code: str, open_socket) -> tuple[dict, float]:
    """Start the server again and open a TV: its first state's clock, and the milliseconds from the
    start of the process to that state (an upper bound on the time counted since the room was loaded)."""
    spawned = time.monotonic()
    server.start()
    await server.ready(session)
    tv = await open_socket("tv again")
    await tv.hello(code, role="tv")
    return tv.state["room"]["clock"], (time.monotonic() - spawned) * 1000


async def close_all(table: Table) -> None:
    for p in table.sockets:
        await p.ws.close()


async def test_sigterm_stores_the_time_left_and_a_restart_counts_on_from_it(tmp_path):
    async with running_server(tmp_path) as (server, session, code):
        open_socket = socket_opener(session, server.base)
        table = await timed_table(open_socket, code)
        shown = table.tv.state["room"]["clock"]["remaining_ms"]
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(timeout=EXIT_S) == 0
        await close_all(table)
        kept = stored_clock(server.data_dir, code)
        # the commit of `tell` stored a full clock; the shutdown stored what was left after it
        assert kept["phase"] == "playing" and kept["seconds"] == 60
        assert kept["left_ms"] < FULL_MS and kept["left_ms"] <= shown

        again, since_start = await resumed_clock(server, session, code, open_socket)
        assert again["phase"] == "playing" and not again["paused"]
        assert again["remaining_ms"] <= kept["left_ms"]                                # counting on, not reset
        assert again["remaining_ms"] >= kept["left_ms"] - since_start - SLACK_MS      # downtime not counted
        log = (tmp_path / "server.log").read_text()
        assert "Traceback" not in log and " ERROR " not in log


async def test_sigkill_loses_at_most_the_time_since_the_last_stored_tick(tmp_path):
    async with running_server(tmp_path) as (server, session, code):
        open_socket = socket_opener(session, server.base)
        table = await timed_table(open_socket, code)
        tv: Player = table.tv
        state_id = tv.state_id
        # the room stores the time left every few seconds and sends the state again: wait for one
        tick = await tv.until_state(lambda s: s["state_id"] == state_id and s["room"]["clock"]["remaining_ms"]
                                    < FULL_MS - 1000 * (clock.CHECKPOINT_S - 1))
        shown = tick["room"]["clock"]["remaining_ms"]
        server.kill()
        await close_all(table)
        kept = stored_clock(server.data_dir, code)
        assert shown <= kept["left_ms"] < FULL_MS - 1000 * (clock.CHECKPOINT_S - 1)

        again, since_start = await resumed_clock(server, session, code, open_socket)
        assert again["phase"] == "playing" and again["seconds"] == 60
        assert again["remaining_ms"] <= kept["left_ms"]
        assert again["remaining_ms"] >= kept["left_ms"] - since_start - SLACK_MS
        assert " ERROR " not in (tmp_path / "server.log").read_text()


async def test_a_paused_clock_stays_as_it_was_across_a_sigkill(tmp_path):
    async with running_server(tmp_path) as (server, session, code):
        open_socket = socket_opener(session, server.base)
        table = await timed_table(open_socket, code)
        await table.act(table.phones[0], "pause")
        paused = table.tv.state["room"]["clock"]
        assert paused["paused"]
        server.kill()
        await close_all(table)
        again, _ = await resumed_clock(server, session, code, open_socket)
        assert again == paused
