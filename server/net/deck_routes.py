"""HTTP routes for decks and card pictures.

    setup_deck_routes(app, library, can_upload, limits, tables) adds:
    GET  /cards/{deck}/{card}.{tv|thumb}.{webp|jpg}   a prepared picture (server/decks/card_images.py), made on
         first request in an executor, then served from disk with `Cache-Control: public,
         max-age=31536000, immutable` and an ETag (304 on If-None-Match). Ids are checked with strict
         patterns, so a path can never leave the deck's folder; anything else is 404.
    GET  /api/decks                                   {"decks": [DeckInfo.to_dict(), ...], "storage": {...}};
         a deck's `kids_size` is what a kids' game deals (its filter applied), `size` what the others do
    POST /api/decks                                   multipart: `file` (a zip of pictures), optional
         `title`. 201 {"deck": info, "skipped": [{"name", "problem", "message"}], "fits": bool, "needed":
         cards | null, "warning": sentence | null}: a deck smaller than the uploading room's table needs
         (`fits` false) is kept, and the page does not choose it but shows `warning`; 403 unless
         `can_upload(request)`; 413 too big; 400 {"error", "message", "files": [...]} when no deck results;
         507 `storage_failed` when the disk refuses (nothing is kept).
    DELETE /api/decks/{deck}, POST /api/decks/{deck}/end-game: deleting an uploaded deck, and ending a game
         that holds it first: server/net/deck_delete.py.
    GET  /api/decks/{deck}/cards                      {"deck": id, "cards": [ids], "excluded": [ids]}
    PUT  /api/decks/{deck}/excluded                   JSON list of card ids (the kids' filter); same
         `can_upload` check; 200 {"excluded": [...]}; 400 for a malformed body or ids not in the deck.
         The pages of rooms that show a count it changes get the state anew (`decks_version`, the deck's
         `size`): kids' tables in the lobby and kids' games with this deck (server/room/deck_use.py).

`can_upload(request)` may return a bool or an awaitable of one (the server checks the room host token in
headers `X-Room` and `X-Token`). Every error body is `{"error": code, "message": sentence, "files": [...]}`;
sentences and the files' problems are in the language of the request's Accept-Language (ru or en).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import inspect
import logging
import math
import os
import re
import tempfile
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import BodyPartReader, web
from PIL import Image

from server.decks import card_images
from server.decks.archive import (
    MAX_STORED_BYTES,
    MAX_UPLOAD_BYTES,
    ImportRefused,
    import_zip,
)
from server.decks.library import DeckLibrary, DeckNotFound
from server.decks.names import CARD_ID_RE, is_deck_id
from server.messages import sentence
from server.net.deck_delete import setup_delete_routes
from server.net.deck_http import Tables, error, lang_of, localized_files
from server.net.ratelimit import TokenBucket

log = logging.getLogger(__name__)

CACHE_FOREVER = "public, max-age=31536000, immutable"
_CARD_FILE = re.compile(rf"(?P<card>{CARD_ID_RE.pattern})\.(?P<size>tv|thumb)\.(?P<fmt>webp|jpg)")


def _mb(n: int) -> int:
    return math.ceil(n / (1024 * 1024))


@dataclass(frozen=True)
class UploadLimits:
    """Disk limits for uploaded decks (issue 15 item 5). `quota_bytes`: all uploaded decks together,
    their prepared pictures included (`DeckLibrary.uploaded_bytes`); `burst` uploads per room at once,
    then one every `1 / per_second` seconds; `max_stored_bytes`: what one upload may store."""

    quota_bytes: int = 2048 * 1024 * 1024   # Config.upload_quota_mb
    burst: int = 5
    per_second: float = 1 / 300
    max_stored_bytes: int = MAX_STORED_BYTES


def _import_thread() -> None:
    # imports yield the CPU to the event loop's thread (room actions stay quick while pictures decode)
    with contextlib.suppress(AttributeError, OSError):  # not Linux: same priority as the rest
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)


def setup_deck_routes(app: web.Application, library: DeckLibrary,
                      can_upload: Callable[[web.Request], Awaitable[bool] | bool],
                      limits: UploadLimits | None = None, tables: Tables | None = None) -> None:
    """Adds the deck and card-picture routes (see the module docstring) to `app`, with `limits` on
    uploads (default UploadLimits()) and `tables`, the rooms (None: no room is asked anything)."""
    limits = limits or UploadLimits()
    room_buckets: dict[str, TokenBucket] = {}
    importer = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="deck-import", initializer=_import_thread)

    stopping = threading.Event()

    async def stop_importer(_app: web.Application) -> None:
        stopping.set()  # a running import gives up at its next picture, so the process can exit soon
        importer.shutdown(wait=False, cancel_futures=True)

    app.on_cleanup.append(stop_importer)

    async def verify_decks(_app: web.Application) -> None:
        # every picture is decoded before its deck is offered (issue 15 item 9): do it once now, in a
        # thread, so no room's first state waits for it on the event loop
        await asyncio.get_running_loop().run_in_executor(None, library.list)

    app.on_startup.append(verify_decks)

    def rate_limited(room: str) -> int:
        """0 if the room may upload now (a token is taken), else the seconds until it may."""
        if len(room_buckets) > 4096:  # forget idle rooms rather than grow without bound
            room_buckets.clear()
        bucket = room_buckets.setdefault(room, TokenBucket(limits.burst, limits.per_second))
        if bucket.allow():
            return 0
        return max(1, math.ceil((1 - bucket.tokens) / limits.per_second))

    def quota_error(request: web.Request, used: int) -> web.Response:
        return error(request, 507, "quota_full", used=_mb(used), quota=_mb(limits.quota_bytes))

    # One import at a time (issue 15 item 4): each decodes pictures in a thread, and several at once
    # added up to 1 GB; later uploads wait, spooled on disk.
    import_lock = asyncio.Lock()

    async def allowed(request: web.Request) -> bool:
        result = can_upload(request)
        if inspect.isawaitable(result):
            result = await result
        return bool(result)

    async def card_image(request: web.Request) -> web.StreamResponse:
        deck_id = request.match_info["deck"]
        m = _CARD_FILE.fullmatch(request.match_info["file"])
        if not is_deck_id(deck_id) or m is None:
            return error(request, 404, "not_found")
        try:
            deck = library.get(deck_id)
            deck.path_of(m["card"])
        except KeyError:  # DeckNotFound too
            return error(request, 404, "not_found")
        loop = asyncio.get_running_loop()
        try:
            path = await loop.run_in_executor(None, card_images.prepare, library, deck_id, m["card"], m["size"],
                                              m["fmt"])
        except KeyError:  # the deck changed meanwhile
            return error(request, 404, "not_found")
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
            # a picture Pillow cannot read: say so, keep serving the others
            log.warning("card %s/%s cannot be prepared: %s", deck_id, m["card"], exc)
            return error(request, 404, "broken_card")
        return web.FileResponse(path, headers={"Cache-Control": CACHE_FOREVER,
                                               "Content-Type": card_images.FORMATS[m["fmt"]][1]})

    async def list_decks(request: web.Request) -> web.Response:
        loop = asyncio.get_running_loop()
        infos = await loop.run_in_executor(None, library.list)
        used = await loop.run_in_executor(None, library.uploaded_bytes)
        lang = lang_of(request)
        return web.json_response({"decks": [d.to_dict(lang) for d in infos],
                                  "storage": {"used": used, "quota": limits.quota_bytes}})

    async def upload_deck(request: web.Request) -> web.Response:
        if not await allowed(request):
            return error(request, 403, "forbidden")
        if request.content_length is not None and request.content_length > MAX_UPLOAD_BYTES:
            return error(request, 413, "too_big", max=_mb(MAX_UPLOAD_BYTES))
        wait = rate_limited(str(request.headers.get("X-Room", "")).upper())
        if wait:
            return error(request, 429, "upload_rate_limited", retry_after=wait, minutes=math.ceil(wait / 60))
        loop = asyncio.get_running_loop()
        used = await loop.run_in_executor(None, library.uploaded_bytes)
        if used >= limits.quota_bytes:
            return quota_error(request, used)
        try:
            reader = await request.multipart()
        except (AssertionError, ValueError, KeyError):
            return error(request, 400, "no_file")
        title = None
        with tempfile.TemporaryFile() as spool:
            got_file = False
            while (part := await reader.next()) is not None:
                if not isinstance(part, BodyPartReader):  # a nested multipart is no form field of ours
                    continue
                if part.name == "title" and not got_file:
                    title = (await part.text())[:200]
                elif part.name == "file" and not got_file:
                    got_file, size = True, 0
                    while chunk := await part.read_chunk(1 << 16):
                        size += len(chunk)
                        if size > MAX_UPLOAD_BYTES:
                            return error(request, 413, "too_big", max=_mb(MAX_UPLOAD_BYTES))
                        spool.write(chunk)
                else:
                    await part.release()
            if not got_file:
                return error(request, 400, "no_file")
            spool.seek(0)
            try:
                async with import_lock:
                    used = await loop.run_in_executor(importer, library.uploaded_bytes)
                    if used >= limits.quota_bytes:
                        return quota_error(request, used)
                    result = await loop.run_in_executor(importer, functools.partial(
                        import_zip, library, spool, title, max_stored_bytes=limits.max_stored_bytes,
                        quota_left=limits.quota_bytes - used, stopping=stopping))
            except ImportRefused as exc:
                if exc.code == "quota_full":
                    return quota_error(request, used)
                if exc.code == "deck_too_big":
                    return error(request, exc.status, exc.code, max=_mb(limits.max_stored_bytes))
                return error(request, exc.status, exc.code, exc.files, **exc.params)
            except OSError as exc:  # disk full, permissions: nothing was kept (import_zip cleans up)
                log.warning("deck import failed: %s", exc)
                return error(request, 507, "storage_failed")
        log.info("deck %s imported: %d cards, %d skipped", result.deck.id, result.deck.size, len(result.skipped))
        lang = lang_of(request)
        deck = result.deck.to_dict(lang)
        needed = tables.cards_needed(request) if tables is not None else None
        fits = needed is None or result.deck.size >= needed
        if tables is not None:
            tables.decks_changed()
        return web.json_response({"deck": deck, "skipped": localized_files(result.skipped, lang), "fits": fits,
                                  "needed": needed,
                                  "warning": None if fits else sentence("decks.kept_too_small", lang, {
                                      "title": deck["title"].get(lang) or deck["title"]["en"],
                                      "have": result.deck.size, "needed": needed})}, status=201)

    async def deck_cards(request: web.Request) -> web.Response:
        deck_id = request.match_info["deck"]
        try:
            deck = library.get(deck_id)
            excluded = library.excluded(deck_id)
        except DeckNotFound:
            return error(request, 404, "not_found")
        return web.json_response({"deck": deck.id, "cards": deck.cards, "excluded": sorted(excluded)})

    async def put_excluded(request: web.Request) -> web.Response:
        if not await allowed(request):
            return error(request, 403, "forbidden")
        deck_id = request.match_info["deck"]
        try:
            library.get(deck_id)
        except DeckNotFound:
            return error(request, 404, "not_found")
        try:
            body = await request.json()
        except (ValueError, RecursionError):   # RecursionError: "[[[[..." nested deeper than json goes
            return error(request, 400, "malformed")
        if not isinstance(body, list) or not all(isinstance(c, str) for c in body) or len(body) > 10_000:
            return error(request, 400, "malformed")
        try:
            ids = library.set_excluded(deck_id, body)
        except ValueError:
            unknown = sorted(set(body) - set(library.get(deck_id).cards))
            return error(request, 400, "unknown_cards",
                         files=[{"name": c, "problem": "not_in_deck"} for c in unknown[:50]])
        if tables is not None:   # kids' tables' pages show the cards a kids' game now has (kids_size)
            tables.kids_filter_changed(deck_id)
        return web.json_response({"deck": deck_id, "excluded": sorted(ids)})

    r = app.router
    r.add_get("/cards/{deck}/{file}", card_image)
    r.add_get("/api/decks", list_decks)
    r.add_post("/api/decks", upload_deck)
    r.add_get("/api/decks/{deck}/cards", deck_cards)
    r.add_put("/api/decks/{deck}/excluded", put_excluded)
    setup_delete_routes(app, library, allowed, tables)
