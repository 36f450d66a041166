"""What sockets are sent: `welcome` (a socket's own token), and `state` (the room view, the game view
of the socket's seat, and `you`). `frames` encodes one broadcast with what sockets share done once."""
from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from typing import Any

from server import engine
from server.room import auto_played, clock, pacing
from server.room.refusals import Malformed, Refused
from server.room.roster import COLOURS
from server.room.settings import cards_needed, engine_settings
from server.room.state import Connection, RoomState, dumps


def you(room: RoomState, conn: Connection) -> dict[str, Any]:
    """`you` of a state: the seat `conn` plays for, its own person, host or not, its role."""
    return {"seat": room.seat_of(conn.person), "person": conn.person,
            "is_host": conn.person is not None and conn.person == room.host, "role": conn.role}


def welcome(room: RoomState, conn: Connection) -> dict[str, Any]:
    """The `welcome` message for `conn` (its own token only): `seat` is the seat it plays for,
    `person` its own id (they differ only for a partner in pairs)."""
    entry = room.roster.person(conn.person)
    mine = you(room, conn)
    out = {"type": "welcome", "room": room.code, "seat": mine["seat"], "person": conn.person,
           "token": entry["token"] if entry else None, "is_host": mine["is_host"], "role": conn.role}
    if conn.role == "tv":  # the TV's key to the story over HTTP (it holds no seat token)
        out["tv_key"] = room.data["tv_key"]
    return out


def welcome_key(room: RoomState, conn: Connection) -> tuple[Any, ...]:
    """What a `welcome` says about `conn`; when it changes, the socket is welcomed again."""
    return (conn.person, room.seat_of(conn.person), conn.person is not None and conn.person == room.host)


def room_view(room: RoomState) -> dict[str, Any]:
    """The room part of every `state` message: roster by seat with its people (no tokens),
    settings, deck, join URL."""
    connected = {c.person for c in room.connections if c.person}
    used = {e["colour"] for e in room.roster.people}
    return {
        "code": room.code, "phase": room.phase, "paused": room.data["paused"],
        "host": room.seat_of(room.host), "host_person": room.host,
        "roster": room.roster.view(connected),
        "people": len(room.roster),
        "settings": room.settings,
        "deck": room.deck_info(),
        "decks_version": room.env.decks_version(),
        "cards_needed": cards_needed(room) if room.game is None else None,
        "join_url": room.env.join_url(room.code),
        "colours": list(COLOURS),
        "colours_free": [c for c in COLOURS if c not in used],
        "spectators": sum(1 for c in room.connections if c.person is None and c.role == "phone"),
        "max_people": room.env.max_seats,
        "host_claim_in": room.host_claim_in(),
        "pacing": pacing.view(room),
        "auto_played": auto_played.view(room),
        "length": game_length(room),
        "board": board_view(room),
        "clock": clock.view(room, time.monotonic()),
        "timer_choices": sorted({*clock.CHOICES, *room.env.timer_extra}),
    }


def board_view(room: RoomState) -> dict[str, int] | None:
    """The board the chosen settings play on, as the lobby's how-to-play explainer needs it (the kids'
    lap, RULES.md §2.5 and §3): ``{"length": cells per lap, "first_number": its printed start}``; None
    during a game (the game view has the board) or when the settings are unusable."""
    if room.game is not None:
        return None
    try:
        board = room.env.board(engine_settings(room.settings))
    except (Malformed, Refused, engine.EngineError):
        return None
    return {"length": board.length, "first_number": board.first_number}


def game_length(room: RoomState) -> dict[str, Any] | None:
    """In the lobby, how long the chosen settings will play (engine.game_length: rounds, turns as
    storyteller, rough minutes) for the seats there are now, or the mode's fewest when there are fewer;
    None during a game or when the table cannot play."""
    if room.game is not None:
        return None
    try:
        settings = engine_settings(room.settings)
        low, high = engine.mode_seat_range(settings.ruleset, settings.mode)
        seats = min(max(len(room.roster.leads()), low), high)
        board = room.env.board(settings)
    except (Malformed, Refused, engine.EngineError):
        return None
    return engine.game_length(settings, seats, room.deck_info()["size"], board)


def view_seat(room: RoomState, conn: Connection) -> str | None:
    """The engine seat whose player view `conn` gets (a seated phone in the game), else None (the
    public view: TV, spectators, a phone in the lobby)."""
    seat = room.seat_of(conn.person)
    if room.game is not None and seat is not None and conn.role == "phone" and seat in room.game.seats:
        return seat
    return None


def state_for(room: RoomState, conn: Connection, view: dict[str, Any] | None = None) -> dict[str, Any]:
    """The `state` message for `conn`: player_view of its seat for a seated phone (both phones of
    a pairs team get the same one), public_view otherwise."""
    seat = view_seat(room, conn)
    if room.game is None:
        game = None
    elif seat is not None:
        game = engine.player_view(room.game, seat)
    else:
        game = engine.public_view(room.game)
    return {"type": "state", "state_id": room.state_id, "room": view or room_view(room),
            "game": game, "you": you(room, conn)}


def frames(room: RoomState) -> Iterator[tuple[Connection, bytes]]:
    """Each connection with its `state` frame as UTF-8 bytes. Each payload is exactly
    `dumps(state_for(room, conn)).encode()`, but what sockets share is encoded once: the room view for
    all; the public game view once; each seat's `me` once (both phones of a pairs team); then the bytes
    are joined, and sockets with the same `you` (the TV, spectators) share a payload. Seats are looked up
    once per person, not per socket and view.

    Why bytes: a text with a Russian name in it is stored as 2 bytes per character, and making UTF-8 of
    it for each of a room's 9 sockets cost more than the rest of the splicing (scripts/bench.py); the shared
    parts are made UTF-8 once instead."""
    head = f'{{"type":"state","state_id":{room.state_id},"room":{dumps(room_view(room))},"game":'.encode()
    public = "null" if room.game is None else dumps(engine.public_view(room.game))
    games: dict[str | None, bytes] = {None: public.encode()}
    done: dict[tuple[Any, ...], bytes] = {}
    seat_of = {e["person"]: e.get("team") or e["person"] for e in room.roster.people}
    host, playing = room.host, set(room.game.seats) if room.game is not None else set()
    for conn in list(room.connections):
        person = conn.person
        seat = seat_of.get(person) if person is not None else None
        # view_seat and you, with the seat looked up once
        view = seat if seat in playing and conn.role == "phone" else None
        key = (view, seat, person, person is not None and person == host, conn.role)
        payload = done.get(key)
        if payload is None:
            game = games.get(view)
            if game is None:   # a seat's view: only during a game
                assert room.game is not None and view is not None
                # player_view = public_view + "me" as its last key
                game = games[view] = f'{public[:-1]},"me":{dumps(engine.seat_view(room.game, view))}}}'.encode()
            payload = done[key] = b"".join((head, game, _you(*key[1:])))
        yield conn, payload


@functools.lru_cache(maxsize=4096)
def _you(seat: str | None, person: str | None, is_host: bool, role: str) -> bytes:
    """The end of a state frame: `,"you":{...}}` as UTF-8 (the same few per room, game after game)."""
    mine = {"seat": seat, "person": person, "is_host": is_host, "role": role}
    return f',"you":{dumps(mine)}}}'.encode()
