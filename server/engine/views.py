"""Views: the only way data leaves the engine. The room sends every socket one of these, never the state
itself: `public_view` for the TV and spectators, `player_view` for one phone (docs/architecture.md).

Built from allow-lists. Before the table is laid out nobody learns which cards were played; before
scoring nobody learns who played which card or who voted for what; the TV never sees a hand; no view
holds the deck order, the discard, the set-aside cards, the mammoth's card before the reveal or the
RNG state.
"""
from __future__ import annotations

from typing import Any

from .legal import awaiting, legal_actions, skippable, waiting_seats
from .results import RoundResult
from .state import GameState


def public_view(state: GameState) -> dict[str, Any]:
    """The TV's (and spectators') view; shape in docs/architecture.md "Public view".

    `board.storyteller_on_board`: whether the storyteller has an elephant on the board, so its special
    cells can set conditions (`turn_flow.special_cells_apply`; kids: only against one child).
    `elephants[].cell` is the printed cell number (first_number + distance mod length), `lap` the
    completed laps, `distance` the score in cells; on Dixit's track a score past the last cell stays on
    the last cell, lap 0 (D12).
    """
    mode = state.mode
    board = state.board
    laps = state.ruleset.laps
    phase = state.phase
    voters = mode.voters(state) if phase == "voting" else []
    awaited = awaiting(state)
    if phase == "voting":
        table = [{"number": i + 1, "card": c} for i, c in enumerate(state.table)]
    elif state.result is not None:
        table = [{"number": t["number"], "card": t["card"]} for t in state.result["table"]]
    else:
        table = None
    return {
        "ruleset": state.settings.ruleset,
        "mode": state.settings.mode,
        "phase": phase,
        "round": state.round,
        "version": state.version,
        "settings": state.settings.to_dict(),
        "board": {"id": board.id, "title": board.title, "length": board.length,
                  "first_number": board.first_number,
                  "special": {str(n): c for n, c in board.special},
                  "storyteller_on_board": mode.storyteller_on_board(len(state.seats))},
        "seats": [{"seat": seat, "active": seat not in state.removed,
                   "hand_count": len(state.hands[seat]),
                   "has_played": state.has_played(seat),
                   "has_voted": seat in state.votes,
                   "is_storyteller": seat == state.storyteller} for seat in state.seats],
        "elephants": [{"id": e, "seats": mode.elephant_seats(state, e), "distance": dist,
                       "cell": cell, "lap": lap}
                      for e, dist in state.elephants.items() for cell, lap in [board.place(dist, laps)]],
        "storyteller": state.storyteller,
        "adult": state.adult,
        "conditions": list(state.conditions),
        "association": state.association,
        "disputed": state.disputed,
        "waiting_for": waiting_seats(awaited),
        "awaiting": awaited,
        "skippable": skippable(state),
        "voters": voters,
        "table": table,
        "played_count": sum(len(c) for c in state.played.values()) if phase == "playing" else 0,
        "table_plan": table_plan(state),
        "result": _copy_result(state.result),
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "last_card": state.last_card,
        "first_draw": dict(state.first_draw) if state.first_draw else None,
        "winners": list(state.winners) if state.winners is not None else None,
        "end_reason": state.end_reason,
        "duel_outcome": mode.outcome(state) if phase == "game_over" else None,
    }


def table_plan(state: GameState) -> dict[str, Any]:
    """The cards this round's table will hold, so pages need not know the modes (RULES.md §2):
    ``{"cards_each": int, "players": int, "extra": int, "extra_owner": "bot" | "deck" | "mammoth" | None}``:
    each active seat puts down `cards_each` cards (storyteller included; 0 without a playing phase,
    kids), `players` in all, and `extra` more come from the deck (trio's bot, kids' deck cards) or the
    duel's mammoth card lying face down."""
    mode = state.mode
    each = mode.cards_each if mode.has_playing_phase else 0
    extra, owner = ((mode.extra_cards, mode.extra_owner) if mode.extra_cards
                    else (1, mode.sought_owner) if mode.sought_owner else (0, None))
    return {"cards_each": each, "players": each * len(state.active_seats()), "extra": extra,
            "extra_owner": owner}


def _copy_result(result: RoundResult | None) -> RoundResult | None:
    """A copy the caller may change without touching the state (views never share containers)."""
    if result is None:
        return None
    return {**result,
            "table": [{**t, "votes": list(t["votes"])} for t in result["table"]],
            "points": dict(result["points"]),
            "breakdown": {e: [{**item} for item in items] for e, items in result["breakdown"].items()}}


def player_view(state: GameState, seat: str) -> dict[str, Any]:
    """One phone's view: `public_view` plus ``me`` (docs/architecture.md "Player view"):
    ``{"seat", "hand", "played", "vote", "entered", "is_storyteller", "can", "active"}``; `can` lists the
    action types this seat may send now; `entered` (kids, the adult's phone only, RULES.md §2.5) is
    ``{child seat: table number}`` of the guesses the adult entered this round, which a `vote` with ``for``
    may still change until the reveal (``{}`` for every other seat and once the round is scored).

    :raises KeyError: for an unknown seat.
    """
    if seat not in state.seats:
        raise KeyError(seat)
    view = public_view(state)
    view["me"] = seat_view(state, seat)
    return view


def seat_view(state: GameState, seat: str) -> dict[str, Any]:
    """The ``me`` part of `player_view` alone (what only `seat` sees), so a server sending one state to
    many phones builds the shared public part once.

    :raises KeyError: for an unknown seat.
    """
    if seat not in state.seats:
        raise KeyError(seat)
    mode = state.mode
    if state.phase == "voting":
        played = [c for c, o in zip(state.table, state.owners, strict=True) if o == seat]
    else:
        played = list(state.played.get(seat, []))
    return {
        "seat": seat,
        "active": seat not in state.removed,
        # Duel (000): the storyteller names the association before anyone looks at their cards.
        "hand": [] if (mode.hand_face_down_while_telling and state.phase == "telling")
        else list(state.hands[seat]),
        "played": played,
        "vote": state.votes.get(seat),
        # kids: the guesses this (the adult's) phone entered, which it may still correct until the reveal
        "entered": {child: state.votes[child] for child in state.entered} if seat == state.adult else {},
        "is_storyteller": seat == state.storyteller,
        "can": allowed_actions(state, seat),
    }


def allowed_actions(state: GameState, seat: str) -> list[str]:
    """Action types `seat` may send now (a hint for the phone; `apply` stays the judge): `legal.legal_actions`,
    the one account of who may act."""
    return legal_actions(state, seat)
