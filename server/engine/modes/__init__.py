"""Modes (table layouts, RULES.md §2) registered in one place, as a few hooks with neutral defaults
(the python-chess variant pattern). The game's steps ask these hooks and never branch on a mode's name.

Hooks only read: they get a `Position` (position.py: the fields of a `GameState` a hook may read) and return
values; what changes cards is returned as a plan (`Refill`, `RoundDeal`, plans.py) that the card flow
(cards.py) carries out. One module per mode family: standard.py (the base `Mode`, and pairs), trio.py,
duel.py, kids.py; this one holds the registry `MODES` that a `GameState` resolves its `state.mode` from (and
settings-level code reads).
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..rulesets import RULESETS
from .duel import DUEL_FINISH, Duel
from .kids import Kids
from .plans import DuelOutcome, Refill, RoundDeal, refill_counts
from .position import Position
from .standard import Mode, Pairs
from .trio import Trio

__all__ = ["DUEL_FINISH", "MODES", "Duel", "DuelOutcome", "Kids", "Mode", "Pairs", "Position", "Refill", "RoundDeal",
           "Trio", "fitting_mode", "mode_for_people", "mode_seat_range", "people_range", "refill_counts"]

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


def people_range(ruleset: str, mode: str) -> tuple[int, int]:
    """(min, max) people a `mode` table of `ruleset` takes: its seats times `Mode.people_per_seat`
    (pairs: 8-14, RULES.md §2.2).

    :raises IllegalAction: as `mode_seat_range`.
    """
    low, high = mode_seat_range(ruleset, mode)
    per = MODES[mode].people_per_seat
    return low * per, high * per


def _head_count_modes(ruleset: str) -> list[str]:
    """The modes a lobby switches between by its head count: the standard table and every automatic
    mode of `ruleset` (pairs, trio, duel: RULES.md §1's players column), in registry order."""
    return [m.id for m in MODES.values()
            if ruleset in m.rulesets and (m.automatic or m.id == Mode.id)]


def fitting_mode(ruleset: str, people: int) -> str | None:
    """The mode of `ruleset` that `people` people play without anyone choosing it (the standard table,
    or the automatic mode for that head count: 2 duel, 3 trio, 8-14 pairs in the `imaginarium` rulesets,
    RULES.md §1, §2), or None when none fits (Dixit with 2; 1 person anywhere). An unknown ruleset: None."""
    if ruleset not in RULESETS:
        return None
    for mode in _head_count_modes(ruleset):
        low, high = people_range(ruleset, mode)
        if low <= people <= high:
            return mode
    return None


def mode_for_people(ruleset: str, mode: str, people: int) -> str:
    """The mode a lobby of `people` people at a `mode` table of `ruleset` plays now, as the head count
    changes (RULES.md §4: pairs switch on by themselves at 8 people; so do trio at 3 and the duel at 2,
    where the ruleset has them). A mode the host picks that does not follow the head count (kids) stays;
    so does a mode that fits. Otherwise the fitting one (`fitting_mode`); when none fits, the one with the
    most people at its smallest that `people` reach (15 people: still pairs), else `mode` unchanged.
    An unknown ruleset or mode: `mode` (the settings check refuses it)."""
    if ruleset not in RULESETS or mode not in MODES or mode not in _head_count_modes(ruleset):
        return mode
    low, high = people_range(ruleset, mode)
    if low <= people <= high:
        return mode
    fits = fitting_mode(ruleset, people)
    if fits is not None:
        return fits
    reached = [(people_range(ruleset, m)[0], m) for m in _head_count_modes(ruleset)
               if people_range(ruleset, m)[0] <= people]
    return max(reached)[1] if reached else mode
