"""Rulesets (scoring families) registered in one place (RULES.md §1). Nothing else branches on a
ruleset's name: the game asks these fields and `score`."""
from __future__ import annotations

from dataclasses import dataclass

from . import families


@dataclass(frozen=True)
class Ruleset:
    """One scoring family and its table kit (RULES.md §1 table).

    `refill` is ``"one_each"`` (draw 1 each while the deck lasts) or ``"to_hand"`` (refill to
    `hand_size`); `removes_cards` applies the §1.3 deck-in-play rule; `short_game_default` is the
    printed cell T of §4 (None: no short game); `score_to_win` is Dixit's 30 (D7).
    """

    id: str
    deck_size: int
    hand_size: int
    refill: str
    removes_cards: bool
    conditions: tuple[str, ...]
    short_game_default: int | None
    score_to_win: int | None
    ends_when_deck_empties: bool
    standard_seats: tuple[int, int]
    modes: tuple[str, ...]
    style: str
    source: str

    def score(self, storyteller: str, table: list[str], votes: dict[str, int],
              positions: dict[str, int]) -> tuple[dict, str]:
        """Breakdown and outcome of a storyteller's-card round (families.standard)."""
        return families.standard(self.style, storyteller, table, votes, positions)


_IMAGINARIUM_MODES = ("standard", "pairs", "trio", "duel", "kids")

RULESETS: dict[str, Ruleset] = {
    r.id: r for r in (
        Ruleset("imaginarium", 98, 6, "one_each", True,
                ("question", "four_words", "person", "screen", "story"), 34, None, False, (4, 7),
                _IMAGINARIUM_MODES, "imaginarium", "000_fd4629aa6844ed5a.txt, 001_ab6cddfa3639fbc5.txt"),
        Ruleset("imaginarium-classic", 98, 6, "one_each", True,
                ("question", "four_words", "screen", "story", "brand"), 39, None, False, (4, 7),
                _IMAGINARIUM_MODES, "classic", "003_fbdd70e7d669438d.txt, 004_b7f0a6fcecdb19f9.txt"),
        Ruleset("dixit", 84, 6, "to_hand", False, (), None, 30, True, (3, 6),
                ("standard",), "dixit", "002_e8594275d4f1b8ba.txt"),
    )
}
