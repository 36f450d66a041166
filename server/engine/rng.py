"""A tiny seeded PRNG (SplitMix64) whose whole state is one int kept in GameState.

Why not `random.Random`: its state is 625 ints; ours is one, so `to_json` stays small and a saved game
continues with exactly the numbers an unsaved one would have drawn. Functions are pure: they take the
state and return ``(result, new_state)``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Initial PRNG state for an integer seed (any size; negative allowed)."""
    return (int(seed) * 0x2545F4914F6CDD1D + _GOLDEN) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """One 64-bit output and the next state."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A number in ``range(n)`` (n >= 1) and the next state (bias below 2**-50: negligible)."""
    state = (state + _GOLDEN) & _MASK  # next_u64, inlined: this is the hot path of random play
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return ((z ^ (z >> 31)) * n) >> 64, state


def shuffled(state: int, items: Sequence[T]) -> tuple[list[T], int]:
    """A uniformly shuffled copy of `items` (Fisher-Yates) and the next state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state = (state + _GOLDEN) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return out, state
