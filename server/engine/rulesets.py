"""Rulesets (scoring families) registered in one place (RULES.md §1). Nothing else branches on a
ruleset's name: the game asks these fields, and scoring calls the ruleset's `family`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from . import families
from .families import Family


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One scoring family and its table kit (RULES.md §1 table).

    Which modes a ruleset has is said once, by each mode (`Mode.rulesets`).
    """

    id: str
    """The ruleset id (``imaginarium`` | ``imaginarium-classic`` | ``dixit``)."""
    deck_size: int
    """Cards in the publisher's box (98, Dixit 84)."""
    hand_size: int
    """Cards in a full hand (6)."""
    refill: Literal["one_each", "to_hand"]
    """After each round: draw 1 each while the deck lasts, or refill to `hand_size`."""
    removes_cards: bool
    """Cards are removed unseen before play (§1.3, D2)."""
    conditions: tuple[str, ...]
    """The special-cell conditions of this ruleset (§3), in the lobby's order."""
    short_game_default: int | None
    """Printed cell T of the short game (§4), or None: no short game."""
    score_to_win: int | None
    """Dixit's 30 (D7), or None."""
    ends_when_deck_empties: bool
    """Dixit: the game ends after the round whose refill leaves fewer cards than players (D7, D8)."""
    standard_seats: tuple[int, int]
    """Seats at a standard table, (min, max)."""
    family: Family
    """The scoring family of a storyteller's-card round (families.py)."""
    source: str
    """The rule texts it follows (RULES.md §1)."""
    laps: bool = True
    """Past the last cell an elephant starts a new lap (§1.2); False: it stays on the last cell (D12)."""
    equal_turns: bool = True
    """A game whose cards run out ends after a full cycle of storytellers (D8)."""


RULESETS: dict[str, Ruleset] = {
    r.id: r for r in (
        Ruleset(id="imaginarium", deck_size=98, hand_size=6, refill="one_each", removes_cards=True,
                conditions=("question", "four_words", "person", "screen", "story"),
                short_game_default=34, score_to_win=None, ends_when_deck_empties=False,
                standard_seats=(4, 7), family=families.imaginarium,
                source="000_fd4629aa6844ed5a.txt, 001_ab6cddfa3639fbc5.txt"),
        Ruleset(id="imaginarium-classic", deck_size=98, hand_size=6, refill="one_each", removes_cards=True,
                conditions=("question", "four_words", "screen", "story", "brand"),
                short_game_default=39, score_to_win=None, ends_when_deck_empties=False,
                standard_seats=(4, 7), family=families.classic,
                source="003_fbdd70e7d669438d.txt, 004_b7f0a6fcecdb19f9.txt"),
        Ruleset(id="dixit", deck_size=84, hand_size=6, refill="to_hand", removes_cards=False,
                conditions=(), short_game_default=None, score_to_win=30, ends_when_deck_empties=True,
                standard_seats=(3, 6), family=families.dixit, source="002_e8594275d4f1b8ba.txt",
                laps=False, equal_turns=False),
    )
}
