"""Modes (table layouts, RULES.md §2) registered in one place, as a few hooks with neutral defaults
(the python-chess variant pattern). The game's steps ask these hooks and never branch on a mode's name.

Hooks only read: they get a `GameState` (immutable) and return values; what changes cards is returned
as a plan (`Refill`, `RoundDeal`, plans.py) that the card flow (cards.py) carries out. One module per
mode family: standard.py (the base `Mode`, and pairs), trio.py, duel.py, kids.py; this one holds the
registry `MODES` that the rest of the engine and the room read.
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..rulesets import RULESETS
from .duel import DUEL_FINISH, Duel
from .kids import Kids
from .plans import DuelOutcome, Refill, RoundDeal, refill_counts
from .standard import Mode, Pairs
from .trio import Trio

__all__ = ["DUEL_FINISH", "MODES", "Duel", "DuelOutcome", "Kids", "Mode", "Pairs", "Refill", "RoundDeal", "Trio",
           "mode_seat_range", "refill_counts"]

MODES: dict[str, Mode] = {m.id: m for m in (Mode(), Pairs(), Trio(), Duel(), Kids())}


def mode_seat_range(ruleset: str, mode: str) -> tuple[int, int]:
    """(min, max) seats for a ruleset and mode; in pairs a seat is a team of two (RULES.md §2).

    :raises IllegalAction: ``bad_settings`` for an unknown ruleset or mode, or one the ruleset lacks.
    """
    rs, m = RULESETS.get(ruleset), MODES.get(mode)
    if rs is None or m is None:
        raise IllegalAction("bad_settings", f"unknown ruleset/mode {ruleset!r}/{mode!r}")
    if ruleset not in m.rulesets:
        raise IllegalAction("bad_settings", f"{ruleset} has no {mode} mode", field="mode",
                            reason="mode_not_in_ruleset", ruleset=ruleset, mode=mode)
    return m.seat_range(rs)
