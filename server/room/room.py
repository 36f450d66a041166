"""One room: the people, the host, settings, pause, and the engine state around which it all turns.
It checks wire messages and hands the actions they make to its transaction, which stores them before the
room takes them and pushes views.

Rules are never computed here: the room authorises (who may send what), checks staleness, keeps what is
not a rule (names, tokens, pause) and hands every game action to `server.engine.apply`.

Order of checks for every message (boardgame.io's order): known type -> credentials (seated, host) ->
`state_id` not stale -> room phase / pause -> the action itself (the engine for game actions). A refusal
changes nothing and goes to the sender (`Connection.refused`).

A `Room` is a `RoomState` (the durable record, its sockets and caches) made of three parts, each by
composition: its `Transaction` (server/room/transaction.py: the queue, the action being stored, the
frames' version), its `RoomTimer` (server/room/timer.py) and its `DeckEvents` (server/room/deck_events.py);
the last two act through the first, as the room's handlers do.
"""
from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from server.room import clock, views
from server.room.deck_events import DeckEvents
from server.room.env import RoomEnv
from server.room.record import Record, empty, from_json
from server.room.refusals import Refused
from server.room.settings import default_settings
from server.room.specs import HANDLERS, check
from server.room.state import Connection, Message, RoomState
from server.room.store import StorageError
from server.room.timer import RoomTimer
from server.room.transaction import Action, Transaction, accepted


class Room(RoomState):
    """A room `code` with its durable `record` (server/room/record.py) and its sockets.

    `env` gives the store, the deck library, boards and the join URL. Connections attach after `hello`.
    `record` is always the durable state (see the module's docstring).
    """

    def __init__(self, env: RoomEnv, rec: Record) -> None:
        super().__init__(env, clock.loaded(rec, time.monotonic()))
        self.tx = Transaction(self, env.store)
        self.timer = RoomTimer(self, self.tx)
        self.decks = DeckEvents(self, self.tx, self.broadcast)

    @classmethod
    def load(cls, env: RoomEnv, stored: Mapping[str, Any]) -> Room:
        """The room of a stored JSON record (any version this code reads: record.from_json). Raises
        ValueError, TypeError, KeyError or an engine error for a record it cannot read."""
        return cls(env, from_json(stored))

    @classmethod
    def create(cls, env: RoomEnv, code: str, lang: str | None) -> Room:
        """A new empty room in the lobby, persisted before it returns (blocking: start-up, tools).
        Raises StorageError."""
        room = cls(env, empty(code, default_settings(lang)))
        env.store.save(code, room.stored())
        return room

    @classmethod
    async def open(cls, env: RoomEnv, code: str, lang: str | None) -> Room:
        """A new empty room in the lobby, persisted (through the group commit) before it returns.
        Raises StorageError."""
        room = cls(env, empty(code, default_settings(lang)))
        await env.store.write(code, room.tx.snapshot())
        return room

    def stored(self) -> dict[str, Any]:
        """The durable record as the store keeps it (a JSON object)."""
        loaded: dict[str, Any] = json.loads(self.tx.snapshot())
        return loaded

    # ------------------------------------------------------------------ sockets
    def is_host_token(self, token: object) -> bool:
        """True if `token` is the host's token (HTTP deck uploads use it)."""
        person = self.person_for_token(token)
        return person is not None and person == self.host

    def attach(self, conn: Connection) -> None:
        """Register a socket that said hello (its `person` from its token, or None)."""
        self.connections.add(conn)
        self.tx.stale()
        self.note_presence()
        self.broadcast()

    def detach(self, conn: Connection) -> None:
        """Forget a closed socket; the others see the roster's `connected` change."""
        if conn in self.connections:
            self.connections.discard(conn)
            self.tx.stale()
            self.note_presence()
            self.broadcast()

    def welcome(self, conn: Connection) -> dict[str, object]:
        """The `welcome` message for `conn` (server/room/views.py)."""
        return views.welcome(self.record, conn)

    def state_for(self, conn: Connection) -> dict[str, object]:
        """The `state` message for `conn` (server/room/views.py)."""
        return views.state_for(self, self.record, conn)

    def frames(self, rec: Record) -> Iterator[tuple[Connection, bytes]]:
        """Every connection's `state` frame of `rec` (server/room/views.py `frames`)."""
        return views.frames(self, rec)

    def broadcast(self) -> None:
        """Queue the current (durable) state on every connection (encoded once where sockets share it)."""
        for conn, payload in views.frames(self, self.record):
            conn.send_state(payload)

    # ------------------------------------------------------------------ messages
    def handle(self, conn: Connection, msg: Message) -> None:
        """Take one client message from `conn` (already a dict with a str `type`). Never raises: a
        refusal goes to `conn.refused`; an accepted action goes to the store, and everyone gets the new
        state once it is durable. While an action of this room is being stored, the message waits."""
        self.tx.handle(conn, msg)

    def answer(self, conn: Connection, msg: Message) -> None:
        """Check `msg` against the durable record and hand its action to the transaction, or refuse it."""
        try:
            self._check_and_apply(conn, msg)
        except Refused as exc:   # a start waits (bounded) for its deck's changed folder to be read
            if not (exc.code == "deck_reading" and msg["type"] == "start" and self.decks.start_waits(conn, msg)):
                conn.refused(str(msg["type"]), exc)
        except Exception as exc:
            conn.refused(str(msg["type"]), exc)

    def _check_and_apply(self, conn: Connection, msg: Message) -> None:
        """Check `msg` against the durable record and submit the new record its handler makes. Raises
        Refused (or Malformed) and changes nothing."""
        kind, person = str(msg["type"]), conn.person
        spec = check(self, conn, msg)  # 1-3: credentials, staleness, room phase and pause (specs.py)
        rec, effects = HANDLERS[kind](self, person, msg)   # 4. the action: a new record
        rec = accepted(self.record, rec)
        actor = effects.takes or person  # after `join` the newcomer is the actor
        if actor:
            seat = rec.seat_of(actor)
            key = seat if spec.game_action else actor
            if key is not None:
                rec = replace(rec, floors={**rec.floors, key: rec.state_id})
            if spec.game_action and seat is not None:  # who of a pairs team acted last (partner_acted names them)
                rec = replace(rec, actors={**rec.actors, seat: actor})
        self.tx.submit(conn, kind, rec, effects, spec.game_action)

    # -- the transaction's side (transaction.Owner)
    def publish(self, action: Action) -> None:
        """The stored `action` becomes the room: sockets change as its effects say, whoever's seat, person
        or host status changed is welcomed again, and everyone gets the new state."""
        told = {} if action.seats_stay else {c: views.welcome_key(self.record, c) for c in self.connections}
        self.record = action.record
        self.changed_at = time.monotonic()
        conn, effects = action.conn, action.effects
        conn.floor = self.state_id  # a socket without a person cannot repeat this action either
        if effects.takes is not None and conn in self.connections:
            conn.person = effects.takes
        if effects.drops is not None:  # those sockets become spectators (they get `welcome`, seat null)
            for c in self.connections:
                if c.person == effects.drops:
                    c.person = None
        self.note_presence()
        for c, key in told.items():  # whose seat, person or host status changed learns it (welcome)
            if c in self.connections and views.welcome_key(self.record, c) != key:
                c.send(self.welcome(c))
        if action.frames is not None and action.version == self.tx.version:
            for c, payload in action.frames:
                c.send_state(payload)
        else:  # sockets came or went while the disk worked, or the action moved some: render now
            self.broadcast()

    def committed(self, action: Action | None, error: StorageError | None) -> None:
        """After a commit and the messages that waited for it: a failing disk is tried again later, not at
        once (the clock's checkpoint, the lobby's fall-back to the built-in deck); decks deleted meanwhile
        are fallen back from; the clock looks again."""
        retry = 0.0
        if error is not None and action is not None:
            if action.conn is clock.CLOCK:
                retry = clock.CHECKPOINT_S
            if action.kind == "deck_deleted":
                self.decks.fall_back_failed()
        self.decks.start_again()   # (the host may have chosen another deck meanwhile)
        self.decks.fall_back()
        self.timer.arm(retry)

    # ------------------------------------------------------------------ decks and the clock
    def decks_changed(self, deleted: str | None = None) -> None:
        """A deck was uploaded or deleted (DeckEvents.decks_changed)."""
        self.decks.decks_changed(deleted)

    def kids_filter_changed(self, deck_id: str) -> None:
        """A deck's kids' filter changed (DeckEvents.kids_filter_changed)."""
        self.decks.kids_filter_changed(deck_id)

    def deck_read(self, deck_id: str) -> None:
        """A thread has read a deck's changed folder (DeckEvents.deck_read)."""
        self.decks.deck_read(deck_id)

    async def end_for_deck(self, state_id: int, asker_hosts: bool) -> None:
        """End this room's game so a deck it holds may be deleted (DeckEvents.end_for_deck)."""
        await self.decks.end_for_deck(state_id, asker_hosts)

    def start_clock(self) -> None:
        """Start looking at the clock (a room loaded at start-up; needs the running loop)."""
        self.timer.arm()

    def stop_clock(self) -> None:
        """At shutdown: the clock and the deck fall-back's retries stop; a running clock's time left is stored."""
        self.decks.stop()
        self.timer.stop()

