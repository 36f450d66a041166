"""Deleting an uploaded deck over HTTP, and the way out when a game still holds it.

    DELETE /api/decks/{deck}            an uploaded deck, its prepared pictures and kids' filter
         (server/decks/removal.py). 200 {"deleted": id}; 403 `forbidden`, `deck_builtin`, `deck_not_uploaded`
         (asked first: a deck that could never go is never "in use"); 404 `not_found`; 409 `deck_in_use`
         {rooms, hours, holders} (a game under way deals from it: some page has it open or it changed in the
         last `hours`; server/room/deck_use.py) or {rooms, reason: "results", holders} (only finished games
         whose results a page has open); 507 `delete_failed` (the disk refused; the deck is still there).
         `holders`: one entry per room, server/room/deck_use.py `describe` (room, reason, names,
         idle_minutes, open, can_end, state_id). Every lobby that chose the deleted deck chooses the
         built-in one (stored, every page told).
    POST /api/decks/{deck}/end-game     JSON {"room": code, "state_id": int} (a holder the refusal listed with
         `can_end`, as it was then): ends that game (the host's `end_game`: final scores, its story kept;
         stored before anyone is told), then deletes the deck as DELETE does. 200 {"deleted": id, "ended":
         code}; 400 `malformed`; the DELETE's 403/404; 409 `game_moved` {room, holders}
         (the game changed since the refusal: look again; nothing ended), `game_open` {room, holders} (a
         page has it open and the asker is not its host; nothing ended), `deck_in_use` (another room still
         holds the deck: the named game is ended, the deck stays; a named room that does not hold the deck, or no
         such room, is never ended: the answer is the DELETE's refusal); 507 `storage_failed` (the game could not
         be ended; nothing changed), `delete_failed`.

Both need the host's credentials (deck_access.py `allowed`: headers `X-Room`, `X-Token`). Errors speak the request's
language (server/net/deck_http.py `error`).
"""
from __future__ import annotations

import asyncio
import logging

from aiohttp import web

from server.decks.library import DeckNotFound
from server.decks.removal import DeleteRefused, check_deletable, purge, retire
from server.net import keys
from server.net.deck_access import allowed, tables
from server.net.deck_http import error
from server.room.deck_use import HOLD_S
from server.room.refusals import Refused

log = logging.getLogger(__name__)


def add_routes(router: web.UrlDispatcher) -> None:
    """Adds `DELETE /api/decks/{deck}` and `POST /api/decks/{deck}/end-game` (the module docstring); the
    handlers read the library, the host check and the rooms off the app (server/net/keys.py)."""
    router.add_delete("/api/decks/{deck}", delete_deck)
    router.add_post("/api/decks/{deck}/end-game", end_game_then_delete)


def _refusal(request: web.Request, deck_id: str) -> web.Response | None:
    """None if the deck may go now, else the error to answer (403/404, or 409 with its holders)."""
    try:
        check_deletable(request.app[keys.LIBRARY], deck_id)
    except DeckNotFound:
        return error(request, 404, "not_found")
    except DeleteRefused as exc:
        return error(request, exc.status, exc.code)
    rooms = tables(request)
    holding = rooms.holding(deck_id) if rooms is not None else {}
    if not holding or rooms is None:
        return None
    codes, holders = ", ".join(holding), rooms.holders(deck_id, request)
    if "playing" in holding.values():   # a game under way says so first; else only results screens hold it
        return error(request, 409, "deck_in_use", rooms=codes, hours=round(HOLD_S / 3600), holders=holders)
    return error(request, 409, "deck_in_use", rooms=codes, reason="results", holders=holders)


async def _delete_now(request: web.Request, deck_id: str) -> web.Response | None:
    """Delete the deck (checked by `_refusal` just before, nothing awaited in between: no game can start
    with it meanwhile); None once deleted, else the error."""
    library = request.app[keys.LIBRARY]
    try:
        trash = retire(library, deck_id)
    except DeckNotFound:
        return error(request, 404, "not_found")
    except DeleteRefused as exc:
        return error(request, exc.status, exc.code)
    except OSError as exc:
        log.warning("deck %s could not be deleted: %s", deck_id, exc)
        return error(request, 507, "delete_failed")
    await asyncio.get_running_loop().run_in_executor(None, purge, library, deck_id, trash)
    log.info("deck %s deleted", deck_id)
    rooms = tables(request)
    if rooms is not None:
        rooms.decks_changed(deleted=deck_id)
    return None


async def delete_deck(request: web.Request) -> web.Response:
    """DELETE /api/decks/{deck} (the module docstring)."""
    if not await allowed(request):
        return error(request, 403, "forbidden")
    deck_id = request.match_info["deck"]
    refused = _refusal(request, deck_id) or await _delete_now(request, deck_id)
    return refused or web.json_response({"deleted": deck_id})


async def end_game_then_delete(request: web.Request) -> web.Response:
    """POST /api/decks/{deck}/end-game (the module docstring)."""
    if not await allowed(request):
        return error(request, 403, "forbidden")
    deck_id = request.match_info["deck"]
    try:
        body = await request.json()
    except (ValueError, RecursionError):   # RecursionError: "[[[[..." nested deeper than json goes
        return error(request, 400, "malformed")
    if (not isinstance(body, dict) or not isinstance(body.get("room"), str)
            or not isinstance(body.get("state_id"), int) or isinstance(body.get("state_id"), bool)):
        return error(request, 400, "malformed")
    code = body["room"].upper()
    first = _refusal(request, deck_id)
    rooms = tables(request)
    if first is None or rooms is None:   # nothing holds it (any more): just delete it
        return await _delete_now(request, deck_id) or web.json_response({"deleted": deck_id, "ended": None})
    if first.status != 409 or code not in rooms.holding(deck_id):
        return first   # never end a game that does not hold this deck
    try:
        await rooms.end_game(code, body["state_id"], request)
    except Refused as exc:
        if exc.code == "storage_failed":
            return error(request, 507, "storage_failed", reason="end_game")
        status = 404 if exc.code == "no_such_room" else 409
        return error(request, status, exc.code, room=code, holders=rooms.holders(deck_id, request))
    log.info("deck %s: room %s's game ended by the host of room %s to delete it", deck_id, code,
             request.headers.get("X-Room"))
    refused = _refusal(request, deck_id) or await _delete_now(request, deck_id)
    return refused or web.json_response({"deleted": deck_id, "ended": code})
