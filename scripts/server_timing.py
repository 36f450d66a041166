#!/usr/bin/env python3
"""Run the game server (`python -m server` arguments) and write how long each accepted action took
inside it: from its frame being parsed to the last of its room's state frames being handed to the
sockets' transports, as "room state_id ms" lines (the state_id the action made), to OUT when the server
stops: `scripts/bench.py --server-timing` keeps only the actions it timed itself. `scripts/bench.py
--server-timing` uses it to tell the server's share of a latency from the benchmark client's and the
kernel's. Measurement only: the server's own code is unchanged; this wraps three of its functions.

Usage: scripts/server_timing.py OUT [server arguments ...]

What is timed: `net.ws._dispatch` stamps the socket when a text frame arrives; `Room._check_and_apply`
hands the stamp to the action it stores; `Room.publish` takes the time once that action's frames are
written. A message that waited behind its room's previous action counts its wait. Refused actions and
actions whose frames were rendered again (sockets came or went) are timed the same way.
"""
from __future__ import annotations

import atexit
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# the repository's root is on the path first
from server.cli import main
from server.net import ws
from server.room import room


def install(out: Path) -> None:
    """Wrap the three functions and write the timings to `out` at exit."""
    arrived: dict[int, float] = {}   # id(connection) -> when its latest text frame was parsed
    started: dict[int, float] = {}   # id(stored action) -> when its frame arrived
    took: list[tuple[str, int, float]] = []
    dispatch, check_and_apply, publish = ws._dispatch, room.Room._check_and_apply, room.Room.publish

    def timed_dispatch(app, conn, raw):
        arrived[id(conn)] = time.perf_counter()
        dispatch(app, conn, raw)

    def timed_check_and_apply(self, conn, msg):
        check_and_apply(self, conn, msg)
        action = self.tx.pending
        if action is not None and action.conn is conn and id(conn) in arrived:
            started[id(action)] = arrived[id(conn)]

    def timed_publish(self, action):
        publish(self, action)
        t0 = started.pop(id(action), None)
        if t0 is not None:
            took.append((self.code, self.state_id, time.perf_counter() - t0))

    ws._dispatch = timed_dispatch
    room.Room._check_and_apply = timed_check_and_apply
    room.Room.publish = timed_publish
    atexit.register(lambda: out.write_text("".join(f"{code} {sid} {t * 1000:.3f}\n" for code, sid, t in took)))


if __name__ == "__main__":
    install(Path(sys.argv[1]))
    raise SystemExit(main(sys.argv[2:]))
