"""The story of the evening over HTTP (docs/protocol.md "Story"):

    GET /api/rooms/{CODE}/story       JSON (server/room/story.py `story_view`)
    GET /api/rooms/{CODE}/story.png   the keepsake picture (server/room/keepsake.py), `?lang=en|ru`

Only the table and the TV see it: header `X-Token` (a seat token of the room) or `X-TV-Key` (the key the
TV's `welcome` carries). 404 `{"error": "no_such_room"}` for an unknown room, 403 `{"error": "forbidden"}`
without a credential of this room. Never cached by the browser (it grows every round).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from aiohttp import web
from PIL import Image

from server.decks import card_images
from server.decks.library import DeckLibrary
from server.net import keys
from server.net.ratelimit import IpLimits
from server.net.renders import Renders
from server.room import keepsake
from server.room.room import Room
from server.room.story import story_view

log = logging.getLogger(__name__)

PNG_KEPT = 16    # story pictures kept (about 5 rooms × 2 languages, and the state before)
STORY_BURST, STORY_RATE = 6, 0.2   # story.png requests per client address: 6 at once, then one per 5 s
NO_STORE = {"Cache-Control": "no-store"}


def _viewer_room(request: web.Request) -> Room:
    """The room `{code}` names, if the request holds a credential of it (else 404 / 403)."""
    room = request.app[keys.ROOMS].get(request.match_info["code"])
    if room is None:
        raise web.HTTPNotFound(text='{"error": "no_such_room"}', content_type="application/json")
    if not room.is_viewer(request.headers.get("X-Token"), request.headers.get("X-TV-Key")):
        log.info("story of %s refused to %s: no credential of the room", room.code, request.remote)
        raise web.HTTPForbidden(text='{"error": "forbidden"}', content_type="application/json")
    return room


async def story_json(request: web.Request) -> web.StreamResponse:
    """`GET /api/rooms/{CODE}/story`."""
    room = _viewer_room(request)
    return web.json_response(story_view(room.record), headers=NO_STORE)


def _picture_finder(library: DeckLibrary) -> Callable[[str, str], Path | None]:
    """`card_picture(deck, card)` for the keepsake: the card's prepared thumbnail, or None."""
    def card_picture(deck: str, card: str) -> Path | None:
        try:
            return card_images.prepare(library, deck, card, "thumb", "webp")
        except (KeyError, OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
            log.warning("keepsake: no picture for card %s/%s: %s", deck, card, exc)
            return None
    return card_picture


async def story_png(request: web.Request) -> web.StreamResponse:
    """`GET /api/rooms/{CODE}/story.png`: drawn once per (room, state, language) in the story pictures'
    own pool and kept (`server/net/renders.py`); 429 `{"error": "rate_limited"}` past `STORY_BURST`
    requests from one address (then one per 1/STORY_RATE s)."""
    room = _viewer_room(request)
    lang = request.query.get("lang", "")
    if lang not in keepsake.TEXT:
        lang = "ru" if request.headers.get("Accept-Language", "").lower().startswith("ru") else "en"
    if not request.app[keys.STORY_LIMITS].allow(request.remote or "?"):
        request.app[keys.THROTTLED].warning("story_rate", "story.png from %s rate-limited", request.remote)
        raise web.HTTPTooManyRequests(text='{"error": "rate_limited"}', content_type="application/json",
                                      headers={"Retry-After": str(round(1 / STORY_RATE)), **NO_STORE})
    view = story_view(room.record)
    finder = _picture_finder(request.app[keys.LIBRARY])
    body = await request.app[keys.STORY_RENDERS].get((room.code, room.state_id, lang),
                                                     lambda: keepsake.render(view, lang, finder))
    return web.Response(body=body, content_type="image/png", headers=NO_STORE)


def setup_story_routes(app: web.Application) -> None:
    """Adds the two story routes (module docstring) to `app`, with the pool that draws the pictures."""
    app[keys.STORY_RENDERS] = Renders("story", PNG_KEPT)
    app[keys.STORY_LIMITS] = IpLimits(STORY_BURST, STORY_RATE)

    async def close_pool(app: web.Application) -> None:
        app[keys.STORY_RENDERS].close()
    app.on_cleanup.append(close_pool)
    app.router.add_get("/api/rooms/{code}/story", story_json)
    app.router.add_get("/api/rooms/{code}/story.png", story_png)
