"""The store's run clock: how long the server has run, carried across restarts by the stored rows, so
that ages measured by it cannot be inflated by a wall clock that jumps (docs/architecture.md, "The
store").

A Raspberry Pi has no clock battery: it boots with the last saved time and jumps, maybe by weeks, when
NTP reaches the network; a laptop's clock can be set by hand. A jump is indistinguishable from time
switched off, so the run clock counts neither: it advances with `time.monotonic` while the server runs
and starts each run where the stored readings left it (the newest row's, or the one noted at a clean
stop). It never runs faster than real time, so an age by it is never more than the real one: a room is
never forgotten, nor a deck let go, too early.
"""
from __future__ import annotations

import time
from collections.abc import Callable


class RunClock:
    """Seconds of server running time: `start` (the greatest stored reading; 0 for a new database)
    plus the seconds `tick` (monotonic, seconds; injectable for tests) has advanced since this run began."""

    def __init__(self, start: float, tick: Callable[[], float] = time.monotonic) -> None:
        self._start, self._tick = start, tick
        self._began = tick()

    def now(self) -> float:
        """The current reading (seconds; never less than `start`)."""
        return self._start + max(0.0, self._tick() - self._began)
