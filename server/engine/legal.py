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
    why = judge(state, seat, voter) if judge is not None else None
    return None if why is None else IllegalAction(why[0], why[1], **dict(why[2]))


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
    ``awaiting``, so a page reads which move the table waits for instead of inferring it.

    Read off `refusal` without its general checks: for an active seat and a move of this phase they all
    pass (the seat is known and not removed, the move one of this phase's, the game not over), so the
    move's judge is asked directly, and its answer is a plain value (`Why`), not an exception made for
    every seat left out: this is the question the lobby's game-length forecast (catalogue.py) asks at
    every step of the games it plays."""
    kinds = _AWAITED.get(state.phase)
    if kinds is None:
        return {}
    active = state.active_seats()
    found: dict[str, list[str]] = {}
    for kind in kinds:
        judge = _JUDGES[kind]
        seats = [s for s in active if judge(state, s, None) is None]
        if seats:
            found[kind] = seats
    return found


def skippable(state: GameState) -> list[str]:
    """The seats the host's `skip` (host_actions.py, RULES.md D13) passes over now, in `awaiting`'s order, or
    ``[]`` when it would be refused: ``telling``, the storyteller when another seat would tell next (not while
    anyone may claim the turn, nor in the kids' game, where the adult always tells); ``playing``, the seats
    that owe cards and a storyteller owing a restatement; ``voting``, the voters yet to vote (kids: none once
    only the adult's reveal is awaited). The public view's ``skippable``: the host's phone offers "Don't wait"
    by it rather than guessing the rule."""
    if state.phase == "telling":
        told_next = state.mode.next_storyteller(state)
        return [state.storyteller] if state.storyteller is not None and told_next != state.storyteller else []
    if state.phase in ("playing", "voting"):
        return waiting_seats({k: v for k, v in awaiting(state).items() if k != "reveal"})
    return []


def waiting_for(state: GameState) -> list[str]:
    """The seats the phase waits on: `awaiting`'s seats, move after move (the public view's
    ``waiting_for``)."""
    return waiting_seats(awaiting(state))


def waiting_seats(awaited: dict[str, list[str]]) -> list[str]:
    """The seats of an `awaiting` answer, move after move, for a caller that has it already."""
    return [s for seats in awaited.values() for s in seats]


#: A judge's answer when the seat may not: (code, message, params) of the `IllegalAction` that `refusal`
#: makes of it. A plain value, so `awaiting` (asked for every seat at every step of the lobby's game-length
#: forecast, catalogue.py) builds no exception for the seats it leaves out; the unchanging ones are made once.
Why = tuple[str, str, tuple[tuple[str, object], ...]]
_NONE: tuple[tuple[str, object], ...] = ()
_NOT_STORYTELLER_TELLS: Why = ("not_storyteller", "only the storyteller tells", _NONE)
_ALREADY_PLAYED: Why = ("already_played", "you have already played this round", _NONE)
_NO_CARD: Why = ("not_your_turn", "you have no card to play this round", _NONE)
_NOT_PROXY: Why = ("not_allowed", "only the adult in the kids' game votes for someone", _NONE)
_STORYTELLER_VOTES: Why = ("storyteller_cannot_vote", "the storyteller does not vote", _NONE)
_NOT_A_VOTER: Why = ("not_your_turn", "this seat does not vote this round", _NONE)
_ALREADY_VOTED: Why = ("already_voted", "you have already voted", _NONE)
_ABSTAINED: Why = ("not_your_turn", "the host skipped this guess; the adult starts the reveal", _NONE)
_LAST_VOTE_REVEALS: Why = ("not_allowed", "the last vote reveals the cards in this game", _NONE)
_NOT_ADULT: Why = ("not_adult", "only the adult starts the reveal", _NONE)
_OWN_ASSOCIATION: Why = ("not_allowed", "the storyteller cannot dispute their own association", _NONE)
_NO_CONDITION: Why = ("no_condition", "no condition applies to this association", _NONE)
_DISPUTED: Why = ("not_allowed", "the association is already disputed", _NONE)
_NOT_STORYTELLER_RESTATES: Why = ("not_storyteller", "only the storyteller restates the association", _NONE)
_NOT_DISPUTED: Why = ("not_allowed", "nobody disputed the association", _NONE)
_NOT_STORYTELLER_MOVES: Why = ("not_storyteller", "only the storyteller moves on; the others say ready", _NONE)


def _tell(state: GameState, seat: str | None, voter: str | None) -> Why | None:
    if state.storyteller is not None and seat != state.storyteller:
        return _NOT_STORYTELLER_TELLS
    return None


def _play_card(state: GameState, seat: str | None, voter: str | None) -> Why | None:
    if seat in state.played:
        return _ALREADY_PLAYED
    if seat is not None and not state.hands[seat]:  # an empty hand owes no card
        return _NO_CARD
    return None


def _vote(state: GameState, seat: str | None, voter: str | None) -> Why | None:
    if voter is not None:  # kids: the adult enters a child's vote
        if not state.mode.proxy_votes or seat != state.adult:
            return _NOT_PROXY
        if voter not in state.seats:
            return ("no_such_seat", f"no seat {voter!r}", (("seat", voter),))
        if voter in state.removed:
            return ("seat_removed", f"seat {voter!r} was removed", (("seat", voter),))
    else:
        voter = seat
    if voter == state.storyteller and not state.mode.storyteller_votes:
        return _STORYTELLER_VOTES
    if voter in state.votes:   # only voters vote, and a removed seat's vote is taken back: the same answer
        # as after the voters' check below, without listing the voters. Kids: a guess the adult entered may
        # be entered again by the adult until the reveal (`GameState.entered`); every other vote is final.
        return None if seat != voter and voter in state.entered else _ALREADY_VOTED
    if voter is None or not state.mode.is_voter(state, voter):
        return _NOT_A_VOTER
    if state.abstained and voter in state.abstained:   # kids: the host's skip (RULES.md §2.5, D13)
        return _ABSTAINED
    return None


def _reveal(state: GameState, seat: str | None, voter: str | None) -> Why | None:
    """RULES.md §2.5: the adult starts each reveal, once every child has voted (`Mode.adult_reveals`)."""
    if not state.mode.adult_reveals:
        return _LAST_VOTE_REVEALS
    if seat != state.adult:
        return _NOT_ADULT
    missing = state.votes_missing()
    if missing:
        return ("votes_missing", "not every child has voted yet", (("count", len(missing)),))
    return None


def _dispute(state: GameState, seat: str | None, voter: str | None) -> Why | None:
    if seat == state.storyteller:
        return _OWN_ASSOCIATION
    if not state.conditions:  # nothing to dispute without a condition (pacing.py)
        return _NO_CONDITION
    if state.disputed:
        return _DISPUTED
    return None


def _restate(state: GameState, seat: str | None, voter: str | None) -> Why | None:
    if seat != state.storyteller:
        return _NOT_STORYTELLER_RESTATES
    if not state.disputed:
        return _NOT_DISPUTED
    return None


def _next_round(state: GameState, seat: str | None, voter: str | None) -> Why | None:
    if seat is not None and not may_advance(state, seat):  # the others say "ready" (pacing.py)
        return _NOT_STORYTELLER_MOVES
    return None


_JUDGES: dict[str, Callable[[GameState, str | None, str | None], Why | None]] = {
    "tell": _tell, "play_card": _play_card, "vote": _vote, "reveal": _reveal, "dispute": _dispute,
    "restate": _restate, "next_round": _next_round}
