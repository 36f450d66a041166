"""The room's settings (record.RoomSettings: engine.Settings plus the room's own deck, language, sound and
timer), the `set_settings`
message, and the lobby rules a mode brings with it, read from the engine's `Mode` attributes (never
from its name): `people_per_seat` (pairs: teams of two), `automatic` (pairs at 8 people, trio at 3, the
duel at 2 play by themselves, RULES.md §1, §4: `engine.mode_for_people`)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from server import engine
from server.room import clock, roster
from server.room.env import RoomEnv
from server.room.record import ROOM_KEYS, Record, RoomSettings
from server.room.refusals import Malformed, Refused, engine_errors
from server.room.state import NO_EFFECTS, Effects, Message, RoomState

IN_GAME_KEYS = frozenset({"lang", "sound", "calm", "timer"})  # the host may change these in a game (not the rules)
STANDARD = engine.Settings().mode  # the default table: what a mode the ruleset lacks falls back to


def default_settings(lang: str | None) -> RoomSettings:
    """The settings a new room starts with: engine.Settings defaults + deck "builtin" + `lang` (the TV's
    language; None lets the TV follow its browser) + `sound` (the TV's cues on) + `timer` (off;
    server/room/clock.py)."""
    return RoomSettings(lang=lang)


def engine_settings(settings: dict[str, Any]) -> engine.Settings:
    """engine.Settings from a settings dict (room-only keys dropped), checked by the engine
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


def _room_part(env: RoomEnv, settings: RoomSettings, patch: dict[str, Any]) -> RoomSettings:
    """`settings` with the room's own `lang`, `sound`, `calm` and `timer` of `patch` (each checked). Raises Refused
    `bad_settings` (a language the server lacks, a timer not offered) or Malformed (ill-typed)."""
    if "lang" in patch:
        lang = patch["lang"]
        if lang is not None and lang not in env.langs:
            raise Refused("bad_settings", field="lang", reason="bad_value")
        settings = replace(settings, lang=lang)
    if "sound" in patch:
        if not isinstance(patch["sound"], bool):
            raise Malformed("settings.sound must be true or false")
        settings = replace(settings, sound=patch["sound"])
    if "calm" in patch:
        if not isinstance(patch["calm"], bool):
            raise Malformed("settings.calm must be true or false")
        settings = replace(settings, calm=patch["calm"])
    if "timer" in patch:
        settings = replace(settings, timer=clock.check(patch["timer"], env.timer_extra))
    return settings


def set_settings(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`set_settings` (host): merge `settings` into the room's, checked by the engine against the
    ruleset's board; in a game only `lang`, `sound`, `calm` and `timer` may change (`settings_locked`).
    Choosing a deck (even the same one) reads its folder again."""
    patch = msg.get("settings")
    if not isinstance(patch, dict) or not patch:
        raise Malformed("settings must be a non-empty object")
    rec = room.record
    current = rec.settings.to_json()
    unknown = set(patch) - set(current)
    if unknown:
        raise Malformed(f"unknown settings {sorted(unknown)}")
    own = _room_part(room.env, rec.settings, patch)
    if rec.phase == "game":
        # the game was dealt with these settings; the TV's language, sound and calm and the timer may change
        if not set(patch) <= IN_GAME_KEYS:
            raise Refused("settings_locked")
        return replace(rec, settings=own), NO_EFFECTS
    merged = {**current, **patch}
    if "deck" in patch:
        if not isinstance(patch["deck"], str) or not room.env.has_deck(patch["deck"]):
            raise Refused("no_such_deck")
        own = replace(own, deck=patch["deck"])
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
    new = replace(rec, settings=replace(own, game=checked))
    if new.mode.people_per_seat != rec.mode.people_per_seat:
        new = _regroup(new)
    if "mode" not in patch:
        new = follow_head_count(new)
    room.deck_info(new, fresh=True)
    return new, NO_EFFECTS


# ---------------------------------------------------------------- the lobby rules of modes
def _regroup(rec: Record) -> Record:
    """Seats as the mode wants them: teams in roster order, or one per person."""
    people = roster.form_teams(rec.people) if rec.mode.people_per_seat > 1 else roster.split_teams(rec.people)
    return replace(rec, people=people)


def people_range(rec: Record, mode: engine.Mode) -> tuple[int, int]:
    """How many people a `mode` table of the room's ruleset takes (`engine.people_range`: the engine's
    seat range times the mode's people per seat). Raises Refused if the mode does not exist for the
    ruleset."""
    with engine_errors():
        return engine.people_range(rec.settings.game.ruleset, mode.id)


def cards_needed(rec: Record) -> int | None:
    """The fewest cards a deck needs for the room's settings (`engine.min_deck_size`, RULES.md §1.3 and
    D2) with the seats there are now, or the mode's fewest (most) when there are fewer (more); None when
    the settings cannot be played. What `start` checks for the seats it deals to."""
    settings = rec.settings.game
    try:
        engine.validate_settings(settings)
        low, high = engine.mode_seat_range(settings.ruleset, settings.mode)
        return engine.min_deck_size(settings, min(max(len(roster.leads(rec.people)), low), high))
    except engine.EngineError:
        return None


def follow_head_count(rec: Record) -> Record:
    """The lobby's head count changed (or the ruleset): the room plays the mode the engine says fits it
    (`engine.mode_for_people`: pairs at 8 people, trio at 3, the duel at 2, else the standard table;
    RULES.md §1, §4), with its teams, and a short game the new mode lacks goes off."""
    before = rec.mode
    mode = engine.mode_for_people(rec.settings.game.ruleset, before.id, len(rec.people))
    if mode == before.id:
        return rec
    game = replace(rec.settings.game, mode=mode)
    if not engine.MODES[mode].allows_short_game:
        game = replace(game, short_game=None)
    new = replace(rec, settings=replace(rec.settings, game=game))
    return _regroup(new) if new.mode.people_per_seat != before.people_per_seat else new
