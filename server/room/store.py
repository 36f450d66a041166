"""Persistence of rooms: one sqlite row per room holding the room's JSON snapshot (engine state included).

Why this shape: the room applies an action and writes the new snapshot in the same synchronous step (no
`await` in between), so there is one writer per room by construction and what is acknowledged is always
on disk. WAL mode with `synchronous=FULL` makes each commit durable when `save` returns (a SIGKILL or
power cut after that loses nothing); WAL lets the write be one fsync of the log. A snapshot per action is
a few kilobytes; people act a few times a second at most, so the cost (a millisecond or so, more on an SD
card) is not worth an append-only log and replay logic.

FULL, not NORMAL, on purpose (measured for issue 6 with scripts/bench.py, README "Performance"): NORMAL
would skip the fsync (a commit survives a killed process at once, but a power cut, a real event for a Pi
in a living room, may lose the last acknowledged actions). It saved about 1 ms at the median per action
in one room and nothing measurable at the median with 50 rooms; the tail of the fsync depends on how busy
the disk is. Moving the fsync off the event loop (a group commit that sends states only once their
commit is durable) is the lever if a slow SD card ever makes this wait matter.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path


class StorageError(Exception):
    """The database refused a write (disk full, read-only, corrupted). The action is not accepted."""


class Store:
    """sqlite store of room snapshots at `path` (created with its folder if missing).

    Rows: `code` (room code), `updated` (unix seconds), `data` (the room record as JSON text).
    """

    def __init__(self, path: Path) -> None:
        """Raises StorageError (naming the folder) if the folder or the database cannot be used."""
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: autocommit; each save is its own transaction, committed on return.
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, updated REAL NOT NULL, data TEXT NOT NULL)"
            )
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"cannot keep games in {path.parent}: {exc}") from exc

    def save(self, code: str, record: dict) -> None:
        """Write `record` (JSON-able dict) as room `code`'s snapshot, durably. Raises StorageError."""
        try:
            self._db.execute(
                "INSERT INTO rooms (code, updated, data) VALUES (?, ?, ?) "
                "ON CONFLICT(code) DO UPDATE SET updated = excluded.updated, data = excluded.data",
                (code, time.time(), json.dumps(record, ensure_ascii=False, separators=(",", ":"))),
            )
        except sqlite3.Error as exc:
            raise StorageError(str(exc)) from exc

    def delete(self, code: str) -> None:
        """Forget room `code` (no error if absent)."""
        self._db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def load_all(self, max_age_s: float | None = None) -> dict[str, dict]:
        """Every stored room record by code; rooms untouched for more than `max_age_s` seconds are
        deleted instead (None keeps all). Raises StorageError (naming the folder) if the database cannot
        be read or, with `max_age_s`, written (a read-only folder holding an old database)."""
        try:
            if max_age_s is not None:
                self._db.execute("DELETE FROM rooms WHERE updated < ?", (time.time() - max_age_s,))
            rows = self._db.execute("SELECT code, data FROM rooms ORDER BY updated").fetchall()
        except sqlite3.Error as exc:
            raise StorageError(f"cannot keep games in {self.path.parent}: {exc}") from exc
        return {code: json.loads(data) for code, data in rows}

    def latest_code(self) -> str | None:
        """The code of the most recently written room, or None."""
        row = self._db.execute("SELECT code FROM rooms ORDER BY updated DESC LIMIT 1").fetchone()
        return row[0] if row else None

    def codes_by_recency(self) -> list[str]:
        """Every stored room code, the most recently written first."""
        return [row[0] for row in self._db.execute("SELECT code FROM rooms ORDER BY updated DESC, rowid DESC")]

    def close(self) -> None:
        """Close the database (checkpointing the WAL)."""
        self._db.close()
