"""Which rooms still need a deck's pictures, so an uploaded deck is not deleted under them
(`DELETE /api/decks/{deck}`, server/net/deck_routes.py; docs/protocol.md).

How rooms are kept decides it: a room keeps its game after the last round (the results screen, engine
phase `game_over`, shows the cards until the host starts a new game with `new_game`), and a room stays
stored for 30 days (registry.ROOM_MAX_AGE_S). So "in use" is more than "a game under way". A lobby holds
no deck: its chosen deck gives way to the built-in one.

* A finished game on its results screen holds its deck while any page (TV or phone) has the room open:
  someone is looking at its cards. Once every page is closed nobody sees them (a page opened later shows
  numbered placeholders for a deleted deck's cards), and the family's next room must not be blocked.
"""
from __future__ import annotations

from server.room.state import RoomState

PLAYING, RESULTS = "playing", "results"


def holds(room: RoomState, deck_id: str) -> str | None:
    """Why `room` still needs deck `deck_id`'s pictures: `PLAYING` (a game under way deals from it),
    `RESULTS` (a finished game's results with its cards are open on some page), or None (it may go)."""
    if room.game is None or room.deck_info()["id"] != deck_id:
        return None
    if room.finished:
        return RESULTS if room.connections else None
    return PLAYING
