"""Cards played for a player, so a phone can say why a card it never chose is marked "your card": the
host's or the timer's `skip` plays a random card for whoever had not played (RULES.md §4a), and on D1's
last turn every last card goes down by itself.

Only *who* is told, in the room view every socket gets (the TV shows it on its list); *which* card stays in
the player's own view (`me.played`), as the engine's hidden-information rules want.

    note_skip(room, actor, before)   # after a `skip` by `actor` (None: the room's own clock)
    view(room) -> {"seats": [seat, ...], "by": "timer" | "host" | "last_card"} | None
"""
from __future__ import annotations

from typing import Any

from server import engine
from server.room.state import RoomState


def waiting_to_play(game: engine.GameState) -> list[str]:
    """Active seats of `game` in its playing phase that still owe a card (a seat with an empty hand owes
    none), in seat order; [] in any other phase."""
    if game.phase != "playing":
        return []
    return [s for s in game.active_seats() if s not in game.played and game.hands[s]]


def note_skip(room: RoomState, actor: str | None, before: engine.GameState | None) -> None:
    """Remember who got a card played for them by the `skip` just applied to `before` (the game as it
    was): stored in the room record (`auto_played`: round, seats, by) until a later skip replaces it."""
    if before is None:
        return
    seats = waiting_to_play(before)
    if seats:
        room.data["auto_played"] = {"round": before.round, "seats": seats, "by": "timer" if actor is None else "host"}


def view(room: RoomState) -> dict[str, Any] | None:
    """This round's seats whose cards were played for them, and why, from the table being laid out until the
    next round: the stored skip of this round, else (D1) every seat but the storyteller on the last turn."""
    game = room.game
    if game is None or game.phase not in ("voting", "scored"):
        return None
    kept = room.data.get("auto_played")
    if kept and kept["round"] == game.round:
        return {"seats": list(kept["seats"]), "by": kept["by"]}
    if game.last_card and engine.MODES[game.settings.mode].has_playing_phase:
        seats = [s for s in game.active_seats() if s != game.storyteller]
        return {"seats": seats, "by": "last_card"} if seats else None
    return None
