"""The registry of rooms on this server, and the environment every room shares (store, decks, boards,
join URLs). Several rooms may run at once; each has a short code the TV shows and the QR carries."""
from __future__ import annotations

import logging
import secrets
from typing import Any, Callable

from server.room.room import Room
from server.room.store import Store

log = logging.getLogger(__name__)

# Four letters without the ones people misread on a TV (I/L look like 1, O like 0).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4
ROOM_MAX_AGE_S = 30 * 24 * 3600  # rooms untouched for a month are forgotten at start-up


class RoomEnv:
    """What rooms share: the `store`, a deck `library` (server.decks.DeckLibrary or anything with
    `get(id)` returning an object with `cards`), a `board_for(settings)` function, the join URL builder
    `join_url(code)`, `max_seats`, the UI languages and an optional fixed `game_seed`."""

    def __init__(self, store: Store, library: Any, board_for: Callable, join_url: Callable[[str], str],
                 max_seats: int = 14, langs: tuple[str, ...] = ("en", "ru"), game_seed: int | None = None) -> None:
        self.store = store
        self.library = library
        self.board = board_for
        self.join_url = join_url
        self.max_seats = max_seats
        self.langs = langs
        self.game_seed = game_seed

    def new_seed(self) -> int:
        """The seed for a new game: the configured one, else 63 random bits."""
        return self.game_seed if self.game_seed is not None else secrets.randbits(63)

    def _get_deck(self, deck_id: object) -> Any:
        if not isinstance(deck_id, str) or self.library is None:
            return None
        try:
            return self.library.get(deck_id)
        except (KeyError, LookupError, ValueError, OSError):
            return None

    def has_deck(self, deck_id: object) -> bool:
        """True if the library holds a deck with this id."""
        return self._get_deck(deck_id) is not None

    def deck(self, deck_id: object, *, kids: bool = False) -> list[str] | None:
        """The card ids of deck `deck_id`, or None if there is no such deck. `kids`: without the cards
        the adult took out for children (the library's per-deck filter, RULES.md §2.5)."""
        deck = self._get_deck(deck_id)
        if deck is None:
            return None
        cards = [getattr(card, "id", card) for card in deck.cards]
        if kids and hasattr(self.library, "excluded"):
            out = self.library.excluded(deck_id)
            cards = [c for c in cards if c not in out]
        return cards

    def deck_info(self, deck_id: str) -> dict:
        """`{"id", "title", "size"}` of a deck for the room view (size 0 if it is missing)."""
        deck = self._get_deck(deck_id)
        if deck is None:
            return {"id": deck_id, "title": {"en": deck_id}, "size": 0}
        return {"id": deck_id, "title": getattr(deck, "title", None) or {"en": deck_id},
                "size": getattr(deck, "size", None) or len(deck.cards)}


class Rooms:
    """Rooms by code, loaded from the store at start-up."""

    def __init__(self, env: RoomEnv, default_lang: str | None = None) -> None:
        self.env = env
        self.default_lang = default_lang
        self._rooms: dict[str, Room] = {}

    def load(self) -> int:
        """Load every stored room (forgetting month-old ones); returns how many. A record the current
        code cannot read is logged as a WARNING and skipped, never deleted."""
        for code, record in self.env.store.load_all(max_age_s=ROOM_MAX_AGE_S).items():
            try:
                self._rooms[code] = Room(self.env, record)
            except Exception as exc:  # noqa: BLE001 - one bad row must not stop the server
                log.warning("room %s: stored record unreadable (%s); skipped", code, exc)
        return len(self._rooms)

    def __len__(self) -> int:
        return len(self._rooms)

    def __iter__(self):
        return iter(list(self._rooms.values()))

    def get(self, code: object) -> Room | None:
        """The room with this code (case-insensitive), or None."""
        if not isinstance(code, str):
            return None
        return self._rooms.get(code.strip().upper())

    def create(self, lang: str | None = None) -> Room:
        """A new room with a fresh random code, stored. Raises StorageError."""
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self._rooms:
                break
        room = Room.create(self.env, code, lang or self.default_lang)
        self._rooms[code] = room
        return room

    def current(self) -> Room | None:
        """The most recently written room whose game is not over (a lobby or a game in progress), or
        None. A bare `/tv` and the terminal banner both show this room, so the TV, the banner's QR and
        every phone agree on one room."""
        for code in self.env.store.codes_by_recency():
            room = self._rooms.get(code)
            if room is not None and not room.finished:
                return room
        return None

    def current_or_create(self) -> Room:
        """`current()`, or a new room when every room is finished (or there is none). Raises StorageError."""
        return self.current() or self.create()

    def latest(self) -> Room | None:
        """The most recently written room, or None (the CLI prints its join URL on start)."""
        code = self.env.store.latest_code()
        return self._rooms.get(code) if code else None
