"""Table settings chosen before the game (RULES.md §4)."""
from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .errors import IllegalAction, MalformedAction
from .rulesets import RULESETS

FIRST_STORYTELLER = ("draw", "host", "claim")
WHEN_DECK_EMPTY = ("reshuffle", "end")
DEFAULT_RULESET, DEFAULT_MODE = "imaginarium", "standard"

_TYPES: dict[str, type | tuple[type, ...]] = {
    "ruleset": str, "mode": str, "short_game": (int, type(None)), "reshuffle": bool,
    "restriction": (str, type(None)), "special_cells": bool, "first_storyteller": str, "when_deck_empty": str}


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings of one game (RULES.md §4), a frozen JSON-able value."""

    ruleset: str = "imaginarium"
    """``imaginarium`` | ``imaginarium-classic`` | ``dixit`` (§1)."""
    mode: str = "standard"
    """``standard`` | ``pairs`` | ``trio`` | ``duel`` | ``kids`` (§2)."""
    short_game: int | None = None
    """None, or the printed cell number T where the game ends (§4)."""
    reshuffle: bool = False
    """Shuffle the discard into a new deck when the deck runs out (§4); the whole deck is then in play
    (004: "use all the cards in the game ... shuffle the discard pile")."""
    restriction: str | None = None
    """None, or a condition on every round's association (§4)."""
    special_cells: bool = True
    """Whether special cells apply (§3, §4)."""
    first_storyteller: str = "draw"
    """``draw`` (random token draw, highest wins, 004) | ``host`` | ``claim`` (first to tell, 002)."""
    when_deck_empty: str = "reshuffle"
    """Trio's bot cards once the deck is empty: ``reshuffle`` | ``end`` (D3t)."""

    def validate(self, n_seats: int | None = None, board: Board | None = None) -> Settings:
        """Check the combination (and the seat count, if given; the short game's cell against `board`,
        an `engine.Board`, if given: it must lie on the first lap after the start); returns self.

        :raises IllegalAction: ``bad_settings`` with params `field` and `reason` (``unknown_ruleset``,
            ``unknown_mode``, ``mode_not_in_ruleset``, ``seat_count``, ``no_short_game`` (the ruleset has
            none), ``no_short_game_in_mode``,
            ``short_game_off_board`` {min, max}, ``no_such_condition``, ``bad_value``) naming the problem.
        """
        from .modes import (  # modes import settings-free pieces only
            MODES,
            mode_seat_range,
        )

        rs = RULESETS.get(self.ruleset)
        if rs is None:
            raise IllegalAction("bad_settings", f"unknown ruleset {self.ruleset!r}", field="ruleset",
                                reason="unknown_ruleset")
        if self.mode not in MODES:
            raise IllegalAction("bad_settings", f"unknown mode {self.mode!r}", field="mode",
                                reason="unknown_mode")
        low, high = mode_seat_range(self.ruleset, self.mode)
        if n_seats is not None and not low <= n_seats <= high:
            raise IllegalAction("bad_settings", f"{self.ruleset} {self.mode} needs {low}-{high} seats, "
                                f"not {n_seats}", field="seats", reason="seat_count", min=low, max=high)
        if self.short_game is not None:
            if rs.short_game_default is None or not MODES[self.mode].allows_short_game:
                raise IllegalAction("bad_settings", f"no short game in {self.ruleset} {self.mode}",
                                    field="short_game", ruleset=self.ruleset, mode=self.mode,
                                    reason="no_short_game" if rs.short_game_default is None
                                    else "no_short_game_in_mode")
            last: int | None
            first, last = (1, None) if board is None else (board.first_number + 1,
                                                           board.first_number + board.length - 1)
            if self.short_game < first or (last is not None and self.short_game > last):
                bounds: dict[str, object] = {"min": first} if last is None else {"min": first, "max": last}
                raise IllegalAction("bad_settings", f"cell {self.short_game} is not on the board's first lap",
                                    field="short_game", reason="short_game_off_board", **bounds)
        if self.restriction is not None and self.restriction not in rs.conditions:
            raise IllegalAction("bad_settings", f"{self.ruleset} has no condition {self.restriction!r}",
                                field="restriction", reason="no_such_condition", ruleset=self.ruleset)
        if self.first_storyteller not in FIRST_STORYTELLER:
            raise IllegalAction("bad_settings", f"first_storyteller must be one of {FIRST_STORYTELLER}",
                                field="first_storyteller", reason="bad_value")
        if self.when_deck_empty not in WHEN_DECK_EMPTY:
            raise IllegalAction("bad_settings", f"when_deck_empty must be one of {WHEN_DECK_EMPTY}",
                                field="when_deck_empty", reason="bad_value")
        return self

    def to_dict(self) -> dict[str, object]:
        """The settings as a JSON-able dict (every field)."""
        return {key: getattr(self, key) for key in _TYPES}

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from a (possibly partial) dict; missing fields take their defaults.

        `short_game` may be ``true`` (the ruleset's default cell: 34, classic 39) or ``false`` (off).

        :raises MalformedAction: not a dict, an unknown key or an ill-typed value.
        :raises IllegalAction: ``bad_settings`` for an impossible value or combination.
        """
        if not isinstance(data, dict):
            raise MalformedAction("settings must be an object")
        values = dict(data)
        for key, value in values.items():
            if key not in _TYPES:
                raise MalformedAction(f"unknown setting {key!r}")
            if key == "short_game" and isinstance(value, bool):
                continue
            if not isinstance(value, _TYPES[key]) or (isinstance(value, bool) and _TYPES[key] is not bool):
                raise MalformedAction(f"setting {key!r} has the wrong type")
        if isinstance(values.get("short_game"), bool):
            rs = RULESETS.get(values.get("ruleset", DEFAULT_RULESET))
            values["short_game"] = rs.short_game_default if values["short_game"] and rs else None
            if values["short_game"] is None and data["short_game"]:
                raise IllegalAction("bad_settings", "this ruleset has no short game", field="short_game",
                                reason="no_short_game", ruleset=values.get("ruleset", DEFAULT_RULESET),
                                mode=values.get("mode", DEFAULT_MODE))
        if values.get("restriction") == "":
            values["restriction"] = None
        return cls(**values).validate()
