"""How many cards are in play (RULES.md §1.3, Decision D2) and how many a table needs."""
from __future__ import annotations

from .modes import MODES
from .rulesets import RULESETS
from .settings import Settings
from .validation import validate_settings


def deck_in_play(deck_size: int, cards_per_round: int, seats: int, hand_size: int = 6) -> int:
    """C² × floor(D / C²) cards (C = cards on the table per round, D = deck size), so everyone is
    storyteller equally often: 98 cards give 96/75/72/98 for 4/5/6/7 players and 75 for trio.
    D2: if that is fewer than ``hand_size × seats + C``, the whole deck.
    """
    c2 = cards_per_round * cards_per_round
    n = c2 * (deck_size // c2)
    return n if n >= hand_size * seats + cards_per_round else deck_size


def min_deck_size(settings: Settings, n_seats: int) -> int:
    """Fewest cards a deck needs for `settings` with `n_seats` seats: enough to deal and play one
    full round (standard: 6 per seat and a refill; trio +2 bot cards; duel 13; kids 6 + 2).

    :raises IllegalAction: ``bad_settings`` for an unknown ruleset/mode (via `validate_settings`).
    """
    validate_settings(settings)
    return MODES[settings.mode].min_deck(RULESETS[settings.ruleset], n_seats)


def cards_in_play(settings: Settings, deck_size: int, n_seats: int) -> int:
    """Cards of a `deck_size` deck that stay in play; the rest are removed unseen (§1.3). The whole
    deck with `reshuffle` on (004) and for rulesets/modes without removal (Dixit, duel, kids)."""
    rs, mode = RULESETS[settings.ruleset], MODES[settings.mode]
    c = mode.cards_per_round(n_seats)
    if not rs.removes_cards or settings.reshuffle or c is None:
        return deck_size
    return deck_in_play(deck_size, c, n_seats, rs.hand_size)
