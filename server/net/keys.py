"""Typed keys for what lives on the `web.Application` (aiohttp's AppKey; no module globals)."""
from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable

from aiohttp import web

from server.config import Config
from server.datalock import Lock
from server.decks.library import DeckLibrary
from server.lan.addresses import Urls
from server.lan.discovery import Advertisement
from server.net.deck_http import Tables, UploadCheck
from server.net.deck_import import Importer, UploadLimits
from server.net.frame_writer import FrameWriter
from server.net.hosts import HostPolicy
from server.net.ratelimit import IpLimits
from server.net.renders import Renders
from server.net.throttle import ThrottledLog
from server.net.webfiles import MadeOnce, WebFiles
from server.room.registry import Rooms
from server.room.store import Store

CONFIG = web.AppKey("config", Config)
STORE = web.AppKey("store", Store)
ROOMS = web.AppKey("rooms", Rooms)
LIBRARY = web.AppKey("library", DeckLibrary)
URLS = web.AppKey("urls", Urls)
FRAME_WRITER = web.AppKey("frame_writer", FrameWriter)  # text frames straight to a socket (ws.py)
SOCKETS = web.AppKey("sockets", weakref.WeakSet[web.WebSocketResponse])  # to close on shutdown
# the WebSocket's own bookkeeping (ws.py setup_ws): each socket's number in the log; hello order (who is
# oldest when sockets must be evicted); evicted sockets' closes running in the background (kept from the GC)
WS_IDS = web.AppKey[Callable[[], int]]("ws_ids")             # the next number, 1 up
WS_ATTACHED = web.AppKey[Callable[[], int]]("ws_attached")
WS_CLOSING = web.AppKey("ws_closing", set[asyncio.Task[None]])
IP_LIMITS = web.AppKey("ip_limits", IpLimits)        # joins
CREATE_LIMITS = web.AppKey("create_limits", IpLimits)  # POST /api/rooms
ATTACH_LIMITS = web.AppKey("attach_limits", IpLimits)  # sockets without a seat attaching to a room
THROTTLED = web.AppKey("throttled", ThrottledLog)   # rate-limited warnings (server/net/throttle.py)
ADVERTISEMENT = web.AppKey("advertisement", Advertisement)  # absent with --no-zeroconf
DATA_DIR_GONE = web.AppKey("data_dir_gone", str)   # the sentence, once the data folder went away (server/cli.py)
STORY_RENDERS = web.AppKey("story_renders", Renders)   # story.png, per (room, state, language)
QR_RENDERS = web.AppKey("qr_renders", Renders)         # qr.png, per join URL
STORY_LIMITS = web.AppKey("story_limits", IpLimits)    # story.png requests per client address
# the deck routes (server/net/deck_routes.py, deck_delete.py)
UPLOAD_LIMITS = web.AppKey("upload_limits", UploadLimits)
CAN_UPLOAD = web.AppKey[UploadCheck]("can_upload")   # may this request change the decks (the host's token)
TABLES = web.AppKey[Tables]("tables")            # the rooms as the deck routes see them; absent: no rooms
IMPORTER = web.AppKey("deck_importer", Importer)  # set while the app runs (deck_routes.importer_ctx)
WEB_FILES = web.AppKey("web_files", WebFiles)   # web/ as served, built at start-up (server/net/webfiles.py)
RULES = web.AppKey("rules", MadeOnce)   # GET /api/rules' body, made on its first request (server/net/pages.py)
DATA_LOCK = web.AppKey("data_lock", Lock)   # the data folder's lock (server/datalock.py), held by the command
HOST_POLICY = web.AppKey("host_policy", HostPolicy)   # which Host a request may name (server/net/hosts.py)
# called when the addresses or the mDNS name shown to people change (the command reprints its banner)
ON_ADDRESSES = web.AppKey("on_addresses", list[Callable[[], None]])
