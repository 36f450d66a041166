"""Who may act now, written once: `refusal(state, seat, kind)` is the one predicate, and everything that
asks "who may act" is read off it.

- `apply` raises it (`check_turn`) before the handler runs, so a handler checks only its action's content
  (the cards, the association, the vote's number);
- `legal_actions(state, seat)` is the action types it refuses nothing to: the phone's ``me.can``;
- `awaiting(state)` is the moves holding up the phase and who owes each, the public view's ``awaiting``;
  `waiting_for(state)` is their seats, the public view's ``waiting_for``.

Why one predicate rather than a list per phase: python-chess generates its legal moves and answers
``is_legal`` from one rule, and Massive Decks derives each phase's ``waitingFor()`` from the same state the
actions check, so a hint can never offer what `apply` refuses, nor the TV wait on a seat that cannot move.
The predicate judges who and when only: the game's end, the seat (known, not removed, a player's action
or the table's), the phase (RULES.md §1.1, §3), the seat's part in this round (the storyteller, who has
played or voted). The room's own record of a turn (who said "ready", one dispute per seat) stays in
pacing.py.
"""
from __future__ import annotations

from collections.abc import Callable

from .actions import TABLE_ACTIONS
from .errors import IllegalAction
from .pacing import may_advance
from .state import GameState, Phase

#: The phases an action type is sent in (none listed: any phase before the game's end).
_PHASES: dict[str, tuple[Phase, ...]] = {
    "tell": ("telling",), "play_card": ("playing",), "dispute": ("playing",), "restate": ("playing",),
    "vote": ("voting",), "reveal": ("voting",), "next_round": ("scored",), "skip": ("telling", "playing", "voting")}

#: A seat's action types per phase, in the order ``me.can`` lists them.
_SEAT_KINDS: dict[str, tuple[str, ...]] = {
    "telling": ("tell",), "playing": ("play_card", "restate", "dispute"), "voting": ("vote", "reveal"),
    "scored": ("next_round",)}

#: The moves a phase waits on, in the order ``waiting_for`` lists their seats.
_AWAITED: dict[str, tuple[str, ...]] = {
    "telling": ("tell",), "playing": ("play_card", "restate"), "voting": ("vote", "reveal")}


def refusal(state: GameState, seat: str | None, kind: str, voter: str | None = None) -> IllegalAction | None:
    """Why `seat` (None: the table, for the host's actions) may not send an action of type `kind` now, or
    None when it may. Judges who and when, not the action's content.

    :param voter: a vote's ``for`` (kids: the adult enters a child's vote, RULES.md §2.5); None: the seat's
        own vote
    :returns: the `IllegalAction` `apply` raises, with the stable codes of docs/architecture.md
        (``game_over``, ``not_allowed``, ``no_such_seat``, ``seat_removed``, ``wrong_phase``,
        ``not_storyteller``, ``already_played``, ``not_your_turn``, ``storyteller_cannot_vote``,
        ``already_voted``, ``no_condition``; `reveal`: ``not_allowed`` outside the kids' game, ``not_adult``,
        ``votes_missing``), in the order `apply` always checked them.
    """
    if state.phase == "game_over":
        return IllegalAction("game_over", "the game is over")
    if seat is None:
        if kind not in TABLE_ACTIONS and kind != "next_round":
            return IllegalAction("not_allowed", f"{kind} needs a seat")
    else:
        if seat not in state.seats:
            return IllegalAction("no_such_seat", f"no seat {seat!r}", seat=seat)
        if kind in TABLE_ACTIONS:
            return IllegalAction("not_allowed", f"only the host may {kind}")
        if seat in state.removed:
            return IllegalAction("seat_removed", f"seat {seat!r} was removed", seat=seat)
    phases = _PHASES.get(kind)
    if phases is not None and state.phase not in phases:
        return IllegalAction("wrong_phase", f"not now: the game is in {state.phase}", phase=state.phase)
    judge = _JUDGES.get(kind)
    return judge(state, seat, voter) if judge is not None else None


def check_turn(state: GameState, seat: str | None, kind: str, voter: str | None = None) -> None:
    """:raises IllegalAction: `refusal`'s, when there is one."""
    refused = refusal(state, seat, kind, voter)
    if refused is not None:
        raise refused


def legal_actions(state: GameState, seat: str) -> list[str]:
    """The action types `seat` may send now (``me.can``; a hint for the phone, `apply` stays the judge of
    the content): those `refusal` lets through, plus ``vote`` for the adult while a child's vote is
    awaited (kids; ``reveal`` once none is, RULES.md §2.5), and ``ready`` (the room's action, pacing.py)
    for a seat other than the one who moves on after the reveal."""
    kinds = _SEAT_KINDS.get(state.phase, ())
    can = [kind for kind in kinds if refusal(state, seat, kind) is None]
    if ("vote" in kinds and "vote" not in can and state.mode.proxy_votes and seat == state.adult
            and seat not in state.removed and state.votes_missing()):
        can.append("vote")
    if "next_round" in kinds and not can and seat in state.seats and seat not in state.removed:
        can.append("ready")
    return can


def awaiting(state: GameState) -> dict[str, list[str]]:
    """The moves the phase waits on, each with the seats that owe it (in seat order; a move nobody owes is
    left out), in the order ``tell``, ``play_card``, ``restate``, ``vote``, ``reveal``: ``telling``, whoever
    may tell (the storyteller, or every active seat while anyone may claim, 002); ``playing``, the seats
    that owe cards, and the storyteller while a dispute waits for the restatement; ``voting``, the voters
    yet to vote, or (kids, RULES.md §2.5) once every child has voted, ``{"reveal": [the adult]}``. Empty
    after the reveal (the room's "ready" is pacing.py's) and once the game is over. The public view's
    ``awaiting``, so a page reads which move the table waits for instead of inferring it."""
    active = state.active_seats()
    found: dict[str, list[str]] = {}
    for kind in _AWAITED.get(state.phase, ()):
        seats = [s for s in active if refusal(state, s, kind) is None]
        if seats:
            found[kind] = seats
    return found


def waiting_for(state: GameState) -> list[str]:
    """The seats the phase waits on: `awaiting`'s seats, move after move (the public view's
    ``waiting_for``)."""
    return waiting_seats(awaiting(state))


def waiting_seats(awaited: dict[str, list[str]]) -> list[str]:
    """The seats of an `awaiting` answer, move after move, for a caller that has it already."""
    return [s for seats in awaited.values() for s in seats]


def _tell(state: GameState, seat: str | None, voter: str | None) -> IllegalAction | None:
    if state.storyteller is not None and seat != state.storyteller:
        return IllegalAction("not_storyteller", "only the storyteller tells")
    return None


def _play_card(state: GameState, seat: str | None, voter: str | None) -> IllegalAction | None:
    if seat in state.played:
        return IllegalAction("already_played", "you have already played this round")
    if seat is not None and not state.hands[seat]:  # an empty hand owes no card
        return IllegalAction("not_your_turn", "you have no card to play this round")
    return None


def _vote(state: GameState, seat: str | None, voter: str | None) -> IllegalAction | None:
    mode = state.mode
    if voter is not None:  # kids: the adult enters a child's vote
        if not mode.proxy_votes or seat != state.adult:
            return IllegalAction("not_allowed", "only the adult in the kids' game votes for someone")
        if voter not in state.seats:
            return IllegalAction("no_such_seat", f"no seat {voter!r}", seat=voter)
        if voter in state.removed:
            return IllegalAction("seat_removed", f"seat {voter!r} was removed", seat=voter)
    else:
        voter = seat
    if voter == state.storyteller and not mode.storyteller_votes:
        return IllegalAction("storyteller_cannot_vote", "the storyteller does not vote")
    if voter not in mode.voters(state):
        return IllegalAction("not_your_turn", "this seat does not vote this round")
    if voter in state.votes:
        return IllegalAction("already_voted", "you have already voted")
    return None


def _reveal(state: GameState, seat: str | None, voter: str | None) -> IllegalAction | None:
    """RULES.md §2.5: the adult starts each reveal, once every child has voted (`Mode.adult_reveals`)."""
    mode = state.mode
    if not mode.adult_reveals:
        return IllegalAction("not_allowed", "the last vote reveals the cards in this game")
    if seat != state.adult:
        return IllegalAction("not_adult", "only the adult starts the reveal")
    missing = state.votes_missing()
    if missing:
        return IllegalAction("votes_missing", "not every child has voted yet", count=len(missing))
    return None


def _dispute(state: GameState, seat: str | None, voter: str | None) -> IllegalAction | None:
    if seat == state.storyteller:
        return IllegalAction("not_allowed", "the storyteller cannot dispute their own association")
    if not state.conditions:  # nothing to dispute without a condition (pacing.py)
        return IllegalAction("no_condition", "no condition applies to this association")
    if state.disputed:
        return IllegalAction("not_allowed", "the association is already disputed")
    return None


def _restate(state: GameState, seat: str | None, voter: str | None) -> IllegalAction | None:
    if seat != state.storyteller:
        return IllegalAction("not_storyteller", "only the storyteller restates the association")
    if not state.disputed:
        return IllegalAction("not_allowed", "nobody disputed the association")
    return None


def _next_round(state: GameState, seat: str | None, voter: str | None) -> IllegalAction | None:
    if seat is not None and not may_advance(state, seat):  # the others say "ready" (pacing.py)
        return IllegalAction("not_storyteller", "only the storyteller moves on; the others say ready")
    return None


_JUDGES: dict[str, Callable[[GameState, str | None, str | None], IllegalAction | None]] = {
    "tell": _tell, "play_card": _play_card, "vote": _vote, "reveal": _reveal, "dispute": _dispute,
    "restate": _restate, "next_round": _next_round}
