"""What a room does when the decks change under it (server/net/deck_routes.py tells every room through
server/app.py `RoomTables`): a deck uploaded or deleted, a deck's kids' filter changed.

`DeckEvents` is one of the parts a `Room` (server/room/room.py) is made of, acting through the room's
transaction (server/room/transaction.py) like its timer. A lobby that chose a deleted deck chooses the
built-in one, as an action of the room's own (`clock.CLOCK`, kind `deck_deleted`) stored like any other;
when that store fails (`storage_failed`: a full or read-only disk) the lobby keeps showing and dealing the
built-in deck (`RoomState.deck_info`) while the stored record still names the deleted one, so the room
tries again every `clock.CHECKPOINT_S` seconds until it is stored (the clock's own retry pace) or the lobby
no longer names that deck.

A host's `start` refused because its deck's changed folder is still being read (`deck_reading`: a family deck
copied in a moment before; server/room/env.py reads it in a thread) waits instead, the room serving every other
message meanwhile, and is answered again once a deck is read (`deck_read`) or the room stores an action; a read
that takes longer than `env.deck_wait` seconds from the first refusal refuses it as before (`start_waits`).

`end_for_deck` is the way out of a `deck_in_use` refusal (server/room/deck_use.py `describe`): the game
holding the deck ends as the host's `end_game` would end it (final scores, its story kept), stored like any
action before anyone is told; a refusal changes nothing.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace

from server.room import clock, deck_use, host
from server.room.refusals import Refused
from server.room.state import Connection, Message, RoomState
from server.room.transaction import Transaction, accepted

log = logging.getLogger(__name__)


class DeckEvents:
    """`room`'s side of deck changes, acting through its transaction `tx`; `broadcast` queues the room's
    durable state on every connection."""

    def __init__(self, room: RoomState, tx: Transaction, broadcast: Callable[[], None]) -> None:
        self._room, self._tx, self._broadcast = room, tx, broadcast
        self._gone: set[str] = set()   # decks deleted, not yet fallen back from (once no action is being stored)
        self._retry: asyncio.TimerHandle | None = None   # the next try of a fall-back whose store failed
        self._start: tuple[Connection, Message] | None = None   # a `start` waiting for its deck to be read
        self._start_bound: asyncio.TimerHandle | None = None    # when that wait ends in `deck_reading`
        self._deadline: tuple[Message, float] | None = None   # the last waiting `start` and its loop time to give up

    def decks_changed(self, deleted: str | None = None) -> None:
        """A deck was uploaded or deleted (`deleted`: its id): every page gets the state anew (`decks_version`
        reloads the host's deck list), and a lobby that chose the deleted deck chooses the built-in one."""
        self._gone |= {deleted} if deleted else set()
        self._tx.stale()
        self._broadcast()
        self.fall_back()

    def kids_filter_changed(self, deck_id: str) -> None:
        """The kids' filter of deck `deck_id` changed: the pages get the state anew if they show a count it
        changes (deck_use.shows_kids_count: a kids' table's lobby, or its game with that deck), else nothing
        is sent (their view did not change; their next state carries the new `decks_version`)."""
        if deck_use.shows_kids_count(self._room, deck_id):
            self._room.deck_info(self._room.record, fresh=True)   # read after the change, not before it
            self._tx.stale()
            self._broadcast()

    def start_waits(self, conn: Connection, msg: Message) -> bool:
        """`msg`, a `start` from `conn` refused with `deck_reading` (a thread reads its deck's changed folder):
        True, and it waits to be answered again (`start_again`) once a deck is read, until `env.deck_wait`
        seconds after its first refusal, when it is refused with `deck_reading` as it was; False (refuse it now)
        once that time is up or when the room does not wait (`deck_wait` 0). A later `start` takes the place
        of a waiting one."""
        loop = asyncio.get_running_loop()
        if self._deadline is None or self._deadline[0] is not msg:
            self._deadline = (msg, loop.time() + self._room.env.deck_wait)
        if loop.time() >= self._deadline[1]:
            return False
        self._drop_start()
        self._start = (conn, msg)
        self._start_bound = loop.call_at(self._deadline[1], self._start_refused)
        return True

    def start_again(self) -> None:
        """A deck was read or the room stored an action: a waiting `start` is answered again (through the
        transaction: after the action being stored, if any); refused again with `deck_reading`, it waits on
        until the same time."""
        waiting = self._start
        self._drop_start()
        if waiting is not None and waiting[0] in self._room.connections:   # a socket that went: nobody to tell
            self._tx.handle(*waiting)

    def _drop_start(self) -> None:
        self._start = None
        if self._start_bound is not None:
            self._start_bound.cancel()
            self._start_bound = None

    def _start_refused(self) -> None:
        waiting = self._start
        self._drop_start()
        if waiting is not None and waiting[0] in self._room.connections:
            waiting[0].refused("start", Refused("deck_reading"))

    def deck_read(self, deck_id: str) -> None:
        """A thread has read deck `deck_id`'s changed folder (server/room/env.py `SharedEnv`, whose
        `decks_version` moved on, so the deck is looked up again): a waiting `start` is answered again
        (`start_again`); a lobby (its deck may be this one, chosen while the store still writes the choice) or
        a game with this deck sends its pages the state anew."""
        self.start_again()
        if self._room.game is None or self._room.deck_info(self._room.record)["id"] == deck_id:
            self._tx.stale()
            self._broadcast()

    def fall_back(self) -> None:
        """Once no action is being stored (the room calls it after each): a lobby whose deck was deleted
        stores the built-in one."""
        if not self._tx.busy and self._gone:
            gone, self._gone = self._gone, set()
            rec = self._room.record
            if rec.phase == "lobby" and rec.settings.deck in gone:   # a game keeps its deck (new_game)
                new = replace(rec, settings=replace(rec.settings, deck="builtin"))
                self._tx.submit(clock.CLOCK, "deck_deleted", accepted(rec, new))   # the room's own act: no person

    def fall_back_failed(self) -> None:
        """The store refused the fall-back (the room is as it was, naming the deleted deck): try again in
        `clock.CHECKPOINT_S` seconds, not at once (a failing disk is not hammered)."""
        if self._retry is None:
            deck = self._room.record.settings.deck
            self._retry = asyncio.get_running_loop().call_later(clock.CHECKPOINT_S, self._try_again, deck)

    def _try_again(self, deck: str) -> None:
        self._retry = None
        self._gone.add(deck)
        self.fall_back()   # or, while an action is being stored, when it is done

    def stop(self) -> None:
        """At shutdown: no more tries (a lobby loaded later shows the built-in deck for a missing one), and a
        waiting `start` is dropped (the host's phone taps it again on the server that comes back)."""
        self._drop_start()
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None

    async def end_for_deck(self, state_id: int, asker_hosts: bool) -> None:
        """End this room's game so a deck it holds may be deleted (the confirmed "End that game" of a
        `deck_in_use` refusal; deck_use.describe): the engine's `end_game` by the table (final scores, the
        story kept), stored before anyone is told. `state_id`: the room's as the asker saw it;
        `asker_hosts`: the asker is this room's host. Returns once stored; nothing to end (no game, or it
        is over) returns at once. Raises Refused and changes nothing: `game_moved` (the room changed since
        `state_id`, or an action of it is being stored), `game_open` (a page has it open and the asker is
        not its host), `storage_failed` (the disk refused)."""
        room = self._room
        if room.game is None or room.finished:
            return
        if room.state_id != state_id or self._tx.busy:
            raise Refused("game_moved", room=room.code)
        if room.connections and not asker_hosts:
            raise Refused("game_open", room=room.code)
        rec, _ = host.end_game(room, None, {"type": "end_game"})
        rec = accepted(room.record, rec)
        waiter = _Waiter()
        self._tx.submit(waiter, "end_game", rec, on_stored=waiter.stored_now)
        await waiter.stored
        log.info("room %s: game ended from the deck page (round %d)", room.code, rec.game.round if rec.game else 0)


class _Waiter:
    """The `Connection` an action from the deck page is stored through: no person, no socket; `stored`
    resolves once the commit is durable (`stored_now`) or fails with its refusal."""

    person: str | None = None
    role = "deck-page"
    lang = "en"
    floor = 0

    def __init__(self) -> None:
        self.stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def send(self, message: dict[str, object]) -> None:
        pass

    def send_state(self, payload: bytes) -> None:
        pass

    def refused(self, kind: str, exc: Exception) -> None:
        if not self.stored.done():
            self.stored.set_exception(exc)

    def stored_now(self) -> None:
        if not self.stored.done():
            self.stored.set_result(None)
