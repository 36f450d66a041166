"""HTTP routes for decks and card pictures.

    setup_deck_routes(app, library, can_upload, limits, tables) adds (module-level handlers; what they
    share lives on the app under server/net/keys.py's typed keys, the importer as a `cleanup_ctx` entry):
    GET  /cards/{deck}/{card}.{tv|thumb}.{webp|jpg}   a prepared picture (server/decks/card_images.py), made on
         first request in an executor, then served from disk with `Cache-Control: public,
         max-age=31536000, immutable` and an ETag (304 on If-None-Match). Ids are checked with strict
         patterns, so a path can never leave the deck's folder; anything else is 404.
    GET  /api/decks                                   {"decks": [DeckInfo.to_dict(), ...], "storage": {...}};
         a deck's `kids_size` is what a kids' game deals (its filter applied), `size` what the others do
    POST /api/decks                                   multipart: `file` (a zip of pictures, or several `file`
         parts each a picture: server/net/deck_photos.py), optional `title`. 201 {"deck": info, "skipped":
         [{"name", "problem", "message"}], "cards": [ids the pictures became], "fits": bool, "needed":
         cards | null, "warning": sentence | null}: a deck smaller than the uploading room's table needs
         (`fits` false) is kept, and the page does not choose it but shows `warning`; 403 unless
         `can_upload(request)`; 413 too big; 400 {"error", "message", "files": [...]} when no deck results;
         507 `storage_failed` when the disk refuses (nothing is kept).
    DELETE /api/decks/{deck}, POST /api/decks/{deck}/end-game: deleting an uploaded deck, and ending a game
         that holds it first: server/net/deck_delete.py.
    POST /api/decks/{deck}/cards, PATCH /api/decks/{deck}, DELETE /api/decks/{deck}/cards/{card}: more
         pictures, a new title, a card out: server/net/deck_photos.py.
    GET  /api/decks/{deck}/cards                      {"deck": id, "cards": [ids], "excluded": [ids], "outdated": n}:
         `outdated`, the filter's exclusions dropped since their picture changed or went (kids_filter.py)
    PUT  /api/decks/{deck}/excluded                   JSON list of card ids (the kids' filter, saved with each
         one's picture: `outdated` is 0 after it); same `can_upload` check; 200 {"excluded": [...]}; 400 for
         a malformed body or ids not in the deck; 507 `storage_failed` when it cannot be saved.
         The pages of rooms that show a count it changes get the state anew (`decks_version`, the deck's
         `size`): kids' tables in the lobby and kids' games with this deck (server/room/deck_use.py).

`can_upload(request)` may return a bool or an awaitable of one (the server checks the room host token in
headers `X-Room` and `X-Token`). Every error body is `{"error": code, "message": sentence, "files": [...]}`;
sentences and the files' problems are in the language of the request's Accept-Language (ru or en).
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import re
from collections.abc import AsyncIterator

from aiohttp import web
from PIL import Image

from server.decks import card_images, photo_import
from server.decks.archive import MAX_UPLOAD_BYTES, import_zip
from server.decks.library import DeckLibrary, DeckNotFound
from server.decks.names import CARD_ID_RE, is_deck_id
from server.messages import sentence
from server.net import deck_access, deck_delete, deck_photos, keys
from server.net.deck_access import allowed
from server.net.deck_http import Tables, UploadCheck, error, lang_of, localized_files
from server.net.deck_import import Importer, UploadLimits

__all__ = ["CACHE_FOREVER", "UploadLimits", "setup_deck_routes"]

log = logging.getLogger(__name__)

CACHE_FOREVER = "public, max-age=31536000, immutable"
_CARD_FILE = re.compile(rf"(?P<card>{CARD_ID_RE.pattern})\.(?P<size>tv|thumb)\.(?P<fmt>webp|jpg)")


def _mb(n: int) -> int:
    return math.ceil(n / (1024 * 1024))


def setup_deck_routes(app: web.Application, library: DeckLibrary, can_upload: UploadCheck,
                      limits: UploadLimits | None = None, tables: Tables | None = None) -> None:
    """Adds the deck and card-picture routes (see the module docstring) to `app`, with `limits` on
    uploads (default UploadLimits()) and `tables`, the rooms (None: no room is asked anything).
    Stores them under keys.LIBRARY, CAN_UPLOAD, UPLOAD_LIMITS and TABLES; the importer is `importer_ctx`."""
    app[keys.LIBRARY] = library
    app[keys.CAN_UPLOAD] = can_upload
    app[keys.UPLOAD_LIMITS] = limits or UploadLimits()
    if tables is not None:
        app[keys.TABLES] = tables
    app.cleanup_ctx.append(importer_ctx)
    app.on_startup.append(verify_decks)
    r = app.router
    r.add_get("/cards/{deck}/{file}", card_image)
    r.add_get("/api/decks", list_decks)
    r.add_post("/api/decks", upload_deck)
    r.add_get("/api/decks/{deck}/cards", deck_cards)
    r.add_put("/api/decks/{deck}/excluded", put_excluded)
    deck_delete.add_routes(r)
    deck_photos.add_routes(r)


async def importer_ctx(app: web.Application) -> AsyncIterator[None]:
    """cleanup_ctx: the app's deck importer (server/net/deck_import.py) under keys.IMPORTER while the app
    runs; at the end a running import gives up at its next picture, so the process can exit soon."""
    importer = Importer(app[keys.UPLOAD_LIMITS])
    app[keys.IMPORTER] = importer
    yield
    importer.close()


async def verify_decks(app: web.Application) -> None:
    """on_startup: every picture is decoded before its deck is offered (a cut-short file is never dealt):
    once now, in a thread, so no room's first state waits for it on the event loop."""
    await asyncio.get_running_loop().run_in_executor(None, app[keys.LIBRARY].list)


async def card_image(request: web.Request) -> web.StreamResponse:
    """GET /cards/{deck}/{card}.{tv|thumb}.{webp|jpg}: the prepared picture, made on first request."""
    library = request.app[keys.LIBRARY]
    deck_id = request.match_info["deck"]
    m = _CARD_FILE.fullmatch(request.match_info["file"])
    if not is_deck_id(deck_id) or m is None:
        return error(request, 404, "not_found")
    loop = asyncio.get_running_loop()
    try:   # (`prepare` reads the deck, decoding a changed folder's pictures: a thread's work)
        path = await loop.run_in_executor(None, card_images.prepare, library, deck_id, m["card"], m["size"],
                                          m["fmt"])
    except KeyError:  # no such deck or card (DeckNotFound too)
        return error(request, 404, "not_found")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        # a picture Pillow cannot read: say so, keep serving the others
        log.warning("card %s/%s cannot be prepared: %s", deck_id, m["card"], exc)
        return error(request, 404, "broken_card")
    return web.FileResponse(path, headers={"Cache-Control": CACHE_FOREVER,
                                           "Content-Type": card_images.FORMATS[m["fmt"]][1]})


async def list_decks(request: web.Request) -> web.Response:
    """GET /api/decks: every deck in the request's language, and the upload quota's use."""
    library = request.app[keys.LIBRARY]
    loop = asyncio.get_running_loop()
    infos = await loop.run_in_executor(None, library.list)
    used = await loop.run_in_executor(None, library.uploaded_bytes)
    lang = lang_of(request)
    return web.json_response({"decks": [d.to_dict(lang) for d in infos],
                              "storage": {"used": used, "quota": request.app[keys.UPLOAD_LIMITS].quota_bytes}})


async def upload_deck(request: web.Request) -> web.Response:
    """POST /api/decks: a zip of pictures becomes a deck (the module docstring lists the answers)."""
    if not await allowed(request):
        return error(request, 403, "forbidden")
    library = request.app[keys.LIBRARY]
    reader = await deck_photos.open_upload(request)
    if isinstance(reader, web.Response):
        return reader
    with contextlib.ExitStack() as stack:
        try:
            title, files, skipped = await deck_photos.spool_parts(reader, stack)
        except deck_photos.TooBig:
            return error(request, 413, "too_big", max=_mb(MAX_UPLOAD_BYTES))
        if not files and not skipped:
            return error(request, 400, "no_file")
        if len(files) == 1 and not skipped and (deck_photos.is_zip(files[0][1].read(4))
                                                or files[0][0].lower().endswith(".zip")):
            files[0][1].seek(0)
            job = functools.partial(import_zip, library, files[0][1], title)
        else:   # pictures from a phone's gallery, each a card
            job = functools.partial(photo_import.import_pictures, library, files, title)
        got = await deck_photos.run_import(request, job, skipped)
    if isinstance(got, web.Response):
        return got
    result = got
    log.info("deck %s imported: %d cards, %d skipped", result.deck.id, result.deck.size, len(result.skipped))
    lang = lang_of(request)
    deck = result.deck.to_dict(lang)
    rooms = deck_access.tables(request)
    needed = rooms.cards_needed(request) if rooms is not None else None
    fits = needed is None or result.deck.size >= needed
    if rooms is not None:
        rooms.decks_changed()
    return web.json_response({"deck": deck, "skipped": localized_files(result.skipped, lang), "cards": result.cards,
                              "fits": fits,
                              "needed": needed,
                              "warning": None if fits else sentence("decks.kept_too_small", lang, {
                                  "title": deck["title"].get(lang) or deck["title"]["en"],
                                  "have": result.deck.size, "needed": needed})}, status=201)


async def deck_cards(request: web.Request) -> web.Response:
    """GET /api/decks/{deck}/cards: the deck's card ids and the kids' filter (with `outdated`, the saved
    exclusions whose picture changed or went since, server/decks/kids_filter.py)."""
    library = request.app[keys.LIBRARY]
    deck_id = request.match_info["deck"]
    loop = asyncio.get_running_loop()
    try:   # reading the deck may decode its pictures, its filter hash them: a thread's work, so no room waits
        deck = await loop.run_in_executor(None, library.get, deck_id)
        kept = await loop.run_in_executor(None, library.kids_filter, deck_id)
    except DeckNotFound:
        return error(request, 404, "not_found")
    return web.json_response({"deck": deck.id, "cards": deck.cards, "excluded": sorted(kept.excluded),
                              "outdated": kept.outdated})


async def put_excluded(request: web.Request) -> web.Response:
    """PUT /api/decks/{deck}/excluded: the kids' filter, a JSON list of the deck's card ids."""
    if not await allowed(request):
        return error(request, 403, "forbidden")
    library = request.app[keys.LIBRARY]
    deck_id = request.match_info["deck"]
    loop = asyncio.get_running_loop()
    try:   # (a changed folder's pictures are decoded: a thread's work)
        await loop.run_in_executor(None, library.get, deck_id)
    except DeckNotFound:
        return error(request, 404, "not_found")
    try:
        body = await request.json()
    except (ValueError, RecursionError):   # RecursionError: "[[[[..." nested deeper than json goes
        return error(request, 400, "malformed")
    if not isinstance(body, list) or not all(isinstance(c, str) for c in body) or len(body) > 10_000:
        return error(request, 400, "malformed")
    try:   # it hashes the pictures taken out: a thread's work, so the rooms never wait on it
        ids = await loop.run_in_executor(None, library.set_excluded, deck_id, body)
    except DeckNotFound:   # deleted meanwhile
        return error(request, 404, "not_found")
    except ValueError:
        unknown = sorted(set(body) - set((await loop.run_in_executor(None, library.get, deck_id)).cards))
        return error(request, 400, "unknown_cards",
                     files=[{"name": c, "problem": "not_in_deck"} for c in unknown[:50]])
    except OSError as exc:   # a picture unreadable or the filter not written: the old filter stays
        log.warning("deck %s: kids' filter not saved (%s)", deck_id, exc)
        return error(request, 507, "storage_failed", reason="filter")
    rooms = deck_access.tables(request)
    if rooms is not None:   # kids' tables' pages show the cards a kids' game now has (kids_size)
        rooms.kids_filter_changed(deck_id)
    return web.json_response({"deck": deck_id, "excluded": sorted(ids)})
