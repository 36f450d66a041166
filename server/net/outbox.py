"""A connection's bounded outbox: what the server wants to send, waiting for that socket's writer task.

Why: a plain `await ws.send_str(...)` loop over every socket blocks on the first phone whose TCP window
is full (it stopped reading: asleep, out of range), and then nobody gets anything. Instead each
connection owns an outbox and one writer task; the room only puts into outboxes, which never blocks.
A `state` is a full snapshot, so a newer one replaces an unsent older one; other messages (errors,
welcome, pong) keep their order and the oldest are dropped beyond `limit`.
"""
from __future__ import annotations

import asyncio
from collections import deque


class Outbox:
    """FIFO of text frames (UTF-8 payloads) with at most one pending `state` and at most `limit` other
    frames."""

    def __init__(self, limit: int = 32) -> None:
        self.limit = limit
        self._items: deque[tuple[bool, bytes]] = deque()  # (is_state, payload)
        self._ready = asyncio.Event()
        self._closed = False
        self.dropped = 0  # frames dropped because the reader fell behind

    def __len__(self) -> int:
        return len(self._items)

    def put(self, payload: bytes) -> None:
        """Queue a frame; drops the oldest non-state frame if `limit` of them are already waiting."""
        if self._closed:
            return
        others = [i for i, (is_state, _) in enumerate(self._items) if not is_state]
        if len(others) >= self.limit:
            del self._items[others[0]]
            self.dropped += 1
        self._items.append((False, payload))
        self._ready.set()

    def put_state(self, payload: bytes) -> None:
        """Queue a state snapshot, replacing any unsent one (it moves to the back: it is the newest)."""
        if self._closed:
            return
        for i, (is_state, _) in enumerate(self._items):
            if is_state:
                del self._items[i]
                self.dropped += 1
                break
        self._items.append((True, payload))
        self._ready.set()

    async def get(self) -> bytes | None:
        """The next frame to send, waiting for one; None once the outbox is closed."""
        while not self._items:
            if self._closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._items.popleft()[1]

    def close(self) -> None:
        """Stop: pending frames are discarded and `get` returns None."""
        self._closed = True
        self._items.clear()
        self._ready.set()
