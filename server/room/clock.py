"""The optional timer (the host's `timer` setting): the room's clock for the playing and voting phases.

The room owns the clock, not the pages: when a timed phase starts the room gives it `settings["timer"]`
seconds; when they run out the room sends itself the host's `skip` (server/room/room.py), which the
engine applies as it would the host's (docs/architecture.md `skip`: waiting players play a random card;
waiting voters abstain and the round is scored).
Pause stops the clock and resume continues it; any phase change (or a new timer setting) starts it anew.

Where the time lives. The record's `clock` (record.Clock): ``{"round", "phase", "seconds", "left_ms"}``
stored, the time that was left when the record was made, and in memory only a running clock's deadline
on `time.monotonic()`. Every commit writes it,
a running clock is written again every `CHECKPOINT_S` seconds and once more at shutdown (SIGTERM). A
loaded room counts `left_ms` from the moment it is loaded: the time the server was down is not taken
from the players, and after a SIGKILL they get back at most `CHECKPOINT_S` seconds they had used.
Wall-clock time is never used (a Pi without a network may boot with the wrong date).

Every mode but kids plays it through `skip`: pairs play as a team, trio's bot and duel's mammoth are the
engine's. The kids' game is never timed (RULES.md §2.5), whatever the setting: its only timed phase would be
the children's vote, and there the adult is the one at work, asking each child without a phone and entering
their guess on the adult's phone. A clock could only hurry the adult, and when it ran out every guess not yet
entered would become no guess (a child who had found the card scoring nothing, in front of everyone). The
adult already paces that game, starting each reveal when the children are done, so the clock has no job there.
"""
from __future__ import annotations

from dataclasses import replace

from server.room.record import Clock, Record
from server.room.refusals import Malformed, Refused
from server.room.state import Connection

CHOICES = (0, 60, 90, 120)   # seconds; 0 is off (the default)
TIMED = ("playing", "voting")  # the engine phases the clock runs in
CHECKPOINT_S = 5.0   # a running clock's left time is stored this often (what a SIGKILL may give back)


def choices(extra: tuple[int, ...] = ()) -> list[int]:
    """What a `timer` setting may be on a server, seconds in increasing order (0: off): `CHOICES` and
    `extra`, the `--timer-test-seconds` of a test server. The catalogue serves it (`GET /api/rules`)."""
    return sorted({*CHOICES, *extra})


def check(value: object, extra: tuple[int, ...] = ()) -> int:
    """A `timer` setting checked: 0 (off) or one of `choices(extra)`. Raises Malformed (not a whole
    number) or Refused `bad_settings` {field: timer, reason: bad_timer, choices}."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed("settings.timer must be a whole number of seconds (0: off)")
    allowed = choices(extra)
    if value not in allowed:
        raise Refused("bad_settings", field="timer", reason="bad_timer",
                      choices=", ".join(str(s) for s in allowed if s))
    return value


def _key(rec: Record) -> tuple[int, str, int] | None:
    """(round, engine phase, seconds) of the phase the clock should time now, or None (no clock)."""
    seconds = rec.settings.timer
    game = rec.game
    if not seconds or game is None or rec.phase != "game" or game.phase not in TIMED:
        return None
    if rec.mode.has_adult:   # kids: the adult paces the game (module docstring)
        return None
    return game.round, game.phase, seconds


def left_ms(rec: Record, now: float) -> int | None:
    """Milliseconds left on `rec`'s clock at `now` (time.monotonic()), or None when there is no clock."""
    kept = rec.clock
    if kept is None:
        return None
    if kept.deadline is None:   # paused (or not yet started)
        return kept.left_ms
    return max(0, round((kept.deadline - now) * 1000))


def settle(rec: Record, now: float) -> Record:
    """After an action: `rec` with the clock its new state wants. The same phase keeps its time (a pause
    stops it, a resume continues it); another phase, or another `timer` setting, starts a full clock; no
    timed phase, none."""
    key = _key(rec)
    if key is None:
        return rec if rec.clock is None else replace(rec, clock=None)
    kept = rec.clock
    same = kept is not None and (kept.round, kept.phase, kept.seconds) == key
    left = left_ms(rec, now) if same else key[2] * 1000
    assert left is not None
    return replace(rec, clock=Clock(*key, left_ms=left, deadline=None if rec.paused else now + left / 1000))


def loaded(rec: Record, now: float) -> Record:
    """A room just read from the store: its clock (if running) continues with the time it had left,
    counted from `now` (the downtime is not the players')."""
    kept = rec.clock
    if kept and not rec.paused and _key(rec) is not None:
        return replace(rec, clock=replace(kept, deadline=now + kept.left_ms / 1000))
    return rec


def stopped(rec: Record) -> Record:
    """`rec` with its clock no longer running (in memory: what is stored does not change)."""
    return replace(rec, clock=replace(rec.clock, deadline=None)) if rec.clock is not None else rec


def deadline(rec: Record) -> float | None:
    """When `rec`'s running clock runs out (time.monotonic()), or None."""
    return rec.clock.deadline if rec.clock is not None else None


def due(rec: Record, now: float) -> bool:
    """True when a running clock of the current phase has run out at `now`."""
    at = deadline(rec)
    return at is not None and now >= at and _key(rec) is not None


def next_wake(rec: Record, now: float) -> float | None:
    """Seconds from `now` until the room should look at its clock again (run out, or store the time
    left), or None while no clock runs."""
    at = deadline(rec)
    if at is None:
        return None
    return max(0.0, min(at - now, CHECKPOINT_S))


def view(rec: Record, now: float) -> dict[str, object] | None:
    """The `clock` of the room view: ``{"phase", "round", "seconds", "remaining_ms", "paused"}``
    (remaining at the moment the state is made; pages count down from their own receipt of it), or
    None when no clock runs."""
    kept = rec.clock
    remaining = left_ms(rec, now)
    if kept is None or remaining is None:
        return None
    return {"phase": kept.phase, "round": kept.round, "seconds": kept.seconds,
            "remaining_ms": remaining, "paused": rec.paused}


class ClockConnection:
    """The `Connection` the room's own clock acts through: no person, nobody to tell."""

    person: str | None = None
    role = "clock"
    lang = "en"
    floor = 0

    def send(self, message: dict[str, object]) -> None:
        pass

    def send_state(self, payload: bytes) -> None:
        pass

    def refused(self, kind: str, exc: Exception) -> None:
        pass  # the room logged it (a failed commit) and looks at the clock again later


CLOCK: Connection = ClockConnection()
