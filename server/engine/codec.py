"""A GameState as JSON text and back, exactly (RNG included): what the room stores. Reading checks the
settings as a combination (validation.py), so it sits above the modes."""
from __future__ import annotations

import json

from .board import Board
from .errors import MalformedAction
from .state import FIELDS, GameState, make_state
from .validation import settings_from_dict

#: The stored state's format; `from_json` reads every state stored since format 1.
FORMAT = 1
# made once (json.dumps with options builds an encoder per call); the state holds no cycles, so no
# circular-reference check (a fifth of the encoding's time)
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode

#: Fields added to the state after format 1 was first stored, with the value a state stored before them
#: means (kids' `abstained`: nobody skipped; `entered`: no guess entered by the adult). Such a field is
#: written only when it holds something else, so `from_json` reads every stored state and a state that never
#: used it writes back the very same text.
_ADDED: dict[str, object] = {"abstained": [], "entered": []}


def to_record(state: GameState) -> dict[str, object]:
    """The whole state as a JSON-able dict (includes hidden cards and the RNG: for storage, never for
    players): what `to_json` encodes, for a caller with a faster encoder of the same text."""
    values = dict(state.__dict__)
    for name, empty in _ADDED.items():
        if values[name] == empty:
            del values[name]
    values["settings"] = state.settings.to_dict()
    values["board"] = state.board.to_dict()
    values["format"] = FORMAT
    return values


def to_json(state: GameState) -> str:
    """The whole state as JSON text (`to_record` encoded)."""
    return _ENCODE(to_record(state))


def from_json(text: str) -> GameState:
    """Inverse of `to_json`: ``from_json(to_json(s)) == s``; reads every state stored since format 1.

    :raises MalformedAction: not a saved state of this format.
    """
    try:
        values = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise MalformedAction(f"not JSON: {exc}") from None
    if not isinstance(values, dict) or values.pop("format", None) != FORMAT:
        raise MalformedAction("not a saved game state of this format")
    for name, empty in _ADDED.items():   # stored before the field existed: its empty value
        values.setdefault(name, empty)
    if set(values) != set(FIELDS):
        raise MalformedAction(f"state fields differ: {sorted(set(values) ^ set(FIELDS))}")
    try:
        values["settings"] = settings_from_dict(values["settings"])
        values["board"] = Board.from_dict(values["board"])
    except ValueError as exc:
        raise MalformedAction(f"bad board in state: {exc}") from None
    return make_state(values)
