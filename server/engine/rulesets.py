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
    printed cell T of §4 (None: no short game); `score_to_win` is Dixit's 30 (D7); `laps` says whether
    an elephant going past the last cell starts a new lap (§1.2) or stays on the last cell (Dixit, D12);
    `equal_turns` ends a game whose cards run out after a full cycle of storytellers (D8). Which modes a
    ruleset has is said once, by each mode (`Mode.rulesets`).
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
    style: str
    source: str
    laps: bool = True
    equal_turns: bool = True

    def score(self, storyteller: str, table: list[str], votes: dict[str, int],
              positions: dict[str, int]) -> tuple[dict, str]:
        """Breakdown and outcome of a storyteller's-card round (families.standard)."""
        return families.standard(self.style, storyteller, table, votes, positions)


RULESETS: dict[str, Ruleset] = {
    r.id: r for r in (
        Ruleset(id="imaginarium", deck_size=98, hand_size=6, refill="one_each", removes_cards=True,
                conditions=("question", "four_words", "person", "screen", "story"),
                short_game_default=34, score_to_win=None, ends_when_deck_empties=False,
                standard_seats=(4, 7), style="imaginarium",
                source="000_fd4629aa6844ed5a.txt, 001_ab6cddfa3639fbc5.txt"),
        Ruleset(id="imaginarium-classic", deck_size=98, hand_size=6, refill="one_each", removes_cards=True,
                conditions=("question", "four_words", "screen", "story", "brand"),
                short_game_default=39, score_to_win=None, ends_when_deck_empties=False,
                standard_seats=(4, 7), style="classic",
                source="003_fbdd70e7d669438d.txt, 004_b7f0a6fcecdb19f9.txt"),
        Ruleset(id="dixit", deck_size=84, hand_size=6, refill="to_hand", removes_cards=False,
                conditions=(), short_game_default=None, score_to_win=30, ends_when_deck_empties=True,
                standard_seats=(3, 6), style="dixit", source="002_e8594275d4f1b8ba.txt",
                laps=False, equal_turns=False),
    )
}
