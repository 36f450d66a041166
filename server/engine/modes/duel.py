"""Duel (RULES.md §2.4, D3d, D4, D9): two players and one shared elephant against the mammoth."""
from __future__ import annotations

from collections.abc import Sequence

from .. import families
from ..families import Family
from ..rulesets import Ruleset
from .plans import DuelOutcome, Refill, RoundDeal
from .position import Position
from .standard import Mode

#: The duel ends at this distance in cells on every board (D9).
DUEL_FINISH = 20


class Duel(Mode):
    """Two players and one shared elephant against the mammoth (RULES.md §2.4, D3d, D4, D9)."""

    id = "duel"
    rulesets = ("imaginarium", "imaginarium-classic")
    tell_with_card = False
    cards_each = 2
    storyteller_votes = True
    allows_short_game = False
    min_active = 1
    sought_owner = "mammoth"
    hand_face_down_while_telling = True
    equal_turns = False
    finish = DUEL_FINISH
    automatic = True  # two people play it by themselves (RULES.md §1)

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (2, 2)

    def cards_per_round(self, n_seats: int) -> int | None:
        return None

    def table_size(self, n_seats: int) -> int:
        return super().table_size(n_seats) + 1  # and the mammoth's card from the deck: 5 (RULES.md §2.4)

    def min_deck(self, rs: Ruleset, n_seats: int) -> int:
        return 1 + rs.hand_size * n_seats

    def elephant_ids(self, seats: Sequence[str], adult: str | None) -> list[str]:
        return ["elephant", "mammoth"]

    def elephant_seats(self, s: Position, elephant: str) -> list[str]:
        return list(s.seats) if elephant == "elephant" else []

    def storyteller_elephant(self, s: Position, storyteller: str) -> str | None:
        return "elephant"

    def opening_hands(self, seats: Sequence[str], adult: str | None, rs: Ruleset) -> dict[str, int]:
        return dict.fromkeys(seats, 0)  # every round deals anew

    def round_deal(self, s: Position, rs: Ruleset) -> RoundDeal | None:
        # The mammoth's card first, then six new cards each (000); D3d: reshuffle when short.
        return RoundDeal(centre=1, hands=tuple((seat, rs.hand_size) for seat in s.active_seats()))

    def voters(self, s: Position) -> list[str]:
        return s.active_seats()

    def plays_from_hand(self, s: Position) -> list[str]:
        return []

    def may_reshuffle_extras(self, s: Position) -> bool:
        return True

    def family(self, rs: Ruleset) -> Family:
        return families.duel

    def refill(self, s: Position, rs: Ruleset) -> Refill:
        return Refill(discard_hands=True)  # every card left in both hands goes to the discard too (000)

    def end_reason(self, s: Position, rs: Ruleset) -> str | None:
        if not self.can_continue(s):
            return "too_few_players"
        if max(s.elephants.values()) >= self.finish:
            return "finish"
        return None

    def winners(self, s: Position, reason: str) -> list[str]:
        e, m = s.elephants["elephant"], s.elephants["mammoth"]
        return ["elephant"] if e > m else ["mammoth"] if m > e else ["elephant", "mammoth"]

    def outcome(self, s: Position) -> DuelOutcome | None:
        # D4: both at the finish in the same round is a draw; the host's early end compares distance.
        e, m = s.elephants["elephant"], s.elephants["mammoth"]
        if e >= self.finish and m >= self.finish:
            return "draw"
        return "win" if e > m else "loss" if m > e else "draw"
