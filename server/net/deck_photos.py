"""Decks from a phone's gallery over HTTP, and the host's changes to an uploaded deck.

    POST /api/decks with several `file` parts (pictures; server/net/deck_routes.py `upload_deck` hands them
         here): a new deck, answered like a zip's upload (201 {"deck", "skipped", "cards", "fits", "needed",
         "warning"}), `cards` the ids of the cards made, in upload order.
    POST   /api/decks/{deck}/cards          multipart `file` parts: more cards for an uploaded deck. 201 {"deck",
         "skipped", "cards"}; 403 `forbidden`, `deck_builtin`, `deck_not_uploaded`; 404; 400 `no_file`,
         `no_images`; 413; 429; 507 as for an upload.
    PATCH  /api/decks/{deck}                JSON {"title": text}: renames it. 200 {"deck"}; 400 `malformed`.
    DELETE /api/decks/{deck}/cards/{card}   takes one card out. 200 {"deck"}; 409 `deck_in_use` while a game
         holds the deck (the deletion's rule, server/net/deck_delete.py); 409 `last_card` (delete the deck).

Every picture part is spooled to an anonymous temporary file (gone with the process, even a killed one);
one above the per-picture limit (pictures.MAX_CARD_BYTES) is skipped as `too_big` while the rest go on,
and the whole request is bounded by archive.MAX_UPLOAD_BYTES (413). Pictures are made into cards in the
importer's one thread, one import at a time, within the quota (server/net/deck_import.py).
All need the host's credentials (X-Room, X-Token); errors speak the request's language.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import tempfile
from collections.abc import Callable
from typing import Any, BinaryIO, cast

from aiohttp import BodyPartReader, MultipartReader, web

from server.decks import photo_import
from server.decks.archive import MAX_FILES, MAX_UPLOAD_BYTES, ImportRefused, ImportResult
from server.decks.library import DeckNotFound
from server.decks.pictures import MAX_CARD_BYTES, problem_message
from server.decks.removal import DeleteRefused, check_deletable
from server.net import deck_access, keys
from server.net.deck_access import allowed
from server.net.deck_delete import _refusal
from server.net.deck_http import error, lang_of, localized_files

log = logging.getLogger(__name__)

Spooled = list[tuple[str, BinaryIO]]


def add_routes(router: web.UrlDispatcher) -> None:
    """Adds the routes of the module docstring but the first (that one is deck_routes.upload_deck's)."""
    router.add_post("/api/decks/{deck}/cards", add_cards)
    router.add_patch("/api/decks/{deck}", rename_deck)
    router.add_delete("/api/decks/{deck}/cards/{card}", remove_card)


def _mb(n: int) -> int:
    return math.ceil(n / (1024 * 1024))


def is_zip(head: bytes) -> bool:
    """True if `head`, a file's first bytes, begins a zip archive (a local file header or an empty zip's end)."""
    return head.startswith((b"PK\x03\x04", b"PK\x05\x06"))


class TooBig(Exception):
    """The whole request is above archive.MAX_UPLOAD_BYTES."""


async def spool_parts(reader: MultipartReader, stack: contextlib.ExitStack) -> tuple[str | None, Spooled, list[dict]]:
    """Reads the form: (the `title` part's text or None, each `file` part spooled to an anonymous temporary
    file registered on `stack`, the parts skipped as `too_big`: above MAX_CARD_BYTES, except a first part
    that is a zip). Raises TooBig once the parts together pass MAX_UPLOAD_BYTES."""
    title: str | None = None
    files: Spooled = []
    skipped: list[dict] = []
    total = 0
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):   # a nested multipart is no form field of ours
            continue
        if part.name == "title" and title is None:
            title = (await part.text())[:200]
            continue
        if part.name != "file" or len(files) + len(skipped) > MAX_FILES:
            await part.release()
            continue
        name = (part.filename or f"picture-{len(files) + len(skipped) + 1}")[:200]
        spool = cast(BinaryIO, stack.enter_context(tempfile.TemporaryFile()))  # noqa: SIM115 (the stack closes it)
        size, limit = 0, MAX_CARD_BYTES
        while chunk := await part.read_chunk(1 << 16):
            if size == 0 and not files and not skipped and is_zip(chunk):
                limit = MAX_UPLOAD_BYTES   # the one zip of a zip upload: the request's limit is its own
            size += len(chunk)
            total += len(chunk)
            if total > MAX_UPLOAD_BYTES:
                raise TooBig
            if size <= limit:
                spool.write(chunk)
        if size > limit:   # the rest of the pictures still count
            skipped.append({"name": name, "problem": "too_big"})
            spool.close()
        else:
            spool.seek(0)
            files.append((name, spool))
    return title, files, skipped


async def open_upload(request: web.Request) -> MultipartReader | web.Response:
    """The first checks of an upload, in order: the declared size (413 `too_big`), the room's upload rate
    (429 `upload_rate_limited`), the quota (507 `quota_full`), a multipart body (400 `no_file`); the form's
    reader, or the error to answer."""
    if request.content_length is not None and request.content_length > MAX_UPLOAD_BYTES:
        return error(request, 413, "too_big", max=_mb(MAX_UPLOAD_BYTES))
    library, limits, importer = request.app[keys.LIBRARY], request.app[keys.UPLOAD_LIMITS], request.app[keys.IMPORTER]
    wait = importer.rate_limited(str(request.headers.get("X-Room", "")).upper())
    if wait:
        return error(request, 429, "upload_rate_limited", retry_after=wait, minutes=math.ceil(wait / 60))
    used = await asyncio.get_running_loop().run_in_executor(None, library.uploaded_bytes)
    if used >= limits.quota_bytes:
        return error(request, 507, "quota_full", used=_mb(used), quota=_mb(limits.quota_bytes))
    try:
        return await request.multipart()
    except (AssertionError, ValueError, KeyError):
        return error(request, 400, "no_file")


def refused(request: web.Request, exc: ImportRefused, used: int) -> web.Response:
    """The answer to an import that made nothing (ImportRefused), in the request's language."""
    limits = request.app[keys.UPLOAD_LIMITS]
    if exc.code == "quota_full":
        return error(request, 507, "quota_full", used=_mb(used), quota=_mb(limits.quota_bytes))
    if exc.code == "deck_too_big":
        return error(request, exc.status, exc.code, max=_mb(limits.max_stored_bytes))
    return error(request, exc.status, exc.code, exc.files, **exc.params)


async def run_import(request: web.Request, job: Callable[..., ImportResult], skipped: list[dict]) \
        -> ImportResult | web.Response:
    """Runs `job(max_stored_bytes=, quota_left=, stopping=)` in the importer's thread, one import at a time,
    within the quota; the result with `skipped` (the parts refused while spooling) put first, or the error."""
    library, limits, importer = request.app[keys.LIBRARY], request.app[keys.UPLOAD_LIMITS], request.app[keys.IMPORTER]
    loop = asyncio.get_running_loop()
    used = 0
    try:
        async with importer.lock:
            used = await loop.run_in_executor(importer.executor, library.uploaded_bytes)
            if used >= limits.quota_bytes:
                return error(request, 507, "quota_full", used=_mb(used), quota=_mb(limits.quota_bytes))
            result = await loop.run_in_executor(importer.executor, functools.partial(
                job, max_stored_bytes=limits.max_stored_bytes, quota_left=limits.quota_bytes - used,
                stopping=importer.stopping))
    except ImportRefused as exc:
        exc.files = [*({**s, "message": problem_message(s["problem"])} for s in skipped), *exc.files]
        return refused(request, exc, used)
    except OSError as exc:   # disk full, permissions: nothing was kept
        log.warning("picture import failed: %s", exc)
        return error(request, 507, "storage_failed")
    result.skipped[:0] = skipped
    return result


async def import_parts(request: web.Request, title: str | None, files: Spooled, skipped: list[dict]) \
        -> ImportResult | web.Response:
    """POST /api/decks with picture parts: the new deck made of `files`, or the error."""
    if not files and not skipped:
        return error(request, 400, "no_file")
    return await run_import(request, functools.partial(photo_import.import_pictures, request.app[keys.LIBRARY],
                                                       files, title), skipped)


async def add_cards(request: web.Request) -> web.Response:
    """POST /api/decks/{deck}/cards (the module docstring)."""
    if not await allowed(request):
        return error(request, 403, "forbidden")
    library = request.app[keys.LIBRARY]
    deck_id = request.match_info["deck"]
    try:
        check_deletable(library, deck_id)
    except DeckNotFound:
        return error(request, 404, "not_found")
    except DeleteRefused as exc:
        return error(request, exc.status, exc.code)
    reader = await open_upload(request)
    if isinstance(reader, web.Response):
        return reader
    with contextlib.ExitStack() as stack:
        try:
            _title, files, skipped = await spool_parts(reader, stack)
        except TooBig:
            return error(request, 413, "too_big", max=_mb(MAX_UPLOAD_BYTES))
        if not files and not skipped:
            return error(request, 400, "no_file")
        got = await run_import(request, functools.partial(photo_import.add_pictures, library, deck_id, files),
                               skipped)
    if isinstance(got, web.Response):
        return got
    log.info("deck %s: %d cards added, %d skipped", deck_id, len(got.cards), len(got.skipped))
    _changed(request)
    lang = lang_of(request)
    return web.json_response({"deck": got.deck.to_dict(lang), "skipped": localized_files(got.skipped, lang),
                              "cards": got.cards}, status=201)


def _changed(request: web.Request) -> None:
    rooms = deck_access.tables(request)
    if rooms is not None:
        rooms.decks_changed()


async def rename_deck(request: web.Request) -> web.Response:
    """PATCH /api/decks/{deck} (the module docstring)."""
    if not await allowed(request):
        return error(request, 403, "forbidden")
    try:
        body: Any = await request.json()
    except (ValueError, RecursionError):
        return error(request, 400, "malformed")
    if not isinstance(body, dict) or not isinstance(body.get("title"), str) or not body["title"].strip():
        return error(request, 400, "malformed")
    try:
        info = photo_import.rename(request.app[keys.LIBRARY], request.match_info["deck"], body["title"][:200])
    except DeckNotFound:
        return error(request, 404, "not_found")
    except DeleteRefused as exc:
        return error(request, exc.status, exc.code)
    except (ValueError, OSError):
        return error(request, 400, "malformed")
    _changed(request)
    return web.json_response({"deck": info.to_dict(lang_of(request))})


async def remove_card(request: web.Request) -> web.Response:
    """DELETE /api/decks/{deck}/cards/{card} (the module docstring): not while a game holds the deck."""
    if not await allowed(request):
        return error(request, 403, "forbidden")
    deck_id, card_id = request.match_info["deck"], request.match_info["card"]
    refusal = _refusal(request, deck_id)   # the deletion's rules: uploaded decks only, none a game holds
    if refusal is not None:
        return refusal
    try:   # files go and the kids' filter is rewritten (it hashes pictures): a thread's work
        info = await asyncio.get_running_loop().run_in_executor(
            None, photo_import.remove_card, request.app[keys.LIBRARY], deck_id, card_id)
    except KeyError:   # DeckNotFound too: no such deck or card
        return error(request, 404, "not_found")
    except DeleteRefused as exc:
        return error(request, exc.status, exc.code)
    except ValueError:
        return error(request, 409, "last_card")
    except OSError as exc:
        log.warning("card %s/%s could not be removed: %s", deck_id, card_id, exc)
        return error(request, 507, "delete_failed")
    _changed(request)
    return web.json_response({"deck": info.to_dict(lang_of(request))})
