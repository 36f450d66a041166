"""A host changing the table's settings in the lobby (RULES.md §4): what a new ruleset or mode implies for
the settings the host did not name, and the checked result (`change_settings`). What a family expects from
"switch to Dixit": the game switches, it is not refused; a setting the host names in the same change is
checked as given (and refused with its reason)."""
from __future__ import annotations

from collections.abc import Callable, Mapping

from .board import Board
from .errors import IllegalAction
from .modes import MODES
from .rulesets import RULESETS
from .settings import DEFAULT_MODE, Settings
from .validation import settings_from_dict, validate_settings


def follow(current: Settings, patch: Mapping[str, object]) -> dict[str, object]:
    """`current` (as a dict) with `patch` laid over it, and the settings `patch` does not name moved to
    values valid with its ruleset and mode: a mode the ruleset lacks -> standard; a short game the
    ruleset or mode lacks -> off, a short game at the old ruleset's default cell -> the new default (34 /
    39); a restriction the ruleset lacks -> none; special cells off for a ruleset without them (Dixit) and
    back on when leaving it. Ill-typed or unknown values are left for `settings_from_dict` to refuse."""
    merged: dict[str, object] = {**current.to_dict(), **patch}
    ruleset, mode_id = merged["ruleset"], merged["mode"]
    new_rs = RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    old_rs = RULESETS.get(current.ruleset)
    if old_rs is None or new_rs is None:
        return merged   # an unknown or ill-typed ruleset: the engine refuses it with its reason
    mode = MODES.get(mode_id) if isinstance(mode_id, str) else None
    if "mode" not in patch and mode is not None and new_rs.id not in mode.rulesets:
        merged["mode"] = DEFAULT_MODE  # a new ruleset without the current mode: back to the standard table
        mode = MODES[DEFAULT_MODE]
    if "short_game" not in patch and merged["short_game"] is not None:
        if new_rs.short_game_default is None or (mode is not None and not mode.allows_short_game):
            merged["short_game"] = None
        elif merged["short_game"] == old_rs.short_game_default:
            merged["short_game"] = new_rs.short_game_default
    if "restriction" not in patch and merged["restriction"] not in (None, *new_rs.conditions):
        merged["restriction"] = None
    if "special_cells" not in patch and old_rs.id != new_rs.id and bool(old_rs.conditions) != bool(new_rs.conditions):
        merged["special_cells"] = bool(new_rs.conditions)
    return merged


def change_settings(current: Settings, patch: Mapping[str, object], board_of: Callable[[str], Board]) -> Settings:
    """The settings after the host's `patch` (engine fields, any subset, as sent) to `current`: the others
    follow the new ruleset and mode (`follow`), then the whole is checked (`settings_from_dict`) and its
    short game's cell must lie on the first lap of the ruleset's board (`board_of(ruleset)`); a cell carried
    over from another ruleset's board becomes this board's default instead.

    :raises MalformedAction: an unknown key or an ill-typed value.
    :raises IllegalAction: ``bad_settings`` as `validate_settings` says, with the board's ``min`` and ``max``
        for ``short_game_off_board``, or ``no_special_cells`` for special cells in a ruleset without them.
    Whatever `board_of` raises (a board that cannot be read) goes through.
    """
    merged = follow(current, patch)
    rs = RULESETS.get(merged["ruleset"]) if isinstance(merged["ruleset"], str) else None
    if patch.get("special_cells") is True and rs is not None and not rs.conditions:
        raise IllegalAction("bad_settings", f"{rs.id} has no special cells", field="special_cells",
                            reason="no_special_cells", ruleset=rs.id)
    try:
        checked = settings_from_dict(merged)  # type and value check; normalises short_game
    except IllegalAction as exc:
        if exc.params.get("reason") == "short_game_off_board" and rs is not None:  # the board's bounds, not just 1
            board = board_of(rs.id)
            exc.params.update(min=board.first_number + 1, max=board.first_number + board.length - 1)
        raise
    try:
        return validate_settings(checked, board=board_of(checked.ruleset))
    except IllegalAction as exc:
        if exc.params.get("reason") != "short_game_off_board" or "short_game" in patch:
            raise
    # a cell carried over from another ruleset's board: that board's default instead
    return settings_from_dict({**merged, "short_game": RULESETS[checked.ruleset].short_game_default})
