"""A room's timer at work (the rules of the clock: server/room/clock.py): when the record's clock runs
out the room sends itself the host's `skip` as an action of `clock.CLOCK` (no person), stored before anyone
is told; while a clock runs, the room stores the time left every `clock.CHECKPOINT_S` seconds (an action
that changes no `state_id`). Both go through the room's transaction like any other action."""
from __future__ import annotations

import asyncio
import logging
import time

from server.room import clock, host
from server.room.refusals import Malformed, Refused
from server.room.state import RoomState
from server.room.transaction import Transaction, accepted

log = logging.getLogger(__name__)


class RoomTimer:
    """The timer of `room` (a `RoomState`), acting through `tx`."""

    def __init__(self, room: RoomState, tx: Transaction) -> None:
        self._room, self._tx = room, tx
        self._wake: asyncio.TimerHandle | None = None   # when the room looks at its clock next
        self._stopped = False   # the server is shutting down: the clock no longer acts

    def arm(self, at_least: float = 0.0) -> None:
        """Look at the clock again when it runs out or its time left is next stored (not before
        `at_least` seconds); nothing while an action is being stored (the room arms it again after)."""
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        if self._stopped or self._tx.storing:
            return
        delay = clock.next_wake(self._room.record, time.monotonic())
        if delay is None:
            return
        self._wake = asyncio.get_running_loop().call_later(max(delay, at_least), self._on_clock)

    def stop(self) -> None:
        """At shutdown: the clock stops acting, and a running clock's time left goes to the store (the
        store's `flush` waits for it) so a restart continues from there."""
        self._stopped = True
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        if clock.deadline(self._room.record) is not None and not self._tx.busy:
            self._checkpoint()

    def _on_clock(self) -> None:
        self._wake = None
        if self._stopped or self._tx.busy:
            return   # the room arms the clock again once the action is stored
        if clock.due(self._room.record, time.monotonic()):
            self._expire()
        elif clock.deadline(self._room.record) is not None:
            self._checkpoint()

    def _expire(self) -> None:
        """The clock ran out: exactly the host's `skip` for this phase, as an action of the room's own,
        through the store like any other."""
        room = self._room
        try:
            rec, _ = host.skip(room, None, {"type": "skip"})
        except (Refused, Malformed) as exc:   # not expected in playing or voting: stop, do not loop
            log.warning("room %s: the timer's skip was refused (%s); the clock stops", room.code, exc)
            room.record = clock.stopped(room.record)   # in memory only: what is stored does not change
            return
        self._tx.submit(clock.CLOCK, "skip", accepted(room.record, rec))

    def _checkpoint(self) -> None:
        """Store the running clock's time left (no new `state_id`: nobody's next action goes stale);
        once stored, every page gets the state again and corrects its countdown."""
        self._tx.submit(clock.CLOCK, "clock", self._room.record)
