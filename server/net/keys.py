"""Typed keys for what lives on the `web.Application` (aiohttp's AppKey; no module globals)."""
from __future__ import annotations

import weakref
from collections.abc import Callable

from aiohttp import web

from server.config import Config
from server.datalock import Lock
from server.decks.library import DeckLibrary
from server.lan.addresses import Urls
from server.lan.discovery import Advertisement
from server.net.hosts import HostPolicy
from server.net.ratelimit import IpLimits
from server.net.throttle import ThrottledLog
from server.room.registry import Rooms
from server.room.store import Store

CONFIG = web.AppKey("config", Config)
STORE = web.AppKey("store", Store)
ROOMS = web.AppKey("rooms", Rooms)
LIBRARY = web.AppKey("library", DeckLibrary)
URLS = web.AppKey("urls", Urls)
SOCKETS = web.AppKey("sockets", weakref.WeakSet[web.WebSocketResponse])  # to close on shutdown
IP_LIMITS = web.AppKey("ip_limits", IpLimits)        # joins
CREATE_LIMITS = web.AppKey("create_limits", IpLimits)  # POST /api/rooms
ATTACH_LIMITS = web.AppKey("attach_limits", IpLimits)  # sockets without a seat attaching to a room
THROTTLED = web.AppKey("throttled", ThrottledLog)   # rate-limited warnings (server/net/throttle.py)
ADVERTISEMENT = web.AppKey("advertisement", Advertisement)  # absent with --no-zeroconf
DATA_DIR_GONE = web.AppKey("data_dir_gone", str)   # the sentence, once the data folder went away (server/cli.py)
DATA_LOCK = web.AppKey("data_lock", Lock)   # the data folder's lock (server/datalock.py), held by the command
HOST_POLICY = web.AppKey("host_policy", HostPolicy)   # which Host a request may name (server/net/hosts.py)
# called when the addresses or the mDNS name shown to people change (the command reprints its banner)
ON_ADDRESSES = web.AppKey("on_addresses", list[Callable[[], None]])
