"""Which rooms still need a deck's pictures, so an uploaded deck is not deleted under them
(`DELETE /api/decks/{deck}`, server/net/deck_routes.py; docs/protocol.md).

How rooms are kept decides it: a room keeps its game after the last round (the results screen, engine
phase `game_over`, shows the cards until the host starts a new game with `new_game`), and a room stays
stored for 30 days of running (registry.ROOM_MAX_AGE_S). So "in use" is more than "a game under way". A
lobby holds no deck: its chosen deck gives way to the built-in one.

* A game under way holds its deck while any page has the room open, or while it changed (a move, a join,
  the timer) in the last `HOLD_S` (6 hours) of the server running, counted across restarts by the store's
  run clock (Store.written_ago: never by the wall clock, which jumps on a Pi, so a jump never abandons a
  game; time switched off does not count either). Phones asleep during a dinner break, the TV switched off,
  the server restarted: the game keeps its pictures. A game nobody has opened or played for 6 hours is
  abandoned (a family does not leave a game for an evening and expect it back): it no longer keeps the
  family, in a new room's lobby, from deleting the deck. The game itself stays; a page opened later shows
  numbered placeholders for the deleted deck's cards. (Rooms are forgotten only after 30 days: without
  this rule an abandoned game blocked the deck that long.)
* A finished game on its results screen holds its deck while any page (TV or phone) has the room open:
  someone is looking at its cards. Once every page is closed nobody sees them (a page opened later shows
  numbered placeholders for a deleted deck's cards), and the family's next room must not be blocked.
"""
from __future__ import annotations

from server.room.state import RoomState

PLAYING, RESULTS = "playing", "results"
HOLD_S = 6 * 3600.0   # seconds without a change after which a game nobody has open is abandoned


def holds(room: RoomState, deck_id: str, now: float) -> str | None:
    """Why `room` still needs deck `deck_id`'s pictures at `now` (time.monotonic): `PLAYING` (a game under
    way deals from it, and a page has the room open or it changed in the last `HOLD_S` seconds), `RESULTS`
    (a finished game's results with its cards are open on some page), or None (it may go)."""
    if room.game is None or room.deck_info()["id"] != deck_id:
        return None
    if room.finished:
        return RESULTS if room.connections else None
    return PLAYING if room.connections or now - room.changed_at < HOLD_S else None
