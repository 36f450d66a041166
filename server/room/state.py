"""A room's state, as the message handlers see it: the stored record (`data`, server/room/record.py),
the live engine state (`game`), the sockets attached, and the one door into the engine (`play`).

Handlers (server/room/lobby.py, settings.py, host.py) change `data` and `game` and return `Effects` on
sockets; `Room` (server/room/room.py) checks, stores, rolls back and broadcasts around them.
"""
from __future__ import annotations

import json
import math
import secrets
import time
from dataclasses import dataclass
from typing import Any, Protocol

from server import engine
from server.room import story
from server.room.env import RoomEnv
from server.room.record import migrate
from server.room.refusals import Refused, engine_errors
from server.room.roster import Roster


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


class RoomState:
    """Room `record` (any stored version; migrated) with its live engine state. `env`: the store,
    decks, boards and join URL (server/room/env.py)."""

    def __init__(self, env: RoomEnv, record: dict[str, Any]) -> None:
        self.env = env
        self.data = dict(migrate(record))
        # the TV's key to the room's story over HTTP (no seat token on a TV); rooms from before get one now
        self.data.setdefault("tv_key", secrets.token_urlsafe(18))
        game = self.data.pop("game", None)  # kept live in `game`; `record()` puts it back
        self.game: engine.GameState | None = engine.from_json(game) if game else None
        self.connections: set[Connection] = set()
        # the room view's deck entry, read once per choice:
        # ((chosen id, env.decks_version(), in a game, a kids' table), entry)
        self._deck_info: tuple[tuple[str, int, bool, bool], dict[str, Any]] | None = None
        # since when (time.monotonic) no socket holds the host; a loaded room counts from now
        self.host_away_since: float | None = time.monotonic()
        # when the timer runs out (time.monotonic), None while it does not run (server/room/clock.py)
        self.clock_deadline: float | None = None
        # when an action last changed the room (time.monotonic); a loaded room gets its stored age
        # (Rooms.load). A game nobody has open is abandoned after deck_use.HOLD_S of this.
        self.changed_at: float = time.monotonic()

    @property
    def code(self) -> str:
        """The room code (4 letters)."""
        return str(self.data["code"])

    @property
    def state_id(self) -> int:
        """The room's version on the wire: +1 per accepted action, kept across restarts."""
        return int(self.data["state_id"])

    @property
    def host(self) -> str | None:
        """The host's person id, or None before anyone joined."""
        host: str | None = self.data["host"]
        return host

    @property
    def phase(self) -> str:
        """The room phase: "lobby" or "game" (the engine has its own phases inside a game)."""
        return str(self.data["phase"])

    @property
    def finished(self) -> bool:
        """True once the game is over (engine phase `game_over`) and nobody has started a new one."""
        return self.game is not None and self.game.phase == "game_over"

    @property
    def roster(self) -> Roster:
        """The people and seats (a view over `data`; its changes roll back with the record)."""
        return Roster(self.data)

    @property
    def settings(self) -> dict[str, Any]:
        """The room's settings: engine.Settings fields plus `deck` and `lang`."""
        settings: dict[str, Any] = self.data["settings"]
        return settings

    @property
    def mode(self) -> engine.Mode:
        """The engine's `Mode` of the current settings (its lobby attributes: people_per_seat,
        automatic, has_adult)."""
        return engine.MODES[self.settings["mode"]]

    def seat_of(self, person: str | None) -> str | None:
        """The seat (engine seat, elephant) `person` plays for, or None."""
        return self.roster.seat_of(person)

    def is_viewer(self, token: object, tv_key: object) -> bool:
        """True if `token` is the seat token of someone at the table (removed people included: they
        played) or `tv_key` is this room's TV key (sent in the TV's `welcome`). Constant-time."""
        if self.person_for_token(token) is not None:
            return True
        return isinstance(tv_key, str) and secrets.compare_digest(tv_key.encode(), str(self.data["tv_key"]).encode())

    def person_for_token(self, token: object) -> str | None:
        """The person whose token is `token`, or None."""
        return self.roster.person_for_token(token)

    def record(self) -> dict[str, Any]:
        """The JSON-able snapshot the store keeps (engine state as `engine.to_json` text)."""
        out = dict(self.data)
        out["game"] = engine.to_json(self.game) if self.game is not None else None
        return out

    def play(self, seat: str | None, action: dict[str, Any]) -> None:
        """Apply `action` by `seat` (None: the room itself, e.g. a host's skip) to the game. Raises
        Malformed / Refused (the engine's refusal, translated) and changes nothing then."""
        if self.game is None:
            raise Refused("wrong_phase")
        with engine_errors():
            self.game = engine.apply(self.game, seat, action)
        story.note(self)  # a scored round is written down with the room (story.py)

    def note_presence(self) -> None:
        """Start (or stop) the host's absence clock after sockets or the host changed."""
        if self.host is None or any(c.person == self.host for c in self.connections):
            self.host_away_since = None
        elif self.host_away_since is None:
            self.host_away_since = time.monotonic()

    def host_claim_in(self) -> int | None:
        """Whole seconds until `claim_host` is allowed (0: now), or None while a socket holds the host or
        there is no host. The grace (`env.host_grace`) keeps a phone that only went to sleep its role.
        (A host just changed by an action not yet published counts as away from now.)"""
        if self.host is None or any(c.person == self.host for c in self.connections):
            return None
        since = self.host_away_since if self.host_away_since is not None else time.monotonic()
        return max(0, math.ceil(self.env.host_grace - (time.monotonic() - since)))

    def deck_info(self) -> dict[str, Any]:
        """`env.deck_info` (`{"id", "title", "size", "all"}`, in cards) of the deck the room plays with; at a
        kids' table (`Mode.has_adult`) `size` is what the kids' filter leaves, the count `start` deals and
        checks (RULES.md §2.5), and `all` the whole deck. Looked up on disk once per deck choice rather than
        per state: again when the deck setting or the mode changes, when a deck or a filter changes
        (`env.decks_version`), and after `forget_deck_info` (every `set_settings` and `start`: a deck folder
        edited by hand shows its new size then). In the lobby a chosen deck that is gone (the host deleted
        it) gives way to the built-in one, which `start` then deals; a game keeps its own deck's id whatever
        happens (its cards are named by it)."""
        chosen = self.settings.get("deck", "builtin")
        kids = self.mode.has_adult
        key = (chosen, self.env.decks_version(), self.game is not None, kids)
        if self._deck_info is None or self._deck_info[0] != key:
            info = self.env.deck_info(chosen, kids=kids)
            if not info["all"] and self.game is None and chosen != "builtin":
                info = self.env.deck_info("builtin", kids=kids)
            self._deck_info = (key, info)
        return self._deck_info[1]

    def forget_deck_info(self) -> None:
        """Read the deck's folder again on the next view."""
        self._deck_info = None


# one encoder for every frame: json.dumps with options would build a new one per call (many per action).
# No circular-reference check: what is encoded is the server's own JSON data, and the check (a dict of
# every container's id) cost a fifth of encoding a game view (measured with scripts/bench.py)
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def dumps(message: Any) -> str:
    """Compact JSON text, non-ASCII kept (what the sockets and the store get)."""
    return _ENCODE(message)
