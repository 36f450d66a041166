"""One room: the people, the host, settings, pause, and the engine state around which it all turns.
It checks and applies wire messages as transactions, persists, then pushes views.

Rules are never computed here: the room authorises (who may send what), checks staleness, keeps what is
not a rule (names, tokens, pause) and hands every game action to `server.engine.apply`.

Order of checks for every message (boardgame.io's order): known type -> credentials (seated, host) ->
`state_id` not stale -> room phase / pause -> the action itself (the engine for game actions). A refusal
changes nothing and goes to the sender (`Connection.refused`).

The transaction (one group commit's fsync for many rooms): an accepted action is applied to a working
copy of the room, and that copy goes to the store's next group commit (server/room/store.py). The room
itself (what views, welcomes, tokens and the registry read) stays the durable state until the fsync
covering the copy returns; only then does the copy become the room, do sockets change (the handler's
`Effects`) and does every connection get its new view (rendered while the disk worked). A failed commit
leaves the room as it was and refuses the action with `storage_failed`. A room has at most one action
being stored: messages that arrive meanwhile wait, in order, and are checked against the durable state
once it is known, so no action is ever applied on top of one that might still fail. Rooms share the
fsync, not the wait.

The timer (server/room/clock.py) acts through the same path: when it runs out the room sends itself the
host's `skip` as an action of `clock.CLOCK` (no person), stored before anyone is told; while a clock runs, the
room stores the time left every `clock.CHECKPOINT_S` seconds (an action that changes no `state_id`).
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from typing import Any

from server import engine
from server.room import clock, host, views
from server.room.deck_events import DeckEvents
from server.room.env import RoomEnv
from server.room.record import new_record
from server.room.refusals import Malformed, Refused
from server.room.settings import default_settings
from server.room.specs import HANDLERS, check
from server.room.state import NO_EFFECTS, Connection, Effects, RoomState, dumps
from server.room.store import StorageError

log = logging.getLogger(__name__)

# messages a room keeps while its action is being stored (14 people tap a few times a second at most)
MAX_WAITING = 256


class _Action:
    """An accepted action being stored: the sender, the working copy it made (`work`, with its data as
    JSON `text`), its effects on sockets, and the frames rendered for it while the disk works."""

    __slots__ = ("conn", "effects", "frames", "kind", "seats_stay", "text", "version", "work")

    def __init__(self, conn: Connection, kind: str, work: RoomState, text: str, effects: Effects,
                 seats_stay: bool) -> None:
        self.conn, self.kind, self.work, self.text, self.effects = conn, kind, work, text, effects
        self.seats_stay = seats_stay  # a game action: nobody's person, seat or host role can change
        self.frames: list[tuple[Connection, bytes]] | None = None
        self.version = -1


class Room(DeckEvents):
    """A room `code` with its record (JSON-able dict, what the store keeps) and the live engine state.

    `env` gives the store, the deck library, boards and the join URL. Connections attach after `hello`.
    `data` and `game` are always the durable state (see the module's docstring).
    """

    def __init__(self, env: RoomEnv, record: dict[str, Any]) -> None:
        super().__init__(env, record)
        # `data` as last committed, without its story, as JSON text: an action starts from a copy parsed
        # from it (cheaper than a deep copy), and it is the stored text's room part (encoded once per
        # action). The story (a round's worth of text per round, most of the record by the end of a game)
        # is shared, not parsed and encoded again per action: it is never changed in place, only
        # replaced (server/room/story.py), so its text is made once per scored round.
        self._committed = _text_without_story(self.data)
        self._game_text: tuple[engine.GameState | None, str] = (None, "null")  # the game's stored text
        self._story_text: tuple[object, str] = (None, "null")  # the story's stored text
        self._action: _Action | None = None    # the action being stored
        self._waiting: deque[tuple[Connection, dict[str, Any]]] = deque()  # messages that came meanwhile
        self._version = 0   # +1 whenever sockets attach or leave (frames rendered before are stale)
        clock.loaded(self)
        self._wake: asyncio.TimerHandle | None = None   # when the room looks at its clock next
        self._clock_stopped = False   # the server is shutting down: the clock no longer acts
        self._gone_decks: set[str] = set()   # decks deleted while an action was being stored (_fall_back)
        self._gone_retry: asyncio.TimerHandle | None = None   # a fall-back whose store failed, tried again

    @classmethod
    def create(cls, env: RoomEnv, code: str, lang: str | None) -> Room:
        """A new empty room in the lobby, persisted before it returns (blocking: start-up, tools).
        Raises StorageError."""
        room = cls(env, new_record(code, default_settings(lang)))
        env.store.save(code, room.record())
        return room

    @classmethod
    async def open(cls, env: RoomEnv, code: str, lang: str | None) -> Room:
        """A new empty room in the lobby, persisted (through the group commit) before it returns.
        Raises StorageError."""
        room = cls(env, new_record(code, default_settings(lang)))
        await env.store.write(code, room.snapshot())
        return room

    # ------------------------------------------------------------------ sockets
    def is_host_token(self, token: object) -> bool:
        """True if `token` is the host's token (HTTP deck uploads use it)."""
        person = self.person_for_token(token)
        return person is not None and person == self.host

    def attach(self, conn: Connection) -> None:
        """Register a socket that said hello (its `person` from its token, or None)."""
        self.connections.add(conn)
        self._version += 1
        self.note_presence()
        self.broadcast()

    def detach(self, conn: Connection) -> None:
        """Forget a closed socket; the others see the roster's `connected` change."""
        if conn in self.connections:
            self.connections.discard(conn)
            self._version += 1
            self.note_presence()
            self.broadcast()

    def welcome(self, conn: Connection) -> dict[str, Any]:
        """The `welcome` message for `conn` (server/room/views.py)."""
        return views.welcome(self, conn)

    def room_view(self) -> dict[str, Any]:
        """The room part of every `state` message (server/room/views.py)."""
        return views.room_view(self)

    def state_for(self, conn: Connection, room_view: dict[str, Any] | None = None) -> dict[str, Any]:
        """The `state` message for `conn` (server/room/views.py)."""
        return views.state_for(self, conn, room_view)

    def broadcast(self) -> None:
        """Queue the current (durable) state on every connection (encoded once where sockets share it)."""
        for conn, payload in views.frames(self):
            conn.send_state(payload)

    # ------------------------------------------------------------------ the transaction
    def handle(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Take one client message from `conn` (already a dict with a str `type`). Never raises: a
        refusal goes to `conn.refused`; an accepted action goes to the store, and everyone gets the new
        state once it is durable. While an action of this room is being stored, the message waits."""
        if self._action is not None or self._waiting:
            if len(self._waiting) >= MAX_WAITING:  # a flood while the disk is slow: memory stays bounded
                conn.refused(msg["type"], Refused("rate_limited"))
                return
            self._waiting.append((conn, msg))
            return
        self._answer(conn, msg)

    def _answer(self, conn: Connection, msg: dict[str, Any]) -> None:
        try:
            self._check_and_apply(conn, msg)
        except Exception as exc:
            conn.refused(msg["type"], exc)

    def _check_and_apply(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Check `msg` against the durable state and apply it to a working copy that goes to the store.
        Raises Refused (or Malformed) and changes nothing."""
        kind, person = msg["type"], conn.person
        spec = check(self, conn, msg)  # 1-3: credentials, staleness, room phase and pause (specs.py)
        # 4. the action, on a working copy: a refusal just drops it
        work = self._working_copy()
        before = _epoch_key(work)
        effects = HANDLERS[kind](work, person, msg) or NO_EFFECTS
        work.data["state_id"] += 1
        if _epoch_key(work) != before:
            work.data["epoch"] = work.state_id
        actor = effects.takes or person  # after `join` the newcomer is the actor
        if actor:
            work.data["floors"][work.seat_of(actor) if spec.game_action else actor] = work.state_id
            if spec.game_action:  # who of a pairs team acted last (partner_acted names them)
                work.data.setdefault("actors", {})[work.seat_of(actor)] = actor
        self._store(conn, kind, work, effects, spec.game_action)

    def _store(self, conn: Connection, kind: str, work: RoomState, effects: Effects, seats_stay: bool) -> None:
        """Send the working copy `work` of an accepted action to the store, its clock settled first
        (a new phase starts it, a pause stops it, and its time left goes into the record)."""
        clock.settle(work, time.monotonic())
        self._action = _Action(conn, kind, work, _text_without_story(work.data), effects, seats_stay)
        self.env.store.commit(self)

    def _working_copy(self) -> RoomState:
        """A RoomState sharing this room's env, sockets and (immutable) game, with `data` parsed anew."""
        work = object.__new__(RoomState)
        work.env, work.connections, work.game = self.env, self.connections, self.game
        work.host_away_since = self.host_away_since
        work.clock_deadline = self.clock_deadline
        work.data = json.loads(self._committed)
        if "story" in self.data:  # shared: a round scored on the copy replaces it (server/room/story.py)
            work.data["story"] = self.data["story"]
        work._deck_info = self._deck_info
        return work

    # -- the store's side (store.Pending)
    def snapshot(self) -> str:
        """The record text to store: the action's data text with the story and the game spliced in
        (their texts are made again only when they changed)."""
        action = self._action
        data, text, game = (action.work.data, action.text, action.work.game) if action is not None \
            else (self.data, self._committed, self.game)
        if game is not self._game_text[0]:
            self._game_text = (game, "null" if game is None else dumps(engine.to_json(game)))
        story = ""
        if "story" in data:
            if data["story"] is not self._story_text[0]:
                self._story_text = (data["story"], dumps(data["story"]))
            story = f',"story":{self._story_text[1]}'
        return f'{text[:-1]}{story},"game":{self._game_text[1]}}}'

    def writing(self) -> None:
        """While the disk works: render the new state's frames (unless the action changes sockets)."""
        action = self._action
        if action is not None and action.effects == NO_EFFECTS:
            action.frames = list(views.frames(action.work))
            action.version = self._version

    def done(self, error: StorageError | None) -> None:
        """The commit covering the action returned: make it the room and tell everyone, or refuse it
        with `storage_failed` and change nothing. Then take the messages that waited."""
        action, self._action = self._action, None
        retry = 0.0
        if action is not None:
            if error is not None:
                log.warning("room %s: could not store %s: %s", self.code, action.kind, error)
                action.conn.refused(action.kind, Refused("storage_failed"))
                if action.conn is clock.CLOCK:   # a failing disk: the clock tries again later, not at once
                    retry = clock.CHECKPOINT_S
                if action.kind == "deck_deleted":   # so does the lobby's fall-back to the built-in deck
                    self._fall_back_failed()
            else:
                self._publish(action)
                stored = getattr(action.conn, "stored_now", None)   # an action from the deck page waits for it
                if stored is not None:
                    stored()
        while self._waiting and self._action is None:
            conn, msg = self._waiting.popleft()
            if conn in self.connections:  # a socket that left the room meanwhile has nobody to tell
                self._answer(conn, msg)
        self._fall_back()
        self._arm(retry)

    def _publish(self, action: _Action) -> None:
        told = {} if action.seats_stay else {c: views.welcome_key(self, c) for c in self.connections}
        work = action.work
        self.data, self.game, self._deck_info, self._committed = work.data, work.game, work._deck_info, action.text
        self.clock_deadline = work.clock_deadline
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
            if c in self.connections and views.welcome_key(self, c) != key:
                c.send(self.welcome(c))
        if action.frames is not None and action.version == self._version:
            for c, payload in action.frames:
                c.send_state(payload)
        else:  # sockets came or went while the disk worked, or the action moved some: render now
            self.broadcast()

    # ------------------------------------------------------------------ the clock (server/room/clock.py)
    def _arm(self, at_least: float = 0.0) -> None:
        """Look at the clock again when it runs out or its time left is next stored (not before
        `at_least` seconds); nothing while an action is being stored (`done` arms it again)."""
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        if self._clock_stopped or self._action is not None:
            return
        delay = clock.next_wake(self, time.monotonic())
        if delay is None:
            return
        self._wake = asyncio.get_running_loop().call_later(max(delay, at_least), self._on_clock)

    def start_clock(self) -> None:
        """Start looking at the clock (a room loaded at start-up; needs the running loop)."""
        self._arm()

    def stop_clock(self) -> None:
        """At shutdown: the clock stops acting, and a running clock's time left goes to the store (the
        store's `flush` waits for it) so a restart continues from there."""
        self._clock_stopped = True
        self._stop_retries()
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        if self.clock_deadline is not None and self._action is None and not self._waiting:
            self._checkpoint()

    def _on_clock(self) -> None:
        self._wake = None
        if self._clock_stopped or self._action is not None or self._waiting:
            return   # `done` arms the clock again
        if clock.due(self, time.monotonic()):
            self._expire()
        elif self.clock_deadline is not None:
            self._checkpoint()

    def _expire(self) -> None:
        """The clock ran out: exactly the host's `skip` for this phase, as an action of the room's own,
        through the store like any other."""
        work = self._working_copy()
        before = _epoch_key(work)
        try:
            host.skip(work, None, {"type": "skip"})
        except (Refused, Malformed) as exc:   # not expected in playing or voting: stop, do not loop
            log.warning("room %s: the timer's skip was refused (%s); the clock stops", self.code, exc)
            self.clock_deadline = None
            return
        work.data["state_id"] += 1
        if _epoch_key(work) != before:
            work.data["epoch"] = work.state_id
        self._store(clock.CLOCK, "skip", work, NO_EFFECTS, True)

    def _checkpoint(self) -> None:
        """Store the running clock's time left (no new `state_id`: nobody's next action goes stale);
        once stored, every page gets the state again and corrects its countdown."""
        self._store(clock.CLOCK, "clock", self._working_copy(), NO_EFFECTS, True)


def _text_without_story(data: dict[str, Any]) -> str:
    """`data` (a room record without its game) as JSON text, leaving out its `story`."""
    return dumps({k: v for k, v in data.items() if k != "story"})


def _epoch_key(room: RoomState) -> tuple[Any, ...]:
    """What, when it changes, makes every older state_id stale: room phase, pause, engine phase/round."""
    game = room.game
    return (room.phase, room.data["paused"], getattr(game, "phase", None), getattr(game, "round", None))
