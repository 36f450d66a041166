"""The pure transition: `new_game` and `apply(state, seat, action) -> state`.
No events: the views are the one account of what happened (docs/architecture.md "Events").

Order of checks (boardgame.io's master): well-formed action, then who may send it now (legal.py's
`check_turn`: game not over, the seat, the phase, the seat's part in the round), then the action's content
in its handler. A refusal raises before anything is built, so the input state is never touched. An
accepted action gets one *draft* (`state.draft`: a copy with the next version) and runs as a few
steps that write only the draft, through `state.write` (state.py is the one place that writes a
state). Modes and rulesets are asked through their hooks, which only read and return plans
(modes/plans.py `Refill`, `RoundDeal`) that the steps carry out. Where the steps live: the handlers in
player_actions.py and host_actions.py, the turn (lay out, score, end) in turn_flow.py, the cards
(deal, refill, reshuffle) in card_flow.py.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action, Handler, check_fields
from .board import Board
from .card_flow import deal_round
from .deck import cards_in_play, min_deck_size
from .errors import IllegalAction, MalformedAction
from .families import NOBODY
from .host_actions import HOST_ACTIONS
from .legal import check_turn
from .modes import MODES
from .player_actions import PLAYER_ACTIONS
from .rng import seed_state, shuffled
from .rulesets import RULESETS
from .settings import Settings
from .state import GameState, draft, write
from .turn_flow import begin_turn
from .validation import validate_settings


def new_game(settings: Settings, seats: Sequence[str], deck: Sequence[str], board: Board, seed: int, *,
             storyteller: str | None = None) -> GameState:
    """A new game, dealt and waiting for the first association (phase ``telling``).

    :param settings: `Settings` (validated here against the seat count)
    :param seats: seat ids in clockwise order (pairs: one seat per team)
    :param deck: the card ids of the chosen deck (kids: already filtered by the adult); the cards in
        play are chosen at random by RULES.md §1.3 / D2 and the rest set aside unseen
    :param board: `Board` (RULES.md §3)
    :param seed: any int; the game's whole randomness follows from it
    :param storyteller: the first storyteller when the host picks (required with
        ``first_storyteller = host``; wins over the draw if given); kids: the adult (default: seats[0])
    :raises IllegalAction: ``bad_settings`` (combination, seat count, short-game cell off the board),
        ``deck_too_small`` (``needed=``), ``no_such_seat`` (unknown or missing chosen storyteller).
    :raises MalformedAction: seats or deck not lists of distinct strings.
    """
    validate_settings(settings, len(seats), board)
    for name, items in (("seats", seats), ("deck", deck)):
        if (not isinstance(items, (list, tuple)) or not all(isinstance(x, str) and x for x in items)
                or len(set(items)) != len(items)):
            raise MalformedAction(f"{name} must be a list of distinct non-empty strings")
    if NOBODY.intersection(seats) or "elephant" in seats:
        raise MalformedAction(f"seat ids {sorted(NOBODY)} and 'elephant' are reserved")
    if storyteller is not None and storyteller not in seats:
        raise IllegalAction("no_such_seat", f"no seat {storyteller!r}", seat=storyteller)
    needed = min_deck_size(settings, len(seats))
    if len(deck) < needed:
        raise IllegalAction("deck_too_small", f"this table needs at least {needed} cards",
                            needed=needed, have=len(deck))
    rs, mode = RULESETS[settings.ruleset], MODES[settings.mode]
    seat_list = list(seats)
    adult = (storyteller or seat_list[0]) if mode.has_adult else None
    cards, rng = shuffled(seed_state(seed), deck)
    keep = cards_in_play(settings, len(cards), len(seat_list))
    pile = cards[len(cards) - keep:]
    hands: dict[str, list[str]] = {}
    for seat, n in mode.opening_hands(seat_list, adult, rs).items():  # off the top, in seat order
        hands[seat] = pile[len(pile) - n:]
        del pile[len(pile) - n:]
    s = GameState(
        version=0, settings=settings, board=board, seats=seat_list, removed=[], adult=adult,
        elephants={e: 0 for e in mode.elephant_ids(seat_list, adult)}, hands=hands, deck=pile,
        discard=[], set_aside=cards[:len(cards) - keep], mammoth=None, phase="telling", round=1,
        storyteller=None, association=None, disputed=False, conditions=[], last_card=False, played={},
        table=[], owners=[], votes={}, abstained=[], entered=[], result=None, first_draw=None, winners=None,
        end_reason=None, deck_ran_out=not pile, rng=rng)
    first = mode.first_storyteller(adult, storyteller)
    if first is None and settings.first_storyteller == "host":
        raise IllegalAction("no_such_seat", "the host must pick the first storyteller")
    if first is None and settings.first_storyteller == "draw":
        # 004: each player draws a token 1..n; the highest goes first.
        tokens, rng = shuffled(s.rng, range(1, len(seat_list) + 1))
        draw = dict(zip(seat_list, tokens, strict=True))
        first = max(seat_list, key=draw.__getitem__)
        write(s, {"first_draw": draw, "rng": rng})
    write(s, {"storyteller": first})
    dealt = deal_round(s)
    if dealt is None:
        raise IllegalAction("deck_too_small", "the deck cannot supply the first round", needed=needed)
    return begin_turn(dealt, first)


def apply(state: GameState, seat: str | None, action: Action) -> GameState:
    """Apply one action by `seat` (None: the table itself, for host actions the room authorised).

    :returns: the new state (a new object; what changed is read from its views, no events).
    :raises MalformedAction: not a dict, unknown ``type``, missing or ill-typed field.
    :raises IllegalAction: against the rules; `code` is one of docs/architecture.md's stable codes.
    The input state is never changed.
    """
    if not isinstance(action, dict):
        raise MalformedAction("an action is an object with a `type`")
    kind: Any = action.get("type")
    handler = _HANDLERS.get(kind) if type(kind) is str else None
    if handler is None:
        raise MalformedAction(f"unknown action type {kind!r}")
    check_fields(kind, action)
    if seat is not None and not isinstance(seat, str):
        raise MalformedAction("seat must be a string or None")
    check_turn(state, seat, kind, action.get("for") if kind == "vote" else None)  # who may act (legal.py)
    return handler(draft(state), seat, action)  # the steps write only the draft


_HANDLERS: dict[str, Handler] = {**PLAYER_ACTIONS, **HOST_ACTIONS}
