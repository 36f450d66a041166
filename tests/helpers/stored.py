"""Rooms in a stopped server's sqlite file, changed as time or a jumped clock would have changed them
(server/room/store_table.py says what each column is). Real sqlite on the real file; the server must not
be running."""
from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path


def run_ago(db_path: Path, code: str, seconds: float) -> None:
    """Room `code` as if the server had run `seconds` since its last write while the other rooms were
    written (its run-clock reading that far below the newest row's)."""
    with contextlib.closing(sqlite3.connect(db_path)) as db, db:
        db.execute("UPDATE rooms SET run = (SELECT max(run) FROM rooms) - ? WHERE code = ?", (seconds, code))


def wall_clock_off(db_path: Path, code: str, seconds: float) -> None:
    """Room `code` as if it had been written by a wall clock `seconds` ahead of the real time (negative:
    behind, as a Pi's clock restored at boot is until NTP reaches it): the wall-clock time is all such a
    clock changes in a row."""
    with contextlib.closing(sqlite3.connect(db_path)) as db, db:
        assert db.execute("UPDATE rooms SET updated = ? WHERE code = ?", (time.time() + seconds, code)).rowcount == 1
