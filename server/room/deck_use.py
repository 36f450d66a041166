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

What the refusal shows (`describe`): a family that cannot delete a deck needs to know which game holds it
(its room code, who plays, how long ago it last changed) and whether it may end that game from the deck page:
a game under way that no page has open (nobody is playing it right now), or any game of the asking host's own
room. A game with a TV or phone open elsewhere is someone else's evening: only its host ends it, from there.

Which rooms a change of a deck's kids' filter concerns (`shows_kids_count`): only what a kids' table shows
counts the filter (the room view's deck `size` there, its game length, the host's deck list's `kids_size`),
so only kids' tables in the lobby (their deck list shows every deck's count) and kids' games dealing from
that deck get a new state; every other room's view is the same as before.
"""
from __future__ import annotations

from server.room.state import RoomState

PLAYING, RESULTS = "playing", "results"
HOLD_S = 6 * 3600.0   # seconds without a change after which a game nobody has open is abandoned


def holds(room: RoomState, deck_id: str, now: float) -> str | None:
    """Why `room` still needs deck `deck_id`'s pictures at `now` (time.monotonic): `PLAYING` (a game under
    way deals from it, and a page has the room open or it changed in the last `HOLD_S` seconds), `RESULTS`
    (a finished game's results with its cards are open on some page), or None (it may go)."""
    if room.game is None or room.deck_info(room.record)["id"] != deck_id:
        return None
    if room.finished:
        return RESULTS if room.connections else None
    return PLAYING if room.connections or now - room.changed_at < HOLD_S else None


def describe(room: RoomState, why: str, now: float, asker_hosts: bool) -> dict[str, object]:
    """One room holding a deck, as the `deck_in_use` refusal lists it (docs/protocol.md `DELETE /api/decks`):
    ``{"room": code, "reason": "playing" | "results", "names": [people's names, roster order],
    "idle_minutes": whole minutes since its last change (`changed_at`, time.monotonic `now`), "open": bool
    (a TV or phone has it open), "can_end": bool, "state_id": int}``. `can_end`: the asker may end the game
    from the deck page (`Room.end_for_deck`): a game under way (`PLAYING`) that no page has open, or any
    game under way in the room the asker hosts (`asker_hosts`); a finished game has nothing to end."""
    return {"room": room.code, "reason": why, "names": [e.name for e in room.record.people],
            "idle_minutes": max(0, int((now - room.changed_at) // 60)), "open": bool(room.connections),
            "can_end": why == PLAYING and (asker_hosts or not room.connections), "state_id": room.state_id}


def shows_kids_count(room: RoomState, deck_id: str) -> bool:
    """True if `room`'s pages show a count that deck `deck_id`'s kids' filter changes (RULES.md §2.5): a
    kids' table (`Mode.has_adult`) in the lobby (its host's deck list, its deck size and game length), or a
    kids' game dealing from that deck (its settings summary). Other rooms show no such count."""
    if not room.record.mode.has_adult:
        return False
    return room.game is None or room.deck_info(room.record)["id"] == deck_id
