"""The room record: one room as an immutable typed value (`Record`, its `Person`s and `RoomSettings`),
and its JSON form, which exists only at the store's edge (`to_json` / `from_json`, with the migration of
older stored versions). Handlers never change a record: they return a new one (`dataclasses.replace`),
so the working copy of a transaction is just the old value (server/room/transaction.py).

Stored JSON, version 2 (current):
    v: 2, code: "ABCD", tv_key, state_id: int (+1 per accepted action), epoch: int (older state_ids are
    stale), phase: "lobby" | "game", paused: bool, host: person id | None, next_person: int,
    people: [{person: "s1", name, colour, token | None, removed: bool, open: bool,
              child?: true, team?: lead's person id}],
    settings: engine.Settings fields + deck + lang + sound + calm + timer, floors: {person or seat id: state_id},
    actors?: {seat: person who acted last}, clock?: {round, phase, seconds, left_ms} | None (the timer,
    server/room/clock.py), pacing?: {round, ready: [seat], disputes: [{seat, condition}]}
    (server/room/pacing.py), auto_played?: {round, seats: [seat], by: "timer" | "host"} (whose cards the
    last skip played for them, server/room/auto_played.py), story?: (server/room/story.py),
    game: engine.to_json text | None.
Rooms from before `tv_key`, `sound` and `timer` get them now (a new key; on, off).

Version 1 (main before the room split) said "seat" for a person: `seats` for `people`, each entry's
`seat` for `person`, `next_seat` for `next_person`. Nothing else differs.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal, TypeVar

from server import engine
from server.engine.pacing import Dispute

RECORD_VERSION = 2
T = TypeVar("T")
ROOM_KEYS = ("deck", "lang", "sound", "calm", "timer")  # the room keeps these itself; the rest is engine.Settings
RoomPhase = Literal["lobby", "game"]


@dataclass(frozen=True, slots=True)
class Person:
    """Someone in the room (server/room/roster.py): `person` their id ("s1"), a `name` and `colour`,
    the `token` their phone holds (None: an open place, or a child without a phone); `removed` (their
    seat sits out of the game), `open` (a phone may take the place), `child` (the kids' adult added
    them, RULES.md §2.5), `team` (pairs: their lead's person id, RULES.md §2.2; None for a lead)."""

    person: str
    name: str
    colour: str
    token: str | None
    removed: bool = False
    open: bool = False
    child: bool = False
    team: str | None = None

    @property
    def seat(self) -> str:
        """The engine seat this person plays for: their team's lead in pairs, else themselves."""
        return self.team or self.person


@dataclass(frozen=True, slots=True)
class RoomSettings:
    """The room's settings: the engine's `game` settings (RULES.md §4) and the room's own: `deck` (a deck
    id), `lang` (the TV's language, None: its browser's), `sound` (the TV's cues), `calm` ("calm TV": the
    TV only fades, nothing moves), `timer` (seconds for playing and voting, 0: off; server/room/clock.py)."""

    game: engine.Settings = field(default_factory=engine.Settings)
    deck: str = "builtin"
    lang: str | None = None
    sound: bool = True
    calm: bool = False
    timer: int = 0

    def to_json(self) -> dict[str, object]:
        """The flat JSON form (engine fields, then the room's own): what the room view and the store carry."""
        return {**self.game.to_dict(), "deck": self.deck, "lang": self.lang, "sound": self.sound,
                "calm": self.calm, "timer": self.timer}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoomSettings:
        """The settings from their flat JSON form, the engine's part checked as a combination
        (`engine.settings_from_dict`: a record's settings are always playable; a stored room whose
        combination this engine refuses is not read). Raises engine.MalformedAction / IllegalAction."""
        own = {k: data[k] for k in ROOM_KEYS if k in data}
        return cls(engine.settings_from_dict({k: v for k, v in data.items() if k not in ROOM_KEYS}), **own)


@dataclass(frozen=True, slots=True)
class Clock:
    """The timer of one timed phase (server/room/clock.py): `round` and engine `phase` it times, its
    `seconds`, `left_ms` (what was left when the record was made) and, in memory only, `deadline`
    (time.monotonic() when it runs out; None while paused or not yet started)."""

    round: int
    phase: str
    seconds: int
    left_ms: int
    deadline: float | None = None


@dataclass(frozen=True, slots=True)
class Pacing:
    """This turn's pacing (server/room/pacing.py): who said `ready`, who disputed, for game round `round`."""

    round: int
    ready: tuple[str, ...] = ()
    disputes: tuple[Dispute, ...] = ()


@dataclass(frozen=True, slots=True)
class AutoPlayed:
    """Whose cards the `skip` of game round `round` played for them (`seats`), and who skipped: `by` "timer"
    (the room's clock) or "host" (server/room/auto_played.py). Seats only, never which card."""

    round: int
    seats: tuple[str, ...]
    by: str


@dataclass(frozen=True, slots=True)
class StoryCard:
    """One card of a story round: its id, its owner's name (or "bot", "deck", "mammoth"), the voters' names."""

    card: str
    owner: str
    votes: tuple[str, ...]
    storyteller: bool


@dataclass(frozen=True, slots=True)
class StoryRound:
    """One scored round of the story (server/room/story.py): names as they were when it was scored."""

    round: int
    storyteller: str | None
    association: str | None
    cards: tuple[StoryCard, ...]
    points: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Story:
    """The story of the evening: the `deck` its cards come from and every scored round."""

    deck: str
    rounds: tuple[StoryRound, ...] = ()


@dataclass(frozen=True, slots=True)
class Record:
    """One room, as stored (module docstring): everything but its sockets and caches (server/room/state.py)."""

    code: str
    tv_key: str
    state_id: int = 1
    epoch: int = 1
    phase: RoomPhase = "lobby"
    paused: bool = False
    host: str | None = None
    next_person: int = 1
    people: tuple[Person, ...] = ()
    settings: RoomSettings = field(default_factory=RoomSettings)
    floors: Mapping[str, int] = field(default_factory=dict)
    actors: Mapping[str, str] = field(default_factory=dict)
    clock: Clock | None = None
    pacing: Pacing | None = None
    auto_played: AutoPlayed | None = None
    story: Story | None = None
    game: engine.GameState | None = None

    @property
    def finished(self) -> bool:
        """True once the game is over (engine phase `game_over`) and nobody has started a new one."""
        return self.game is not None and self.game.phase == "game_over"

    def entry(self, person_id: object) -> Person | None:
        """The person `person_id`, or None (server/room/roster.py has the rest of the roster's reads)."""
        return next((p for p in self.people if p.person == person_id), None)

    def seat_of(self, person_id: object) -> str | None:
        """The seat `person_id` plays for (their team's lead in pairs, else themselves), or None."""
        entry = self.entry(person_id)
        return entry.seat if entry is not None else None

    @property
    def mode(self) -> engine.Mode:
        """The engine's `Mode` of the room's settings (its lobby attributes: people_per_seat, automatic,
        has_adult)."""
        return engine.MODES[self.settings.game.mode]


def empty(code: str, settings: RoomSettings) -> Record:
    """A new empty room in the lobby, with a fresh TV key."""
    return Record(code=code, tv_key=secrets.token_urlsafe(18), settings=settings)


# ---------------------------------------------------------------- the store's edge
_PERSON = tuple(f.name for f in fields(Person))


def to_json(rec: Record) -> dict[str, object]:
    """The record as its stored JSON object (version `RECORD_VERSION`), without `story` and `game`: the
    room encodes those apart, once each time they change (`story_json`, `engine.to_json`)."""
    people = [{k: v for k, v in zip(_PERSON, (p.person, p.name, p.colour, p.token, p.removed, p.open, p.child,
                                              p.team), strict=True) if k not in ("child", "team") or v}
              for p in rec.people]
    clock = rec.clock
    return {"v": RECORD_VERSION, "code": rec.code, "tv_key": rec.tv_key, "state_id": rec.state_id,
            "epoch": rec.epoch, "phase": rec.phase, "paused": rec.paused, "host": rec.host,
            "next_person": rec.next_person, "people": people, "settings": rec.settings.to_json(),
            "floors": dict(rec.floors), "actors": dict(rec.actors),
            "clock": None if clock is None else {"round": clock.round, "phase": clock.phase,
                                                 "seconds": clock.seconds, "left_ms": clock.left_ms},
            "pacing": None if rec.pacing is None else {"round": rec.pacing.round, "ready": list(rec.pacing.ready),
                                                       "disputes": [dict(d) for d in rec.pacing.disputes]},
            # only once a skip played someone's card: a record without one reads and writes back the same
            **({} if rec.auto_played is None else {"auto_played": {
                "round": rec.auto_played.round, "seats": list(rec.auto_played.seats), "by": rec.auto_played.by}})}


def story_json(story: Story) -> dict[str, object]:
    """The stored form of a story (server/room/story.py's shape)."""
    return {"deck": story.deck, "rounds": rounds_json(story.rounds)}


def rounds_json(rounds: tuple[StoryRound, ...]) -> list[dict[str, object]]:
    """A story's rounds in their JSON form (stored, and `GET .../story`)."""
    return [{"round": r.round, "storyteller": r.storyteller, "association": r.association,
             "cards": [{"card": c.card, "owner": c.owner, "votes": list(c.votes), "storyteller": c.storyteller}
                       for c in r.cards], "points": dict(r.points)} for r in rounds]


def _build(cls: Callable[..., T], data: Mapping[str, Any], **nested: Callable[[Any], object]) -> T:
    """`cls` from its JSON object `data`, every key a field: the fields named in `nested` converted by their
    function (None stays None), the other lists made tuples."""
    return cls(**{k: (v if v is None else nested[k](v)) if k in nested else tuple(v) if isinstance(v, list) else v
                  for k, v in data.items()})


def _story(data: Mapping[str, Any]) -> Story:
    return _build(Story, data, rounds=lambda rounds: tuple(
        _build(StoryRound, r, cards=lambda cards: tuple(_build(StoryCard, c) for c in cards)) for r in rounds))


def from_json(stored: Mapping[str, Any]) -> Record:
    """A record from its stored JSON object, of any version this code knows (`migrate`). Raises ValueError
    (a version from a newer server), or TypeError / KeyError / engine errors for a record it cannot read:
    the registry skips such a room with a warning."""
    data = {k: v for k, v in migrate(stored).items() if k != "v"}
    data.setdefault("tv_key", secrets.token_urlsafe(18))   # rooms from before the TV's key get one now
    return _build(Record, data, people=lambda people: tuple(_build(Person, p) for p in people),
                  settings=RoomSettings.from_json, clock=lambda c: _build(Clock, c),
                  pacing=lambda p: _build(Pacing, p), auto_played=lambda a: _build(AutoPlayed, a),
                  story=_story, game=engine.from_json)


def migrate(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """`record` in the current version (a new dict; the argument is left alone). Raises ValueError for a
    version this code does not know (a newer server wrote it): the registry skips such a room."""
    version = record.get("v")
    if version == RECORD_VERSION:
        return record
    if version != 1:
        raise ValueError(f"record version {version!r} is not one this server reads")
    out = {k: v for k, v in record.items() if k not in ("seats", "next_seat")}
    out["people"] = [{("person" if k == "seat" else k): v for k, v in entry.items()} for entry in record["seats"]]
    out["next_person"] = record["next_seat"]
    out["v"] = RECORD_VERSION
    return out
