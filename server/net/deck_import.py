"""What deck uploads share across requests: the disk limits (`UploadLimits`) and the importer
(`Importer`: one thread that imports one zip at a time, the per-room upload rate, the flag that makes a
running import give up at shutdown). server/net/deck_routes.py keeps both on the app (server/net/keys.py
`UPLOAD_LIMITS`, `IMPORTER`) and runs the importer as a `cleanup_ctx` entry."""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import math
import os
import threading
from dataclasses import dataclass

from server.decks.archive import MAX_STORED_BYTES
from server.net.ratelimit import TokenBucket


@dataclass(frozen=True)
class UploadLimits:
    """Disk limits for uploaded decks (docs/protocol.md "Decks"). `quota_bytes`: all uploaded decks together,
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


class Importer:
    """The deck importer of one app: `executor`, one low-priority thread; `lock`, held by the one import
    running (each decodes pictures, and several at once added up to 1 GB; later uploads wait, spooled on
    disk); `stopping`, set at shutdown so a running import gives up at its next picture. Made inside the
    running loop (the `cleanup_ctx` entry), closed by `close`."""

    def __init__(self, limits: UploadLimits) -> None:
        self.limits = limits
        self.executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="deck-import",
                                                              initializer=_import_thread)
        self.lock = asyncio.Lock()
        self.stopping = threading.Event()
        self._buckets: dict[str, TokenBucket] = {}

    def rate_limited(self, room: str) -> int:
        """0 if room `room` may upload now (a token is taken), else the whole seconds until it may."""
        if len(self._buckets) > 4096:  # forget idle rooms rather than grow without bound
            self._buckets.clear()
        bucket = self._buckets.setdefault(room, TokenBucket(self.limits.burst, self.limits.per_second))
        if bucket.allow():
            return 0
        return max(1, math.ceil((1 - bucket.tokens) / self.limits.per_second))

    def close(self) -> None:
        """A running import gives up at its next picture and queued ones never start, so the process can
        exit soon; does not wait for the thread."""
        self.stopping.set()
        self.executor.shutdown(wait=False, cancel_futures=True)
