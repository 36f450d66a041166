"""Trio (RULES.md §2.3, D3t): three players and two bot cards from the deck."""
from __future__ import annotations

from ..rulesets import Ruleset
from .position import Position
from .standard import Mode


class Trio(Mode):
    """Three players and two bot cards from the deck (RULES.md §2.3, Decision D3t)."""

    id = "trio"
    rulesets = ("imaginarium", "imaginarium-classic")
    extra_cards = 2
    extra_owner = "bot"
    uses_when_deck_empty = True
    automatic = True  # three people at a standard table play it by themselves (RULES.md §1)

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (3, 3)

    def cards_per_round(self, n_seats: int) -> int | None:
        return n_seats + self.extra_cards  # 5 cards on the table: deck in play 75

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        return rs.hand_size * n_seats + self.extra_cards

    def may_reshuffle_extras(self, s: Position) -> bool:
        return s.settings.reshuffle or s.settings.when_deck_empty == "reshuffle"
