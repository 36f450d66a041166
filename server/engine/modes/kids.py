"""The kids' variant (RULES.md §2.5, D5): the adult tells every round against one or more children."""
from __future__ import annotations

from collections.abc import Sequence

from .. import families
from ..families import Family
from ..rulesets import Ruleset
from .plans import Refill
from .position import Position
from .standard import Mode


class Kids(Mode):
    """The kids' variant (RULES.md §2.5, D5): the adult is the permanent storyteller and plays their
    card plus two deck cards; one child plays against the adult, several children against each other;
    the game ends after a full lap, or sooner with the short game (§4, which no mode excludes). Once every
    child has voted the round waits for the adult's `reveal` (§2.5: the adult starts each reveal)."""

    id = "kids"
    rulesets = ("imaginarium", "imaginarium-classic")
    has_playing_phase = False
    extra_cards = 2
    extra_owner = "deck"
    proxy_votes = True
    has_adult = True
    adult_reveals = True  # RULES.md §2.5: "the adult's phone controls ... starting each reveal"
    equal_turns = False
    # Children find the adult's card far more often than chance among three (33 %): the adult picks a card
    # and an association a child can follow, and the catch-up bonus keeps the last one in the race.
    find_percent = 70

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (2, 8)  # the adult and 1-7 children (seven elephants in the box)

    def cards_per_round(self, n_seats: int) -> int | None:
        return None

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        return rs.hand_size + self.extra_cards

    def elephant_ids(self, seats: Sequence[str], adult: str | None) -> list[str]:
        children = [seat for seat in seats if seat != adult]
        return [*children, adult] if len(children) == 1 and adult is not None else children

    def storyteller_on_board(self, n_seats: int) -> bool:
        return n_seats == 2  # the adult's elephant plays against one child only (RULES.md §2.5)

    def opening_hands(self, seats: Sequence[str], adult: str | None, rs: Ruleset) -> dict[str, int]:
        return {seat: rs.hand_size if seat == adult else 0 for seat in seats}

    def first_storyteller(self, adult: str | None, chosen: str | None) -> str | None:
        return adult

    def next_storyteller(self, s: Position) -> str | None:
        return s.adult

    def plays_from_hand(self, s: Position) -> list[str]:
        return [s.adult] if s.adult is not None else []

    def can_continue(self, s: Position) -> bool:
        return s.adult not in s.removed and len(s.active_seats()) >= 2

    def may_reshuffle_extras(self, s: Position) -> bool:
        return True

    def may_reshuffle_refill(self, s: Position) -> bool:
        return True

    def family(self, rs: Ruleset) -> Family:
        return families.kids

    def refill(self, s: Position, rs: Ruleset) -> Refill:
        adult = s.adult
        if adult is None:
            return Refill()
        return Refill(draws=((adult, rs.hand_size - len(s.hands[adult])),), may_reshuffle=True, partial=True)

    def end_reason(self, s: Position, rs: Ruleset) -> str | None:
        if not self.can_continue(s):
            return "too_few_players"
        furthest, short = max(s.elephants.values()), s.settings.short_game
        if short is not None and furthest >= s.board.distance_to(short):
            return "short_game"  # RULES.md §4: the short game ends a kids' evening sooner
        if furthest >= s.board.length:
            return "lap"
        if s.adult is None or not s.hands[s.adult]:
            return "hands_empty"
        return None

    def winners(self, s: Position, reason: str) -> list[str]:
        if reason == "lap":  # everyone who completed the lap in that round (000)
            return [e for e, dist in s.elephants.items() if dist >= s.board.length]
        return super().winners(s, reason)
