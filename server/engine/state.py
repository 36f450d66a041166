"""GameState: one game as immutable plain data, with an exact JSON round trip (RNG included).

Fields hold JSON-native values only (str, int, bool, None, lists, dicts with str keys) plus the frozen
`Settings` and `Board`, so ``from_json(to_json(s)) == s``. `apply` never mutates a state: it copies
the field dict, replaces the containers it changes, and builds a new state (copy-on-write).
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .board import Board
from .errors import MalformedAction
from .settings import Settings

FORMAT = 1

#: Every field, with its meaning. Card places (each card is in exactly one): set_aside, deck,
#: hands, played, mammoth, table, discard.
FIELDS = {
    "version": "int; +1 on every accepted action",
    "settings": "Settings",
    "board": "Board",
    "seats": "seat ids in clockwise order",
    "removed": "seat ids removed by the host (their elephants stay)",
    "adult": "kids: the adult's seat (permanent storyteller); else None",
    "elephants": "elephant id -> distance in cells (never negative)",
    "hands": "seat -> cards in hand (hidden but from their owner)",
    "deck": "draw pile, top card last (hidden)",
    "discard": "discard pile (face up once, not shown)",
    "set_aside": "cards removed unseen before play (RULES.md §1.3)",
    "mammoth": "duel: this round's face-down mammoth card, until the table is laid out",
    "phase": "telling | playing | voting | scored | game_over",
    "round": "round number from 1",
    "storyteller": "seat, or None while anyone may claim (first_storyteller = claim)",
    "association": "typed association text or None",
    "disputed": "a player disputed the association (RULES.md §3)",
    "conditions": "conditions on this turn's association",
    "last_card": "D1: every hand held exactly one card when this turn began",
    "played": "seat -> cards submitted this round, before the table is laid out (hidden)",
    "table": "card ids numbered 1..N (from voting on)",
    "owners": "owner of each table card (hidden until scored)",
    "votes": "voter seat -> table number (hidden until scored)",
    "result": "the last scored round (JSON-native), or None",
    "first_draw": "seat -> token of the random draw for the first storyteller, or None",
    "winners": "elephant ids, once the game is over",
    "end_reason": "why the game ended",
    "deck_ran_out": "the deck has been empty once (refills stop unless the table reshuffles)",
    "rng": "PRNG state (rng.py)",
}


class GameState:
    """An immutable game state; read its fields as attributes (see `FIELDS`).

    Predicates in python-chess style: `is_game_over()`, `is_active(seat)`, `has_played(seat)`,
    `has_voted(seat)`. Build one with `engine.new_game`, change it only with `engine.apply`.
    """

    __hash__ = None  # type: ignore[assignment]  # unhashable on purpose: holds lists and dicts

    if TYPE_CHECKING:  # the fields are set per instance from FIELDS; typed attributes are the engine's to add
        def __getattr__(self, name: str) -> Any: ...

    def __setattr__(self, name, value):
        raise AttributeError("GameState is immutable: use engine.apply()")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        return (f"<GameState {self.settings.ruleset}/{self.settings.mode} round {self.round} "
                f"{self.phase} v{self.version}>")

    def is_game_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "game_over"

    def is_active(self, seat: str) -> bool:
        """True if `seat` exists and has not been removed."""
        return seat in self.seats and seat not in self.removed

    def has_played(self, seat: str) -> bool:
        """True if `seat` has a card down this round (before or after the table is laid out)."""
        return seat in self.played or seat in self.owners

    def has_voted(self, seat: str) -> bool:
        """True if `seat` has voted this round."""
        return seat in self.votes


def make_state(fields: dict) -> GameState:
    """A GameState holding exactly `fields` (no copy: the caller hands the dict over)."""
    state = object.__new__(GameState)
    object.__setattr__(state, "__dict__", fields)
    return state


def to_json(state: GameState) -> str:
    """The whole state as JSON text (includes hidden cards and the RNG: for storage, never for players)."""
    fields = dict(state.__dict__)
    fields["settings"] = state.settings.to_dict()
    fields["board"] = state.board.to_dict()
    fields["format"] = FORMAT
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":"))


def from_json(text: str) -> GameState:
    """Inverse of `to_json`: ``from_json(to_json(s)) == s``.

    :raises MalformedAction: not a saved state of this format.
    """
    try:
        fields = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise MalformedAction(f"not JSON: {exc}") from None
    if not isinstance(fields, dict) or fields.pop("format", None) != FORMAT:
        raise MalformedAction("not a saved game state of this format")
    if set(fields) != set(FIELDS):
        raise MalformedAction(f"state fields differ: {sorted(set(fields) ^ set(FIELDS))}")
    try:
        fields["settings"] = Settings.from_dict(fields["settings"])
        fields["board"] = Board.from_dict(fields["board"])
    except ValueError as exc:
        raise MalformedAction(f"bad board in state: {exc}") from None
    return make_state({k: fields[k] for k in FIELDS})
