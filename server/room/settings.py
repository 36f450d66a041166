"""The room's settings (engine.Settings plus the room's own `deck` and `lang`), the `set_settings`
message, and the lobby rules a mode brings with it, read from the engine's `Mode` attributes (never
from its name): `people_per_seat` (pairs: teams of two), `automatic` (pairs: 8+ people at a standard
table play it by themselves, RULES.md §4)."""
from __future__ import annotations

from typing import Any

from server import engine
from server.room import clock
from server.room.refusals import Malformed, Refused, engine_errors
from server.room.state import RoomState

ROOM_KEYS = ("deck", "lang", "sound", "calm", "timer")  # the room keeps these itself; the rest is engine.Settings
IN_GAME_KEYS = frozenset({"lang", "sound", "calm", "timer"})  # what the host may change in a game (not the rules)
STANDARD = engine.Settings().mode  # the default table: what a mode the ruleset lacks falls back to


def default_settings(lang: str | None) -> dict[str, Any]:
    """The settings a new room starts with: engine.Settings defaults + deck "builtin" + `lang` (the TV's
    language; None lets the TV follow its browser) + `sound` (the TV's cues on; issue 13) + `calm` (the
    TV only fades, nothing moves: for anyone motion bothers) + `timer` (seconds for playing and voting, 0:
    off; server/room/clock.py)."""
    return {**engine.Settings().to_dict(), "deck": "builtin", "lang": lang, "sound": True, "calm": False, "timer": 0}


def engine_settings(settings: dict[str, Any]) -> engine.Settings:
    """engine.Settings from the room's settings dict (room-only keys dropped), checked by the engine
    (`engine.settings_from_dict`). Raises Malformed (unknown key, wrong type) or Refused("bad_settings")."""
    with engine_errors():
        return engine.settings_from_dict({k: v for k, v in settings.items() if k not in ROOM_KEYS})


def _follow(current: dict[str, Any], patch: dict[str, Any], merged: dict[str, Any]) -> None:
    """Settings the host did not name follow a new ruleset or mode to values valid there, in place
    in `merged` (what a family expects from "switch to Dixit": the game switches, it is not refused):
    a mode the ruleset lacks -> standard; a short game the ruleset or mode lacks -> off, a short game
    at the old ruleset's default cell -> the new default (34 / 39); a restriction the ruleset lacks ->
    none; special cells off for a ruleset without them (Dixit) and back on when leaving it. A setting
    the host names in the same message is checked as given (and refused with its reason)."""
    if not isinstance(merged["ruleset"], str):
        return  # ill-typed: the engine refuses it as malformed
    old_rs, new_rs = engine.RULESETS.get(current["ruleset"]), engine.RULESETS.get(merged["ruleset"])
    if old_rs is None or new_rs is None:
        return  # an unknown ruleset: the engine refuses it with its reason
    mode = engine.MODES.get(merged["mode"]) if isinstance(merged["mode"], str) else None
    if "mode" not in patch and mode is not None and new_rs.id not in mode.rulesets:
        merged["mode"] = STANDARD  # a new ruleset without the current mode: back to the standard table
        mode = engine.MODES[STANDARD]
    if "short_game" not in patch and merged.get("short_game") is not None:
        if new_rs.short_game_default is None or (mode is not None and not mode.allows_short_game):
            merged["short_game"] = None
        elif merged["short_game"] == old_rs.short_game_default:
            merged["short_game"] = new_rs.short_game_default
    if "restriction" not in patch and merged.get("restriction") not in (None, *new_rs.conditions):
        merged["restriction"] = None
    if "special_cells" not in patch and old_rs.id != new_rs.id and bool(old_rs.conditions) != bool(new_rs.conditions):
        merged["special_cells"] = bool(new_rs.conditions)


def _board_bounds(exc: Refused, board: engine.Board) -> None:
    """The printed cells a short game may end on (first lap, after the start) into a refusal's params."""
    exc.params.update(min=board.first_number + 1, max=board.first_number + board.length - 1)


def set_settings(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`set_settings` (host): merge `settings` into the room's, checked by the engine against the
    ruleset's board; in a game only `lang`, `sound`, `calm` and `timer` may change (`settings_locked`)."""
    room.forget_deck_info()  # choosing a deck (even the same one) reads its folder again
    patch = msg.get("settings")
    if not isinstance(patch, dict) or not patch:
        raise Malformed("settings must be a non-empty object")
    current = room.settings
    unknown = set(patch) - set(current) - {"sound", "calm", "timer"}   # rooms from before them lack them
    if unknown:
        raise Malformed(f"unknown settings {sorted(unknown)}")
    if "lang" in patch and patch["lang"] is not None and patch["lang"] not in room.env.langs:
        raise Refused("bad_settings", field="lang", reason="bad_value")
    for switch in ("sound", "calm"):
        if switch in patch and not isinstance(patch[switch], bool):
            raise Malformed(f"settings.{switch} must be true or false")
    if "timer" in patch:
        clock.check(patch["timer"], room.env.timer_extra)
    if room.phase == "game":
        # the game was dealt with these settings; the TV's language, sound and calm and the timer may change
        if not set(patch) <= IN_GAME_KEYS:
            raise Refused("settings_locked")
        current.update(patch)
        return
    merged = {**current, **patch}
    if "deck" in patch and not room.env.has_deck(patch["deck"]):
        raise Refused("no_such_deck")
    _follow(current, patch, merged)
    rs = engine.RULESETS.get(merged["ruleset"]) if isinstance(merged["ruleset"], str) else None
    if patch.get("special_cells") is True and rs is not None and not rs.conditions:
        raise Refused("bad_settings", field="special_cells", reason="no_special_cells", ruleset=rs.id)
    try:
        checked = engine_settings(merged)  # type and value check by the engine; normalises short_game
    except Refused as exc:
        if exc.params.get("reason") == "short_game_off_board":  # say the board's bounds, not just 1
            _board_bounds(exc, room.env.board(engine.Settings(ruleset=merged["ruleset"])))
        raise
    board = room.env.board(checked)
    try:  # the short game's cell must be on this ruleset's board
        with engine_errors():
            engine.validate_settings(checked, board=board)
    except Refused as exc:
        if exc.params.get("reason") != "short_game_off_board" or "short_game" in patch:
            raise
        # a cell carried over from another ruleset's board: that board's default instead
        merged["short_game"] = engine.RULESETS[checked.ruleset].short_game_default
        checked = engine_settings(merged)
    old_mode = room.mode
    room.data["settings"] = {**checked.to_dict(), **{k: merged[k] for k in ROOM_KEYS if k in merged}}
    if room.mode.people_per_seat != old_mode.people_per_seat:
        _regroup(room)
    if "mode" not in patch:
        automatic_mode(room)


# ---------------------------------------------------------------- the lobby rules of modes
def _regroup(room: RoomState) -> None:
    """Seats as the mode wants them: teams in roster order, or one per person."""
    if room.mode.people_per_seat > 1:
        room.roster.form_teams()
    else:
        room.roster.split_teams()


def people_range(room: RoomState, mode: engine.Mode) -> tuple[int, int]:
    """How many people a `mode` table of the room's ruleset takes: the engine's seat range times the
    mode's people per seat. Raises Refused if the mode does not exist for the ruleset."""
    with engine_errors():
        lo, hi = engine.mode_seat_range(room.settings["ruleset"], mode.id)
    return mode.people_per_seat * lo, mode.people_per_seat * hi


def cards_needed(room: RoomState) -> int | None:
    """The fewest cards a deck needs for the room's settings (`engine.min_deck_size`, RULES.md §1.3 and
    D2) with the seats there are now, or the mode's fewest (most) when there are fewer (more); None when
    the settings cannot be played. What `start` checks for the seats it deals to."""
    try:
        settings = engine_settings(room.settings)
        low, high = engine.mode_seat_range(settings.ruleset, settings.mode)
        return engine.min_deck_size(settings, min(max(len(room.roster.leads()), low), high))
    except (Malformed, Refused, engine.EngineError):
        return None


def automatic_mode(room: RoomState) -> None:
    """Enough people at a standard table of a ruleset with an automatic mode (pairs: eight or more):
    the room plays that mode."""
    if room.settings["mode"] != STANDARD:
        return
    for mode in engine.MODES.values():
        if (mode.automatic and room.settings["ruleset"] in mode.rulesets
                and len(room.roster) >= people_range(room, mode)[0]):
            room.settings["mode"] = mode.id
            _regroup(room)
            return


def fewer_people(room: RoomState) -> None:
    """Fewer people left than an automatic mode takes (pairs: under eight): back to the standard table."""
    mode = room.mode
    if mode.automatic and len(room.roster) < people_range(room, mode)[0]:
        room.settings["mode"] = STANDARD
        _regroup(room)
