"""What the TV page costs on the wire, counted by a real browser against a real server: the bytes DevTools'
`Network.loadingFinished` reports (compressed bodies plus headers; tests/helpers/network.py), in current
Chromium and in Chromium 69 (a 2020 smart TV's), on the insecure home-network origin where browsers ask for
gzip and not brotli.

- The first load's HTML + JS + CSS is at most 60 KB (sent compressed: the files themselves are some 150 KB,
  and comments cost nothing here).
- A reload, and a TV powered on again (a bare `/tv`), fetch at most 10 KB in all: the modules and stylesheets
  come from the browser's cache under their versioned URLs without asking, the page itself revalidates.
- The TV loads no phone module.
A size, not a timing: how fast it loads is scripts/bench_tv.py's."""
from __future__ import annotations

import asyncio
import re

import aiohttp
import pytest
from playwright.async_api import async_playwright

from tests.helpers.bounds import EVENT_S
from tests.helpers.network import NetworkTally
from tests.helpers.oldchrome import Browser

FIRST_LOAD_PAGE_BYTES = 60 * 1024
RELOAD_BYTES = 10 * 1024
NETWORK = ("Network.requestWillBeSent", "Network.requestServedFromCache", "Network.responseReceived",
           "Network.loadingFinished", "Network.loadingFailed")
SHOWN = """(() => {
  const code = document.querySelector('[data-testid=room-code]');
  return Boolean(code && /^[A-Z]{4}$/.test(code.textContent.trim())
    && [].every.call(document.images, (i) => i.complete));
})()"""


async def _settled(tally: NetworkTally, shown) -> None:
    """Until the page shows its room (and its pictures) and no request is left in flight, bounded."""
    loop = asyncio.get_running_loop()
    end = loop.time() + EVENT_S
    while not (await shown() and not tally.pending()):
        assert loop.time() < end, f"the TV never settled; in flight: {tally.pending()}"
        await asyncio.sleep(0.05)


class Current:
    """The TV in current Chromium (Playwright), its DevTools events fed to a NetworkTally."""

    async def start(self, launch_options, tally: NetworkTally) -> None:
        self.pw = await async_playwright().start()
        self.browser = await self.pw.chromium.launch(**launch_options)
        self.context = await self.browser.new_context(viewport={"width": 1280, "height": 720})
        self.tally = tally
        self.errors: list[str] = []

    async def open(self, url: str) -> None:
        self.page = await self.context.new_page()
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        cdp = await self.context.new_cdp_session(self.page)
        for method in NETWORK:
            cdp.on(method, lambda params, m=method: self.tally.event(m, params))
        await cdp.send("Network.enable")
        await self.page.goto(url)
        await _settled(self.tally, lambda: self.page.evaluate(SHOWN))

    async def reload(self) -> None:
        await self.page.reload()
        await _settled(self.tally, lambda: self.page.evaluate(SHOWN))

    async def close(self) -> None:
        await self.browser.close()
        await self.pw.stop()


class Old:
    """The TV in Chromium 69 over the plain DevTools protocol (tests/helpers/oldchrome.py)."""

    async def start(self, launch_options, tally: NetworkTally) -> None:
        self.session = aiohttp.ClientSession()
        self.browser = Browser("69", self.session)
        await self.browser.start()
        self.tally = tally

    @property
    def errors(self) -> list[str]:
        return [e for page in self.browser.pages for e in page.errors]

    async def open(self, url: str) -> None:
        self.page = await self.browser.page(1280, 720)
        self.page.listeners.append(self.tally.event)
        await self.page.call("Network.enable")
        await self.page.goto(url)
        await _settled(self.tally, lambda: self.page.evaluate(SHOWN))

    async def reload(self) -> None:
        self.page.loaded.clear()
        await self.page.call("Page.reload")
        await asyncio.wait_for(self.page.loaded.wait(), EVENT_S)
        await _settled(self.tally, lambda: self.page.evaluate(SHOWN))

    async def close(self) -> None:
        await self.browser.close()
        await self.session.close()


@pytest.mark.parametrize("kind", [Current, Old], ids=["chromium", "chromium69"])
async def test_the_tv_page_on_the_wire_first_load_and_reload(server, launch_options, kind):
    tally = NetworkTally()
    tv = kind()
    await tv.start(launch_options, tally)
    try:
        await tv.open(f"{server}/tv")
        first = tally.summary()
        listing = tally.listing()
        pages = [r for r in tally.all() if r.kind in ("Document", "Script", "Stylesheet") and r.status == 200]
        assert len([r for r in pages if r.kind == "Script"]) > 20, listing   # the module graph really loaded
        assert not [r.url for r in pages if "/static/phone/" in r.url], "the TV loads a phone module"
        unversioned = [r.url for r in pages if r.kind != "Document" and not re.search(r"\.[0-9a-f]{12}\.", r.url)]
        assert not unversioned, f"not under versioned URLs: {unversioned}"
        assert first["page_bytes"] <= FIRST_LOAD_PAGE_BYTES, (
            f"the TV's first load sends {first['page_bytes'] / 1024:.1f} KB of HTML+JS+CSS, over 60 KB:\n{listing}")

        for again in (tv.reload, lambda: tv.open(f"{server}/tv")):   # a reload, then a TV powered on again
            tally.clear()
            await again()
            summary, listing = tally.summary(), tally.listing()
            fetched = [r.url for r in tally.all() if r.kind in ("Script", "Stylesheet") and not r.cached]
            assert not fetched, f"asked the server again for {fetched}:\n{listing}"
            assert summary["bytes"] <= RELOAD_BYTES, (
                f"the TV's reload fetches {summary['bytes'] / 1024:.1f} KB, over 10 KB:\n{listing}")
        assert not tv.errors, f"page errors: {tv.errors}"
    finally:
        await tv.close()
