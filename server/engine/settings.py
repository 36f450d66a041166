"""Table settings chosen before the game (RULES.md §4): the value and its JSON form. Checking a
combination needs the modes, which sit above this module (their hooks read a GameState, which holds
Settings): validation.py does that."""
from __future__ import annotations

from dataclasses import dataclass

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

    def to_dict(self) -> dict[str, object]:
        """The settings as a JSON-able dict (every field)."""
        return {key: getattr(self, key) for key in _TYPES}

    @classmethod
    def parse(cls, data: object) -> Settings:
        """Settings from a (possibly partial) dict, each value typed, not yet checked as a combination
        (that needs the modes: `validation.settings_from_dict` parses and checks). Missing fields take
        their defaults; `short_game` may be ``true`` (the ruleset's default cell: 34, classic 39) or
        ``false`` (off).

        :raises MalformedAction: not a dict, an unknown key or an ill-typed value.
        :raises IllegalAction: ``bad_settings`` (``no_short_game``) for ``short_game: true`` in a ruleset
            without a short game.
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
        return cls(**values)
