"""A random legal move for whoever the game waits on: for benchmarks, property tests and the game-length
forecast (catalogue.py). Pure: takes and returns the PRNG state (rng.py), never touches global random.

Who may act is not decided here: the seat comes from the engine's one account of it (legal.py:
`awaiting`, the moves the phase waits on and who owes each, and `refusal`), so a random game can never
wait on a seat the phones and the TV do not, nor skip one they do."""
from __future__ import annotations

from typing import Any

from .legal import awaiting, refusal, waiting_seats
from .rng import randbelow, shuffled
from .state import GameState

#: Satisfies both checkable conditions ("question" and "four_words").
SAFE_ASSOCIATION = "Is it four words?"

Move = tuple[str | None, dict[str, Any], int]   # (seat, action, rng): what random_action returns


def random_action(state: GameState, rng: int, find_percent: int | None = None) -> Move:
    """``(seat, action, rng)``: a legal action of a seat the phase waits on (legal.awaiting's seats, as
    `waiting_for` lists them; a seat is drawn uniformly when there is a choice), the move it owes:
    ``telling`` a `tell` (with a card where the mode tells with one, RULES.md §1.1; the association half
    the time checkable), ``playing`` its cards, or the storyteller's `restate` while a dispute waits for
    it, ``voting`` a vote, or the adult's `reveal` once every child has voted (kids, RULES.md §2.5). Where
    nobody is awaited (``scored``) `next_round` by the table. Undefined once the game is over.

    With `find_percent` (0-100) a voter finds the card they look for (the storyteller's; duel: the
    mammoth's) that often, and otherwise votes for another card at random: a real table's pace rather
    than blind guessing (`Mode.find_percent`, the game-length estimate of catalogue.py). A voter's own
    card is never chosen either way (RULES.md §1.2)."""
    awaited = awaiting(state)
    waiting = waiting_seats(awaited)
    if not waiting:
        return None, {"type": "next_round"}, rng
    k = 0
    if len(waiting) > 1:
        k, rng = randbelow(rng, len(waiting))
    seat = waiting[k]
    if state.phase == "telling":
        return _tell(state, seat, rng)
    if state.phase == "playing":
        if seat not in awaited.get("play_card", ()):   # awaited for the restatement of a dispute
            return seat, {"type": "restate", "association": SAFE_ASSOCIATION}, rng
        return _play(state, seat, rng)
    if seat in awaited.get("reveal", ()):  # kids: every child voted, the adult turns the cards
        return seat, {"type": "reveal"}, rng
    return _vote(state, seat, rng, find_percent)


def _tell(state: GameState, seat: str, rng: int) -> Move:
    """`seat` tells: a random card of its hand where the mode tells with one, a checkable association half the time."""
    action: dict[str, Any] = {"type": "tell"}
    if state.mode.tell_with_card:
        hand = state.hands[seat]
        k, rng = randbelow(rng, len(hand))
        action["card"] = hand[k]
    k, rng = randbelow(rng, 2)
    if k:
        action["association"] = SAFE_ASSOCIATION
    return seat, action, rng


def _play(state: GameState, seat: str, rng: int) -> Move:
    """`seat` plays the mode's number of random cards of its hand."""
    hand, each = state.hands[seat], state.mode.cards_each
    if each == 1:
        k, rng = randbelow(rng, len(hand))
        return seat, {"type": "play_card", "card": hand[k]}, rng
    picks, rng = shuffled(rng, hand)
    return seat, {"type": "play_card", "cards": picks[:each]}, rng


def _vote(state: GameState, voter: str, rng: int, find_percent: int | None) -> Move:
    """`voter`'s vote: for the sought card `find_percent` of the time (when given), else for a random card
    that is not its own."""
    owners = state.owners
    sought = state.mode.sought_owner or state.storyteller
    avoid: tuple[str | None, ...] = (voter,)
    if find_percent is not None:
        k, rng = randbelow(rng, 100)
        if k < find_percent and sought != voter and sought in owners:
            return _voted(state, voter, owners.index(sought) + 1, rng)
        if any(o not in (voter, sought) for o in owners):
            avoid = (voter, sought)  # a miss: some other card
    k, rng = randbelow(rng, len(owners))
    while owners[k] in avoid:  # uniform over the cards that are not the voter's own
        k, rng = randbelow(rng, len(owners))
    return _voted(state, voter, k + 1, rng)


def _voted(state: GameState, voter: str, number: int, rng: int) -> Move:
    """`voter`'s vote for card `number`; where the adult may enter it for them (refusal says so: kids,
    RULES.md §2.5), half the time the adult does."""
    vote: dict[str, Any] = {"type": "vote", "card": number}
    seat: str | None = voter
    adult = state.adult
    if adult is not None and refusal(state, adult, "vote", voter) is None:
        k, rng = randbelow(rng, 2)
        if k:
            seat, vote["for"] = adult, voter
    return seat, vote, rng
