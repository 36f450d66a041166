"""Log a kind of failure at most once every `interval` seconds, with how many were left out.

Why: an attack repeats one failure thousands of times a second (asyncio's accept loop alone wrote
288 MB of tracebacks in 75 s when file descriptors ran out); the log must say it happened, not drown.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable


class ThrottledLog:
    """`log(kind, level, msg, *args)` writes the first line of each `kind` at once, then at most one per
    `interval` seconds, suffixed with "(N more since HH:MM:SS)"; `clock` returns seconds."""

    def __init__(self, logger: logging.Logger, interval: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.interval = interval
        self.clock = clock
        self._last: dict[str, float] = {}
        self._skipped: dict[str, int] = {}

    def log(self, kind: str, level: int, msg: str, *args: object) -> bool:
        """Log `msg % args` at `level` unless `kind` was logged less than `interval` s ago (then count
        it). Returns True if a line was written."""
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.interval:
            self._skipped[kind] = self._skipped.get(kind, 0) + 1
            return False
        if len(self._last) > 1024:   # kinds come from our own code, but never grow without bound
            self._last.clear()
            self._skipped.clear()
        skipped = self._skipped.pop(kind, 0)
        self._last[kind] = now
        if skipped:
            msg += f" ({skipped} more like this in the last {now - last:.0f} s)" if last is not None else ""
        self.logger.log(level, msg, *args)
        return True

    def warning(self, kind: str, msg: str, *args: object) -> bool:
        """`log(kind, WARNING, ...)`."""
        return self.log(kind, logging.WARNING, msg, *args)
