"""The stored room record: its shape, a new one, and the migration of older versions (keyed on `v`).

Version 2 (current), a JSON object:
    v: 2, code: "ABCD", state_id: int (+1 per accepted action), epoch: int (older state_ids are stale),
    phase: "lobby" | "game", paused: bool, host: person id | None, next_person: int,
    people: [{person: "s1", name, colour, token | None, removed: bool, open: bool,
              child?: true, team?: lead's person id}],
    settings: engine.Settings fields + deck + lang (+ sound, timer), floors: {person or seat id: state_id},
    actors?: {seat: person who acted last}, clock?: {round, phase, seconds, left_ms} | None (the timer,
    server/room/clock.py), auto_played?: {round, seats, by: "timer" | "host"} (whose cards the last
    skip played for them, server/room/auto_played.py), game: engine.to_json text | None.

Version 1 (main before the room split) said "seat" for a person: `seats` for `people`, each entry's
`seat` for `person`, `next_seat` for `next_person`. Nothing else differs.
"""
from __future__ import annotations

from typing import Any

RECORD_VERSION = 2


def new_record(code: str, settings: dict[str, Any]) -> dict[str, Any]:
    """A new empty room in the lobby (version `RECORD_VERSION`)."""
    return {"v": RECORD_VERSION, "code": code, "state_id": 1, "epoch": 1, "phase": "lobby", "paused": False,
            "host": None, "people": [], "next_person": 1, "settings": settings, "floors": {}, "game": None}


def migrate(record: dict[str, Any]) -> dict[str, Any]:
    """`record` in the current version (a new dict; the argument is left alone). Raises ValueError for a
    version this code does not know (a newer server wrote it): the registry skips such a room."""
    version = record.get("v")
    if version == RECORD_VERSION:
        return record
    if version != 1:
        raise ValueError(f"record version {version!r} is not one this server reads")
    out = {k: v for k, v in record.items() if k not in ("seats", "next_seat")}
    out["people"] = [{("person" if k == "seat" else k): v for k, v in entry.items()} for entry in record["seats"]]
    out["next_person"] = record["next_seat"]
    out["v"] = RECORD_VERSION
    return out
