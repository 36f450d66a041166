"""Pictures the server draws on request (the evening's story picture, the room's QR code): drawn off the
event loop in a pool of their own, once per key however many ask at the same time, and kept.

Why: `story.png` was drawn in the default thread pool that card pictures share, once per request, so 24
requests at once held a phone's card picture up for 27 s and grew the server by 140 MB; `qr.png` was drawn
on the event loop itself (7 ms of CPU each), so 50 requests held the host's own action up for half a
second. Here every waiter of a key shares one drawing, a pool of one thread draws one picture at a time
(the card pictures' pool stays free), and after each drawing the C heap's free pages go back to the
system (Pillow's buffers are large and glibc keeps them otherwise).
"""
from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor


def _libc_malloc_trim() -> Callable[[int], int] | None:
    """glibc's `malloc_trim` (gives the heap's free pages back to the system), or None elsewhere (musl)."""
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None


_MALLOC_TRIM = _libc_malloc_trim()


def _yield_cpu() -> None:
    """A drawing thread gives the CPU to the event loop's thread first (niceness 10, Linux's per-thread
    priority): room actions and card pictures stay quick while a picture is drawn."""
    with contextlib.suppress(AttributeError, OSError):   # not Linux: the same priority as the rest
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)


class Renders:
    """Draws `make()` for `key` at most once at a time and keeps the last `size` results (LRU).

    `await get(key, make)` -> bytes: the kept result, the drawing already under way for `key`, or a new
    one in this object's own pool (`workers` threads). `make` runs in that thread and must not touch the
    event loop; its exception reaches every waiter of that drawing and nothing is kept.
    """

    def __init__(self, name: str, size: int, workers: int = 1) -> None:
        self.size = size
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name, initializer=_yield_cpu)
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[bytes]] = {}
        self.drawn = 0   # how many drawings ran (tests and the attack script read it)

    async def get(self, key: Hashable, make: Callable[[], bytes]) -> bytes:
        """The picture for `key` (see the class docstring). Raises whatever `make` raised."""
        body = self._kept.get(key)
        if body is not None:
            self._kept.move_to_end(key)
            return body
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = asyncio.get_running_loop().run_in_executor(self._pool, self._draw, make)
            self._drawing[key] = drawing
            drawing.add_done_callback(lambda done: self._done(key, done))
        return await asyncio.shield(drawing)   # one waiter giving up does not cancel the others' drawing

    def _draw(self, make: Callable[[], bytes]) -> bytes:
        try:
            return make()
        finally:
            self.drawn += 1
            if _MALLOC_TRIM is not None:
                _MALLOC_TRIM(0)

    def _done(self, key: Hashable, done: asyncio.Future[bytes]) -> None:
        self._drawing.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self._kept[key] = done.result()
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def close(self) -> None:
        """Stop the pool (waits for a drawing under way)."""
        self._pool.shutdown(wait=True, cancel_futures=True)
