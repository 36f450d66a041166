"""Persistence of rooms: one sqlite row per room holding the room's JSON snapshot (engine state included),
written by a group commit off the event loop.

Why this shape: a room's accepted action becomes a snapshot text, and nobody hears of the action until
that text is durable ("stored before anyone is told"). The disk's flush is what costs: 1-3 ms here, 5-50
ms on a Pi's SD card. Waiting for it on the event loop made every room queue behind every other room's
fsync (issue 14). So one writer thread with this store's own connection commits, in one transaction with
one fsync, every room that acted since the last commit; the loop hands it the texts and goes on serving
(pings, other rooms, rendering the states it will send); when the fsync returns, each room of the batch
is told (`Pending.done`) and may then send its new state. At most one batch is being written at a time;
what arrives meanwhile forms the next one, so a slower disk makes bigger batches, not a longer queue.

A failed commit (disk full, read-only, corrupted) rolls the whole transaction back: every room in it is
told the same `StorageError` and none of their rows changed.

WAL mode with `synchronous=FULL`: a commit is durable when it returns (a SIGKILL or a power cut after that
loses nothing), and WAL makes it one fsync of the log. FULL, not NORMAL (measured for issue 6 with
scripts/bench.py, README "Performance"): NORMAL would skip the fsync, and a power cut, a real event for a
Pi in a living room, could lose acknowledged actions. Off the loop, the fsync's cost is now shared by
every room of a batch.

Checkpoints (copying the log back into the database file) run on a second connection in their own thread,
not in the commit that happens to fill the log: sqlite's automatic checkpoint adds two more fsyncs (the log,
then the database) to that commit, so every few seconds one batch took three flushes and the rooms
behind it waited for all of them (at 20 ms per fsync, the whole p99 of 50 rooms). A PASSIVE checkpoint
never blocks the writer, and sqlite's own rules keep it crash-safe. The writer keeps a far larger
automatic checkpoint as a fallback, should the checkpoint thread fall behind.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

CHECKPOINT_BYTES = 1 << 21       # a checkpoint after about this much row text committed (~500 log pages)
FALLBACK_CHECKPOINT_PAGES = 10000  # the writer's own automatic checkpoint (sqlite's default is 1000 pages)
UPSERT = ("INSERT INTO rooms (code, updated, data) VALUES (?, ?, ?) "
          "ON CONFLICT(code) DO UPDATE SET updated = excluded.updated, data = excluded.data")


class StorageError(Exception):
    """The database refused a write (disk full, read-only, corrupted). The action is not accepted."""


class Pending(Protocol):
    """Something waiting to be stored (a room with an accepted action, a new room): see `Store.commit`."""

    @property
    def code(self) -> str:
        """The room code: the row written."""

    def snapshot(self) -> str:
        """The JSON text to store as row `code`, asked for once when the batch is formed."""

    def writing(self) -> None:
        """Called on the loop right after the batch went to the writer, while the disk works: a room
        renders the states it will send then."""

    def done(self, error: StorageError | None) -> None:
        """Called on the loop once the batch's commit returned: None, it is durable; else the error
        (nothing of the batch was stored)."""


class _Once:
    """A `Pending` for one text, resolving an asyncio future (a new room's first row)."""

    def __init__(self, code: str, text: str) -> None:
        self.code, self.text = code, text
        self.future: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def snapshot(self) -> str:
        return self.text

    def writing(self) -> None:
        pass

    def done(self, error: StorageError | None) -> None:
        if error is None:
            self.future.set_result(None)
        else:
            self.future.set_exception(error)


class Store:
    """sqlite store of room snapshots at `path` (created with its folder if missing).

    Rows: `code` (room code), `updated` (unix seconds), `data` (the room record as JSON text). Writes go
    through `commit` (async, batched, off the loop) or `save` (blocking: start-up, tools, tests).
    """

    def __init__(self, path: Path) -> None:
        """Raises StorageError (naming the folder) if the folder or the database cannot be used."""
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: autocommit unless a batch says BEGIN; the writer thread uses it
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(f"PRAGMA wal_autocheckpoint={FALLBACK_CHECKPOINT_PAGES}")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, updated REAL NOT NULL, data TEXT NOT NULL)"
            )
            recency = self._db.execute("SELECT code, updated FROM rooms ORDER BY updated, rowid").fetchall()
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"cannot keep games in {path.parent}: {exc}") from exc
        # when each room was last written, in write order (the last is the newest), kept in memory so
        # the loop never reads the disk for it
        self._updated: dict[str, float] = dict(recency)
        self._lock = threading.Lock()  # guards _updated (the writer thread sets it, the loop reads it)
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        # checkpoints: their own connection and thread (see the module's docstring)
        try:
            self._checkpoint_db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot keep games in {path.parent}: {exc}") from exc
        self._checkpointer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-checkpoint")
        self._unchecked = 0          # row text committed since the last checkpoint was asked for (bytes)
        self._checkpointing = False  # a checkpoint is queued or running (writer thread and checkpointer)
        self._next: dict[str, Pending] = {}   # the batch being gathered, by room code
        self._flight: list[Pending] | None = None  # the batch being written
        self._scheduled = False
        self._idle: asyncio.Event | None = None
        self.batches = 0   # commits made (figures for scripts/bench.py and the tests)

    # ------------------------------------------------------------------ the writer thread
    def write_batch(self, rows: list[tuple[str, str]]) -> None:
        """Store `rows` ((code, JSON text) pairs, codes distinct) in one transaction, durably (one
        fsync). Blocking: runs on the writer thread. Raises StorageError, and then nothing changed."""
        now = time.time()
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(UPSERT, [(code, now, text) for code, text in rows])
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StorageError(str(exc)) from exc
        with self._lock:
            for code, _ in rows:
                self._updated.pop(code, None)  # to the end: the newest
                self._updated[code] = now
        self.batches += 1
        self._unchecked += sum(len(text) for _, text in rows)
        if self._unchecked >= CHECKPOINT_BYTES and not self._checkpointing:
            self._unchecked = 0
            self._checkpointing = True
            try:
                self._checkpointer.submit(self._checkpoint)
            except RuntimeError:  # closing: the last connection's close checkpoints anyway
                self._checkpointing = False

    def _checkpoint(self) -> None:
        """Copy what the log holds into the database file, without blocking the writer (PASSIVE): runs on
        the checkpoint thread. A failure (disk full) is only noted: the log keeps the data, and the next
        checkpoint, or the writer's fallback, tries again."""
        try:
            self._checkpoint_db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error as exc:
            log.warning("store: checkpoint failed (the log keeps the games): %s", exc)
        finally:
            self._checkpointing = False

    # ------------------------------------------------------------------ the loop's side
    def commit(self, pending: Pending) -> None:
        """Store `pending.snapshot()` as row `pending.code` in the next batch, then call
        `pending.done(error)` on the loop. Never blocks. At most one entry per code per batch: a room
        submits its next action only after `done` (server/room/room.py)."""
        assert pending.code not in self._next, "one entry per room per batch"
        self._next[pending.code] = pending
        if self._flight is None and not self._scheduled:
            # on the loop's next turn: whatever else arrived in this turn joins the same batch
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._start)

    async def write(self, code: str, text: str) -> None:
        """Store `text` as row `code` through the next batch; returns once it is durable. Raises
        StorageError."""
        once = _Once(code, text)
        self.commit(once)
        await once.future

    def _start(self) -> None:
        self._scheduled = False
        if self._flight is not None or not self._next:
            return
        batch = list(self._next.values())
        self._next = {}
        self._flight = batch
        rows = [(p.code, p.snapshot()) for p in batch]
        loop = asyncio.get_running_loop()
        try:
            self._writer.submit(self._write_and_tell, loop, rows)
        except RuntimeError:  # the writer was shut down (the server is stopping)
            loop.call_soon(self._written, StorageError("the store was closed"))
        for p in batch:
            p.writing()

    def _write_and_tell(self, loop: asyncio.AbstractEventLoop, rows: list[tuple[str, str]]) -> None:
        """On the writer thread: write the batch, then hand its outcome to the loop in one call (cheaper
        than an executor future chained to an asyncio future)."""
        error: StorageError | None = None
        try:
            self.write_batch(rows)
        except StorageError as exc:
            error = exc
        except BaseException as exc:  # a bug, memory: the batch is not stored either; say so to each
            error = StorageError(repr(exc))
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is left to tell
            loop.call_soon_threadsafe(self._written, error)

    def _written(self, error: StorageError | None) -> None:
        batch, self._flight = self._flight or [], None
        for p in batch:
            try:
                p.done(error)
            except Exception:  # a bug in one room must not keep the others of the batch untold
                log.exception("store: %s could not take its commit's outcome", p.code)
        if self._next:
            # on the loop's next turn, after the sockets' writer tasks woken by `done` have sent this
            # batch's states (rendering the next batch first would hold them up)
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._start)
        elif self._idle is not None:
            self._idle.set()

    async def flush(self) -> None:
        """Wait until nothing is gathered or being written (at shutdown, before `close`)."""
        while self._flight is not None or self._next:
            self._idle = asyncio.Event()
            if self._flight is None:
                self._start()
            await self._idle.wait()

    # ------------------------------------------------------------------ blocking use
    def save(self, code: str, record: dict[str, Any]) -> None:
        """Write `record` (JSON-able dict) as room `code`'s snapshot, durably, waiting for the writer.
        Blocking: for start-up and tools, never on a serving event loop. Raises StorageError."""
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        self._writer.submit(self.write_batch, [(code, text)]).result()

    def delete(self, code: str) -> None:
        """Forget room `code` (no error if absent). Blocking."""
        self._writer.submit(self._db.execute, "DELETE FROM rooms WHERE code = ?", (code,)).result()
        with self._lock:
            self._updated.pop(code, None)

    def load_all(self, max_age_s: float | None = None) -> dict[str, dict[str, Any]]:
        """Every stored room record by code; rooms untouched for more than `max_age_s` seconds are
        deleted instead (None keeps all). Blocking: at start-up. Raises StorageError (naming the folder)
        if the database cannot be read or, with `max_age_s`, written (a read-only folder holding an old
        database)."""
        def read() -> list[tuple[str, str]]:
            if max_age_s is not None:
                cutoff = time.time() - max_age_s
                self._db.execute("DELETE FROM rooms WHERE updated < ?", (cutoff,))
                with self._lock:
                    self._updated = {c: t for c, t in self._updated.items() if t >= cutoff}
            return self._db.execute("SELECT code, data FROM rooms ORDER BY updated").fetchall()
        try:
            rows = self._writer.submit(read).result()
        except sqlite3.Error as exc:
            raise StorageError(f"cannot keep games in {self.path.parent}: {exc}") from exc
        return {code: json.loads(data) for code, data in rows}

    def latest_code(self) -> str | None:
        """The code of the most recently written room, or None (from memory: no disk read)."""
        codes = self.codes_by_recency()
        return codes[0] if codes else None

    def codes_by_recency(self) -> list[str]:
        """Every stored room code, the most recently written first (from memory: no disk read)."""
        with self._lock:
            return list(reversed(self._updated))

    def close(self) -> None:
        """Finish the write in progress, stop the writer and close the database (checkpointing the WAL)."""
        self._writer.shutdown(wait=True)
        self._checkpointer.shutdown(wait=True)
        self._checkpoint_db.close()
        self._db.close()
