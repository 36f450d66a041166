"""The shapes of a scored round: JSON-native typed dicts the views and the room pass on."""
from __future__ import annotations

from typing import Literal, TypedDict

Outcome = Literal["all", "none", "some"]


class Award(TypedDict):
    """One line of a round's breakdown: why an elephant moved and by how many cells."""

    reason: str
    points: int


#: elephant id -> its awards this round (every elephant listed, an empty list for no points)
Breakdown = dict[str, list[Award]]


class TableEntry(TypedDict):
    """One card of a scored table: its number 1..N, card id, owner (a seat, "bot", "deck", "mammoth")
    and the seats that voted for it."""

    number: int
    card: str
    owner: str
    votes: list[str]


class RoundResult(TypedDict):
    """The last scored round as the views show it (docs/architecture.md "Public view", `result`)."""

    table: list[TableEntry]
    storyteller: str | None
    storyteller_card: int | None
    target_card: int
    points: dict[str, int]
    breakdown: Breakdown
    outcome: Outcome
