"""A random legal move for whoever the game waits on: for benchmarks, property tests and the host's
`skip`-like helpers. Pure: takes and returns the PRNG state (rng.py), never touches global random."""
from __future__ import annotations

from typing import Any

from .modes import Mode
from .rng import randbelow, shuffled
from .state import GameState
from .turn_flow import waiting_to_play

#: Satisfies both checkable conditions ("question" and "four_words").
SAFE_ASSOCIATION = "Is it four words?"


def random_action(state: GameState, rng: int,
                  find_percent: int | None = None) -> tuple[str | None, dict[str, Any], int]:
    """``(seat, action, rng)``: a uniformly chosen legal action of a seat the phase waits on
    (in ``scored``: `next_round` by the table). Undefined once the game is over.

    With `find_percent` (0-100) a voter finds the card they look for (the storyteller's; duel: the
    mammoth's) that often, and otherwise votes for another card at random: a real table's pace rather
    than blind guessing (`Mode.find_percent`, the game-length estimate of catalogue.py). A voter's own
    card is never chosen either way (RULES.md §1.2)."""
    mode = state.mode
    phase = state.phase
    if phase == "telling":
        seat = state.storyteller
        if seat is None:
            seats = state.active_seats()
            k, rng = randbelow(rng, len(seats))
            seat = seats[k]
        action: dict[str, Any] = {"type": "tell"}
        if mode.tell_with_card:
            hand = state.hands[seat]
            k, rng = randbelow(rng, len(hand))
            action["card"] = hand[k]
        k, rng = randbelow(rng, 2)
        if k:
            action["association"] = SAFE_ASSOCIATION
        return seat, action, rng
    if phase == "playing":
        waiting = waiting_to_play(state)
        if not waiting:  # everything is down but the association is disputed
            return state.storyteller, {"type": "restate", "association": SAFE_ASSOCIATION}, rng
        k, rng = randbelow(rng, len(waiting))
        seat = waiting[k]
        hand = state.hands[seat]
        if mode.cards_each == 1:
            k, rng = randbelow(rng, len(hand))
            return seat, {"type": "play_card", "card": hand[k]}, rng
        picks, rng = shuffled(rng, hand)
        return seat, {"type": "play_card", "cards": picks[:mode.cards_each]}, rng
    if phase == "voting":
        votes = state.votes
        waiting = [v for v in mode.voters(state) if v not in votes]
        k, rng = randbelow(rng, len(waiting))
        voter = waiting[k]
        owners = state.owners
        sought = mode.sought_owner or state.storyteller
        avoid: tuple[str | None, ...] = (voter,)
        if find_percent is not None:
            k, rng = randbelow(rng, 100)
            if k < find_percent and sought != voter and sought in owners:
                return _vote(mode, state, voter, owners.index(sought) + 1, rng)
            if any(o not in (voter, sought) for o in owners):
                avoid = (voter, sought)  # a miss: some other card
        k, rng = randbelow(rng, len(owners))
        while owners[k] in avoid:  # uniform over the cards that are not the voter's own
            k, rng = randbelow(rng, len(owners))
        return _vote(mode, state, voter, k + 1, rng)
    return None, {"type": "next_round"}, rng


def _vote(mode: Mode, state: GameState, voter: str, number: int, rng: int) -> tuple[str | None, dict[str, Any], int]:
    """`voter`'s vote for card `number`; where the adult may enter a child's vote, half the time they do."""
    vote: dict[str, Any] = {"type": "vote", "card": number}
    seat: str | None = voter
    if mode.proxy_votes:
        k, rng = randbelow(rng, 2)
        if k:
            seat, vote["for"] = state.adult, voter
    return seat, vote, rng
