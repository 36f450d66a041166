"""The registry of rooms on this server. Several rooms may run at once; each has a short code the TV
shows and the QR carries."""
from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Iterator

from server.room import deck_use
from server.room.env import RoomEnv
from server.room.room import Room

log = logging.getLogger(__name__)

# Four letters without the ones people misread on a TV (I/L look like 1, O like 0).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4
ROOM_MAX_AGE_S = 30 * 24 * 3600  # rooms untouched for a month of the server running are forgotten at start-up


class Rooms:
    """Rooms by code, loaded from the store at start-up."""

    def __init__(self, env: RoomEnv, default_lang: str | None = None) -> None:
        self.env = env
        self.default_lang = default_lang
        self._rooms: dict[str, Room] = {}
        self._opening: set[str] = set()  # codes of rooms being stored, not yet findable
        self.printed: str | None = None  # the room the terminal banner printed at start (`printed_room`)

    def load(self) -> int:
        """Load every stored room (forgetting month-old ones, by the store's run clock); returns how many. A
        record the current code cannot read is logged as a WARNING and skipped, never deleted."""
        now = time.monotonic()
        for code, record in self.env.store.load_all(max_age_s=ROOM_MAX_AGE_S).items():
            try:
                room = Room.load(self.env, record)
            except Exception as exc:
                log.warning("room %s: stored record unreadable (%s); skipped", code, exc)
                continue
            ago = self.env.store.written_ago(code)
            if ago is not None:   # a game abandoned before the restart stays abandoned (deck_use.HOLD_S)
                room.changed_at = now - ago
            self._rooms[code] = room
        return len(self._rooms)

    def start_clocks(self) -> None:
        """Every loaded room's timer runs again with the time it had left (on the running loop)."""
        for room in self._rooms.values():
            room.start_clock()

    def stop_clocks(self) -> None:
        """At shutdown: every room's timer stops and its time left goes to the store (flushed after)."""
        for room in self._rooms.values():
            room.stop_clock()

    def __len__(self) -> int:
        return len(self._rooms)

    def __iter__(self) -> Iterator[Room]:
        return iter(list(self._rooms.values()))

    def get(self, code: object) -> Room | None:
        """The room with this code (case-insensitive), or None."""
        if not isinstance(code, str):
            return None
        return self._rooms.get(code.strip().upper())

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self._rooms and code not in self._opening:
                return code

    def create(self, lang: str | None = None) -> Room:
        """A new room with a fresh random code, stored before it returns (blocking: for start-up, the
        terminal banner; the server uses `open`). Raises StorageError."""
        code = self._new_code()
        room = Room.create(self.env, code, lang or self.default_lang)
        self._rooms[code] = room
        return room

    async def open(self, lang: str | None = None) -> Room:
        """A new room with a fresh random code, stored (through the group commit, the loop never waits
        on the disk) before anyone can find it. Raises StorageError."""
        code = self._new_code()
        self._opening.add(code)
        try:
            room = await Room.open(self.env, code, lang or self.default_lang)
        finally:
            self._opening.discard(code)
        self._rooms[code] = room
        return room

    def current(self) -> Room | None:
        """The room in play, or None: the room the terminal printed at start (`printed_room`) while its
        game is not over, else the most recently written room whose game is not over (a lobby or a game in
        progress). A bare `/tv` on a TV that never showed a room, a bare `/join` and the banner all show
        this room, so a stray `/tv?new=1` never pulls the living-room TV or the phones away from it."""
        printed = self._rooms.get(self.printed) if self.printed else None
        if printed is not None and not printed.finished:
            return printed
        for code in self.env.store.codes_by_recency():
            room = self._rooms.get(code)
            if room is not None and not room.finished:
                return room
        return None

    def printed_room(self) -> Room:
        """The room the terminal banner prints (`current_or_create`), remembered as the room in play for
        this run of the server. Blocking like `create`. Raises StorageError."""
        room = self.current_or_create()
        self.printed = room.code
        return room

    def current_or_create(self) -> Room:
        """`current()`, or a new room when every room is finished (or there is none); blocking like
        `create`. Raises StorageError."""
        return self.current() or self.create()

    async def current_or_open(self) -> Room:
        """`current()`, or a new room (`open`) when every room is finished or there is none. Raises
        StorageError."""
        return self.current() or await self.open()

    def holding(self, deck_id: str) -> dict[str, str]:
        """Rooms that still need deck `deck_id`'s pictures: code -> why (`deck_use.PLAYING` or
        `deck_use.RESULTS`; server/room/deck_use.py says which rooms count)."""
        now = time.monotonic()
        held = {room.code: deck_use.holds(room, deck_id, now) for room in self._rooms.values()}
        return {code: why for code, why in sorted(held.items()) if why is not None}

    def latest(self) -> Room | None:
        """The most recently written room, or None (the CLI prints its join URL on start)."""
        code = next(iter(self.env.store.codes_by_recency()), None)
        return self._rooms.get(code) if code else None
