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

import logging
import sqlite3
from pathlib import Path

log = logging.getLogger(__name__)

FALLBACK_CHECKPOINT_PAGES = 10000  # the writer's own automatic checkpoint (sqlite's default is 1000 pages)
LOG_LIMIT_BYTES = 4 << 20   # the log file is cut back to this whenever a checkpoint resets it
# a new database's page: a mid-game room (about 13 KB) fits one page, so a batch writes one log frame per
# room instead of four linked overflow pages (an existing database keeps the page size it was made with)
PAGE_BYTES = 16384

CREATE = ("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, updated REAL NOT NULL, data TEXT NOT NULL, "
          "seq INTEGER NOT NULL DEFAULT 0, run REAL NOT NULL DEFAULT 0)")
CREATE_CLOCK = "CREATE TABLE IF NOT EXISTS clock (id INTEGER PRIMARY KEY CHECK (id = 1), run REAL NOT NULL)"
UPSERT = ("INSERT INTO rooms (code, updated, seq, run, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT(code) DO UPDATE "
          "SET updated = excluded.updated, seq = excluded.seq, run = excluded.run, data = excluded.data")


def open_database(path: Path) -> sqlite3.Connection:
    """The store's connection to `path`: autocommit unless a batch says BEGIN (isolation_level=None),
    usable from the writer thread, the log in WAL mode and flushed by the store itself (synchronous=NORMAL:
    COMMIT does not flush; server/room/store.py does, outside sqlite). Raises sqlite3.Error."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute(f"PRAGMA page_size={PAGE_BYTES}")   # only a database not made yet takes it
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute(f"PRAGMA wal_autocheckpoint={FALLBACK_CHECKPOINT_PAGES}")
    db.execute(f"PRAGMA journal_size_limit={LOG_LIMIT_BYTES}")
    return db


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


def truncate_log(db: sqlite3.Connection) -> None:
    """At start-up: copy the whole log into the database file and cut the log to nothing (a server killed
    again and again never checkpoints it fully, and a long log slows every start). A failure (a
    read-only folder, a full disk) is only noted: the log keeps the games."""
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    except sqlite3.Error as exc:
        log.warning("store: could not truncate the log at start-up (the log keeps the games): %s", exc)
