"""Work that must never run on the event loop's thread (hashing or decoding a family's pictures: one big photo
stalls every room and socket meanwhile), watched. `OffLoop.wrap(real)` returns `real` as a function that fails
at once on the loop's thread (rather than stalling the test's own loop), counts the calls made in threads, and,
while `hold` is set, waits on it after setting `entered`: a real blocking condition that keeps the work going
for as long as the test looks at the server. Used by tests/server/test_kids_decks.py and test_deck_reading.py."""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from tests.helpers.bounds import EVENT_S


class OffLoop:
    """Calls of one kind of work (`what`, for messages: "hash", "decode"), made where the test's loop runs."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.loop_thread = threading.get_ident()
        self.on_loop = 0
        self.in_threads = 0
        self.hold: threading.Event | None = None
        self.entered = threading.Event()
        self.waiting = 0   # calls waiting on `hold` now
        self._count = threading.Lock()

    def wrap(self, real: Callable[..., Any]) -> Callable[..., Any]:
        """`real`, watched (a method too: set the result on its class). Raises AssertionError on the loop's
        thread, or when `hold` is never set within EVENT_S seconds."""
        def watched(*args: Any, **kwargs: Any) -> Any:
            if threading.get_ident() == self.loop_thread:
                self.on_loop += 1
                raise AssertionError(f"a {self.what} ran on the event loop: {args!r}")
            self.in_threads += 1
            hold = self.hold
            if hold is not None:
                with self._count:
                    self.waiting += 1
                self.entered.set()
                try:
                    assert hold.wait(EVENT_S), f"the test never let the {self.what} go on"
                finally:
                    with self._count:
                        self.waiting -= 1
            return real(*args, **kwargs)
        return watched

    async def held(self) -> bool:
        """Waits, in a thread of its own so the test's loop runs on (the loop's default executor may be the very
        thing held), until a watched call waits on `hold`; False if none did within EVENT_S seconds."""
        loop = asyncio.get_running_loop()
        entered: asyncio.Future[bool] = loop.create_future()

        def wait() -> None:
            got = self.entered.wait(EVENT_S)
            loop.call_soon_threadsafe(lambda: entered.done() or entered.set_result(got))
        threading.Thread(target=wait, name=f"held-{self.what}", daemon=True).start()
        return await entered


async def loop_answers(client: Any, tv: Any) -> None:
    """The server's loop answers meanwhile: `/healthz` over HTTP (`client`, pytest-aiohttp's) and a ping on the
    TV's socket (`tv`, tests.helpers.wire's Player). Raises AssertionError otherwise."""
    assert (await client.get("/healthz")).status == 200
    await tv.send({"type": "ping"})
    await tv.until(lambda m: m["type"] == "pong")
