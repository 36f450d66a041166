"""Shared builders for engine tests: decks, boards, a game and a random player."""
from __future__ import annotations

from server.decks.boards import default_board
from server.engine import RULESETS, Settings, apply, new_game
from server.engine.autoplay import random_action

BOARDS = {r: default_board(r) for r in RULESETS}


def deck(n: int) -> list[str]:
    """Card ids c000.. of equal width, so a quoted id never hides inside another."""
    return [f"c{i:03d}" for i in range(n)]


def seats(n: int) -> list[str]:
    return [f"s{i}" for i in range(1, n + 1)]


def game(n: int = 4, seed: int = 1, cards: int | None = None, storyteller: str | None = None, **settings):
    """A new game with `n` seats s1..sn, the ruleset's full deck and its shipped board."""
    st = Settings(**settings)
    if st.first_storyteller == "host" and storyteller is None and st.mode != "kids":
        storyteller = "s1"
    size = cards if cards is not None else RULESETS[st.ruleset].deck_size
    return new_game(st, seats(n), deck(size), BOARDS[st.ruleset], seed, storyteller=storyteller)


def play_out(state, seed: int = 0, limit: int = 50_000):
    """Play random legal actions until the game is over; returns (final state, actions applied)."""
    rng, steps = seed, 0
    while state.phase != "game_over":
        seat, action, rng = random_action(state, rng)
        state = apply(state, seat, action)
        steps += 1
        assert steps < limit, "game did not end"
    return state, steps


def craft(state, **fields):
    """A copy of `state` with some fields replaced: the crafted starting point of a scenario."""
    from server.engine.state import make_state
    return make_state({**state.__dict__, **fields})


def tell(state, association=None, seat=None):
    """The storyteller (or `seat`, when claiming) tells with the first card of their hand."""
    from server.engine import MODES
    seat = seat or state.storyteller
    action = {"type": "tell"}
    if MODES[state.settings.mode].tell_with_card:
        action["card"] = state.hands[seat][0]
    if association is not None:
        action["association"] = association
    return apply(state, seat, action)


def play_all(state):
    """Every seat that still owes cards plays the first one(s) of its hand."""
    from server.engine import MODES
    each = MODES[state.settings.mode].cards_each
    for seat in state.seats:
        if seat not in state.removed and seat not in state.played and state.hands[seat]:
            cards = state.hands[seat][:each]
            action = {"type": "play_card", "cards": cards} if each > 1 else {"type": "play_card", "card": cards[0]}
            state = apply(state, seat, action)
    return state


def number_of(state, owner):
    """Table number of the (first) card `owner` has on the table."""
    return state.owners.index(owner) + 1


def vote(state, seat, owner):
    """`seat` votes for the card of `owner` (a seat, "bot", "deck" or "mammoth")."""
    return apply(state, seat, {"type": "vote", "card": number_of(state, owner)})


def reveal(state):
    """Kids: the adult starts the reveal once every child has voted (RULES.md §2.5)."""
    return apply(state, state.adult, {"type": "reveal"})


def other_than(state, seat, *also):
    """Table number of some card not owned by `seat` nor any of `also`."""
    return next(i + 1 for i, o in enumerate(state.owners) if o != seat and o not in also)


def duel_round(s, found):
    """Play a duel round in which `found` players (0, 1, 2) find the mammoth's card."""
    s = play_all(tell(s))
    for i, seat in enumerate(["s1", "s2"]):
        s = vote(s, seat, "mammoth") if i < found else apply(
            s, seat, {"type": "vote", "card": other_than(s, seat, "mammoth")})
    return s
