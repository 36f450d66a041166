"""One room: the people, the host, settings, pause, and the engine state around which it all turns.
It checks and applies wire messages as transactions, persists, then pushes views.

Rules are never computed here: the room authorises (who may send what), checks staleness, keeps what is
not a rule (names, tokens, pause) and hands every game action to `server.engine.apply`.

Order of checks for every message (boardgame.io's order): known type -> credentials (seated, host) ->
`state_id` not stale -> room phase / pause -> the action itself (the engine for game actions). A refusal
raises `Refused` and changes nothing. An accepted action is applied and written to the store in one
synchronous step (no `await` in between); only then do sockets change (the handler's `Effects`) and
every connection get its new view.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from server.room import host, lobby, views
from server.room.env import RoomEnv
from server.room.record import new_record
from server.room.refusals import Malformed, Refused
from server.room.settings import default_settings, set_settings
from server.room.specs import SPECS
from server.room.state import NO_EFFECTS, Connection, Effects, RoomState, dumps
from server.room.store import StorageError

log = logging.getLogger(__name__)

Handler = Callable[[RoomState, "str | None", dict[str, Any]], "Effects | None"]

HANDLERS: dict[str, Handler] = {
    "join": lobby.join, "set_colour": lobby.set_colour, "rename": lobby.rename, "add_child": lobby.add_child,
    "set_teams": lobby.set_teams, "start": lobby.start, "set_settings": set_settings,
    **dict.fromkeys(("tell", "play_card", "vote", "dispute", "restate", "next_round"), host.game_action),
    "skip": host.skip, "pause": host.pause, "resume": host.resume, "remove_player": host.remove_player,
    "return_player": host.return_player, "release_seat": host.release_seat, "pass_host": host.pass_host,
    "claim_host": host.claim_host, "end_game": host.end_game, "new_game": host.new_game,
}
assert set(HANDLERS) == set(SPECS), "every message in SPECS has a handler"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Room(RoomState):
    """A room `code` with its record (JSON-able dict, what the store keeps) and the live engine state.

    `env` gives the store, the deck library, boards and the join URL. Connections attach after `hello`.
    """

    def __init__(self, env: RoomEnv, record: dict[str, Any]) -> None:
        super().__init__(env, record)
        # the record as last committed, as JSON text: a refused or unstorable action rolls back to it
        # (cheaper than a deep copy of the record before every action)
        self._committed = dumps(self.data)

    @classmethod
    def create(cls, env: RoomEnv, code: str, lang: str | None) -> Room:
        """A new empty room in the lobby, persisted. Raises StorageError."""
        room = cls(env, new_record(code, default_settings(lang)))
        env.store.save(code, room.record())
        return room

    # ------------------------------------------------------------------ sockets
    def person_for_token(self, token: object) -> str | None:
        """The person whose token is `token`, or None."""
        return self.roster.person_for_token(token)

    def is_host_token(self, token: object) -> bool:
        """True if `token` is the host's token (HTTP deck uploads use it)."""
        person = self.person_for_token(token)
        return person is not None and person == self.host

    def attach(self, conn: Connection) -> None:
        """Register a socket that said hello (its `person` from its token, or None)."""
        self.connections.add(conn)
        self.note_presence()
        self.broadcast()

    def detach(self, conn: Connection) -> None:
        """Forget a closed socket; the others see the roster's `connected` change."""
        if conn in self.connections:
            self.connections.discard(conn)
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
        """Queue the current state on every connection (encoded once where sockets share it)."""
        for conn, text in views.frames(self):
            conn.send_state(text)

    # ------------------------------------------------------------------ the transaction
    def handle(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Apply one client message from `conn` (already a dict with a str `type`).

        Raises Refused (or Malformed) and changes nothing, or applies it, stores the room (raises
        Refused("storage_failed") if the store fails, after rolling back) and broadcasts.
        """
        kind = msg["type"]
        spec = SPECS.get(kind)
        if spec is None:
            raise Malformed(f"unknown type {kind!r}")
        # 1. credentials
        person = conn.person
        if spec.who == "seat" and person is None:
            raise Refused("not_seated")
        if spec.who == "host" and (person is None or person != self.host):
            raise Refused("not_host")
        if kind == "join" and conn.role == "tv":  # the TV shows the game to everyone: it never holds a seat
            raise Refused("tv_no_seat")
        # 2. staleness: made against a state that already shows this actor's last action and this phase
        state_id = msg.get("state_id")
        if not _is_int(state_id):
            raise Malformed("state_id must be an integer")
        # a game action is the seat's (a pairs team acts once per picture, whichever phone taps)
        floor_key = self.seat_of(person) if spec.game_action else person
        floor = self.data["floors"].get(floor_key, 0) if floor_key else conn.floor
        if state_id > self.state_id or state_id < max(floor, self.data["epoch"]):
            partner = self.data.get("actors", {}).get(floor_key) if spec.game_action else None
            if state_id <= self.state_id and state_id < floor and partner not in (None, person):
                # pairs: the other phone of the team tapped first; say who, not "the game moved on"
                name = (self.roster.person(partner) or {"name": "?"})["name"][:64]
                raise Refused("partner_acted", name=name)
            raise Refused("stale_state")
        # 3. room phase and pause
        if spec.phase is not None and spec.phase != self.phase:
            raise Refused("wrong_phase")
        if spec.game_action and self.data["paused"]:
            raise Refused("paused")
        # 4. the action; a refusal or a failed write rolls back to the committed record: nothing changes
        told = {c: views.welcome_key(self, c) for c in self.connections}
        effects = self._commit(kind, spec.game_action, person, msg)
        conn.floor = self.state_id  # a socket without a person cannot repeat this action either
        if effects.takes is not None:
            conn.person = effects.takes
        if effects.drops is not None:  # those sockets become spectators (they get `welcome`, seat null)
            for c in self.connections:
                if c.person == effects.drops:
                    c.person = None
        self.note_presence()
        for c, key in told.items():  # whose seat, person or host status changed learns it (welcome)
            if views.welcome_key(self, c) != key:
                c.send(self.welcome(c))
        self.broadcast()

    def _commit(self, kind: str, game_action: bool, person: str | None, msg: dict[str, Any]) -> Effects:
        """Run the handler, count the action and store the room, or roll the record and game back."""
        backup_game = self.game
        before = self._epoch_key()
        try:
            effects = HANDLERS[kind](self, person, msg) or NO_EFFECTS
            self.data["state_id"] += 1
            if self._epoch_key() != before:
                self.data["epoch"] = self.state_id
            actor = effects.takes or person  # after `join` the newcomer is the actor
            if actor:
                self.data["floors"][self.seat_of(actor) if game_action else actor] = self.state_id
                if game_action:  # who of a pairs team acted last (partner_acted names them)
                    self.data.setdefault("actors", {})[self.seat_of(actor)] = actor
            self.env.store.save(self.code, self.record())
        except StorageError as exc:
            self.data, self.game = json.loads(self._committed), backup_game
            log.warning("room %s: could not store %s: %s", self.code, kind, exc)
            raise Refused("storage_failed") from exc
        except BaseException:
            self.data, self.game = json.loads(self._committed), backup_game
            raise
        self._committed = dumps(self.data)
        return effects

    def _epoch_key(self) -> tuple[Any, ...]:
        """What, when it changes, makes every older state_id stale: room phase, pause, engine phase/round."""
        game = self.game
        return (self.phase, self.data["paused"], getattr(game, "phase", None), getattr(game, "round", None))
