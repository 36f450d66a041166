"""What an action is (docs/architecture.md "Actions"): its type and the well-formedness check made before any
rule. Who may send one now is legal.py's; the handlers: player_actions.py, host_actions.py."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import MalformedAction
from .state import GameState

#: An action as it arrives: a JSON object with a ``type`` (docs/architecture.md "Actions"); its values
#: are typed by `check_fields` before any handler reads them.
Action = Mapping[str, Any]
Handler = Callable[[GameState, str | None, Action], GameState]

TABLE_ACTIONS = frozenset({"end_game", "remove_player", "return_player", "skip"})  # seat=None only
_FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "card": str, "association": (str, type(None)), "for": str, "seat": str, "cards": list}
_REQUIRED = {"vote": ("card",), "restate": ("association",), "remove_player": ("seat",),
             "return_player": ("seat",)}


def check_fields(kind: str, action: Action) -> None:
    """Well-formedness, before any rule: required fields present, known fields well typed."""
    for key in _REQUIRED.get(kind, ()):
        if action.get(key) is None:
            raise MalformedAction(f"`{kind}` needs `{key}`")
    for key, value in action.items():
        types = int if kind == "vote" and key == "card" else _FIELD_TYPES.get(key)
        if types is None or type(value) is types:
            continue  # extra keys (the room's own) are ignored; the exact type is the common case
        if types is int or not isinstance(value, types):  # (a bool is no table number)
            raise MalformedAction(f"`{key}` has the wrong type")
    if kind == "play_card":
        if ("card" in action) == ("cards" in action):
            raise MalformedAction("`play_card` needs `card` (duel: `cards`)")
        if "cards" in action and not all(isinstance(c, str) for c in action["cards"]):
            raise MalformedAction("`cards` must be a list of card ids")

