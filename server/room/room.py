"""One room: the roster (people with names, colours and tokens; a seat is one person, or in pairs a team
of two, RULES.md §2.2), the host, settings, pause, and the engine state around which it all turns. It
applies wire messages, persists, then pushes views.

Rules are never computed here: the room authorises (who may send what), checks staleness, keeps what is
not a rule (names, tokens, pause) and hands every game action to `server.engine.apply`.

Order of checks for every message (boardgame.io's order): known type -> credentials (seat, host) ->
`state_id` not stale -> room phase / pause -> the action itself (the engine for game actions). A refusal
raises `Refused` and changes nothing. An accepted action is applied and written to the store in one
synchronous step (no `await` in between), then every connection gets its new view.
"""
from __future__ import annotations

import json
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

from server import engine
from server.engine import text as texts
from server.room.store import StorageError

if TYPE_CHECKING:
    from server.room.registry import RoomEnv

log = logging.getLogger(__name__)

COLOURS = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown", "grey", "white",
           "black", "lime", "navy")
RECORD_VERSION = 1
ROOM_KEYS = ("deck", "lang")  # settings the room keeps for itself; the rest is engine.Settings


class Refused(Exception):
    """A message was refused: stable `code` (docs/protocol.md) and `params` for the sentence."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class Malformed(Refused):
    """Not a well-formed message (bad JSON shape, unknown type, ill-typed field): code `malformed`."""

    def __init__(self, detail: str) -> None:
        super().__init__("malformed")
        self.detail = detail


class Connection(Protocol):
    """What the room needs from a socket (server/net/ws.py implements it)."""

    seat: str | None   # the *person* its token names (= the engine seat except for a pairs partner)
    role: str          # "tv" | "phone"
    lang: str
    floor: int         # state_id floor for a socket without a seat (stale-action check)

    def send(self, message: dict) -> None:
        """Queue a control message (welcome) for this socket."""

    def send_state(self, text: str) -> None:
        """Queue a serialised state, replacing an unsent one."""


@dataclass(frozen=True)
class _Spec:
    who: str                 # "anyone" | "newcomer" | "seat" | "host"
    phase: str | None        # "lobby" | "game" | None (any)
    game_action: bool = False  # refused with `paused` while paused; goes to the engine for the seat


SPECS: dict[str, _Spec] = {
    "join": _Spec("anyone", None),
    "set_colour": _Spec("seat", "lobby"),
    "rename": _Spec("seat", "lobby"),
    "set_settings": _Spec("host", None),   # in a game only `lang`; the rest is `settings_locked`
    "start": _Spec("host", "lobby"),
    "add_child": _Spec("host", "lobby"),
    "set_teams": _Spec("host", "lobby"),
    "tell": _Spec("seat", "game", True),
    "play_card": _Spec("seat", "game", True),
    "vote": _Spec("seat", "game", True),
    "dispute": _Spec("seat", "game", True),
    "restate": _Spec("seat", "game", True),
    "next_round": _Spec("seat", "game", True),
    "skip": _Spec("host", "game"),
    "pause": _Spec("host", "game"),
    "resume": _Spec("host", "game"),
    "remove_player": _Spec("host", None),
    "return_player": _Spec("host", "game"),
    "release_seat": _Spec("host", "game"),
    "pass_host": _Spec("host", None),
    "claim_host": _Spec("seat", None),
    "end_game": _Spec("host", "game"),
    "new_game": _Spec("host", "game"),
}


def default_settings(lang: str | None) -> dict:
    """The settings a new room starts with: engine.Settings defaults + deck "builtin" + `lang` (the TV's
    language; None lets the TV follow its browser)."""
    return {**engine.Settings().to_dict(), "deck": "builtin", "lang": lang}


def engine_settings(settings: dict) -> "engine.Settings":
    """engine.Settings from the room's settings dict (room-only keys dropped), checked by the engine
    (`Settings.from_dict`). Raises Malformed (unknown key, wrong type) or Refused("bad_settings")."""
    try:
        return engine.Settings.from_dict({k: v for k, v in settings.items() if k not in ROOM_KEYS})
    except engine.MalformedAction as exc:
        raise Malformed(str(exc)) from exc
    except engine.IllegalAction as exc:
        raise Refused(exc.code, **exc.params) from exc


def _follow(current: dict, patch: dict, merged: dict) -> None:
    """Settings the host did not name follow a new ruleset or mode to values valid there, in place
    in `merged` (what a family expects from "switch to Dixit": the game switches, it is not refused):
    a mode the ruleset lacks -> standard; a short game the ruleset or mode lacks -> off, a short game
    at the old ruleset's default cell -> the new default (34 / 39); a restriction the ruleset lacks ->
    none; special cells off for a ruleset without them (Dixit) and back on when leaving it. A setting
    the host names in the same message is checked as given (and refused with its reason)."""
    if not isinstance(merged["ruleset"], str):
        return  # ill-typed: the engine refuses it as malformed
    old_rs, new_rs = engine.RULESETS.get(current["ruleset"]), engine.RULESETS.get(merged["ruleset"])
    if old_rs is None or new_rs is None:
        return  # an unknown ruleset: the engine refuses it with its reason
    mode = engine.MODES.get(merged["mode"]) if isinstance(merged["mode"], str) else None
    if "mode" not in patch and mode is not None and new_rs.id not in mode.rulesets:
        merged["mode"] = "standard"  # a new ruleset without the current mode: back to the standard table
        mode = engine.MODES["standard"]
    if "short_game" not in patch and merged.get("short_game") is not None:
        if new_rs.short_game_default is None or (mode is not None and not mode.allows_short_game):
            merged["short_game"] = None
        elif merged["short_game"] == old_rs.short_game_default:
            merged["short_game"] = new_rs.short_game_default
    if "restriction" not in patch and merged.get("restriction") not in (None, *new_rs.conditions):
        merged["restriction"] = None
    if "special_cells" not in patch and old_rs.id != new_rs.id and bool(old_rs.conditions) != bool(new_rs.conditions):
        merged["special_cells"] = bool(new_rs.conditions)


def _board_bounds(exc: Refused, board: "engine.Board") -> None:
    """The printed cells a short game may end on (first lap, after the start) into a refusal's params."""
    exc.params.update(min=board.first_number + 1, max=board.first_number + board.length - 1)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Room:
    """A room `code` with its record (JSON-able dict, what the store keeps) and the live engine state.

    `env` gives the store, the deck library, boards and the join URL. Connections attach after `hello`.
    """

    def __init__(self, env: "RoomEnv", record: dict) -> None:
        self.env = env
        self.data = record
        game = record.get("game")
        self.game = engine.from_json(game) if game else None
        self.connections: set[Connection] = set()
        # the record as last committed, as JSON text: a refused or unstorable action rolls back to it
        # (cheaper than a deep copy of the record before every action)
        self._committed = _dumps(record)
        self._deck_info: dict | None = None  # the room view's deck entry; read once per deck choice

    # ------------------------------------------------------------------ construction / persistence
    @classmethod
    def create(cls, env: "RoomEnv", code: str, lang: str) -> "Room":
        """A new empty room in the lobby, persisted. Raises StorageError."""
        record = {
            "v": RECORD_VERSION, "code": code, "state_id": 1, "epoch": 1, "phase": "lobby",
            "paused": False, "host": None, "seats": [], "next_seat": 1,
            "settings": default_settings(lang), "floors": {}, "game": None,
        }
        room = cls(env, record)
        env.store.save(code, room.record())
        return room

    @property
    def code(self) -> str:
        """The room code (4 letters)."""
        return self.data["code"]

    @property
    def state_id(self) -> int:
        """The room's version on the wire: +1 per accepted action, kept across restarts."""
        return self.data["state_id"]

    @property
    def host(self) -> str | None:
        """The host's seat id, or None before anyone joined."""
        return self.data["host"]

    @property
    def phase(self) -> str:
        """The room phase: "lobby" or "game" (the engine has its own phases inside a game)."""
        return self.data["phase"]

    @property
    def finished(self) -> bool:
        """True once the game is over (engine phase `game_over`) and nobody has started a new one."""
        return self.game is not None and self.game.phase == "game_over"

    def record(self) -> dict:
        """The JSON-able snapshot the store keeps (engine state as `engine.to_json` text)."""
        out = dict(self.data)
        out["game"] = engine.to_json(self.game) if self.game is not None else None
        return out

    # ------------------------------------------------------------------ people, seats and connections
    # `data["seats"]` lists *people* (one entry per person: id, name, colour, token). Outside pairs a
    # person is a seat (an elephant). In pairs (RULES.md §2.2) a team is one seat: its lead's id is the
    # seat id and its partner carries `"team": <lead id>`. A kids' child added by the adult has no
    # token (`child`, `open`) until a phone takes it.
    def _seat(self, person: str | None) -> dict | None:
        for entry in self.data["seats"]:
            if entry["seat"] == person:
                return entry
        return None

    def seat_of(self, person: str | None) -> str | None:
        """The seat (engine seat, elephant) `person` plays for: their team's lead in pairs, else
        themselves; None for None."""
        if person is None:
            return None
        entry = self._seat(person)
        return (entry.get("team") or person) if entry else None

    def _leads(self) -> list[dict]:
        """One entry per seat, in seat (clockwise) order."""
        return [e for e in self.data["seats"] if not e.get("team")]

    def _members(self, seat: str) -> list[dict]:
        """The people of a seat, lead first."""
        return [e for e in self.data["seats"] if e["seat"] == seat or e.get("team") == seat]

    def seat_for_token(self, token: object) -> str | None:
        """The person whose token is `token`, or None. Constant-time comparison per person."""
        # tokens are ASCII (token_urlsafe); compare_digest raises TypeError on non-ASCII text
        if not isinstance(token, str) or not token or not token.isascii():
            return None
        for entry in self.data["seats"]:
            if entry.get("token") and secrets.compare_digest(entry["token"], token):
                return entry["seat"]
        return None

    def is_host_token(self, token: object) -> bool:
        """True if `token` is the host's token (HTTP deck uploads use it)."""
        person = self.seat_for_token(token)
        return person is not None and person == self.host

    def attach(self, conn: Connection) -> None:
        """Register a socket that said hello (its `seat` = its person, from its token, or None)."""
        self.connections.add(conn)
        self.broadcast()

    def detach(self, conn: Connection) -> None:
        """Forget a closed socket; the others see the roster's `connected` change."""
        if conn in self.connections:
            self.connections.discard(conn)
            self.broadcast()

    def _you(self, conn: Connection) -> dict:
        return {"seat": self.seat_of(conn.seat), "person": conn.seat,
                "is_host": conn.seat is not None and conn.seat == self.host, "role": conn.role}

    def welcome(self, conn: Connection) -> dict:
        """The `welcome` message for `conn` (its own token only): `seat` is the seat it plays for,
        `person` its own id (they differ only for a partner in pairs)."""
        entry = self._seat(conn.seat)
        you = self._you(conn)
        return {"type": "welcome", "room": self.code, "seat": you["seat"], "person": conn.seat,
                "token": entry["token"] if entry else None, "is_host": you["is_host"], "role": conn.role}

    # ------------------------------------------------------------------ views
    def room_view(self) -> dict:
        """The room part of every `state` message: roster by seat with its people (no tokens),
        settings, deck, join URL."""
        connected: set[str] = {c.seat for c in self.connections if c.seat}
        used = {e["colour"] for e in self.data["seats"]}
        settings = self.data["settings"]
        roster = []
        for lead in self._leads():
            members = self._members(lead["seat"])
            roster.append({
                "seat": lead["seat"], "name": " & ".join(m["name"] for m in members), "colour": lead["colour"],
                "connected": any(m["seat"] in connected for m in members), "members": len(members),
                "people": [{"person": m["seat"], "name": m["name"], "colour": m["colour"],
                            "open": m.get("open", False),
                            "child": m.get("child", False)} for m in members],
                "removed": lead.get("removed", False), "open": any(m.get("open") for m in members),
                "child": lead.get("child", False)})
        return {
            "code": self.code, "phase": self.phase, "paused": self.data["paused"],
            "host": self.seat_of(self.host), "host_person": self.host,
            "roster": roster,
            "people": len(self.data["seats"]),
            "settings": settings,
            "deck": self._deck(settings.get("deck", "builtin")),
            "join_url": self.env.join_url(self.code),
            "colours": list(COLOURS),
            "colours_free": [c for c in COLOURS if c not in used],
            "spectators": sum(1 for c in self.connections if c.seat is None and c.role == "phone"),
        }

    def _view_seat(self, conn: Connection) -> str | None:
        """The engine seat whose player view `conn` gets (a seated phone in the game), else None (the
        public view: TV, spectators, a phone in the lobby)."""
        seat = self.seat_of(conn.seat)
        if self.game is not None and seat is not None and conn.role == "phone" and seat in self.game.seats:
            return seat
        return None

    def _deck(self, deck_id: str) -> dict:
        """`env.deck_info(deck_id)`, looked up on disk once per deck choice rather than per state:
        again when the deck setting changes, and on every `set_settings` and `start` (a deck folder
        edited by hand shows its new size then)."""
        if self._deck_info is None or self._deck_info["id"] != deck_id:
            self._deck_info = self.env.deck_info(deck_id)
        return self._deck_info

    def state_for(self, conn: Connection, room_view: dict | None = None) -> dict:
        """The `state` message for `conn`: player_view of its seat for a seated phone (both phones of
        a pairs team get the same one), public_view otherwise."""
        seat = self._view_seat(conn)
        if self.game is None:
            game = None
        elif seat is not None:
            game = engine.player_view(self.game, seat)
        else:
            game = engine.public_view(self.game)
        return {"type": "state", "state_id": self.state_id, "room": room_view or self.room_view(),
                "game": game, "you": self._you(conn)}

    def broadcast(self) -> None:
        """Queue the current state on every connection. Each frame's text is exactly
        `_dumps(self.state_for(conn))`, but what sockets share is encoded once per broadcast: the room
        view for all; the public game view once; each seat's `me` once (both phones of a pairs team);
        then the text is spliced, and sockets with the same `you` (the TV, spectators) share a frame."""
        head = f'{{"type":"state","state_id":{self.state_id},"room":{_dumps(self.room_view())},"game":'
        if self.game is None:
            public = "null"
        else:
            public = _dumps(engine.public_view(self.game))
        games: dict[str | None, str] = {None: public}
        frames: dict[tuple, str] = {}
        for conn in list(self.connections):
            seat = self._view_seat(conn)
            you = self._you(conn)
            key = (seat, *you.values())
            text = frames.get(key)
            if text is None:
                game = games.get(seat)
                if game is None:  # player_view = public_view + "me" as its last key
                    game = games[seat] = f'{public[:-1]},"me":{_dumps(engine.seat_view(self.game, seat))}}}'
                text = frames[key] = f'{head}{game},"you":{_dumps(you)}}}'
            conn.send_state(text)

    # ------------------------------------------------------------------ applying messages
    def handle(self, conn: Connection, msg: dict) -> None:
        """Apply one client message from `conn` (already a dict with a str `type`).

        Raises Refused (or Malformed) and changes nothing, or applies it, stores the room (raises
        Refused("storage_failed") if the store fails, after rolling back) and broadcasts.
        """
        kind = msg["type"]
        spec = SPECS.get(kind)
        if spec is None:
            raise Malformed(f"unknown type {kind!r}")
        # 1. credentials
        seat = conn.seat
        if spec.who == "seat" and seat is None:
            raise Refused("not_seated")
        if spec.who == "host" and (seat is None or seat != self.host):
            raise Refused("not_host")
        # 2. staleness: made against a state that already shows this actor's last action and this phase
        state_id = msg.get("state_id")
        if not _is_int(state_id):
            raise Malformed("state_id must be an integer")
        # a game action is the seat's (a pairs team acts once per picture, whichever phone taps)
        floor_key = self.seat_of(seat) if spec.game_action else seat
        floor = self.data["floors"].get(floor_key, 0) if floor_key else conn.floor
        if state_id > self.state_id or state_id < max(floor, self.data["epoch"]):
            partner = self.data.get("actors", {}).get(floor_key) if spec.game_action else None
            if state_id <= self.state_id and state_id < floor and partner not in (None, seat):
                # pairs: the other phone of the team tapped first; say who, not "the game moved on"
                raise Refused("partner_acted", name=(self._seat(partner) or {"name": "?"})["name"][:64])
            raise Refused("stale_state")
        # 3. room phase and pause
        if spec.phase is not None and spec.phase != self.phase:
            raise Refused("wrong_phase")
        if spec.game_action and self.data["paused"]:
            raise Refused("paused")
        # 4. the action; a refusal or a failed write rolls back to the committed record: nothing changes
        backup_game = self.game
        before = self._epoch_key()
        told = {c: self._welcome_key(c) for c in self.connections}
        try:
            after_commit = getattr(self, "_do_" + kind)(conn, msg)
            self.data["state_id"] += 1
            if self._epoch_key() != before:
                self.data["epoch"] = self.state_id
            actor = conn.seat  # after `join` the newcomer has a seat
            if actor:
                self.data["floors"][self.seat_of(actor) if spec.game_action else actor] = self.state_id
                if spec.game_action:  # who of a pairs team acted last (partner_acted names them)
                    self.data.setdefault("actors", {})[self.seat_of(actor)] = actor
            self.env.store.save(self.code, self.record())
        except StorageError as exc:
            self.data, self.game = json.loads(self._committed), backup_game
            conn.seat = seat
            log.warning("room %s: could not store %s: %s", self.code, kind, exc)
            raise Refused("storage_failed") from exc
        except BaseException:
            self.data, self.game = json.loads(self._committed), backup_game
            conn.seat = seat
            raise
        self._committed = _dumps(self.data)
        conn.floor = self.state_id  # a socket without a seat cannot repeat this action either
        if after_commit:
            after_commit()
        for c, key in told.items():  # whose seat, person or host status changed learns it (welcome)
            if c in self.connections and self._welcome_key(c) != key:
                c.send(self.welcome(c))
        self.broadcast()

    def _welcome_key(self, conn: Connection) -> tuple:
        return (conn.seat, self.seat_of(conn.seat), conn.seat is not None and conn.seat == self.host)

    def _epoch_key(self) -> tuple:
        """What, when it changes, makes every older state_id stale: room phase, pause, engine phase/round."""
        game = self.game
        return (self.phase, self.data["paused"], getattr(game, "phase", None), getattr(game, "round", None))

    def _engine(self, seat: str | None, action: dict) -> None:
        try:
            self.game, _events = engine.apply(self.game, seat, action)
        except engine.MalformedAction as exc:
            raise Malformed(str(exc)) from exc
        except engine.IllegalAction as exc:
            raise Refused(exc.code, **exc.params) from exc

    # ------------------------------------------------------------------ lobby
    def _check_name(self, name: object, except_seat: str | None = None) -> str:
        cleaned = texts.clean_limited(name, texts.NAME_MAX, max_bytes=texts.NAME_MAX_BYTES)
        if cleaned is None:
            raise Refused("bad_name", max=texts.NAME_MAX)
        for entry in self.data["seats"]:
            if entry["seat"] != except_seat and entry["name"].casefold() == cleaned.casefold():
                raise Refused("name_taken")
        return cleaned

    def _check_colour(self, colour: object, except_seat: str | None = None) -> str:
        if colour not in COLOURS:
            raise Refused("bad_colour")
        for entry in self.data["seats"]:
            if entry["seat"] != except_seat and entry["colour"] == colour:
                raise Refused("colour_taken")
        return colour  # type: ignore[return-value]

    def _new_person(self, name: str, colour: str, *, child: bool = False) -> dict:
        """A new person at the end of the roster; a child added by the adult has no token yet."""
        if len(self.data["seats"]) >= self.env.max_seats:
            raise Refused("room_full", max=self.env.max_seats)
        person = f"s{self.data['next_seat']}"
        self.data["next_seat"] += 1
        entry = {"seat": person, "name": name, "colour": colour,
                 "token": None if child else secrets.token_urlsafe(24), "removed": False, "open": child}
        if child:
            entry["child"] = True
        self.data["seats"].append(entry)
        return entry

    def _do_join(self, conn: Connection, msg: dict) -> None:
        if conn.seat is not None:
            raise Refused("already_joined")
        if msg.get("seat") is not None or self.phase == "game":
            return self._claim(conn, msg)
        entry = self._new_person(self._check_name(msg.get("name")), self._check_colour(msg.get("colour")))
        if self.host is None:
            self.data["host"] = entry["seat"]
        conn.seat = entry["seat"]
        if self.data["settings"]["mode"] == "pairs":
            self._seat_in_pairs(entry)
        else:
            self._auto_pairs()

    def _claim(self, conn: Connection, msg: dict) -> None:
        """Take an open place: a seat the host released (game) or a child the adult added (kids);
        new token, the old one (if any) no longer works. `seat` names the person."""
        wanted = msg.get("seat")
        if wanted is None:
            raise Refused("game_started")
        entry = self._seat(wanted)
        if entry is None:
            raise Refused("no_such_seat")
        if not entry.get("open"):
            raise Refused("seat_taken")
        if msg.get("name") is not None:
            entry["name"] = self._check_name(msg["name"], except_seat=wanted)
        if entry.get("removed") and self.game is not None:
            self._engine(None, {"type": "return_player", "seat": self.seat_of(wanted)})
            self._mark_removed(self.seat_of(wanted), False)
        entry["open"] = False
        entry["token"] = secrets.token_urlsafe(24)
        conn.seat = wanted

    def _do_set_colour(self, conn: Connection, msg: dict) -> None:
        self._seat(conn.seat)["colour"] = self._check_colour(msg.get("colour"), except_seat=conn.seat)

    def _do_rename(self, conn: Connection, msg: dict) -> None:
        self._seat(conn.seat)["name"] = self._check_name(msg.get("name"), except_seat=conn.seat)

    def _do_add_child(self, conn: Connection, msg: dict) -> None:
        """Kids (RULES.md §2.5): the adult adds a child by name and colour; the child needs no phone
        (the adult enters their vote with `vote` + `for`) but may take the seat with one (`join` +
        `seat`)."""
        if self.data["settings"]["mode"] != "kids":
            raise Refused("kids_only")
        self._new_person(self._check_name(msg.get("name")), self._check_colour(msg.get("colour")), child=True)

    def _do_set_settings(self, conn: Connection, msg: dict) -> None:
        self._deck_info = None  # choosing a deck (even the same one) reads its folder again
        patch = msg.get("settings")
        if not isinstance(patch, dict) or not patch:
            raise Malformed("settings must be a non-empty object")
        current = self.data["settings"]
        unknown = set(patch) - set(current)
        if unknown:
            raise Malformed(f"unknown settings {sorted(unknown)}")
        if "lang" in patch and patch["lang"] is not None and patch["lang"] not in self.env.langs:
            raise Refused("bad_settings", field="lang", reason="bad_value")
        if self.phase == "game":
            # the game was dealt with these settings; only the TV's language may still change
            if set(patch) != {"lang"}:
                raise Refused("settings_locked")
            current["lang"] = patch["lang"]
            return
        merged = {**current, **patch}
        if "deck" in patch and not self.env.has_deck(patch["deck"]):
            raise Refused("no_such_deck")
        _follow(current, patch, merged)
        rs = engine.RULESETS.get(merged["ruleset"]) if isinstance(merged["ruleset"], str) else None
        if patch.get("special_cells") is True and rs is not None and not rs.conditions:
            raise Refused("bad_settings", field="special_cells", reason="no_special_cells", ruleset=rs.id)
        try:
            checked = engine_settings(merged)  # type and value check by the engine; normalises short_game
        except Refused as exc:
            if exc.params.get("reason") == "short_game_off_board":  # say the board's bounds, not just 1
                _board_bounds(exc, self.env.board(engine.Settings(ruleset=merged["ruleset"])))
            raise
        board = self.env.board(checked)
        try:  # the short game's cell must be on this ruleset's board
            checked.validate(board=board)
        except engine.IllegalAction as exc:
            if exc.params.get("reason") != "short_game_off_board" or "short_game" in patch:
                raise Refused(exc.code, **exc.params) from exc
            # a cell carried over from another ruleset's board: that board's default instead
            merged["short_game"] = engine.RULESETS[checked.ruleset].short_game_default
            checked = engine_settings(merged)
        self.data["settings"] = {**checked.to_dict(), **{k: merged[k] for k in ROOM_KEYS}}
        if checked.mode == "pairs" and current["mode"] != "pairs":
            self._form_teams()
        elif checked.mode != "pairs" and current["mode"] == "pairs":
            self._split_teams()
        if "mode" not in patch:
            self._auto_pairs()

    # -- pairs (RULES.md §2.2, §4 "pairs: automatic for 8-14 people")
    def _pairs_people(self) -> tuple[int, int]:
        """People a pairs table takes: twice the engine's seat range."""
        lo, hi = engine.mode_seat_range(self.data["settings"]["ruleset"], "pairs")
        return 2 * lo, 2 * hi

    def _auto_pairs(self) -> None:
        """Eight people or more at a standard table of a ruleset with pairs: the room plays pairs."""
        settings = self.data["settings"]
        if settings["mode"] != "standard" or settings["ruleset"] not in engine.MODES["pairs"].rulesets:
            return
        if len(self.data["seats"]) >= self._pairs_people()[0]:
            settings["mode"] = "pairs"
            self._form_teams()

    def _fewer_than_pairs(self) -> None:
        """Fewer than eight people left at a pairs table: one elephant each again."""
        if self.data["settings"]["mode"] == "pairs" and len(self.data["seats"]) < self._pairs_people()[0]:
            self.data["settings"]["mode"] = "standard"
            self._split_teams()

    def _form_teams(self) -> None:
        """Teams of two in roster order (the host rearranges them with `set_teams`)."""
        self._split_teams()
        people = self.data["seats"]
        for i in range(1, len(people), 2):
            people[i]["team"] = people[i - 1]["seat"]

    def _split_teams(self) -> None:
        for entry in self.data["seats"]:
            entry.pop("team", None)

    def _seat_in_pairs(self, entry: dict) -> None:
        """A newcomer in pairs joins a lone lead's team, else starts a team of their own."""
        for lead in self._leads():
            if lead is not entry and len(self._members(lead["seat"])) == 1 and not lead.get("child"):
                entry["team"] = lead["seat"]
                self.data["seats"].remove(entry)
                self.data["seats"].insert(self.data["seats"].index(lead) + 1, entry)
                return

    def _do_set_teams(self, conn: Connection, msg: dict) -> None:
        """The host's team layout: `teams` lists every person once, in seat order, lead first; teams
        of two (one team of one when the count is odd)."""
        teams = msg.get("teams")
        if not isinstance(teams, list) or not all(
                isinstance(t, list) and all(isinstance(p, str) for p in t) for t in teams):
            raise Malformed("teams must be a list of lists of people")
        if self.data["settings"]["mode"] != "pairs":
            raise Refused("pairs_only")
        people = [p for t in teams for p in t]
        everyone = [e["seat"] for e in self.data["seats"]]
        singles = sum(1 for t in teams if len(t) == 1)
        if (sorted(people) != sorted(everyone) or any(not 1 <= len(t) <= 2 for t in teams)
                or singles != len(everyone) % 2):
            raise Refused("bad_teams")
        by_id = {e["seat"]: e for e in self.data["seats"]}
        self.data["seats"] = [by_id[p] for p in people]
        self._split_teams()
        for t in teams:
            for partner in t[1:]:
                by_id[partner]["team"] = t[0]

    def _delete_person(self, entry: dict) -> None:
        """A person leaves the roster (lobby); a lead's partner becomes the team's lead."""
        for partner in self.data["seats"]:
            if partner.get("team") == entry["seat"]:
                partner.pop("team")
        self.data["seats"].remove(entry)

    def _do_start(self, conn: Connection, msg: dict) -> None:
        self._deck_info = None
        settings = engine_settings(self.data["settings"])
        seats = [e["seat"] for e in self._leads()]
        try:
            lo, hi = engine.mode_seat_range(settings.ruleset, settings.mode)
        except engine.IllegalAction as exc:
            raise Refused(exc.code, **exc.params) from exc
        if settings.mode == "pairs":  # counted in people: two per elephant
            people = len(self.data["seats"])
            if not 2 * lo <= people <= 2 * hi:
                raise Refused("wrong_player_count", min=2 * lo, max=2 * hi, count=people)
        if not lo <= len(seats) <= hi:
            raise Refused("wrong_player_count", min=lo, max=hi, count=len(seats))
        if settings.mode != "kids":
            for entry in self.data["seats"]:
                if entry.get("open"):  # a child added without a phone plays only in the kids' game
                    raise Refused("needs_phone", name=entry["name"][:64])
        deck = self.env.deck(self.data["settings"].get("deck", "builtin"), kids=settings.mode == "kids")
        if deck is None:
            raise Refused("no_such_deck")
        needed = engine.min_deck_size(settings, len(seats))
        if len(deck) < needed:
            raise Refused("deck_too_small", needed=needed, have=len(deck))
        try:
            settings.validate(len(seats))
        except engine.IllegalAction as exc:
            raise Refused(exc.code, **exc.params) from exc
        storyteller = msg.get("storyteller")
        if settings.mode == "kids":
            storyteller = self.host  # the adult is the host's phone (RULES.md §2.5)
        elif storyteller is not None:
            storyteller = self.seat_of(storyteller) if isinstance(storyteller, str) else storyteller
            if storyteller not in seats:
                raise Refused("no_such_seat")
        try:
            self.game = engine.new_game(settings, seats, list(deck), self.env.board(settings),
                                        self.env.new_seed(), storyteller=storyteller)
        except engine.MalformedAction as exc:
            raise Malformed(str(exc)) from exc
        except engine.IllegalAction as exc:
            raise Refused(exc.code, **exc.params) from exc
        self.data["phase"] = "game"
        self.data["paused"] = False

    # ------------------------------------------------------------------ game
    def _game_action(self, conn: Connection, msg: dict) -> None:
        action = {k: v for k, v in msg.items() if k != "state_id"}
        if "association" in action and action["association"] is not None:
            cleaned = texts.clean_limited(action["association"], texts.ASSOCIATION_MAX,
                                          max_bytes=texts.ASSOCIATION_MAX_BYTES, allow_empty=True)
            if cleaned is None:
                if not isinstance(action["association"], str):
                    raise Malformed("association must be text")
                raise Refused("association_too_long", max=texts.ASSOCIATION_MAX)
            action["association"] = cleaned
        self._engine(self.seat_of(conn.seat), action)

    _do_tell = _do_play_card = _do_vote = _do_dispute = _do_restate = _do_next_round = _game_action

    def _do_skip(self, conn: Connection, msg: dict) -> None:
        self._engine(None, {k: v for k, v in msg.items() if k != "state_id"})

    def _do_pause(self, conn: Connection, msg: dict) -> None:
        self.data["paused"] = True

    def _do_resume(self, conn: Connection, msg: dict) -> None:
        self.data["paused"] = False

    def _target(self, msg: dict) -> dict:
        """The person named by `seat` (a seat id names its lead)."""
        entry = self._seat(msg.get("seat"))
        if entry is None:
            raise Refused("no_such_seat")
        return entry

    def _mark_removed(self, seat: str, removed: bool) -> None:
        for member in self._members(seat):
            member["removed"] = removed

    def _drop_sockets_of(self, person: str) -> Callable[[], None]:
        """After commit: sockets holding `person` become spectators (they get `welcome`, seat null)."""
        def run() -> None:
            for conn in list(self.connections):
                if conn.seat == person:
                    conn.seat = None
        return run

    def _do_remove_player(self, conn: Connection, msg: dict) -> Callable[[], None] | None:
        entry = self._target(msg)
        if entry["seat"] == self.host:
            raise Refused("not_allowed")
        if self.phase == "lobby":
            self._delete_person(entry)
            self._fewer_than_pairs()
            return self._drop_sockets_of(entry["seat"])
        seat = self.seat_of(entry["seat"])
        if seat == self.seat_of(self.host):
            raise Refused("not_allowed")  # the host's own team
        self._engine(None, {"type": "remove_player", "seat": seat})
        self._mark_removed(seat, True)
        return None

    def _do_return_player(self, conn: Connection, msg: dict) -> None:
        seat = self.seat_of(self._target(msg)["seat"])
        self._engine(None, {"type": "return_player", "seat": seat})
        self._mark_removed(seat, False)

    def _do_release_seat(self, conn: Connection, msg: dict) -> Callable[[], None]:
        entry = self._target(msg)
        if entry["seat"] == self.host:
            raise Refused("not_allowed")
        entry["open"] = True
        entry["token"] = None
        return self._drop_sockets_of(entry["seat"])

    def _do_pass_host(self, conn: Connection, msg: dict) -> None:
        entry = self._target(msg)
        if entry["seat"] == self.host:  # a no-op would still cost a state_id and stale every open screen
            raise Refused("already_host")
        if entry.get("removed") or entry.get("open"):
            raise Refused("not_allowed")
        self.data["host"] = entry["seat"]

    def _do_claim_host(self, conn: Connection, msg: dict) -> None:
        """Any seated player becomes host while no socket holds the host seat (the host's phone died
        or left for good); a connected host keeps the role."""
        if any(c.seat == self.host for c in self.connections if self.host):
            raise Refused("host_present")
        if self._seat(conn.seat).get("removed"):
            raise Refused("seat_removed")
        self.data["host"] = conn.seat

    def _do_end_game(self, conn: Connection, msg: dict) -> None:
        self._engine(None, {"type": "end_game"})

    def _do_new_game(self, conn: Connection, msg: dict) -> None:
        if getattr(self.game, "phase", None) != "game_over":
            raise Refused("wrong_phase")
        for entry in list(self.data["seats"]):
            if entry.get("open") and not entry.get("child"):
                self._delete_person(entry)
        for entry in self.data["seats"]:
            entry["removed"] = False
        self._fewer_than_pairs()
        self.game = None
        self.data["phase"] = "lobby"
        self.data["paused"] = False


# one encoder for every frame: json.dumps with options would build a new one per call (many per action)
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _dumps(message: dict) -> str:
    """Compact JSON text, non-ASCII kept (what the sockets and the store get)."""
    return _ENCODE(message)
