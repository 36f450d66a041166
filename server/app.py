"""`make_app(config)`: the composition root. It builds the aiohttp application from the layers below:
pages, static files, card images and the JSON API (server/net/), the WebSocket, and the long-lived
resources (the store and rooms of server/room/, the mDNS advertisement of server/lan/) as `cleanup_ctx`
entries."""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from server import engine
from server.config import Config
from server.decks import boards
from server.decks.archive import sweep_unfinished
from server.decks.library import DeckLibrary
from server.decks.removal import sweep_deleted
from server.lan.addresses import Urls, is_loopback_only, listen_addresses, shown_addresses
from server.lan.discovery import Advertisement
from server.lan.watch import AddressWatch
from server.net import keys, pages, webfiles
from server.net.client_errors import client_mistakes, quiet_bad_requests
from server.net.deck_routes import UploadLimits, setup_deck_routes
from server.net.hosts import HostPolicy, host_guard, machine_names
from server.net.ratelimit import IpLimits
from server.net.renders import Renders
from server.net.static import setup_static
from server.net.story_routes import setup_story_routes
from server.net.throttle import ThrottledLog
from server.net.ws import setup_ws
from server.room import deck_use
from server.room.env import SharedEnv
from server.room.refusals import Refused
from server.room.registry import Rooms
from server.room.room import Room
from server.room.settings import cards_needed
from server.room.store import Store

log = logging.getLogger(__name__)


def _board_for(boards_dir: Path) -> Callable[[engine.Settings], engine.Board]:
    """A `board_for(settings)` function: the shipped board of the settings' ruleset
    (server/decks/boards.py, `<boards_dir>/<ruleset>.json`). Raises Refused("bad_settings") if it is unusable."""

    def board_for(settings: engine.Settings) -> engine.Board:
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
                    max_seats=config.max_seats, game_seed=config.game_seed,
                    host_grace=config.host_grace, timer_extra=config.timer_test_seconds)
    rooms = Rooms(env, default_lang=config.lang)

    def filter_read(deck_id: str) -> None:   # a thread read a kids' filter: the pages showing its count get it
        for room in rooms:
            room.kids_filter_changed(deck_id)
    env.filter_read = filter_read

    def deck_read(deck_id: str) -> None:   # a thread read a changed deck folder: the rooms showing it get it
        for room in rooms:
            room.deck_read(deck_id)
    env.deck_read = deck_read
    # every saved kids' filter read before the rooms need one (it hashes pictures: a thread's work)
    await asyncio.get_running_loop().run_in_executor(None, app[keys.LIBRARY].read_kids_filters)
    loaded = rooms.load()
    app[keys.ROOMS] = rooms
    log.info("store %s: %d room(s) resumed", config.db_path, loaded)
    yield
    await store.flush()  # what was accepted is stored before the store closes
    store.close()
    env.close()


async def clocks_ctx(app: web.Application) -> AsyncIterator[None]:
    """cleanup_ctx (after `store_ctx`): the loaded rooms' timers run; at the end each stops and stores
    the time it had left, before the store's last flush (server/room/clock.py)."""
    rooms = app[keys.ROOMS]
    rooms.start_clocks()
    yield
    rooms.stop_clocks()


async def discovery_ctx(app: web.Application) -> AsyncIterator[None]:
    """cleanup_ctx: advertise over mDNS in the background (unless disabled); unregister at the end."""
    config = app[keys.CONFIG]
    urls = app[keys.URLS]
    if not config.zeroconf or urls.mdns_host is None:   # off, or nobody else could reach this server
        yield
        return
    interfaces = list(config.zeroconf_interfaces) if config.zeroconf_interfaces else None
    listening = listen_addresses(config.host)
    if interfaces is None and listening is not None:   # one address: answer mDNS only there
        interfaces = [ip for ip in listening if ":" not in ip] or None

    def on_host(host: str) -> None:   # another machine has the name: ours is imaginarium-2 (lan/discovery.py)
        urls.mdns_host = host
        app[keys.HOST_POLICY].names.add(f"{host}.local")
        log.warning("mDNS: %s.local is another server's on this network; this one is %s.local",
                    config.mdns_host, host)
        told_changed(app)

    adv = Advertisement(config.port, urls.addresses, host=config.mdns_host, interfaces=interfaces,
                        instance=config.mdns_instance, on_host=on_host)
    app[keys.ADVERTISEMENT] = adv
    await adv.start()
    yield
    await adv.stop()


def told_changed(app: web.Application) -> None:
    """Call every `keys.ON_ADDRESSES` listener (the command reprints its banner): the addresses or the
    mDNS name people are shown changed."""
    for listener in app[keys.ON_ADDRESSES]:
        listener()


async def addresses_ctx(app: web.Application) -> AsyncIterator[None]:
    """cleanup_ctx (after `discovery_ctx`): follow this machine's addresses (server/lan/watch.py) when the
    server listens on every address: a new LAN address (the Wi-Fi up after the server started at boot) is
    in the URLs, the QR codes and `/api/info`, is served (the Host allow-list), advertised over mDNS,
    written in the data folder's lock for a second server's sentence, and the banner is printed again."""
    config, urls, policy = app[keys.CONFIG], app[keys.URLS], app[keys.HOST_POLICY]
    if listen_addresses(config.host) is not None:   # one address, given: it does not change
        yield
        return

    async def changed(_old: list[str], new: list[str]) -> None:
        urls.addresses = new
        policy.refresh()
        lock = app.get(keys.DATA_LOCK)
        if lock is not None:
            lock.describe(urls.base())
        told_changed(app)
        adv = app.get(keys.ADVERTISEMENT)
        if adv is not None:
            await adv.readvertise(new)

    watch = AddressWatch(urls.addresses, lambda: shown_addresses(config.host, config.advertise_ip), changed)
    task = asyncio.create_task(watch.run(), name="watch-addresses")
    yield
    task.cancel()


async def sweep_unfinished_imports(app: web.Application) -> None:
    """on_startup: remove the folders of deck imports a killed server left half done (decks/.import-*) and
    what is left of deleted decks (decks/.deleted-*, prepared pictures of retired ids)."""
    library = app[keys.LIBRARY]
    loop = asyncio.get_running_loop()
    removed = await loop.run_in_executor(None, sweep_unfinished, library.user_dir)
    if removed:
        log.info("removed %d unfinished deck import(s) from %s", removed, library.user_dir)
    removed = await loop.run_in_executor(None, sweep_deleted, library)
    if removed:
        log.info("removed %d leftover(s) of deleted decks from %s", removed, library.data_dir)


def can_upload(request: web.Request) -> bool:
    """Deck uploads are for hosts: headers `X-Room` (a room code) and `X-Token` (that room's host seat
    token)."""
    room = request.app[keys.ROOMS].get(request.headers.get("X-Room"))
    return room is not None and room.is_host_token(request.headers.get("X-Token"))


class RoomTables:
    """The rooms as the deck routes see them (server/net/deck_routes.py `Tables`)."""

    def __init__(self, app: web.Application) -> None:
        self.app = app

    def _rooms(self) -> list[Room]:
        rooms = self.app.get(keys.ROOMS)
        return list(rooms) if rooms is not None else []

    def cards_needed(self, request: web.Request) -> int | None:
        """The fewest cards the table of room `X-Room` needs now (room/settings.py `cards_needed`)."""
        rooms = self.app.get(keys.ROOMS)
        room = rooms.get(request.headers.get("X-Room")) if rooms is not None else None
        return cards_needed(room.record) if room is not None and room.game is None else None

    def holding(self, deck_id: str) -> dict[str, str]:
        """Rooms that still need `deck_id`'s pictures: code -> "playing" | "results" (Rooms.holding)."""
        rooms = self.app.get(keys.ROOMS)
        return rooms.holding(deck_id) if rooms is not None else {}

    def holders(self, deck_id: str, request: web.Request) -> list[dict[str, Any]]:
        """The rooms holding `deck_id` as the `deck_in_use` refusal lists them for the host of room `X-Room`
        (deck_use.describe)."""
        rooms, now = self.app.get(keys.ROOMS), time.monotonic()
        if rooms is None:
            return []
        asker = str(request.headers.get("X-Room", "")).upper()
        return [deck_use.describe(room, why, now, asker_hosts=code == asker)
                for code, why in rooms.holding(deck_id).items() if (room := rooms.get(code)) is not None]

    async def end_game(self, code: str, state_id: int, request: web.Request) -> None:
        """End room `code`'s game so its deck may go (Room.end_for_deck); the asker (already checked as the
        host of room `X-Room`) is its host when `X-Room` is `code`. Raises Refused (`no_such_room`, ...)."""
        rooms = self.app.get(keys.ROOMS)
        room = rooms.get(code) if rooms is not None else None
        if room is None:
            raise Refused("no_such_room")
        await room.end_for_deck(state_id, asker_hosts=str(request.headers.get("X-Room", "")).upper() == code)

    def decks_changed(self, deleted: str | None = None) -> None:
        """Every room's pages get the state anew; lobbies that chose the `deleted` deck choose the built-in
        one, stored (Room.decks_changed)."""
        for room in self._rooms():
            room.decks_changed(deleted)

    def kids_filter_changed(self, deck_id: str) -> None:
        """Deck `deck_id`'s kids' filter changed: the rooms whose pages show a count it changes get the state
        anew (Room.kids_filter_changed; server/room/deck_use.py `shows_kids_count`)."""
        for room in self._rooms():
            room.kids_filter_changed(deck_id)


QR_KEPT = 64   # join URLs whose QR code is kept: every room on every address the TVs use


async def close_qr_pool(app: web.Application) -> None:
    """on_cleanup: stop the QR codes' drawing thread."""
    app[keys.QR_RENDERS].close()


def make_app(config: Config, *, library: DeckLibrary | None = None) -> web.Application:
    """The application for `config`. `library` overrides the deck library (tests)."""
    throttled = ThrottledLog(log, config.log_interval)
    # Only addresses the server listens on (a non-wildcard --host); no mDNS name for a loopback-only one.
    loopback_only = is_loopback_only(listen_addresses(config.host) or [])
    urls = Urls(shown_addresses(config.host, config.advertise_ip), config.port,
                config.mdns_host if config.zeroconf and not loopback_only else None)
    # the Host names served (DNS rebinding): the addresses shown, every own address, our names
    policy = HostPolicy(lambda: urls.addresses, [*config.allow_hosts, *machine_names(), f"{config.mdns_host}.local"])
    app = web.Application(client_max_size=64 * 1024 * 1024,  # deck uploads are zip files
                          middlewares=[host_guard(policy, throttled), client_mistakes])
    app[keys.CONFIG] = config
    app[keys.URLS] = urls
    app[keys.THROTTLED] = throttled
    app[keys.HOST_POLICY] = policy
    app[keys.ON_ADDRESSES] = []
    if library is None:  # the built-in decks and the family's decks in the data folder
        library = DeckLibrary(config.decks_dir, config.data_dir)
    app[keys.LIBRARY] = library
    app[keys.IP_LIMITS] = IpLimits(config.join_burst, config.join_rate)
    app[keys.CREATE_LIMITS] = IpLimits(config.join_burst, config.join_rate)
    app[keys.ATTACH_LIMITS] = IpLimits(config.attach_burst, config.attach_rate)
    app[keys.QR_RENDERS] = Renders("qr", QR_KEPT)
    app.on_cleanup.append(close_qr_pool)
    app.on_startup.append(sweep_unfinished_imports)
    app.cleanup_ctx.append(quiet_bad_requests)
    app.cleanup_ctx.append(store_ctx)
    app.cleanup_ctx.append(clocks_ctx)
    app.cleanup_ctx.append(discovery_ctx)
    app.cleanup_ctx.append(addresses_ctx)

    pages.setup_pages(app)
    setup_ws(app)
    # web/ read, versioned and compressed once, here, before the first request (server/net/webfiles.py)
    setup_static(app, webfiles.load(config.web_dir) if config.web_dir.is_dir() else webfiles.WebFiles(config.web_dir))
    setup_deck_routes(app, library, can_upload, UploadLimits(quota_bytes=config.upload_quota_mb * 1024 * 1024),
                      RoomTables(app))
    setup_story_routes(app)
    return app
