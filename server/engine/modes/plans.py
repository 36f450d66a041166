"""The values a mode's hooks return (RULES.md §1 table, D10): the plans the card flow (card_flow.py) carries out
(`Refill`, `RoundDeal`), the pass-by-pass refill count, and duel's outcome type."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

DuelOutcome = Literal["win", "loss", "draw"]


class Refill(NamedTuple):
    """The cards a mode's refill after scoring moves (card_flow.py carries it out, RULES.md §1 table). A
    NamedTuple: built every round, and cheaper to build than a frozen dataclass."""

    draws: tuple[tuple[str, int], ...] = ()
    """(seat, cards) in seat order, drawn off the top of the deck as one pile."""
    may_reshuffle: bool = False
    """The discard may become a new deck under the old one when the deck is short."""
    partial: bool = False
    """When the cards are not there, draw what there is (kids: the adult's hand)."""
    discard_hands: bool = False
    """Every hand goes to the discard first (duel, 000)."""


class RoundDeal(NamedTuple):
    """Cards dealt at the start of every round (duel, 000): face down to the centre, then new hands."""

    centre: int
    """Cards face down in the centre (the mammoth's card), drawn first."""
    hands: tuple[tuple[str, int], ...]
    """(seat, cards) of the new hands, in seat order."""




def refill_counts(wants: Sequence[tuple[str, int]], available: int) -> tuple[tuple[str, int], ...]:
    """Cards each seat draws: all it `wants` if `available` covers them, else passes round the table of
    one card to every seat still drawing, each pass only while it reaches them all (Decision D10)."""
    if sum(n for _, n in wants) <= available:
        return tuple(wants)
    gets = dict.fromkeys((seat for seat, _ in wants), 0)
    while True:
        drawing = [seat for seat, n in wants if gets[seat] < n]
        if not drawing or available < len(drawing):
            return tuple((seat, n) for seat, n in gets.items() if n)
        for seat in drawing:
            gets[seat] += 1
        available -= len(drawing)
