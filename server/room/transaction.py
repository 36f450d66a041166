"""A room's transaction: the one way an accepted action becomes the room (docs/architecture.md "The room").

An action is a new record (server/room/record.py) made from the durable one, which stays the room's
(what views, welcomes, tokens and the registry read) until the store's group commit covering the new one
has returned (server/room/store.py: the fsync). Only then does the new record become the room's, do sockets
change (the handler's `Effects`) and does every connection get its new view (rendered while the disk
worked). A failed commit leaves the room as it was and refuses the action with `storage_failed`. A room has
at most one action being stored: messages that arrive meanwhile wait, in order, and are checked against the
durable record once it is known, so no action is ever applied on top of one that might still fail. Rooms
share the fsync, not the wait.

`Transaction` holds that per-room state by composition: the queue of waiting messages, the action being
stored, and the version of the room's sockets (frames rendered for an older one are stale). `Room`
(server/room/room.py), its timer (server/room/timer.py) and its deck events (server/room/deck_events.py)
hand it actions with `submit`; it is the room's `store.Pending`.
"""
from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Protocol

from server import engine
from server.room import clock
from server.room.record import Record, Story, story_json, to_json
from server.room.refusals import Refused
from server.room.state import NO_EFFECTS, Connection, Effects, Message, dumps
from server.room.store import StorageError, Store

log = logging.getLogger(__name__)

# messages a room keeps while its action is being stored (14 people tap a few times a second at most)
MAX_WAITING = 256


@dataclass
class Action:
    """An accepted action being stored: the sender, its kind, the new `record` (its stored text without
    story and game: `text`), its effects on sockets, and the frames rendered for it while the disk works
    (for the sockets' `version` then)."""

    conn: Connection
    kind: str
    record: Record
    text: str
    effects: Effects
    seats_stay: bool   # no seat, person or host changes hands: nobody needs a new welcome
    on_stored: Callable[[], None] | None = None   # called once it is the room's (the deck page waits for it)
    frames: list[tuple[Connection, bytes]] | None = None
    version: int = -1


class Owner(Protocol):
    """What a transaction needs of its room (server/room/room.py `Room`)."""

    @property
    def code(self) -> str:
        """The room code."""
        ...

    record: Record
    connections: set[Connection]

    def answer(self, conn: Connection, msg: Message) -> None:
        """Check `msg` against the durable record and submit its action, or refuse it (never raises)."""

    def frames(self, rec: Record) -> Iterator[tuple[Connection, bytes]]:
        """Every connection's `state` frame of `rec`."""
        ...

    def publish(self, action: Action) -> None:
        """Make the stored `action.record` the room's and tell everyone."""

    def committed(self, action: Action | None, error: StorageError | None) -> None:
        """After a commit's outcome was handled and the waiting messages were taken."""


def accepted(before: Record, after: Record) -> Record:
    """`after`, a new record an action made from `before`, with the next `state_id`, and with the `epoch`
    moved to it when the room phase, the pause or the engine's phase or round changed (every older
    state_id is then stale)."""
    state_id = before.state_id + 1
    epoch = state_id if _epoch_key(after) != _epoch_key(before) else after.epoch
    return replace(after, state_id=state_id, epoch=epoch)


def _epoch_key(rec: Record) -> tuple[object, ...]:
    game = rec.game
    return (rec.phase, rec.paused, game.phase if game else None, game.round if game else None)


class Transaction:
    """The transaction of room `owner` (module docstring), storing through `store`."""

    def __init__(self, owner: Owner, store: Store) -> None:
        self._owner = owner
        self._store = store
        self._action: Action | None = None    # the action being stored
        self._waiting: deque[tuple[Connection, Message]] = deque()  # messages that came meanwhile
        self.version = 0   # +1 whenever sockets attach or leave (frames rendered before are stale)
        self._game_text: tuple[engine.GameState | None, str] = (None, "null")  # the game's stored text
        self._story_text: tuple[Story | None, str] = (None, "null")  # the story's stored text

    @property
    def code(self) -> str:
        """The room code (the store's row)."""
        return self._owner.code

    @property
    def busy(self) -> bool:
        """True while an action is being stored or messages wait for one."""
        return self._action is not None or bool(self._waiting)

    @property
    def pending(self) -> Action | None:
        """The action being stored, or None."""
        return self._action

    @property
    def storing(self) -> bool:
        """True while an action is being stored."""
        return self._action is not None

    def stale(self) -> None:
        """Sockets came or went, or the decks changed: frames rendered before are not to be sent."""
        self.version += 1

    def handle(self, conn: Connection, msg: Message) -> None:
        """Take one client message: answered now, or, while an action is being stored, queued (refused
        with `rate_limited` beyond MAX_WAITING, so a flood while the disk is slow keeps memory bounded)."""
        if self.busy:
            if len(self._waiting) >= MAX_WAITING:
                conn.refused(str(msg["type"]), Refused("rate_limited"))
                return
            self._waiting.append((conn, msg))
            return
        self._owner.answer(conn, msg)

    def submit(self, conn: Connection, kind: str, rec: Record, effects: Effects = NO_EFFECTS,
               seats_stay: bool = True, on_stored: Callable[[], None] | None = None) -> None:
        """Store `rec`, the record an accepted action of `conn` made, its clock settled first (a new phase
        starts it, a pause stops it, and its time left goes into the record). Only when nothing is being
        stored (`storing` is False)."""
        assert self._action is None, "one action at a time"
        rec = clock.settle(rec, time.monotonic())
        self._action = Action(conn, kind, rec, dumps(to_json(rec)), effects, seats_stay, on_stored)
        self._store.commit(self)

    # -- the store's side (store.Pending)
    def snapshot(self) -> str:
        """The record text to store: the action's (or, with none, the durable record's) with the story and
        the game spliced in (their texts are made again only when they changed)."""
        action = self._action
        rec, text = (action.record, action.text) if action is not None else \
            (self._owner.record, dumps(to_json(self._owner.record)))
        if rec.game is not self._game_text[0]:
            # engine.to_json's very text, by the faster encoder (server/room/jsontext.py)
            self._game_text = (rec.game, "null" if rec.game is None else dumps(dumps(engine.to_record(rec.game))))
        if rec.story is not self._story_text[0]:
            self._story_text = (rec.story, "null" if rec.story is None else dumps(story_json(rec.story)))
        return f'{text[:-1]},"story":{self._story_text[1]},"game":{self._game_text[1]}}}'

    def writing(self) -> None:
        """While the disk works: render the new record's frames (unless the action changes sockets)."""
        action = self._action
        if action is not None and action.effects == NO_EFFECTS:
            action.frames = list(self._owner.frames(action.record))
            action.version = self.version

    def done(self, error: StorageError | None) -> None:
        """The commit covering the action returned: make it the room's and tell everyone, or refuse it
        with `storage_failed` and change nothing. Then take the messages that waited."""
        action, self._action = self._action, None
        if action is not None:
            if error is not None:
                log.warning("room %s: could not store %s: %s", self.code, action.kind, error)
                action.conn.refused(action.kind, Refused("storage_failed"))
            else:
                self._owner.publish(action)
                if action.on_stored is not None:
                    action.on_stored()
        while self._waiting and self._action is None:
            conn, msg = self._waiting.popleft()
            if conn in self._owner.connections:  # a socket that left the room meanwhile has nobody to tell
                self._owner.answer(conn, msg)
        self._owner.committed(action, error)
