"""Game messages: the seats' game actions (to the engine) and the host's controls (skip, pause,
remove / return / release a seat, pass or claim the host role, end and new game). Handlers take the
room, the sender's person and the message and return the new record and its `Effects` (state.Handler),
or raise Refused."""
from __future__ import annotations

from dataclasses import replace

from server.engine import text as texts
from server.room import auto_played, roster
from server.room.record import Person, Record, RoomSettings
from server.room.refusals import Malformed, Refused
from server.room.settings import follow_head_count
from server.room.state import NO_EFFECTS, Effects, Message, RoomState, play


def game_action(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`tell`, `play_card`, `vote`, `reveal`, `restate`: to the engine for the sender's
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
    return play(room.record, room.record.seat_of(actor), action), NO_EFFECTS


def skip(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`skip` (host, or the room's clock as `actor` None): the engine moves past whoever it waits for; who
    got a card played for them is noted (server/room/auto_played.py)."""
    rec = play(room.record, None, {k: v for k, v in msg.items() if k != "state_id"})
    return auto_played.note_skip(rec, actor, room.record.game), NO_EFFECTS


def pause(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`pause` (host): game actions are refused with `paused` until `resume`."""
    return replace(room.record, paused=True), NO_EFFECTS


def resume(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`resume` (host)."""
    return replace(room.record, paused=False), NO_EFFECTS


def _target(rec: Record, msg: Message) -> Person:
    """The person named by `seat` (a seat id names its lead). Raises Refused `no_such_seat`."""
    entry = rec.entry(msg.get("seat"))
    if entry is None:
        raise Refused("no_such_seat")
    return entry


def remove_player(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`remove_player` (host): in the lobby the person leaves the roster (their sockets become
    spectators); in a game their seat sits out (the engine skips it) until `return_player`."""
    rec = room.record
    entry = _target(rec, msg)
    if entry.person == rec.host:
        raise Refused("not_allowed")
    if rec.phase == "lobby":
        return follow_head_count(replace(rec, people=roster.delete(rec.people, entry))), Effects(drops=entry.person)
    if entry.seat == rec.seat_of(rec.host):
        raise Refused("not_allowed")  # the host's own team
    rec = play(rec, None, {"type": "remove_player", "seat": entry.seat})
    return replace(rec, people=roster.mark_removed(rec.people, entry.seat, True)), NO_EFFECTS


def return_player(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`return_player` (host): a removed seat plays again."""
    seat = _target(room.record, msg).seat
    rec = play(room.record, None, {"type": "return_player", "seat": seat})
    return replace(rec, people=roster.mark_removed(rec.people, seat, False)), NO_EFFECTS


def release_seat(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`release_seat` (host): the person's token stops working and their place is open for a new
    phone (`join` + `seat`); their sockets become spectators."""
    rec = room.record
    entry = _target(rec, msg)
    if entry.person == rec.host:
        raise Refused("not_allowed")
    people = roster.changed(rec.people, replace(entry, open=True, token=None))
    return replace(rec, people=people), Effects(drops=entry.person)


def pass_host(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`pass_host` (host): another seated, present person becomes host."""
    entry = _target(room.record, msg)
    if entry.person == room.host:  # a no-op would still cost a state_id and stale every open screen
        raise Refused("already_host")
    if entry.removed or entry.open:
        raise Refused("not_allowed")
    return replace(room.record, host=entry.person), NO_EFFECTS


def claim_host(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`claim_host`: any seated player becomes host once no socket has held the host for
    `env.host_grace` seconds (the host's phone died or left for good); before that it is refused with
    `host_away_briefly` (`seconds` left), and a connected host keeps the role."""
    if room.host and any(c.person == room.host for c in room.connections):
        raise Refused("host_present")
    wait = room.host_claim_in(room.record)
    if wait:   # a phone that only went to sleep keeps the role for env.host_grace seconds
        raise Refused("host_away_briefly", seconds=wait)
    entry = room.record.entry(actor)
    if entry is None:
        raise Refused("not_seated")
    if entry.removed:
        raise Refused("seat_removed")
    return replace(room.record, host=actor), NO_EFFECTS


def end_game(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`end_game` (host): the engine ends the game now (final scores)."""
    return play(room.record, None, {"type": "end_game"}), NO_EFFECTS


def new_game(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`new_game` (host, after `game_over`): back to the lobby with the same people; released places
    nobody took are dropped (a child's stays), removed seats come back; a deck deleted meanwhile gives way
    to the built-in one."""
    rec = room.record
    if rec.game is None or rec.game.phase != "game_over":
        raise Refused("wrong_phase")
    people = rec.people
    for entry in people:
        if entry.open and not entry.child:
            people = roster.delete(people, entry)
    rec = follow_head_count(replace(rec, people=tuple(replace(e, removed=False) for e in people)))
    settings: RoomSettings = rec.settings
    if not room.env.has_deck(settings.deck):   # deleted while nobody had the results open
        settings = replace(settings, deck="builtin")
    return replace(rec, settings=settings, game=None, phase="lobby", paused=False), NO_EFFECTS
