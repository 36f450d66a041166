"""Shared builders for engine tests: decks, boards, a game and a random player."""
from __future__ import annotations

from server.boards import default_board
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
        state, _ = apply(state, seat, action)
        steps += 1
        assert steps < limit, "game did not end"
    return state, steps
