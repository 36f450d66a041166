"""Cards played for a player, so a phone can say why a card it never chose is marked "your card": the
host's or the timer's `skip` plays a random card for whoever had not played (RULES.md §4a), and on D1's
last turn every last card goes down by itself.

Only *who* is told, in the room view every socket gets (the TV shows it on its list); *which* card stays in
the player's own view (`me.played`), as the engine's hidden-information rules want.

    note_skip(rec, actor, before) -> Record   # after a `skip` by `actor` (None: the room's own clock)
    view(rec) -> {"seats": [seat, ...], "by": "timer" | "host" | "last_card"} | None
"""
from __future__ import annotations

from dataclasses import replace

from server import engine
from server.room.record import AutoPlayed, Record


def waiting_to_play(game: engine.GameState) -> list[str]:
    """Active seats of `game` that may play a card now, in seat order: the engine's one account of who
    may act (`engine.refusal`; a seat with an empty hand owes none); [] outside the playing phase."""
    if game.phase != "playing":
        return []
    return [s for s in game.active_seats() if engine.refusal(game, s, "play_card") is None]


def note_skip(rec: Record, actor: str | None, before: engine.GameState | None) -> Record:
    """`rec` (the room after a `skip` by `actor` of `before`, the game as it was) noting who got a card
    played for them (`auto_played`: round, seats, by), kept until a later skip replaces it."""
    seats = waiting_to_play(before) if before is not None else []
    if before is None or not seats:
        return rec
    return replace(rec, auto_played=AutoPlayed(before.round, tuple(seats), "timer" if actor is None else "host"))


def view(rec: Record) -> dict[str, object] | None:
    """This round's seats whose cards were played for them, and why, from the table being laid out until the
    next round: the stored skip of this round, else (D1) every seat but the storyteller on the last turn."""
    game = rec.game
    if game is None or game.phase not in ("voting", "scored"):
        return None
    kept = rec.auto_played
    if kept is not None and kept.round == game.round:
        return {"seats": list(kept.seats), "by": kept.by}
    if game.last_card and game.mode.has_playing_phase:
        seats = [s for s in game.active_seats() if s != game.storyteller]
        return {"seats": seats, "by": "last_card"} if seats else None
    return None
