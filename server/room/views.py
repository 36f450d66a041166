"""What sockets are sent: `welcome` (a socket's own token), and `state` (the room view, the game view
of the socket's seat, and `you`), each of a room's record: the durable one, or the one an action being
stored makes (rendered while the disk works). `frames` encodes one broadcast with what sockets share
done once."""
from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from typing import Any

from server import engine
from server.room import auto_played, clock, pacing, roster
from server.room.env import RoomEnv
from server.room.jsontext import dumps_bytes
from server.room.record import Record
from server.room.refusals import Refused
from server.room.roster import COLOURS
from server.room.settings import cards_needed
from server.room.state import Connection, RoomState


def you(rec: Record, conn: Connection) -> dict[str, object]:
    """`you` of a state: the seat `conn` plays for, its own person, host or not, its role."""
    return {"seat": rec.seat_of(conn.person), "person": conn.person,
            "is_host": conn.person is not None and conn.person == rec.host, "role": conn.role}


def welcome(rec: Record, conn: Connection) -> dict[str, object]:
    """The `welcome` message for `conn` (its own token only): `seat` is the seat it plays for,
    `person` its own id (they differ only for a partner in pairs)."""
    entry = rec.entry(conn.person)
    out: dict[str, object] = {
        "type": "welcome", "room": rec.code, "seat": rec.seat_of(conn.person), "person": conn.person,
        "token": entry.token if entry else None,
        "is_host": conn.person is not None and conn.person == rec.host, "role": conn.role}
    if conn.role == "tv":  # the TV's key to the story over HTTP (it holds no seat token)
        out["tv_key"] = rec.tv_key
    return out


def welcome_key(rec: Record, conn: Connection) -> tuple[object, ...]:
    """What a `welcome` says about `conn`; when it changes, the socket is welcomed again."""
    return (conn.person, rec.seat_of(conn.person), conn.person is not None and conn.person == rec.host)


def room_view(room: RoomState, rec: Record) -> dict[str, object]:
    """The room part of every `state` message of `rec`: roster by seat with its people (no tokens),
    settings, deck, join URL, the colours still free, how many TV pages watch (`tvs`). What no state
    changes is in `catalogue`."""
    connected = {c.person for c in room.connections if c.person}
    used = {e.colour for e in rec.people}
    in_lobby = rec.game is None
    return {
        "code": rec.code, "phase": rec.phase, "paused": rec.paused,
        "host": rec.seat_of(rec.host), "host_person": rec.host,
        "roster": roster.view(rec.people, connected),
        "people": len(rec.people),
        "settings": rec.settings.to_json(),
        "deck": room.deck_info(rec),
        "decks_version": room.env.decks_version(),
        "cards_needed": cards_needed(rec) if in_lobby else None,
        "join_url": room.env.join_url(rec.code),
        "colours_free": [c for c in COLOURS if c not in used],
        "spectators": sum(1 for c in room.connections if c.person is None and c.role == "phone"),
        # the phones hold a result while a TV shows it (web/phone/result-hold.js): only when one is there
        "tvs": sum(1 for c in room.connections if c.role == "tv"),
        "max_people": room.env.max_seats,
        "host_claim_in": room.host_claim_in(rec),
        "pacing": pacing.view(rec),
        "auto_played": auto_played.view(rec),
        "adult_enters": adult_enters(rec),
        "length": game_length(room, rec) if in_lobby else None,
        "board": board_view(room, rec) if in_lobby else None,
        "clock": clock.view(rec, time.monotonic()),
    }


def adult_enters(rec: Record) -> list[str]:
    """Kids (RULES.md §2.5: the adult enters the guess of a child without a phone): the seats still to
    guess (the engine's `awaiting` ``vote``, legal.py) of the children no phone has taken (the roster's
    `child` and `open`), in seat order, whose guess only the adult's phone can enter; [] in every other
    mode and phase, and once every guess is in (the adult's `reveal` is awaited then)."""
    game = rec.game
    if game is None or game.phase != "voting" or not game.mode.proxy_votes:
        return []
    phoneless = {e.person for e in rec.people if e.child and e.open}
    return [seat for seat in engine.awaiting(game).get("vote", ()) if seat in phoneless]


def catalogue(env: RoomEnv) -> dict[str, list[str] | list[int]]:
    """What a room offers that no state changes, for the rules catalogue (`GET /api/rules`, beside the
    engine's) rather than every `state`: ``{"colours": every elephant colour, in the order a table is
    offered them (roster.COLOURS; the room view's `colours_free` keeps it), "timer_choices": what
    `settings.timer` may be on this server, seconds (0: off; clock.choices of `env.timer_extra`)}``."""
    return {"colours": list(COLOURS), "timer_choices": clock.choices(env.timer_extra)}


def _board(room: RoomState, rec: Record) -> engine.Board | None:
    """The board `rec`'s settings play on, or None when they are unusable."""
    try:
        return room.env.board(rec.settings.game)
    except (Refused, engine.EngineError):   # an unknown ruleset, a board file missing or broken
        return None


def board_view(room: RoomState, rec: Record) -> dict[str, int | bool] | None:
    """The board the chosen settings play on, as the lobby's how-to-play explainer needs it (the kids'
    lap, RULES.md §2.5 and §3): ``{"length": cells per lap, "first_number": its printed start,
    "storyteller_on_board": whether the storyteller has an elephant on it at this table, so its special
    cells can set conditions}`` (Mode.storyteller_on_board for the seats there are now, or the mode's fewest:
    the kids' adult has one only against one child); None when the settings are unusable (during a game
    the game view has the board)."""
    board, seats = _board(room, rec), _seats(rec)
    if board is None or seats is None:
        return None
    return {"length": board.length, "first_number": board.first_number,
            "storyteller_on_board": engine.MODES[rec.settings.game.mode].storyteller_on_board(seats)}


def _seats(rec: Record) -> int | None:
    """The seats `rec`'s lobby has now, or the mode's fewest (most) when there are fewer (more); None when the
    settings are unusable."""
    settings = rec.settings.game   # checked as a combination when it was set or read (record.RoomSettings)
    try:
        low, high = engine.mode_seat_range(settings.ruleset, settings.mode)
    except engine.EngineError:
        return None
    return min(max(len(roster.leads(rec.people)), low), high)


def game_length(room: RoomState, rec: Record) -> dict[str, Any] | None:
    """In the lobby, how long the chosen settings will play (engine.game_length: rounds, turns as
    storyteller, rough minutes) for the seats there are now, or the mode's fewest when there are fewer;
    None when the table cannot play."""
    board, seats = _board(room, rec), _seats(rec)
    if board is None or seats is None:
        return None
    return engine.game_length(rec.settings.game, seats, room.deck_info(rec)["size"], board)


def view_seat(rec: Record, conn: Connection) -> str | None:
    """The engine seat whose player view `conn` gets (a seated phone in the game), else None (the
    public view: TV, spectators, a phone in the lobby)."""
    seat = rec.seat_of(conn.person)
    if rec.game is not None and seat is not None and conn.role == "phone" and seat in rec.game.seats:
        return seat
    return None


def state_for(room: RoomState, rec: Record, conn: Connection,
              view: dict[str, object] | None = None) -> dict[str, object]:
    """The `state` message for `conn`: player_view of its seat for a seated phone (both phones of
    a pairs team get the same one), public_view otherwise."""
    seat = view_seat(rec, conn)
    game: dict[str, Any] | None
    if rec.game is None:
        game = None
    elif seat is not None:
        game = engine.player_view(rec.game, seat)
    else:
        game = engine.public_view(rec.game)
    return {"type": "state", "state_id": rec.state_id, "room": view or room_view(room, rec),
            "game": game, "you": you(rec, conn)}


def frames(room: RoomState, rec: Record) -> Iterator[tuple[Connection, bytes]]:
    """Each connection with its `state` frame of `rec` as UTF-8 bytes. Each payload is exactly
    `dumps_bytes(state_for(room, rec, conn))`, but what sockets share is encoded once: the room view for
    all; the public game view once; each seat's `me` once (both phones of a pairs team); then the bytes
    are joined, and sockets with the same `you` (the TV, spectators) share a payload. Seats are looked up
    once per person, not per socket and view.

    Why bytes: a text with a Russian name in it is stored as 2 bytes per character, and making UTF-8 of
    it for each of a room's 9 sockets cost more than the rest of the splicing; the shared parts are made
    UTF-8 once instead."""
    head = b'{"type":"state","state_id":%d,"room":%b,"game":' % (rec.state_id, dumps_bytes(room_view(room, rec)))
    game_state = rec.game
    public = b"null" if game_state is None else dumps_bytes(engine.public_view(game_state))
    games: dict[str | None, bytes] = {None: public}
    done: dict[tuple[Any, ...], bytes] = {}
    seat_of = {e.person: e.seat for e in rec.people}
    host, playing = rec.host, set(game_state.seats) if game_state is not None else set()
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
                assert game_state is not None and view is not None
                # player_view = public_view + "me" as its last key
                game = games[view] = b'%b,"me":%b}' % (public[:-1], dumps_bytes(engine.seat_view(game_state, view)))
            payload = done[key] = b"".join((head, game, _you(*key[1:])))
        yield conn, payload


@functools.lru_cache(maxsize=4096)
def _you(seat: str | None, person: str | None, is_host: bool, role: str) -> bytes:
    """The end of a state frame: `,"you":{...}}` as UTF-8 (the same few per room, game after game)."""
    mine = {"seat": seat, "person": person, "is_host": is_host, "role": role}
    return b',"you":%b}' % dumps_bytes(mine)
