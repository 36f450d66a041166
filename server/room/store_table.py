"""The store's table of rooms: its columns and the in-place migration of databases written before the
write order and the run clock were stored (docs/architecture.md, "The store").

One row per room: `code` (the room code), `updated` (wall clock at the write, unix seconds: for people
reading the file; the server decides nothing by it, the wall clock jumps), `data` (the room record as
JSON text), `seq` (the write's number: the batches are numbered 1, 2, 3... and the number only grows, so
the greatest is the most recent write whatever the clock said), `run` (the run clock at the write,
seconds: server/room/run_clock.py). And a table `clock` of one row: the run clock's reading when the server
last stopped cleanly, so that the time between a run's last write and its end counts too.
"""
from __future__ import annotations

import sqlite3

CREATE = ("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, updated REAL NOT NULL, data TEXT NOT NULL, "
          "seq INTEGER NOT NULL DEFAULT 0, run REAL NOT NULL DEFAULT 0)")
CREATE_CLOCK = "CREATE TABLE IF NOT EXISTS clock (id INTEGER PRIMARY KEY CHECK (id = 1), run REAL NOT NULL)"
UPSERT = ("INSERT INTO rooms (code, updated, seq, run, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT(code) DO UPDATE "
          "SET updated = excluded.updated, seq = excluded.seq, run = excluded.run, data = excluded.data")


def open_table(db: sqlite3.Connection) -> tuple[dict[str, tuple[int, float]], float]:
    """Create the tables, or migrate a database written before `seq` and `run` (in one transaction: a crash
    leaves it as it was, and the next start migrates it); return every row's code -> (seq, run), oldest
    write first, and where the run clock starts (the greatest reading stored). Blocking: at start-up.

    Migrated rows are numbered in the order their wall-clock times give (the order the server used to
    trust) and their `run` is 0, as is the run clock's start then: their age counts from the upgrade, so
    none of them is older than it was, whatever clock wrote it. Raises sqlite3.Error."""
    db.execute(CREATE)   # writes nothing if the table exists (a read-only folder can still be read)
    db.execute(CREATE_CLOCK)
    if "seq" not in {row[1] for row in db.execute("PRAGMA table_info(rooms)")}:
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("ALTER TABLE rooms ADD COLUMN seq INTEGER NOT NULL DEFAULT 0")
            db.execute("ALTER TABLE rooms ADD COLUMN run REAL NOT NULL DEFAULT 0")
            codes = db.execute("SELECT code FROM rooms ORDER BY updated, rowid").fetchall()
            db.executemany("UPDATE rooms SET seq = ? WHERE code = ?", [(n, c) for n, (c,) in enumerate(codes, 1)])
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    rows = db.execute("SELECT code, seq, run FROM rooms ORDER BY seq, rowid").fetchall()
    start = db.execute("SELECT max(run) FROM (SELECT run FROM rooms UNION ALL SELECT run FROM clock)").fetchone()[0]
    return {code: (seq, run) for code, seq, run in rows}, start or 0.0


def save_clock(db: sqlite3.Connection, run: float) -> None:
    """Note the run clock's reading `run` (seconds) as the server stops (never moving it back). Not flushed
    here: closing the database checkpoints it, and a power cut before that only loses the time since the
    last write, which then does not count. Raises sqlite3.Error."""
    db.execute("INSERT INTO clock (id, run) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET run = max(run, excluded.run)",
               (run,))
