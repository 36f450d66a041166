"""What a room does when the decks change under it (server/net/deck_routes.py tells every room through
server/app.py `RoomTables`): a deck uploaded or deleted, a deck's kids' filter changed.

`DeckEvents` is the base of `Room` (server/room/room.py) holding these handlers, so the transaction module
keeps its one job. A lobby that chose a deleted deck chooses the built-in one, as an action of the room's
own (`clock.CLOCK`, kind `deck_deleted`) stored like any other; when that store fails (`storage_failed`:
a full or read-only disk) the lobby keeps showing and dealing the built-in deck (`RoomState.deck_info`)
while the stored record still names the deleted one, so the room tries again every `clock.CHECKPOINT_S`
seconds until it is stored (the clock's own retry pace) or the lobby no longer names that deck.

`end_for_deck` is the way out of a `deck_in_use` refusal (server/room/deck_use.py `describe`): the game
holding the deck ends as the host's `end_game` would end it (final scores, its story kept), stored like any
action before anyone is told; a refusal changes nothing.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from server.room import clock, deck_use, host
from server.room.refusals import Refused
from server.room.state import NO_EFFECTS, Connection, Effects, RoomState

log = logging.getLogger(__name__)


class DeckEvents(RoomState):
    """A room's side of deck changes; `Room` gives the transaction (`_store`, `_working_copy`) and sockets."""

    _action: Any              # Room: the action being stored, or None
    _waiting: Any             # Room: the messages that came meanwhile
    _version: int             # Room: +1 when frames rendered before are stale
    _gone_decks: set[str]     # decks deleted, not yet fallen back from (once no action is being stored)
    _gone_retry: asyncio.TimerHandle | None   # the next try of a fall-back whose store failed

    # Room's transaction, declared for the type checker (Room defines them): queue the durable state on every
    # connection; a working copy of the record; store a working copy as an action of `conn`
    broadcast: Callable[[], None]
    _working_copy: Callable[[], RoomState]
    _store: Callable[[Connection, str, RoomState, Effects, bool], None]

    def decks_changed(self, deleted: str | None = None) -> None:
        """A deck was uploaded or deleted (`deleted`: its id): every page gets the state anew (`decks_version`
        reloads the host's deck list), and a lobby that chose the deleted deck chooses the built-in one."""
        self._gone_decks |= {deleted} if deleted else set()
        self._version += 1
        self.broadcast()
        self._fall_back()

    def kids_filter_changed(self, deck_id: str) -> None:
        """The kids' filter of deck `deck_id` changed: the pages get the state anew if they show a count it
        changes (deck_use.shows_kids_count: a kids' table's lobby, or its game with that deck), else nothing
        is sent (their view did not change; their next state carries the new `decks_version`)."""
        if deck_use.shows_kids_count(self, deck_id):
            self._version += 1
            self.broadcast()

    def _fall_back(self) -> None:
        """Once no action is being stored (also from `done`): a lobby whose deck was deleted stores the built-in one."""
        if self._action is None and not self._waiting and self._gone_decks:
            gone, self._gone_decks = self._gone_decks, set()
            if self.phase == "lobby" and self.settings.get("deck") in gone:   # a game keeps its deck (new_game)
                work = self._working_copy()
                work.settings["deck"], work.data["state_id"] = "builtin", work.state_id + 1
                self._store(clock.CLOCK, "deck_deleted", work, NO_EFFECTS, True)   # the room's own act: no person

    def _fall_back_failed(self) -> None:
        """The store refused the fall-back (the room is as it was, naming the deleted deck): try again in
        `clock.CHECKPOINT_S` seconds, not at once (a failing disk is not hammered)."""
        deck = self.settings.get("deck")
        if self._gone_retry is None and isinstance(deck, str):
            self._gone_retry = asyncio.get_running_loop().call_later(clock.CHECKPOINT_S, self._retry_fall_back, deck)

    def _retry_fall_back(self, deck: str) -> None:
        self._gone_retry = None
        self._gone_decks.add(deck)
        self._fall_back()   # or, while an action is being stored, when it is done

    def _stop_retries(self) -> None:
        """At shutdown: no more tries (a lobby loaded later shows the built-in deck for a missing one)."""
        if self._gone_retry is not None:
            self._gone_retry.cancel()
            self._gone_retry = None

    async def end_for_deck(self, state_id: int, asker_hosts: bool) -> None:
        """End this room's game so a deck it holds may be deleted (the confirmed "End that game" of a
        `deck_in_use` refusal; deck_use.describe): the engine's `end_game` by the table (final scores, the
        story kept), stored before anyone is told. `state_id`: the room's as the asker saw it;
        `asker_hosts`: the asker is this room's host. Returns once stored; nothing to end (no game, or it
        is over) returns at once. Raises Refused and changes nothing: `game_moved` (the room changed since
        `state_id`, or an action of it is being stored), `game_open` (a page has it open and the asker is
        not its host), `storage_failed` (the disk refused)."""
        if self.game is None or self.finished:
            return
        if self.state_id != state_id or self._action is not None or self._waiting:
            raise Refused("game_moved", room=self.code)
        if self.connections and not asker_hosts:
            raise Refused("game_open", room=self.code)
        work = self._working_copy()
        host.end_game(work, None, {"type": "end_game"})
        work.data["state_id"] += 1
        work.data["epoch"] = work.state_id   # the engine's phase changed: every older state_id is stale
        waiter = _Waiter()
        self._store(waiter, "end_game", work, NO_EFFECTS, True)
        await waiter.stored
        log.info("room %s: game ended from the deck page (round %d)", self.code, work.game.round if work.game else 0)


class _Waiter:
    """The `Connection` an action from the deck page is stored through: no person, no socket; `stored`
    resolves once the commit is durable (`Room.done` calls `stored_now`) or fails with its refusal."""

    person: str | None = None
    role = "deck-page"
    lang = "en"
    floor = 0

    def __init__(self) -> None:
        self.stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def send(self, message: dict[str, Any]) -> None:
        pass

    def send_state(self, payload: bytes) -> None:
        pass

    def refused(self, kind: str, exc: Exception) -> None:
        if not self.stored.done():
            self.stored.set_exception(exc)

    def stored_now(self) -> None:
        if not self.stored.done():
            self.stored.set_result(None)
