"""Typed keys for what lives on the `web.Application` (aiohttp's AppKey; no module globals)."""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from aiohttp import web

from server.config import Config
from server.net.ratelimit import TokenBucket

if TYPE_CHECKING:
    from server.lan.discovery import Advertisement
    from server.room.registry import Rooms
    from server.room.store import Store
    from server.lan.addresses import Urls


class IpLimits:
    """One join token bucket per client IP address (so a new socket does not get a fresh allowance)."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self._buckets: dict[str, TokenBucket] = {}

    def allow(self, ip: str) -> bool:
        """Take a token from `ip`'s bucket; False means rate-limited."""
        if len(self._buckets) > 4096:  # forget idle addresses rather than grow without bound
            self._buckets.clear()
        bucket = self._buckets.setdefault(ip, TokenBucket(self.burst, self.rate))
        return bucket.allow()


CONFIG = web.AppKey("config", Config)
STORE = web.AppKey("store", "Store")
ROOMS = web.AppKey("rooms", "Rooms")
LIBRARY = web.AppKey("library", Any)
URLS = web.AppKey("urls", "Urls")
SOCKETS = web.AppKey("sockets", weakref.WeakSet)
IP_LIMITS = web.AppKey("ip_limits", IpLimits)        # joins
CREATE_LIMITS = web.AppKey("create_limits", IpLimits)  # POST /api/rooms
ADVERTISEMENT = web.AppKey("advertisement", "Advertisement")
DATA_DIR_GONE = web.AppKey("data_dir_gone", str)   # the sentence, once the data folder went away (server/cli.py)
