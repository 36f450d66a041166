"""The HTTP pages and the small JSON API: `/tv`, `/join/{code}` (and `/p`), `/`, the favicon,
`POST /api/rooms`, `/api/rooms/{code}` (+ `qr.png`), `/api/info`, `/api/rules` and `/healthz` (docs/protocol.md)."""
from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from server import __version__, engine
from server.lan import qr
from server.lan.addresses import Urls
from server.net import keys, static, tv_missing
from server.net.webfiles import MadeOnce
from server.room import views
from server.room.room import Room
from server.room.store import StorageError

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _page(relative: str) -> Handler:
    """A handler serving `web/<relative>` as built at start-up (server/net/static.py: revalidated, so a new
    server version shows at once; its modules and stylesheets under versioned URLs)."""
    async def handler(request: web.Request) -> web.StreamResponse:
        request.app[keys.URLS].learn(request)
        return static.page(request, relative)
    return handler


TV_ROOM_COOKIE = "tv_room"   # the room a TV's browser last showed: web/tv/tv.js sets it (path /tv)


async def tv_page(request: web.Request) -> web.StreamResponse:
    """`GET /tv`: the TV page. `?room=CODE` opens that room, or, if this server has no such room, says so
    on a 404 page with links to the room in play and to a new room (server/net/tv_missing.py); `?new=1`
    lets the page make a new room (`POST /api/rooms`). A bare `/tv` (a power-cycled TV, a bookmark)
    redirects to the room this TV's browser last showed (cookie `tv_room`) while that room exists, else to
    the room in play (`Rooms.current`: the one the terminal printed while its game is not over; made if
    there is none), so a TV never jumps to a room another TV or a phone made meanwhile."""
    query = request.query
    rooms = request.app[keys.ROOMS]
    asked = query.get("room", "")
    if asked.strip():
        if rooms.get(asked) is None:
            request.app[keys.URLS].learn(request)
            return tv_missing.page(request, asked, rooms.current())
        return await _TV_PAGE(request)
    if "new" in query:
        return await _TV_PAGE(request)
    room = rooms.get(request.cookies.get(TV_ROOM_COOKIE))
    if room is None:
        try:
            room = await rooms.current_or_open()
        except StorageError as exc:  # the page's own POST /api/rooms then says so on the TV
            log.warning("could not store a new room: %s", exc)
            return await _TV_PAGE(request)
    raise web.HTTPFound(request.rel_url.update_query(room=room.code))


_TV_PAGE = _page("tv/index.html")
_PHONE_PAGE = _page("phone/index.html")

# What a phone sees at a join address without a room to join (no code, and no game open here yet): a
# friendly page in both languages instead of aiohttp's bare "404: Not Found".
_NO_ROOM_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Imaginarium</title><link rel="icon" href="/favicon.ico">
<style>body{font:20px/1.4 system-ui,sans-serif;margin:2em auto;max-width:30em;padding:0 1em;text-align:center}
h1{font-size:1.6em}p{color:#444}</style></head>
<body><h1>&#x1F418; No game is open here yet</h1>
<p>Open <b>/tv</b> on the TV, then scan the QR code it shows with this phone.</p>
<h1 lang="ru">Здесь пока нет игры</h1>
<p lang="ru">Откройте <b>/tv</b> на телевизоре и отсканируйте QR-код с экрана этим телефоном.</p>
</body></html>
"""


async def join_page(request: web.Request) -> web.StreamResponse:
    """`GET /join/{code}` (alias `/p/{code}`): the phone page. An unknown code still gets it (the page
    says "no such room" and points back at the TV's QR code); `/join/CODE/` drops the slash."""
    code = request.match_info.get("code", "")
    if request.path.endswith("/"):
        raise web.HTTPFound(f"/join/{code}")
    return await _PHONE_PAGE(request)


async def join_without_code(request: web.Request) -> web.StreamResponse:
    """`GET /join` or `/join/` (also `/p`, `/p/`): the join page of the room in play (what a bare `/tv`
    opens on a TV that never showed a room), or a friendly "no game yet" page (404) when there is none. A
    phone never makes a room."""
    room = request.app[keys.ROOMS].current()
    if room is not None:
        raise web.HTTPFound(f"/join/{room.code}")
    return web.Response(text=_NO_ROOM_HTML, status=404, content_type="text/html",
                        headers={"Cache-Control": "no-cache"})


async def favicon(request: web.Request) -> web.StreamResponse:
    """`GET /favicon.ico`: the elephant (`web/shared/favicon.png`), for browsers that ask by that name."""
    path = request.app[keys.CONFIG].web_dir / "shared" / "favicon.png"
    if not path.is_file():
        raise web.HTTPNotFound(text="favicon.png is missing")
    return web.FileResponse(path, headers={"Content-Type": "image/png", "Cache-Control": "max-age=86400"})


async def index(request: web.Request) -> web.StreamResponse:
    """`GET /`: the TV page."""
    raise web.HTTPFound("/tv")


async def create_room(request: web.Request) -> web.StreamResponse:
    """`POST /api/rooms`: a new room; `{"code": "KXPT", "join_url": ..., "tv_url": ...}`."""
    app = request.app
    app[keys.URLS].learn(request)
    if not app[keys.CREATE_LIMITS].allow(request.remote or "?"):
        log.warning("room creation from %s rate-limited", request.remote)
        return web.json_response({"code": None, "error": "rate_limited"}, status=429)
    try:
        room = await app[keys.ROOMS].open()
    except StorageError as exc:
        log.warning("could not store a new room: %s", exc)
        return web.json_response({"code": None, "error": "storage_failed"}, status=503)
    urls = app[keys.URLS]
    return web.json_response({"code": room.code, "join_url": urls.join(room.code), "tv_url": urls.tv(room.code)})


def _room_and_urls(request: web.Request) -> tuple[Room, Urls]:
    """The room `{code}` names (else 404) and the URLs, having learnt the address the client used."""
    room = request.app[keys.ROOMS].get(request.match_info["code"])
    if room is None:
        raise web.HTTPNotFound(text="no such room")
    urls = request.app[keys.URLS]
    urls.learn(request)
    return room, urls


async def room_info(request: web.Request) -> web.StreamResponse:
    """`GET /api/rooms/{code}`: `{"code", "join_url", "phase"}` or 404 (the TV reopening `?room=`)."""
    room, urls = _room_and_urls(request)
    return web.json_response({"code": room.code, "join_url": urls.join(room.code), "phase": room.phase})


async def room_qr(request: web.Request) -> web.StreamResponse:
    """`GET /api/rooms/{code}/qr.png`: the QR code of the room's join URL, drawn off the event loop once
    per URL and kept (`server/net/renders.py`)."""
    room, urls = _room_and_urls(request)
    url = urls.join(room.code)   # the address in it changes with the network, so it is the key
    body = await request.app[keys.QR_RENDERS].get(url, lambda: qr.png(url))
    return web.Response(body=body, content_type="image/png",
                        headers={"Cache-Control": "no-cache"})


async def info(request: web.Request) -> web.StreamResponse:
    """`GET /api/info`: every candidate base URL (primary first), the mDNS address, the version."""
    app = request.app
    urls = app[keys.URLS]
    urls.learn(request)
    adv = app.get(keys.ADVERTISEMENT)
    adv = adv if adv is not None and adv.active else None
    room = app[keys.ROOMS].get(request.query.get("room"))
    return web.json_response({
        "base_urls": [urls.base(ip) for ip in urls.addresses],
        "join_urls": [urls.join(room.code, ip) if room else urls.base(ip) + "/join/" for ip in urls.addresses],
        "mdns_url": urls.mdns() if adv is not None else None,
        "mdns_name": adv.names[0] if adv is not None else None,
        "version": __version__,
    })


async def rules(request: web.Request) -> web.StreamResponse:
    """`GET /api/rules`: the engine's rules catalogue (rulesets, modes and their seats, settings with
    their values and defaults, conditions; docs/protocol.md), read from its registries, and the rooms'
    constants (views.catalogue: the colours, this server's timer choices). Nothing in it changes while the
    server runs, and it depends on no language: encoded and compressed on the first request, then the same
    bytes (and ETag) for every one (`keys.RULES`)."""
    env = request.app[keys.ROOMS].env

    def encode() -> bytes:
        return json.dumps({**engine.catalogue(), **views.catalogue(env)}).encode()
    return static.made(request, request.app[keys.RULES], encode)   # gzip, and a 304 on a TV's reload


async def healthz(request: web.Request) -> web.StreamResponse:
    """`GET /healthz`: `{"status": "ok", "version": "0.1.0", "rooms": n}` once the store is loaded."""
    return web.json_response({"status": "ok", "version": __version__, "rooms": len(request.app[keys.ROOMS])})


def setup_pages(app: web.Application) -> None:
    """The pages and the JSON API on `app`'s router, and the `/api/rules` body's keeper (`keys.RULES`)."""
    app[keys.RULES] = MadeOnce("application/json; charset=utf-8")
    router = app.router
    router.add_get("/", index)
    router.add_get("/tv", tv_page)
    for prefix in ("/join", "/p"):
        router.add_get(prefix, join_without_code)
        router.add_get(prefix + "/", join_without_code)
        router.add_get(prefix + "/{code}", join_page)
        router.add_get(prefix + "/{code}/", join_page)
    router.add_get("/favicon.ico", favicon)
    router.add_post("/api/rooms", create_room)
    router.add_get("/api/rooms/{code}", room_info)
    router.add_get("/api/rooms/{code}/qr.png", room_qr)
    router.add_get("/api/info", info)
    router.add_get("/api/rules", rules)
    router.add_get("/healthz", healthz)
