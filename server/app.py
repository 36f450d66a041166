"""`make_app(config)`: the aiohttp application: pages, static files, card images, the JSON API, the
WebSocket, and the long-lived resources (store, mDNS) as `cleanup_ctx` entries."""
from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import AsyncIterator
from typing import Any

from aiohttp import web

from server import __version__
from server.config import Config
from server.lan import qr
from server.lan.addresses import (
    Urls,
    is_loopback_only,
    listen_addresses,
    shown_addresses,
)
from server.net import keys
from server.net.ws import close_sockets, ws_handler
from server.room.env import SharedEnv
from server.room.registry import Rooms
from server.room.store import StorageError, Store

log = logging.getLogger(__name__)


def _page(relative: str):
    async def handler(request: web.Request) -> web.StreamResponse:
        request.app[keys.URLS].learn(request)
        path = request.app[keys.CONFIG].web_dir / relative
        if not path.is_file():
            raise web.HTTPNotFound(text=f"{relative} is missing")
        return web.FileResponse(path, headers={"Cache-Control": "no-cache"})
    return handler


async def tv_page(request: web.Request) -> web.StreamResponse:
    """`GET /tv`: the TV page. `?room=CODE` reopens that room and `?new=1` lets the page make a new one
    (`POST /api/rooms`); a bare `/tv` redirects to the current room (`Rooms.current`, the one the
    terminal banner printed; made if every room is finished), so reopening the TV tab never strands the
    phones in another room."""
    query = request.query
    if "room" in query or "new" in query:
        return await _TV_PAGE(request)
    try:
        room = request.app[keys.ROOMS].current_or_create()
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
    """`GET /join` or `/join/` (also `/p`, `/p/`): the current room's join page (the room a bare `/tv`
    shows), or a friendly "no game yet" page (404) when there is none. A phone never makes a room."""
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
        room = app[keys.ROOMS].create()
    except StorageError as exc:
        log.warning("could not store a new room: %s", exc)
        return web.json_response({"code": None, "error": "storage_failed"}, status=503)
    urls = app[keys.URLS]
    return web.json_response({"code": room.code, "join_url": urls.join(room.code), "tv_url": urls.tv(room.code)})


async def room_info(request: web.Request) -> web.StreamResponse:
    """`GET /api/rooms/{code}`: `{"code", "join_url", "phase"}` or 404 (the TV reopening `?room=`)."""
    room = request.app[keys.ROOMS].get(request.match_info["code"])
    if room is None:
        raise web.HTTPNotFound(text="no such room")
    request.app[keys.URLS].learn(request)
    return web.json_response({"code": room.code, "join_url": request.app[keys.URLS].join(room.code),
                              "phase": room.phase})


async def room_qr(request: web.Request) -> web.StreamResponse:
    """`GET /api/rooms/{code}/qr.png`: the QR code of the room's join URL."""
    room = request.app[keys.ROOMS].get(request.match_info["code"])
    if room is None:
        raise web.HTTPNotFound(text="no such room")
    urls = request.app[keys.URLS]
    urls.learn(request)
    return web.Response(body=qr.png(urls.join(room.code)), content_type="image/png",
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


async def healthz(request: web.Request) -> web.StreamResponse:
    """`GET /healthz`: `{"status": "ok", "version": "0.1.0", "rooms": n}` once the store is loaded."""
    return web.json_response({"status": "ok", "version": __version__, "rooms": len(request.app[keys.ROOMS])})


def _board_for(boards_dir):
    """A `board_for(settings)` function: the shipped board of the settings' ruleset
    (server/decks/boards.py, `<boards_dir>/<ruleset>.json`). Raises Refused("bad_settings") if it is unusable."""
    from server.decks import boards
    from server.room.refusals import Refused

    def board_for(settings: Any) -> Any:
        try:
            return boards.default_board(settings.ruleset, boards_dir)
        except boards.BoardError as exc:
            log.warning("board for %s: %s", settings.ruleset, exc)
            raise Refused("bad_settings", field="board", reason="no_board") from exc
    return board_for


async def store_ctx(app: web.Application) -> AsyncIterator[None]:
    """cleanup_ctx: open the store, load every room; close the store at the end."""
    config = app[keys.CONFIG]
    store = Store(config.db_path)
    app[keys.STORE] = store
    env = SharedEnv(store, app[keys.LIBRARY], _board_for(config.boards_dir), app[keys.URLS].join,
                  max_seats=config.max_seats, game_seed=config.game_seed)
    rooms = Rooms(env, default_lang=config.lang)
    loaded = rooms.load()
    app[keys.ROOMS] = rooms
    log.info("store %s: %d room(s) resumed", config.db_path, loaded)
    yield
    store.close()


async def discovery_ctx(app: web.Application) -> AsyncIterator[None]:
    """cleanup_ctx: advertise over mDNS in the background (unless disabled); unregister at the end."""
    config = app[keys.CONFIG]
    urls = app[keys.URLS]
    if not config.zeroconf or urls.mdns_host is None:   # off, or nobody else could reach this server
        yield
        return
    from server.lan.discovery import Advertisement
    interfaces = list(config.zeroconf_interfaces) if config.zeroconf_interfaces else None
    listening = listen_addresses(config.host)
    if interfaces is None and listening is not None:   # one address: answer mDNS only there
        interfaces = [ip for ip in listening if ":" not in ip] or None
    adv = Advertisement(config.port, urls.addresses, host=config.mdns_host, interfaces=interfaces,
                        instance=config.mdns_instance)
    app[keys.ADVERTISEMENT] = adv
    await adv.start()
    yield
    await adv.stop()


async def sweep_unfinished_imports(app: web.Application) -> None:
    """on_startup: remove the folders of deck imports a killed server left half done (decks/.import-*)."""
    user_dir = getattr(app[keys.LIBRARY], "user_dir", None)
    if user_dir is None:
        return
    from server.decks.archive import sweep_unfinished
    removed = await asyncio.get_running_loop().run_in_executor(None, sweep_unfinished, user_dir)
    if removed:
        log.info("removed %d unfinished deck import(s) from %s", removed, user_dir)


def _deck_library(config: Config) -> Any:
    """server.decks.DeckLibrary over the built-in decks and the data folder, or None if not available."""
    try:
        from server.decks.library import DeckLibrary
    except ImportError:
        log.warning("server.decks is missing: no decks")
        return None
    return DeckLibrary(config.decks_dir, config.data_dir)


def can_upload(request: web.Request) -> bool:
    """Deck uploads are for hosts: headers `X-Room` (a room code) and `X-Token` (that room's host seat
    token)."""
    room = request.app[keys.ROOMS].get(request.headers.get("X-Room"))
    return room is not None and room.is_host_token(request.headers.get("X-Token"))


def make_app(config: Config, *, library: Any = None) -> web.Application:
    """The application for `config`. `library` overrides the deck library (tests)."""
    app = web.Application(client_max_size=64 * 1024 * 1024)  # deck uploads are zip files
    app[keys.CONFIG] = config
    # Only addresses the server listens on (a non-wildcard --host); no mDNS name for a loopback-only one.
    loopback_only = is_loopback_only(listen_addresses(config.host) or [])
    app[keys.URLS] = Urls(shown_addresses(config.host, config.advertise_ip), config.port,
                          config.mdns_host if config.zeroconf and not loopback_only else None)
    app[keys.LIBRARY] = library if library is not None else _deck_library(config)
    app[keys.SOCKETS] = weakref.WeakSet()
    app[keys.IP_LIMITS] = keys.IpLimits(config.join_burst, config.join_rate)
    app[keys.CREATE_LIMITS] = keys.IpLimits(config.join_burst, config.join_rate)
    app.on_startup.append(sweep_unfinished_imports)
    app.cleanup_ctx.append(store_ctx)
    app.cleanup_ctx.append(discovery_ctx)
    app.on_shutdown.append(close_sockets)

    r = app.router
    r.add_get("/", index)
    r.add_get("/tv", tv_page)
    for prefix in ("/join", "/p"):
        r.add_get(prefix, join_without_code)
        r.add_get(prefix + "/", join_without_code)
        r.add_get(prefix + "/{code}", join_page)
        r.add_get(prefix + "/{code}/", join_page)
    r.add_get("/favicon.ico", favicon)
    r.add_post("/api/rooms", create_room)
    r.add_get("/api/rooms/{code}", room_info)
    r.add_get("/api/rooms/{code}/qr.png", room_qr)
    r.add_get("/api/info", info)
    r.add_get("/healthz", healthz)
    r.add_get("/ws", ws_handler)
    if config.web_dir.is_dir():
        r.add_static("/static/", config.web_dir, follow_symlinks=False)
    if app[keys.LIBRARY] is not None:
        try:
            from server.net.deck_routes import setup_deck_routes
        except ImportError:
            log.warning("server.deck_routes is missing: no card images")
        else:
            setup_deck_routes(app, app[keys.LIBRARY], can_upload)
    return app
