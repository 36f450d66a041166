"""Lobby messages: join (or take an open place), colour, name, the kids' children, pairs' teams, and
start. Each handler takes the room, the sender's person (None: not seated) and the message; it changes
the room's record or raises Refused, and returns what the sender's socket becomes (`Effects`)."""
from __future__ import annotations

import secrets
from typing import Any

from server import engine
from server.room import story
from server.room.refusals import Malformed, Refused, engine_errors
from server.room.settings import automatic_mode, engine_settings, people_range
from server.room.state import Effects, RoomState


def join(room: RoomState, actor: str | None, msg: dict[str, Any]) -> Effects:
    """`join`: a new person (`name`, `colour`) in the lobby, the first one becoming host; or, with
    `seat` (and always during a game), an open place (`claim`)."""
    if actor is not None:
        raise Refused("already_joined")
    if msg.get("seat") is not None or room.phase == "game":
        return claim(room, msg)
    roster = room.roster
    if len(roster) >= room.env.max_seats:   # before name and colour: a full table says so, whatever was typed
        raise Refused("room_full", max=room.env.max_seats)
    entry = roster.add(roster.check_name(msg.get("name")), roster.check_colour(msg.get("colour")),
                       room.env.max_seats)
    if room.host is None:
        room.data["host"] = entry["person"]
    if room.mode.people_per_seat > 1:
        roster.join_a_team(entry)
    else:
        automatic_mode(room)
    return Effects(takes=entry["person"])


def claim(room: RoomState, msg: dict[str, Any]) -> Effects:
    """Take an open place: a seat the host released (game) or a child the adult added (kids); a new
    token, so the old one (if any) no longer works. `seat` names the person."""
    wanted = msg.get("seat")
    if wanted is None:
        raise Refused("game_started")
    entry = room.roster.person(wanted)
    if entry is None:
        raise Refused("no_such_seat")
    if not entry.get("open"):
        raise Refused("seat_taken")
    person: str = entry["person"]
    if msg.get("name") is not None:
        entry["name"] = room.roster.check_name(msg["name"], except_person=person)
    if entry.get("removed") and room.game is not None:
        seat = room.seat_of(person)
        room.play(None, {"type": "return_player", "seat": seat})
        room.roster.mark_removed(seat or person, False)
    entry["open"] = False
    entry["token"] = secrets.token_urlsafe(24)
    return Effects(takes=person)


def set_colour(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`set_colour`: the sender's colour (one nobody else wears)."""
    _own(room, actor)["colour"] = room.roster.check_colour(msg.get("colour"), except_person=actor)


def rename(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`rename`: the sender's name (one nobody else has)."""
    _own(room, actor)["name"] = room.roster.check_name(msg.get("name"), except_person=actor)


def _own(room: RoomState, actor: str | None) -> dict[str, Any]:
    entry = room.roster.person(actor)
    if entry is None:  # the spec lets only seated people send these
        raise Refused("not_seated")
    return entry


def add_child(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """Kids (RULES.md §2.5): the adult adds a child by name and colour; the child needs no phone
    (the adult enters their vote with `vote` + `for`) but may take the seat with one (`join` +
    `seat`). Only at a table with an adult (`Mode.has_adult`), else `kids_only`."""
    if not room.mode.has_adult:
        raise Refused("kids_only")
    roster = room.roster
    if len(roster) >= room.env.max_seats:   # before name and colour, as for join
        raise Refused("room_full", max=room.env.max_seats)
    roster.add(roster.check_name(msg.get("name")), roster.check_colour(msg.get("colour")), room.env.max_seats,
               child=True)


def set_teams(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`set_teams` (host, pairs): `teams` lists every person once, in seat order, lead first."""
    teams = msg.get("teams")
    if not isinstance(teams, list) or not all(
            isinstance(t, list) and all(isinstance(p, str) for p in t) for t in teams):
        raise Malformed("teams must be a list of lists of people")
    if room.mode.people_per_seat == 1:
        raise Refused("pairs_only")
    room.roster.set_teams(teams)


def start(room: RoomState, actor: str | None, msg: dict[str, Any]) -> None:
    """`start` (host): deal a new game with the room's settings, deck and seats; `storyteller` may name
    the first one (at a table with an adult it is always the adult: the host, RULES.md §2.5)."""
    room.forget_deck_info()
    settings = engine_settings(room.settings)
    mode = engine.MODES[settings.mode]
    roster = room.roster
    seats = [e["person"] for e in roster.leads()]
    lo, hi = people_range(room, mode)
    if mode.people_per_seat > 1 and not lo <= len(roster) <= hi:  # counted in people: two per elephant
        raise Refused("wrong_player_count", min=lo, max=hi, count=len(roster))
    lo, hi = lo // mode.people_per_seat, hi // mode.people_per_seat
    if not lo <= len(seats) <= hi:
        raise Refused("wrong_player_count", min=lo, max=hi, count=len(seats))
    if not mode.has_adult:
        for entry in roster.people:
            if entry.get("open"):  # a child added without a phone plays only at a table with an adult
                raise Refused("needs_phone", name=entry["name"][:64])
    deck_id = room.deck_info()["id"]   # the built-in deck if the chosen one was deleted (what the lobby showed)
    room.settings["deck"] = deck_id
    deck = room.env.deck(deck_id, kids=mode.has_adult)
    if deck is None:
        raise Refused("no_such_deck")
    needed = engine.min_deck_size(settings, len(seats))
    if len(deck) < needed:
        raise Refused("deck_too_small", needed=needed, have=len(deck))
    with engine_errors():
        engine.validate_settings(settings, len(seats))
    storyteller = msg.get("storyteller")
    if mode.has_adult:
        storyteller = room.host  # the adult is the host's phone (RULES.md §2.5)
    elif storyteller is not None:
        storyteller = room.seat_of(storyteller) if isinstance(storyteller, str) else storyteller
        if storyteller not in seats:
            raise Refused("no_such_seat")
    with engine_errors():
        room.game = engine.new_game(settings, seats, list(deck), room.env.board(settings),
                                    room.env.new_seed(), storyteller=storyteller)
    story.begin(room)
    room.data["phase"] = "game"
    room.data["paused"] = False
