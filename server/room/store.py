"""Persistence of rooms: one sqlite row per room holding its JSON snapshot (engine state included),
written by a group commit off the event loop; nobody hears of an action before its row is durable.

One writer thread commits, in one transaction, every room that acted while the previous batch was being
written, then flushes the log itself (`synchronous=NORMAL`, then `fdatasync` on the -wal file: the flush
FULL makes inside COMMIT). One batch at a time: a batch is acknowledged only after its own flush, every
earlier one has returned, and the acknowledgements of a batch are all out before the next flush begins,
so a failing flush can never race a "success" that proves nothing. The loop hands the writer a batch with
one queue put (one wake-up per batch). A failed commit refuses its whole batch and changes nothing; a
failed flush stops every acknowledgement at once and then the server (exit 2), as PostgreSQL does since
"fsyncgate". Checkpoints run on a connection and thread of their own; at start-up the log is checkpointed
and truncated (a server killed again and again leaves it to grow). Recency and ages go by a write number
and the run clock, never by the wall clock, which jumps on a Pi (store_table.py, run_clock.py). Why each
of these, and what it costs: docs/architecture.md, "The store".
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from server.room.run_clock import RunClock
from server.room.store_pending import Once, Pending, StorageError
from server.room.store_table import (
    FALLBACK_CHECKPOINT_PAGES,
    UPSERT,
    open_database,
    open_table,
    save_clock,
    truncate_log,
)

log = logging.getLogger(__name__)
__all__ = ["FALLBACK_CHECKPOINT_PAGES", "Pending", "StorageError", "Store"]

CHECKPOINT_BYTES = 1 << 21       # a checkpoint after about this much row text committed (~500 log pages)
LOG_WAIT_S = 0.002   # how long the loop lets a batch's writer have the GIL to write the log (see _start)


class Store:
    """sqlite store of room snapshots at `path` (created with its folder if missing).

    Rows: server/room/store_table.py (an older database is migrated in place). Writes go through `commit`
    (async, batched, off the loop) or `save` (blocking: start-up, tools, tests).
    """

    def __init__(self, path: Path, tick: Callable[[], float] = time.monotonic) -> None:
        """`tick` drives the run clock (RunClock; seconds, monotonic: injectable for tests). Raises
        StorageError (naming the folder) if the folder or the database cannot be used."""
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = open_database(path)   # the writer thread's (and start-up's, one at a time: _sql)
            rows, run = open_table(self._db)
            truncate_log(self._db)
            self._log_fd = os.open(f"{path}-wal", os.O_RDONLY)   # WAL mode made it; kept while we run
            self._checkpoint_db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"cannot keep games in {path.parent}: {exc}") from exc
        self._sql = threading.Lock()   # the connection, and the order of writes to the log
        self._lock = threading.Lock()  # guards _rows (writer threads set it, the loop reads it)
        # each room's last write, (seq, run clock), kept in memory so the loop never reads the disk for it
        self._rows: dict[str, tuple[int, float]] = rows
        self._seq = max((seq for seq, _ in rows.values()), default=0)   # the last write's number (_sql)
        self._clock = RunClock(run, tick)
        # the writer thread: runs each job put here in order; None ends it (close)
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._serve, name="store-writer", daemon=True)
        self._closed = False
        self.failed = False   # a flush failed: nothing is acknowledged any more (the process is exiting)
        self._writer.start()
        # checkpoints: their own connection and thread (see the module's docstring)
        self._checkpointer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-checkpoint")
        self._unchecked = 0          # row text committed since the last checkpoint was asked for (bytes)
        self._checkpointing = False  # a checkpoint is queued or running (writer and checkpoint threads)
        self._next: dict[str, Pending] = {}   # the batch being gathered, by room code
        self._flying = False         # a batch is with the writer and not yet told
        self._scheduled: asyncio.Handle | None = None   # the gathered batch's start, once it is set
        self._idle: asyncio.Event | None = None
        self.batches = 0   # commits made (figures for scripts/bench.py and the tests)

    # ------------------------------------------------------------------ the writer thread
    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            job()

    def _call(self, fn: Callable[[], Any]) -> Any:
        """Run `fn` on the writer thread, after what is queued before it, and return its result (or
        raise what it raised). Blocking: start-up, tools, tests. Raises StorageError once closed."""
        if self._closed:
            raise StorageError("the store was closed")
        future: Future[Any] = Future()

        def job() -> None:
            try:
                future.set_result(fn())
            except BaseException as exc:
                future.set_exception(exc)
        self._jobs.put(job)
        return future.result()

    def write_batch(self, rows: list[tuple[str, str]], logged: threading.Event | None = None) -> None:
        """Store `rows` ((code, JSON text) pairs, codes distinct) in one transaction, durably (one
        flush), setting `logged` once it is in the log and the flush begins (or fails). Blocking: runs
        on the writer thread (or, with nothing else writing, a test's). Raises StorageError, and then
        nothing changed."""
        with self._sql:
            self._seq += 1   # a failed batch leaves a gap: the numbers only grow
            seq, run, wall = self._seq, self._clock.now(), time.time()
            try:
                self._transaction([(code, wall, seq, run, text) for code, text in rows], [])
            except sqlite3.Error as exc:
                raise StorageError(str(exc)) from exc
            finally:
                if logged is not None:
                    logged.set()
            self.batches += 1
            self._unchecked += sum(len(text) for _, text in rows)
            checkpoint = self._unchecked >= CHECKPOINT_BYTES and not self._checkpointing
            if checkpoint:
                self._unchecked, self._checkpointing = 0, True
        self._flush()
        with self._lock:
            for code, _ in rows:
                self._rows[code] = (seq, run)
        if checkpoint:
            try:
                self._checkpointer.submit(self._checkpoint)
            except RuntimeError:  # closing: the last connection's close checkpoints anyway
                self._checkpointing = False

    def _transaction(self, upserts: list[tuple[str, float, int, float, str]], deletes: list[str]) -> None:
        """One transaction of upserts ((code, updated, seq, run, text)) and deletes (codes), written to the log
        but not yet flushed. Caller holds `_sql`. Raises sqlite3.Error, and then nothing changed."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.executemany(UPSERT, upserts)
            self._db.executemany("DELETE FROM rooms WHERE code = ?", [(code,) for code in deletes])
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def _flush(self) -> None:
        """Make everything written to the log so far durable: the fsync `synchronous=FULL` would make
        inside COMMIT (see the module's docstring); if the disk fails it, stop the server (exit 2). The
        descriptor stays right: sqlite removes the log only when its last connection closes, and ours stay
        open until `close`."""
        try:
            os.fdatasync(self._log_fd)
        except OSError as exc:
            self.failed = True   # first: the loop tells nobody anything from now on (_written)
            log.critical("store: the disk failed to keep what was written (%s): stopping at once, telling nobody "
                         "anything; the next start shows what the disk has. If it repeats, the memory card or disk "
                         "holding %s is failing: copy that folder elsewhere (README)", exc, self.path.parent)
            logging.shutdown()   # the line out before the exit, which runs no cleanup: as if killed
            os._exit(2)

    def _checkpoint(self) -> None:
        """Copy what the log holds into the database file, without blocking the writers (PASSIVE): runs
        on the checkpoint thread. A failure (disk full) is only noted: the log keeps the data, and the
        next checkpoint, or the writers' fallback, tries again."""
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
        self._schedule()

    def _schedule(self) -> None:
        """Start the gathered batch on the loop's next turn (whatever else arrives in this turn joins it)
        unless a batch is with the writer: then once it has been told (`_written`)."""
        if self._scheduled is not None or not self._next or self._flying:
            return
        self._scheduled = asyncio.get_running_loop().call_soon(self._start)

    async def write(self, code: str, text: str) -> None:
        """Store `text` as row `code` through the next batch; returns once it is durable. Raises
        StorageError."""
        once = Once(code, text)
        self.commit(once)
        await once.future

    def _start(self) -> None:
        self._scheduled = None
        if self._flying or not self._next or self.failed:
            return
        batch = list(self._next.values())
        self._next = {}
        self._flying = True
        rows = [(p.code, p.snapshot()) for p in batch]
        loop = asyncio.get_running_loop()
        logged = threading.Event()
        if self._closed:   # the server is stopping
            loop.call_soon(self._written, batch, StorageError("the store was closed"))
            logged.set()
        else:
            self._jobs.put(lambda: self._write_and_tell(loop, batch, rows, logged))
        # Let the writer take the GIL and write the log (about 0.1 ms, no flush) before rendering: else it
        # waits for the GIL while the frames render, and the flush starts only after them instead of
        # beside them. Bounded, so a log write held up (a checkpoint, a busy disk) never holds the loop.
        logged.wait(LOG_WAIT_S)
        for p in batch:
            p.writing()

    def _write_and_tell(self, loop: asyncio.AbstractEventLoop, batch: list[Pending],
                        rows: list[tuple[str, str]], logged: threading.Event) -> None:
        """On the writer thread: write the batch, then hand its outcome to the loop in one call (cheaper
        than an executor future chained to an asyncio future)."""
        error: StorageError | None = None
        try:
            self.write_batch(rows, logged)
        except StorageError as exc:
            error = exc
        except BaseException as exc:  # a bug, memory: the batch is not stored either; say so to each
            error = StorageError(repr(exc))
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is left to tell
            loop.call_soon_threadsafe(self._written, batch, error)

    def _written(self, batch: list[Pending], error: StorageError | None) -> None:
        if self.failed:   # a flush failed (this batch's or not): the process is exiting, nobody is told
            return
        self._flying = False
        for p in batch:
            try:
                p.done(error)
            except Exception:  # a bug in one room must not keep the others of the batch untold
                log.exception("store: %s could not take its commit's outcome", p.code)
        if self._next:
            # on the loop's next turn at the soonest, after the states that `done` queued have gone out
            # (rendering the next batch first would hold them up)
            self._schedule()
        elif self._idle is not None and not self._flying:
            self._idle.set()

    async def flush(self) -> None:
        """Wait until nothing is gathered or being written (at shutdown, before `close`)."""
        while self._flying or self._next:
            self._idle = asyncio.Event()
            self._schedule()
            await self._idle.wait()

    # ------------------------------------------------------------------ blocking use
    def save(self, code: str, record: dict[str, Any]) -> None:
        """Write `record` (JSON-able dict) as room `code`'s snapshot, durably, waiting for a writer.
        Blocking: for start-up and tools, never on a serving event loop. Raises StorageError."""
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        self._call(lambda: self.write_batch([(code, text)]))

    def delete(self, code: str) -> None:
        """Forget room `code` (no error if absent), durably. Blocking. Raises StorageError."""
        def forget() -> None:
            with self._sql:
                self._transaction([], [code])
            self._flush()
        try:
            self._call(forget)
        except sqlite3.Error as exc:
            raise StorageError(str(exc)) from exc
        with self._lock:
            self._rows.pop(code, None)

    def load_all(self, max_age_s: float | None = None) -> dict[str, dict[str, Any]]:
        """Every stored room record by code, oldest write first; rooms unwritten for more than `max_age_s`
        seconds of the run clock (RunClock: server running time, never inflated by a wall-clock jump) are
        deleted instead (None keeps all). Blocking: at start-up. Raises StorageError (naming the folder)
        if the database cannot be read or, with `max_age_s`, written (a read-only folder holding an old
        database)."""
        def read() -> list[tuple[str, str]]:
            with self._sql:
                if max_age_s is not None:
                    cutoff = self._clock.now() - max_age_s
                    old = [c for (c,) in self._db.execute("SELECT code FROM rooms WHERE run < ?", (cutoff,))]
                    if old:
                        self._transaction([], old)
                        self._flush()
                        with self._lock:
                            for code in old:
                                self._rows.pop(code, None)
                return self._db.execute("SELECT code, data FROM rooms ORDER BY seq, rowid").fetchall()
        try:
            rows = self._call(read)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot keep games in {self.path.parent}: {exc}") from exc
        return {code: json.loads(data) for code, data in rows}

    def written_ago(self, code: str) -> float | None:
        """Seconds of the run clock since room `code` was last written (server running time, at least 0:
        never more than the real time, whatever the wall clock did), None if it is not stored."""
        with self._lock:
            row = self._rows.get(code)
        return None if row is None else max(0.0, self._clock.now() - row[1])

    def codes_by_recency(self) -> list[str]:
        """Every stored room code, the most recently written first by write number, whatever the wall
        clock said (from memory: no disk read)."""
        with self._lock:
            return sorted(self._rows, key=lambda code: self._rows[code][0], reverse=True)

    def close(self) -> None:
        """Finish the writes in progress, stop the writers, note the run clock (store_table.save_clock), close
        the database (checkpointing the log)."""
        if not self._closed:
            self._closed = True
            self._jobs.put(None)
            self._writer.join()
        with contextlib.suppress(sqlite3.Error):   # a read-only or full disk: the rows' readings remain
            save_clock(self._db, self._clock.now())
        self._checkpointer.shutdown(wait=True)
        self._checkpoint_db.close()
        self._db.close()
        os.close(self._log_fd)

