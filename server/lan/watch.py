"""Watch this machine's addresses while the server runs.

A Pi that boots before its Wi-Fi starts the server before it has a LAN address: the banner, the QR code and
`/api/info` then name 127.0.0.1, requests to the address that comes a little later were refused as not this
server, and mDNS never advertised it. So the addresses are looked at again every WATCH_S seconds (ifaddr:
one getifaddrs(3) call and /proc/net/route, well under a millisecond, on the event loop), and a change is
handed to the app (server/app.py `addresses_ctx`: the URLs, the Host allow-list, mDNS, the banner).

    AddressWatch(look, changed).run()   # look() -> the addresses now; await changed(old, new) on a change
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

WATCH_S = 3.0   # how often the addresses are looked at: a new one is in use within this (+ mDNS's probing)


class AddressWatch:
    """Calls `changed(old, new)` (awaited) each time `look()` (the addresses to show, primary first) gives
    another list than before, looking every `period` seconds from `first`, the list at start-up."""

    def __init__(self, first: list[str], look: Callable[[], list[str]],
                 changed: Callable[[list[str], list[str]], Awaitable[None]], period: float = WATCH_S) -> None:
        self.current = list(first)
        self.look = look
        self.changed = changed
        self.period = period

    async def check(self) -> bool:
        """Look once; returns True if the addresses changed (and `changed` ran). A failure to look (an
        interface vanishing mid-call) is noted and retried at the next period."""
        try:
            now = self.look()
        except OSError as exc:
            log.debug("could not list the addresses: %s", exc)
            return False
        if now == self.current:
            return False
        old, self.current = self.current, list(now)
        log.info("this machine's addresses changed: %s -> %s", ", ".join(old), ", ".join(now))
        await self.changed(old, list(now))
        return True

    async def run(self) -> None:
        """Look every `period` seconds until cancelled."""
        while True:
            await asyncio.sleep(self.period)   # a polling period, not a wait for state
            try:
                await self.check()
            except asyncio.CancelledError:
                raise
            except Exception as exc:   # one failed update must not end the watch: the next change retries
                log.warning("could not follow the change of addresses: %s", exc)
