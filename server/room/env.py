"""What every room shares: `RoomEnv` is what a room may ask of the world (a Protocol, so the room
layer never imports the deck library or the network), and `SharedEnv` is the one the app builds."""
from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol, TypedDict

from server import engine
from server.room.refusals import Refused
from server.room.store import Store

log = logging.getLogger(__name__)

# threads that read changed deck folders (decoding their pictures): few, and their own, so a family copying in
# several decks at once neither takes every thread of the loop's default executor (card pictures, the deck
# page's routes and the kids' filter wait there) nor every core of a Pi
DECK_READERS = 2
# seconds a host's `start` waits for the read of its deck's changed folder before it is refused (deck_reading)
DECK_WAIT_S = 5.0


class DeckInfo(TypedDict):
    """A deck as the room view shows it: `id`, `title` by language, `size` (the cards a table deals:
    at a kids' table what the kids' filter leaves, RULES.md §2.5) and `all` (every card), in cards;
    `filter_outdated`, at a kids' table, the pictures the adult took out that the filter no longer finds in
    the deck (changed or gone since it was saved: the adult is asked to look again), else 0; `rev` its
    pictures' fingerprint (pages add it to card URLs, so a changed picture is never one cached before)."""

    id: str
    title: dict[str, str]
    size: int
    all: int
    filter_outdated: int
    rev: str


class CardDeck(Protocol):
    """One deck of a `DeckSource` (server.decks.library.Deck)."""

    @property
    def title(self) -> dict[str, str]:
        """The deck's title by language ("en" at least)."""
        ...

    @property
    def cards(self) -> list[str]:
        """Its card ids, sorted."""
        ...

    @property
    def size(self) -> int:
        """How many cards it has."""
        ...

    @property
    def rev(self) -> str:
        """A fingerprint that changes when any of its pictures does."""
        ...


class DeckSource(Protocol):
    """The deck library as a room uses it (server.decks.library.DeckLibrary)."""

    @property
    def version(self) -> int:
        """+1 whenever a deck is added, deleted or its kids' filter changes."""
        ...

    def get(self, deck_id: str) -> CardDeck:
        """The deck `deck_id`. Raises KeyError (DeckNotFound) for an unknown id, OSError for an unreadable one.
        Blocking (decodes a changed folder's pictures): never on the event loop."""
        ...

    def peek(self, deck_id: str) -> tuple[CardDeck, bool]:
        """(the deck as last read, True while its folder is unchanged since), without opening a picture; with
        False, `get` must read it again. Raises KeyError, OSError."""
        ...

    def kids_filter(self, deck_id: str) -> KidsFilter:
        """The kids' filter of `deck_id` (RULES.md §2.5). Raises KeyError. Blocking (reads and hashes
        pictures): never on the event loop."""
        ...

    def known_kids_filter(self, deck_id: str) -> KidsFilter | None:
        """`kids_filter` as last read while nothing it depends on changed, without reading a picture; None
        when it must be read again. Raises KeyError."""
        ...


class KidsFilter(Protocol):
    """A deck's kids' filter as it applies today (server.decks.kids_filter.KidsFilter)."""

    @property
    def excluded(self) -> AbstractSet[str]:
        """The card ids taken out of play."""
        ...

    @property
    def outdated(self) -> int:
        """Saved exclusions dropped because their picture is no longer in the deck as it was."""
        ...


class RoomEnv(Protocol):
    """The store, decks, boards, join URLs and limits a room works with."""

    store: Store
    max_seats: int               # people in one room (docs/protocol.md `room_full`)
    host_grace: float            # seconds the host must be away before `claim_host` (host.py)
    langs: tuple[str, ...]       # the UI languages a room's TV may be set to
    timer_extra: tuple[int, ...]  # timer seconds allowed besides 60/90/120: tests only (--timer-test-seconds)
    deck_wait: float             # seconds a `start` waits for its deck's folder to be read (DeckEvents.start_waits)

    def board(self, settings: engine.Settings) -> engine.Board:
        """The board of `settings`' ruleset. Raises Refused("bad_settings") if it is unusable."""
        ...

    def join_url(self, code: str) -> str:
        """The address phones open to join room `code`."""
        ...

    def new_seed(self) -> int:
        """The seed of a new game's PRNG."""
        ...

    def has_deck(self, deck_id: object) -> bool:
        """True if there is a deck with this id."""
        ...

    def deck(self, deck_id: object, *, kids: bool = False) -> list[str] | None:
        """The card ids of a deck (`kids`: without the cards taken out for children), or None. Raises
        Refused("deck_reading") while a thread reads its changed folder, Refused("deck_not_ready") while the kids'
        filter is being checked against the deck's pictures."""
        ...

    def deck_info(self, deck_id: str, *, kids: bool = False) -> DeckInfo:
        """`{"id", "title", "size", "all", "filter_outdated"}` of a deck for the room view (`DeckInfo`): `all`
        its cards, `size` those a table deals (`kids`: the kids' filter applied, RULES.md §2.5); both 0 if
        there is no such deck."""
        ...

    def decks_version(self) -> int:
        """A number that changes whenever a deck is added or deleted (pages reload their deck list)."""
        ...


class SharedEnv:
    """`RoomEnv` over the `store`, a deck `library` (`DeckSource`), a `board_for(settings)` function, the join
    URL builder `join_url(code)`, `max_seats`, the UI languages, an optional fixed `game_seed` and
    `timer_extra` (short timer choices for tests)."""

    def __init__(self, store: Store, library: DeckSource, board_for: Callable[[engine.Settings], engine.Board],
                 join_url: Callable[[str], str], max_seats: int = 14, langs: tuple[str, ...] = ("en", "ru"),
                 game_seed: int | None = None, host_grace: float = 60.0,
                 timer_extra: tuple[int, ...] = ()) -> None:
        self.store = store
        self.library = library
        self._board_for = board_for
        self._join_url = join_url
        self.max_seats = max_seats
        self.langs = langs
        self.game_seed = game_seed
        self.host_grace = host_grace
        self.timer_extra = timer_extra
        # told the id of a deck whose kids' filter a thread has just read (the app: every room's
        # `kids_filter_changed`, so the pages showing its count get it); None: nobody is told
        self.filter_read: Callable[[str], None] | None = None
        # told the id of a deck whose changed folder a thread has just read (the app: every room's `deck_read`)
        self.deck_read: Callable[[str], None] | None = None
        self.deck_wait = DECK_WAIT_S
        self._decks_read = 0   # changed deck folders a thread has read (`decks_version`)
        self._reading: set[tuple[str, str]] = set()   # ("deck" | "filter", deck id) a thread is reading now
        self._readers = ThreadPoolExecutor(DECK_READERS, thread_name_prefix="deck-read")   # threads made as needed

    def board(self, settings: engine.Settings) -> engine.Board:
        """The board `board_for(settings)` gives."""
        return self._board_for(settings)

    def join_url(self, code: str) -> str:
        """The join URL of room `code`."""
        return self._join_url(code)

    def new_seed(self) -> int:
        """The seed for a new game: the configured one, else 63 random bits."""
        return self.game_seed if self.game_seed is not None else secrets.randbits(63)

    def _get_deck(self, deck_id: object) -> tuple[CardDeck, bool] | None:
        """(deck `deck_id` as last read, True if it is current), or None if there is none. A deck whose folder
        changed is read again by a thread (its pictures decoded: seconds for phone photos, which would hold up
        every room), and `deck_read(deck_id)` once read; off a running event loop it is read here."""
        if not isinstance(deck_id, str):
            return None
        try:
            deck, current = self.library.peek(deck_id)
            if not current and not _on_loop():
                deck, current = self.library.get(deck_id), True
        except (KeyError, LookupError, ValueError, OSError):
            return None
        if not current:
            self._in_thread("deck", deck_id, self.library.get)
        return deck, current

    def has_deck(self, deck_id: object) -> bool:
        """True if the library holds a deck with this id."""
        return self._get_deck(deck_id) is not None

    def deck(self, deck_id: object, *, kids: bool = False) -> list[str] | None:
        """The card ids of deck `deck_id`, or None if there is no such deck. `kids`: without the cards
        the adult took out for children (the library's per-deck filter, RULES.md §2.5). Raises
        Refused("deck_reading") while its changed folder is being read (never a deal of unchecked pictures),
        Refused("deck_not_ready") while its kids' filter is."""
        got = self._get_deck(deck_id)
        if got is None or not isinstance(deck_id, str):
            return None
        deck, current = got
        if not current:
            raise Refused("deck_reading")
        cards = deck.cards
        if kids:
            kept = self._kids_filter(deck_id)
            if kept is None:   # never a deal the filter was not applied to
                raise Refused("deck_not_ready")
            cards = [c for c in cards if c not in kept.excluded]
        return cards

    def _kids_filter(self, deck_id: str) -> KidsFilter | None:
        """The kids' filter of `deck_id` if it is known without reading a picture (`known_kids_filter`), else
        None, and a thread reads it (`_in_thread`: hashing its pictures may take a while on a Pi's SD card).
        Off a running event loop (a script, a test of the room alone) nothing waits on a thread: read here."""
        try:
            kept = self.library.known_kids_filter(deck_id)
        except (KeyError, LookupError, ValueError, OSError):
            return None
        if kept is not None:
            return kept
        if not _on_loop():
            return self.library.kids_filter(deck_id)
        self._in_thread("filter", deck_id, self.library.kids_filter)
        return None

    def _in_thread(self, what: str, deck_id: str, job: Callable[[str], object]) -> None:
        """`job(deck_id)` in a thread, once at a time per deck and `what` ("deck": reading its pictures, in one
        of the DECK_READERS threads, then `deck_read`; "filter": its kids' filter, in the loop's default
        executor, then `filter_read`). A failure is logged (the deck or filter stays unread, and the next look
        tries again)."""
        if (what, deck_id) in self._reading:
            return
        self._reading.add((what, deck_id))
        pool = self._readers if what == "deck" else None
        future = asyncio.get_running_loop().run_in_executor(pool, job, deck_id)
        future.add_done_callback(lambda done: self._thread_done(what, deck_id, done))

    def _thread_done(self, what: str, deck_id: str, done: asyncio.Future[object]) -> None:
        self._reading.discard((what, deck_id))
        if done.cancelled():
            return
        exc = done.exception()
        if exc is not None:
            log.warning("deck %s: %s unreadable (%s)", deck_id, "kids' filter" if what == "filter" else "pictures",
                        exc)
            return
        if what == "deck":
            self._decks_read += 1
        hook = self.filter_read if what == "filter" else self.deck_read
        if hook is not None:
            hook(deck_id)

    def close(self) -> None:
        """At shutdown: the deck reads not yet begun are dropped (one in progress ends in its thread)."""
        self._readers.shutdown(wait=False, cancel_futures=True)

    def decks_version(self) -> int:
        """The library's `version` (DeckLibrary.changed) plus the changed deck folders a thread has read (their
        sizes changed: each room's deck and the host's deck list are looked up again)."""
        return self.library.version + self._decks_read

    def deck_info(self, deck_id: str, *, kids: bool = False) -> DeckInfo:
        """`{"id", "title", "size", "all", "filter_outdated", "rev"}` (`DeckInfo`) of a deck for the room view, in
        cards: `all` the deck's, `size` what a table deals from it (`kids`: without the cards the kids'
        filter takes out, as `deck(kids=True)` and `start` count them, RULES.md §2.5), `filter_outdated` the
        kids' filter's exclusions that no longer find their picture (0 unless `kids`); all 0 if it is missing."""
        got = self._get_deck(deck_id)
        if got is None:
            return {"id": deck_id, "title": {"en": deck_id}, "size": 0, "all": 0, "filter_outdated": 0,
                    "rev": ""}
        deck, current = got   # (while a thread reads a changed folder, as last read: the pages get it once read)
        every, dealt, outdated = deck.size, deck.size, 0
        kept = self._kids_filter(deck_id) if kids and current else None
        if kept is not None:   # (while a thread reads it, every card: the pages get the count once read)
            dealt = sum(1 for c in deck.cards if c not in kept.excluded)
            outdated = kept.outdated
        return {"id": deck_id, "title": deck.title or {"en": deck_id}, "size": dealt, "all": every,
                "filter_outdated": outdated, "rev": deck.rev}


def _on_loop() -> bool:
    """True on a running event loop's thread; off one (a script, a test of the room alone) nothing waits on a
    thread, so the blocking reads are done there and then."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
