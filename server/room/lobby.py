"""Lobby messages: join (or take an open place), colour, name, the kids' children, pairs' teams, and
start. Each handler takes the room, the sender's person (None: not seated) and the message, and returns
the new record and what the sender's socket becomes (`Effects`; state.Handler), or raises Refused."""
from __future__ import annotations

import secrets
from dataclasses import replace

from server import engine
from server.room import roster, story
from server.room.record import Person, Record
from server.room.refusals import Malformed, Refused
from server.room.settings import follow_head_count, people_range
from server.room.state import NO_EFFECTS, Effects, Message, RoomState, play


def join(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`join`: a new person (`name`, `colour`) in the lobby, the first one becoming host; or, with
    `seat` (and always during a game), an open place (`claim`)."""
    if actor is not None:
        raise Refused("already_joined")
    rec = room.record
    if msg.get("seat") is not None or rec.phase == "game":
        return claim(room, msg)
    max_people = room.env.max_seats
    if len(rec.people) >= max_people:   # before name and colour: a full table says so
        raise Refused("room_full", max=max_people)
    rec, entry = roster.add(rec, roster.check_name(rec.people, msg.get("name")),
                            roster.check_colour(rec.people, msg.get("colour")), max_people)
    if rec.host is None:
        rec = replace(rec, host=entry.person)
    if rec.mode.people_per_seat > 1:
        rec = replace(rec, people=roster.join_a_team(rec.people, entry))
    else:
        rec = follow_head_count(rec)
    return rec, Effects(takes=entry.person)


def claim(room: RoomState, msg: Message) -> tuple[Record, Effects]:
    """Take an open place: a seat the host released (game) or a child the adult added (kids); a new
    token, so the old one (if any) no longer works. `seat` names the person."""
    wanted = msg.get("seat")
    if wanted is None:
        raise Refused("game_started")
    rec = room.record
    entry = rec.entry(wanted)
    if entry is None:
        raise Refused("no_such_seat")
    if not entry.open:
        raise Refused("seat_taken")
    if msg.get("name") is not None:
        entry = replace(entry, name=roster.check_name(rec.people, msg.get("name"), except_person=entry.person))
    if entry.removed and rec.game is not None:
        rec = play(rec, None, {"type": "return_player", "seat": entry.seat})
        rec = replace(rec, people=roster.mark_removed(rec.people, entry.seat, False))
        entry = replace(entry, removed=False)
    entry = replace(entry, open=False, token=secrets.token_urlsafe(24))
    return replace(rec, people=roster.changed(rec.people, entry)), Effects(takes=entry.person)


def _own(rec: Record, actor: str | None) -> Person:
    entry = rec.entry(actor)
    if entry is None:  # the spec lets only seated people send these
        raise Refused("not_seated")
    return entry


def set_colour(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`set_colour`: the sender's colour (one nobody else wears)."""
    rec = room.record
    entry = _own(rec, actor)
    colour = roster.check_colour(rec.people, msg.get("colour"), except_person=actor)
    return replace(rec, people=roster.changed(rec.people, replace(entry, colour=colour))), NO_EFFECTS


def rename(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`rename`: the sender's name (one nobody else has)."""
    rec = room.record
    entry = _own(rec, actor)
    name = roster.check_name(rec.people, msg.get("name"), except_person=actor)
    return replace(rec, people=roster.changed(rec.people, replace(entry, name=name))), NO_EFFECTS


def add_child(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """Kids (RULES.md §2.5): the adult adds a child by name and colour; the child needs no phone
    (the adult enters their vote with `vote` + `for`) but may take the seat with one (`join` +
    `seat`). Only at a table with an adult (`Mode.has_adult`), else `kids_only`."""
    rec = room.record
    if not rec.mode.has_adult:
        raise Refused("kids_only")
    max_people = room.env.max_seats
    if len(rec.people) >= max_people:   # before name and colour, as for join
        raise Refused("room_full", max=max_people)
    rec, _ = roster.add(rec, roster.check_name(rec.people, msg.get("name")),
                        roster.check_colour(rec.people, msg.get("colour")), max_people, child=True)
    return rec, NO_EFFECTS


def set_teams(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`set_teams` (host, pairs): `teams` lists every person once, in seat order, lead first."""
    teams = msg.get("teams")
    if not isinstance(teams, list) or not all(
            isinstance(t, list) and all(isinstance(p, str) for p in t) for t in teams):
        raise Malformed("teams must be a list of lists of people")
    rec = room.record
    if rec.mode.people_per_seat == 1:
        raise Refused("pairs_only")
    return replace(rec, people=roster.set_teams(rec.people, teams)), NO_EFFECTS


def _refusal(exc: engine.IllegalAction, rec: Record, seats: int) -> Refused:
    """`engine.new_game`'s refusal as the lobby says it: a seat count outside the mode's range is
    `wrong_player_count` {min, max, count} (`_wrong_count`); the rest (`deck_too_small` {needed, have},
    `bad_settings`, `no_such_seat`) as the engine said it."""
    if exc.code == "bad_settings" and exc.params.get("reason") == "seat_count":
        low, high = exc.params["min"], exc.params["max"]
        assert isinstance(low, int) and isinstance(high, int)
        return _wrong_count(rec, rec.mode, low, high, seats)
    return Refused(exc.code, **exc.params)


def start(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`start` (host): deal a new game with the room's settings, deck and seats; `storyteller` may name
    the first one (at a table with an adult it is always the adult: the host, RULES.md §2.5). The engine's
    `new_game` checks the table (seat count, deck size, settings); the room checks only what is its own:
    people rather than seats at a pairs table, a child without a phone, a deck that is gone."""
    rec = room.record
    mode = rec.mode
    people = rec.people
    seats = [e.person for e in roster.leads(people)]
    if mode.people_per_seat > 1:   # counted in people: two per elephant
        lo, hi = people_range(rec, mode)
        if not lo <= len(people) <= hi:
            raise _wrong_count(rec, mode, lo, hi, len(people))
    if not mode.has_adult:
        for entry in people:
            if entry.open:  # a child added without a phone plays only at a table with an adult
                raise Refused("needs_phone", name=entry.name[:64])
    # the built-in deck if the chosen one was deleted (what the lobby showed); its folder read anew
    deck_id = room.deck_info(rec, fresh=True)["id"]
    deck = room.env.deck(deck_id, kids=mode.has_adult)
    if deck is None:
        raise Refused("no_such_deck")
    storyteller = msg.get("storyteller")
    if mode.has_adult:
        storyteller = rec.host  # the adult is the host's phone (RULES.md §2.5)
    elif storyteller is not None:
        storyteller = rec.seat_of(storyteller)   # a person names their seat
        if storyteller is None:
            raise Refused("no_such_seat")
    assert storyteller is None or isinstance(storyteller, str)
    settings = rec.settings.game
    try:
        game = engine.new_game(settings, seats, deck, room.env.board(settings), room.env.new_seed(),
                               storyteller=storyteller)
    except engine.IllegalAction as exc:
        raise _refusal(exc, rec, len(seats)) from exc
    rec = replace(rec, settings=replace(rec.settings, deck=deck_id), game=game, phase="game", paused=False)
    return story.begin(rec), NO_EFFECTS


def _wrong_count(rec: Record, mode: engine.Mode, low: int, high: int, count: int) -> Refused:
    """`wrong_player_count` {min, max, count}, with `mode`, `fits` and reason ``fits`` when another mode
    of the ruleset fits the people here (three at a standard table: trio; `engine.fitting_mode`)."""
    fits = engine.fitting_mode(rec.settings.game.ruleset, len(rec.people))
    if fits is None or fits == mode.id:
        return Refused("wrong_player_count", min=low, max=high, count=count)
    return Refused("wrong_player_count", min=low, max=high, count=count, mode=mode.id, fits=fits, reason="fits")
