"""The room's settings (record.RoomSettings: engine.Settings plus the room's own deck, language, sound and
timer), the `set_settings` message (what a change implies for the other settings is the engine's:
`engine.change_settings`), and the lobby rules a mode brings with it, read from the engine's `Mode`
attributes (never from its name): `people_per_seat` (pairs: teams of two), `automatic` (pairs at 8
people, trio at 3, the duel at 2 play by themselves, RULES.md §1, §4: `engine.mode_for_people`)."""
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
    if "deck" in patch:
        if not isinstance(patch["deck"], str) or not room.env.has_deck(patch["deck"]):
            raise Refused("no_such_deck")
        own = replace(own, deck=patch["deck"])
    with engine_errors():   # the rules of a change (what a new ruleset implies) are the engine's
        checked = engine.change_settings(rec.settings.game, {k: v for k, v in patch.items() if k not in ROOM_KEYS},
                                         lambda ruleset: room.env.board(engine.Settings(ruleset=ruleset)))
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
    settings = rec.settings.game   # checked as a combination when it was set or read (record.RoomSettings)
    try:
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
