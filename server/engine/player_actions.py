"""The players' actions (RULES.md §1.1, §3; pacing.py): tell, play a card, vote, start the reveal (kids,
§2.5), dispute and restate the association, move on to the next round. `apply` has already checked who
may send the action now (legal.py: the phase, the seat's part in the round); each handler checks the
action's content (the cards, the association, the table number), then writes the draft `apply` made."""
from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Handler
from .association import checked_association
from .card_flow import deal_round
from .errors import IllegalAction, MalformedAction
from .state import Changes, GameState, write
from .turn_flow import (
    begin_turn,
    finish,
    is_last_card,
    lay_out,
    maybe_lay_out,
    maybe_score,
    score_table,
    turn_conditions,
)


def _tell(state: GameState, seat_: str | None, action: Action) -> GameState:
    seat = seat_
    assert seat is not None  # apply: only the table acts without a seat
    mode = state.mode
    conditions: Sequence[str] = state.conditions
    if state.storyteller is None:  # first to claim an association (002)
        conditions = turn_conditions(state, seat)
    card: str | None = action.get("card")
    if mode.tell_with_card:
        if card is None:
            raise MalformedAction("`tell` needs the storyteller's `card`")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", "that card is not in your hand", card=card)
    elif card is not None:
        raise IllegalAction("not_allowed", "in duel the association comes before looking at the cards")
    association = checked_association(action.get("association"), conditions)
    changes: Changes = {"association": association, "storyteller": seat, "conditions": conditions,
                        "disputed": False}
    hands: dict[str, Sequence[str]] = dict(state.hands)
    played: dict[str, Sequence[str]] = {}
    if card is not None:
        hands[seat] = [c for c in hands[seat] if c != card]
        played[seat] = [card]
    if not mode.has_playing_phase:
        write(state, {**changes, "hands": hands, "played": played})
        return lay_out(state)
    if is_last_card(state):  # D1: the last card is played without choice
        for other in state.active_seats():
            if other not in played:
                played[other], hands[other] = hands[other], []
    write(state, {**changes, "hands": hands, "played": played, "phase": "playing"})
    return maybe_lay_out(state)


def _play_card(state: GameState, seat_: str | None, action: Action) -> GameState:
    seat = seat_
    assert seat is not None  # apply: only the table acts without a seat
    mode = state.mode
    cards: list[str] = action["cards"] if "cards" in action else [action["card"]]
    if len(cards) != mode.cards_each or len(set(cards)) != len(cards):
        raise IllegalAction("wrong_card_count", f"play exactly {mode.cards_each} different card(s)",
                            count=mode.cards_each)
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            raise IllegalAction("not_in_hand", "that card is not in your hand", card=card)
    hands = dict(state.hands)
    hands[seat] = [c for c in hand if c not in cards]
    played = dict(state.played)
    played[seat] = cards
    write(state, {"hands": hands, "played": played})
    return maybe_lay_out(state)


def _vote(state: GameState, seat_: str | None, action: Action) -> GameState:
    seat = seat_
    assert seat is not None  # apply: only the table acts without a seat
    number: int = action["card"]
    proxy: str | None = action.get("for")  # kids: the adult enters a child's vote (legal.py checked who)
    voter = seat if proxy is None else proxy
    if not 1 <= number <= len(state.table):
        raise IllegalAction("no_such_card", f"choose a card 1..{len(state.table)}", max=len(state.table))
    if state.owners[number - 1] == voter:
        raise IllegalAction("own_card", "you cannot vote for your own card")
    votes = dict(state.votes)
    votes[voter] = number
    changes: Changes = {"votes": votes}
    if proxy is not None and voter not in state.entered:  # kids: the adult may correct it until the reveal
        changes["entered"] = [*state.entered, voter]
    write(state, changes)
    return maybe_score(state)   # the last vote scores, except where the adult reveals (kids, RULES.md §2.5)


def _reveal(state: GameState, seat: str | None, action: Action) -> GameState:
    """Kids (RULES.md §2.5, "the adult's phone controls ... starting each reveal"): the adult turns the
    cards once every child has voted, and the table is scored. legal.py checked the mode, the adult and
    that no child's vote is missing. A vote a player cast on their own phone stays as it went in, as in every
    mode (``already_voted``), so a child who voted on their own phone is never overruled; only a guess the
    adult's phone entered (`GameState.entered`) may be entered again until this tap, so one mis-tap of the
    adult's does not stand. After it the phase is ``scored`` and every guess is final (``wrong_phase``)."""
    return score_table(state)


def _dispute(state: GameState, seat: str | None, action: Action) -> GameState:
    write(state, {"disputed": True})
    return state


def _restate(state: GameState, seat: str | None, action: Action) -> GameState:
    association = checked_association(action.get("association"), state.conditions, required=True)
    write(state, {"association": association, "disputed": False})
    return maybe_lay_out(state)


def _next_round(state: GameState, seat: str | None, action: Action) -> GameState:
    mode = state.mode
    storyteller = mode.next_storyteller(state)
    s = deal_round(state)
    if s is None:
        write(state, {"round": state.round + 1, "storyteller": storyteller})
        return finish(state, "deck_empty")
    return begin_turn(s, storyteller, {"round": state.round + 1})


PLAYER_ACTIONS: dict[str, Handler] = {
    "tell": _tell, "play_card": _play_card, "vote": _vote, "reveal": _reveal, "dispute": _dispute,
    "restate": _restate, "next_round": _next_round}
