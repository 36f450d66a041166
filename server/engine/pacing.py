"""Fair pacing (nobody is rushed, nobody waits on one slow phone): who moves the table on after a reveal,
and when a player may dispute the association. Pure rules over a `GameState` plus the room's record of
this turn (who said "ready", who disputed): the room keeps that record and asks here before it acts, and
the engine's `next_round` and `dispute` apply the same rules to the state alone.

Rules (decisions for RULES.md §3's reveal and dispute):
- after the reveal the round moves on when the storyteller (kids: the adult, who tells every round)
  taps "next round", or every other active seat has said "ready", or the host forces it;
- a dispute needs a condition on this turn's association (a special cell or the permanent restriction)
  and names one of them; each seat disputes at most once per turn.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypedDict

from .errors import IllegalAction
from .state import GameState


class Dispute(TypedDict):
    """One dispute of this turn: the seat that disputed and the condition it named (a `board.CONDITIONS`
    id, or the restriction id)."""

    seat: str
    condition: str


def may_advance(state: GameState, seat: str) -> bool:
    """True if `seat`'s "next round" moves the table on by itself: the storyteller of the scored round
    (kids: the adult is the storyteller every round)."""
    return state.phase == "scored" and seat == state.storyteller and seat not in state.removed


def ready_needed(state: GameState) -> list[str]:
    """The seats whose "ready" is needed to move on without the storyteller: every active seat but the
    storyteller, in seat order. Empty outside ``scored``."""
    if state.phase != "scored":
        return []
    return [s for s in state.active_seats() if s != state.storyteller]


def check_ready(state: GameState, seat: str, ready: Collection[str]) -> None:
    """Refuse `seat`'s "ready" unless it counts now.

    :param ready: seats already ready this round (the room's record)
    :raises IllegalAction: ``seat_removed``, ``wrong_phase`` (not after a reveal), ``not_allowed`` (the
        storyteller moves on with "next round" instead), ``already_ready``.
    """
    _active(state, seat)
    if state.phase != "scored":
        raise IllegalAction("wrong_phase", "ready is for after the reveal", phase=state.phase)
    if seat == state.storyteller:
        raise IllegalAction("not_allowed", "the storyteller moves on with next_round")
    if seat in ready:
        raise IllegalAction("already_ready", "you have already said ready")


def all_ready(state: GameState, ready: Collection[str]) -> bool:
    """True when every seat of `ready_needed` is in `ready` (and at least one seat is needed)."""
    needed = ready_needed(state)
    return bool(needed) and all(s in ready for s in needed)


def dispute_conditions(state: GameState) -> list[str]:
    """The conditions a dispute may name this turn (empty: nothing to dispute)."""
    return list(state.conditions) if state.phase == "playing" else []


def check_dispute(state: GameState, seat: str, condition: str | None,
                  disputes: Sequence[Dispute]) -> str:
    """Check `seat`'s dispute naming `condition` (None: the turn's only condition); returns the
    condition it names.

    :param disputes: this turn's disputes so far (the room's record)
    :raises IllegalAction: ``seat_removed``, ``wrong_phase``, ``not_allowed`` (the storyteller, or already disputed and
        waiting for the restatement), ``no_condition`` (none applies this turn), ``no_such_condition``
        (not one of this turn's), ``already_disputed`` (this seat disputed this turn).
    """
    _active(state, seat)
    if state.phase != "playing":
        raise IllegalAction("wrong_phase", "a dispute comes before the voting", phase=state.phase)
    if seat == state.storyteller:
        raise IllegalAction("not_allowed", "the storyteller cannot dispute their own association")
    conditions = dispute_conditions(state)
    if not conditions:
        raise IllegalAction("no_condition", "no condition applies to this association")
    if any(d["seat"] == seat for d in disputes):
        raise IllegalAction("already_disputed", "you have already disputed this turn")
    if state.disputed:
        raise IllegalAction("not_allowed", "the association is already disputed")
    if condition is None:
        if len(conditions) > 1:
            raise IllegalAction("no_such_condition", "name the condition the association breaks")
        return conditions[0]
    if condition not in conditions:
        raise IllegalAction("no_such_condition", f"{condition!r} is not a condition of this turn")
    return condition


def _active(state: GameState, seat: str) -> None:
    """A removed seat is refused first, as `apply` does (game over before that)."""
    if state.phase == "game_over":
        raise IllegalAction("game_over", "the game is over")
    if seat in state.removed:
        raise IllegalAction("seat_removed", f"seat {seat!r} was removed", seat=seat)
