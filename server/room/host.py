"""Game messages: the seats' game actions (to the engine) and the host's controls (skip, pause,
remove / return / release a seat, pass or claim the host role, end and new game). Handlers take the
room, the sender's person and the message, change the room or raise Refused, and return `Effects`."""
from __future__ import annotations

from typing import Any

from server.engine import text as texts
from server.room import auto_played
from server.room.refusals import Malformed, Refused
from server.room.roster import Person
from server.room.settings import fewer_people
from server.room.state import Effects, RoomState


def game_action(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`tell`, `play_card`, `vote`, `dispute`, `restate`, `next_round`: to the engine for the sender's
    seat; an `association` is cleaned and limited first (ASSOCIATION_MAX graphemes)."""
    action = {k: v for k, v in msg.items() if k != "state_id"}
    if "association" in action and action["association"] is not None:
        cleaned = texts.clean_limited(action["association"], texts.ASSOCIATION_MAX,
                                          max_bytes=texts.ASSOCIATION_MAX_BYTES, allow_empty=True)
        if cleaned is None:
            if not isinstance(action["association"], str):
                raise Malformed("association must be text")
            raise Refused("association_too_long", max=texts.ASSOCIATION_MAX)
        action["association"] = cleaned
    room.play(room.seat_of(actor), action)


def skip(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`skip` (host, or the room's clock as `actor` None): the engine moves past whoever it waits for; who
    got a card played for them is noted (server/room/auto_played.py)."""
    before = room.game
    room.play(None, {k: v for k, v in msg.items() if k != "state_id"})
    auto_played.note_skip(room, actor, before)


def pause(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`pause` (host): game actions are refused with `paused` until `resume`."""
    room.data["paused"] = True


def resume(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`resume` (host)."""
    room.data["paused"] = False


def _target(room: RoomState, msg: dict[str, Any]) -> Person:
    """The person named by `seat` (a seat id names its lead). Raises Refused `no_such_seat`."""
    entry = room.roster.person(msg.get("seat"))
    if entry is None:
        raise Refused("no_such_seat")
    return entry


def remove_player(room: RoomState, actor: str | None, msg: dict[str, Any]) -> Effects | None:
    """`remove_player` (host): in the lobby the person leaves the roster (their sockets become
    spectators); in a game their seat sits out (the engine skips it) until `return_player`."""
    entry = _target(room, msg)
    if entry["person"] == room.host:
        raise Refused("not_allowed")
    if room.phase == "lobby":
        room.roster.delete(entry)
        fewer_people(room)
        return Effects(drops=entry["person"])
    seat = room.seat_of(entry["person"])
    if seat is None or seat == room.seat_of(room.host):
        raise Refused("not_allowed")  # the host's own team
    room.play(None, {"type": "remove_player", "seat": seat})
    room.roster.mark_removed(seat, True)
    return None


def return_player(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`return_player` (host): a removed seat plays again."""
    seat = room.seat_of(_target(room, msg)["person"])
    room.play(None, {"type": "return_player", "seat": seat})
    if seat is not None:
        room.roster.mark_removed(seat, False)


def release_seat(room: RoomState, actor: str | None, msg: dict[str, Any]) -> Effects:
    """`release_seat` (host): the person's token stops working and their place is open for a new
    phone (`join` + `seat`); their sockets become spectators."""
    entry = _target(room, msg)
    if entry["person"] == room.host:
        raise Refused("not_allowed")
    entry["open"] = True
    entry["token"] = None
    return Effects(drops=entry["person"])


def pass_host(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`pass_host` (host): another seated, present person becomes host."""
    entry = _target(room, msg)
    if entry["person"] == room.host:  # a no-op would still cost a state_id and stale every open screen
        raise Refused("already_host")
    if entry.get("removed") or entry.get("open"):
        raise Refused("not_allowed")
    room.data["host"] = entry["person"]


def claim_host(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`claim_host`: any seated player becomes host once no socket has held the host for
    `env.host_grace` seconds (the host's phone died or left for good); before that it is
    refused with `host_away_briefly` (`seconds` left), and a connected host keeps the role."""
    if room.host and any(c.person == room.host for c in room.connections):
        raise Refused("host_present")
    wait = room.host_claim_in()
    if wait:   # a phone that only went to sleep keeps the role for env.host_grace seconds
        raise Refused("host_away_briefly", seconds=wait)
    entry = room.roster.person(actor)
    if entry is None:
        raise Refused("not_seated")
    if entry.get("removed"):
        raise Refused("seat_removed")
    room.data["host"] = actor


def end_game(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`end_game` (host): the engine ends the game now (final scores)."""
    room.play(None, {"type": "end_game"})


def new_game(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`new_game` (host, after `game_over`): back to the lobby with the same people; released places
    nobody took are dropped (a child's stays), removed seats come back; a deck deleted meanwhile gives way
    to the built-in one."""
    if room.game is None or room.game.phase != "game_over":
        raise Refused("wrong_phase")
    roster = room.roster
    for entry in list(roster.people):
        if entry.get("open") and not entry.get("child"):
            roster.delete(entry)
    for entry in roster.people:
        entry["removed"] = False
    fewer_people(room)
    if not room.env.has_deck(room.settings.get("deck")):   # deleted while nobody had the results open
        room.settings["deck"] = "builtin"
    room.game = None
    room.data["phase"] = "lobby"
    room.data["paused"] = False
