"""A room's state, as the message handlers see it: the durable record (server/room/record.py), the
sockets attached, and the one door into the engine (`play`).

Handlers (server/room/lobby.py, settings.py, host.py, pacing.py) take the room, the sender's person and
the message and return the new record and its `Effects` on sockets (`Handler`); the room's transaction
(server/room/transaction.py) stores the new record and only then makes it the room's.
"""
from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from server import engine
from server.room import roster, story
from server.room.env import DeckInfo, RoomEnv
from server.room.jsontext import dumps as dumps  # re-exported: what rooms and views encode with
from server.room.record import Record
from server.room.refusals import Refused, engine_errors

Message = Mapping[str, object]   # a client message as parsed from JSON (server/net/ws.py): a str `type` at least


class Connection(Protocol):
    """What the room needs from a socket (server/net/ws.py implements it)."""

    person: str | None  # the person its token names (their seat is `Roster.seat_of(person)`); None: no one
    role: str           # "tv" | "phone"
    lang: str
    floor: int          # state_id floor for a socket without a person (stale-action check)

    def send(self, message: dict[str, Any]) -> None:
        """Queue a control message (welcome) for this socket."""

    def send_state(self, payload: bytes) -> None:
        """Queue a serialised state (UTF-8 JSON), replacing an unsent one."""

    def refused(self, kind: str, exc: Exception) -> None:
        """Tell the sender its message `kind` was refused (`Refused`, `Malformed`: with its code) or
        broke the server (any other exception, logged as an internal error; called in the `except`)."""


@dataclass(frozen=True)
class Effects:
    """What an accepted action does to sockets, applied only once it is stored (so a refusal or a failed
    write has nothing to undo): `takes`, the person the sender's socket now holds (join, claim);
    `drops`, a person whose sockets become spectators (removed in the lobby, seat released)."""

    takes: str | None = None
    drops: str | None = None


NO_EFFECTS = Effects()

Handler = Callable[["RoomState", str | None, Message], tuple[Record, Effects]]
"""A message handler: (the durable room, the sender's person or None, the message) -> (the new record, its
effects); raises Refused / Malformed and then nothing changed."""


class RoomState:
    """A room's durable state (`record`, server/room/record.py, which the transaction replaces once the
    next one is stored) with what is not stored: the sockets attached, the host's absence clock, when it
    last changed, and the deck's entry of the view, cached. `env`: the store, decks, boards and join URL
    (server/room/env.py). Handlers read it and return a new record; they never change it."""

    def __init__(self, env: RoomEnv, rec: Record) -> None:
        self.env = env
        self.record = rec
        self.connections: set[Connection] = set()
        # the room view's deck entry, read once per choice:
        # ((chosen id, env.decks_version(), in a game, a kids' table), entry)
        self._deck_info: tuple[tuple[str, int, bool, bool], DeckInfo] | None = None
        # since when (time.monotonic) no socket holds the host; a loaded room counts from now
        self.host_away_since: float | None = time.monotonic()
        # when an action last changed the room (time.monotonic); a loaded room gets its stored age
        # (Rooms.load). A game nobody has open is abandoned after deck_use.HOLD_S of this.
        self.changed_at: float = time.monotonic()

    @property
    def code(self) -> str:
        """The room code (4 letters)."""
        return self.record.code

    @property
    def state_id(self) -> int:
        """The room's version on the wire: +1 per accepted action, kept across restarts."""
        return self.record.state_id

    @property
    def host(self) -> str | None:
        """The host's person id, or None before anyone joined."""
        return self.record.host

    @property
    def phase(self) -> str:
        """The room phase: "lobby" or "game" (the engine has its own phases inside a game)."""
        return self.record.phase

    @property
    def game(self) -> engine.GameState | None:
        """The engine state of the room's game, or None in the lobby."""
        return self.record.game

    @property
    def finished(self) -> bool:
        """True once the game is over (engine phase `game_over`) and nobody has started a new one."""
        return self.record.finished

    def is_viewer(self, token: object, tv_key: object) -> bool:
        """True if `token` is the seat token of someone at the table (removed people included: they
        played) or `tv_key` is this room's TV key (sent in the TV's `welcome`). Constant-time."""
        if self.person_for_token(token) is not None:
            return True
        return isinstance(tv_key, str) and secrets.compare_digest(tv_key.encode(), self.record.tv_key.encode())

    def person_for_token(self, token: object) -> str | None:
        """The person whose token is `token`, or None."""
        return roster.person_for_token(self.record.people, token)

    def note_presence(self) -> None:
        """Start (or stop) the host's absence clock after sockets or the host changed."""
        if self.host is None or any(c.person == self.host for c in self.connections):
            self.host_away_since = None
        elif self.host_away_since is None:
            self.host_away_since = time.monotonic()

    def host_claim_in(self, rec: Record) -> int | None:
        """Whole seconds until `claim_host` is allowed (0: now) with `rec`'s host, or None while a socket
        holds the host or there is no host. The grace (`env.host_grace`) keeps a phone that only went to
        sleep its role. (A host just changed by an action not yet published counts as away from now.)"""
        if rec.host is None or any(c.person == rec.host for c in self.connections):
            return None
        since = self.host_away_since if self.host_away_since is not None and rec.host == self.host \
            else time.monotonic()
        return max(0, math.ceil(self.env.host_grace - (time.monotonic() - since)))

    def deck_info(self, rec: Record, *, fresh: bool = False) -> DeckInfo:
        """`env.deck_info` (`{"id", "title", "size", "all"}`, in cards) of the deck `rec` plays with; at a
        kids' table (`Mode.has_adult`) `size` is what the kids' filter leaves, the count `start` deals and
        checks (RULES.md §2.5), and `all` the whole deck. Looked up on disk once per deck choice rather than
        per state: again when the deck setting or the mode changes, when a deck or a filter changes
        (`env.decks_version`), and with `fresh` (every `set_settings` and `start`: a deck folder edited by
        hand shows its new size then). In the lobby a chosen deck that is gone (the host deleted it) gives
        way to the built-in one, which `start` then deals; a game keeps its own deck's id whatever happens
        (its cards are named by it)."""
        chosen = rec.settings.deck
        kids = rec.mode.has_adult
        key = (chosen, self.env.decks_version(), rec.game is not None, kids)
        if fresh or self._deck_info is None or self._deck_info[0] != key:
            info = self.env.deck_info(chosen, kids=kids)
            if not info["all"] and rec.game is None and chosen != "builtin":
                info = self.env.deck_info("builtin", kids=kids)
            self._deck_info = (key, info)
        return self._deck_info[1]


def play(rec: Record, seat: str | None, action: Mapping[str, object]) -> Record:
    """`rec` with `action` by `seat` (None: the room itself, e.g. a host's skip) applied to its game, and
    a scored round written into its story. Raises Malformed / Refused (the engine's refusal, translated)."""
    if rec.game is None:
        raise Refused("wrong_phase")
    with engine_errors():
        game = engine.apply(rec.game, seat, action)
    return story.note(replace(rec, game=game))   # a scored round is written down with the room
