"""The TV builds the game's screen (heading, side column, board) while the lobby waits, unseen behind it, and
shows that one at the start (web/tv/tv.js buildAhead): it must be the screen a TV that builds it at once shows,
whatever the lobby changed after it was built. The rules change (another board: its track is laid out again
while the lobby waits), then the short game's finish cell right before the start (the game's special cells
and finish are first known at the start), or the room's language (the screen built in the old one is dropped
and built again). A second TV opened on the room once the game runs builds its screen at once; the two are
compared element by element (tag, attributes, text: the elephants' places, the fitted font sizes and, in the
old browsers, the margins no-flex-gap.css gives flex rows). In the current Chromium and in Chromium 69 and 80
(the TVs').
"""
from __future__ import annotations

import json
import re

import aiohttp
import pytest
from playwright.async_api import async_playwright

from tests.helpers.browser import COLOURS, TV
from tests.helpers.lan import lan_url
from tests.helpers.oldchrome import Browser
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

NAMES = ["Аня", "Борис", "Вика", "Гоша"]
# The game's screen as a tree of [tag, sorted "name=value" attributes (class names and style declarations
# sorted too: their order is the order they were set in), children]; text as itself, blank text left out.
SCREEN_JS = """(() => {
  const tidy = (name, v) => (name === 'class' ? v.split(/\\s+/).filter(Boolean).sort().join(' ')
    : name === 'style' ? v.split(';').map((d) => d.trim()).filter(Boolean).sort().join('; ') : v);
  const tree = (n) => {
    if (n.nodeType === 3) return n.nodeValue.trim() ? n.nodeValue : null;
    if (n.nodeType !== 1) return null;
    const attrs = Array.prototype.map.call(n.attributes, (a) => a.name + '=' + tidy(a.name, a.value)).sort();
    return [n.tagName, attrs, Array.prototype.map.call(n.childNodes, tree).filter((c) => c !== null)];
  };
  return JSON.stringify(tree(document.querySelector('.tv-game')));
})()"""
AHEAD = "document.querySelectorAll('.tv-game.ahead .cell').length"
# the game's first screen drawn: the storyteller's elephant and every standings row
TELLING = ("(document.querySelector('main.tv-main[data-phase=telling] .storyteller-hero') && "
           "document.querySelectorAll('.standing').length === 4 && "
           "document.querySelectorAll('.board-elephant').length === 4 && !document.querySelector('.tv-game.ahead'))")


def first_difference(a, b, path: str = "") -> str | None:
    """Where trees `a` and `b` (SCREEN_JS) first differ, and how; None when they are the same."""
    if isinstance(a, list) and isinstance(b, list) and len(a) == 3 and len(b) == 3 and isinstance(a[0], str):
        here = f"{path}/{a[0]}"
        if a[0] != b[0] or a[1] != b[1]:
            return f"{here}: {a[0]} {a[1]} against {b[0]} {b[1]}"
        for i, (x, y) in enumerate(zip(a[2], b[2], strict=False)):
            found = first_difference(x, y, f"{here}[{i}]")
            if found:
                return found
        if len(a[2]) != len(b[2]):
            return f"{here}: {len(a[2])} children against {len(b[2])}"
        return None
    return None if a == b else f"{path}: {a!r} against {b!r}"


class Tab:
    """One TV tab, whichever browser drives it: the page's `value(js)` and `until(js)` (truthy within the wait)."""

    def __init__(self, page, old: bool):
        self.page, self.old = page, old

    async def value(self, js: str):
        return await (self.page.evaluate(js) if self.old else self.page.evaluate(f"() => {js}"))

    async def until(self, js: str, what: str) -> None:
        if self.old:
            await self.page.wait_for(js, what)
        else:
            await self.page.wait_for_function(f"() => {js}")


async def scene(open_tv, session, base: str, change: str) -> None:
    """The TV watches the lobby until its game screen is built ahead, the lobby changes (`change`: "rules" or
    "language"), the host starts; then a second TV opened on the game shows the same screen element by element."""
    tv = await open_tv("/tv")
    await tv.until("/^[A-Z]{4}$/.test((document.querySelector('[data-testid=room-code]') || {}).textContent || '')",
                   "the room code")
    code = (await tv.value("document.querySelector('[data-testid=room-code]').textContent")).strip()
    table = await seated_table(socket_opener(session, base, LivePlayer), code, names=NAMES, colours=COLOURS,
                               tv_name="watcher", start=False)
    host = table.phones[0]
    await tv.until(f"{AHEAD} === 40", "the imaginarium board's 40 cells built behind the lobby")
    if change == "rules":
        await table.act(host, "set_settings", settings={"ruleset": "imaginarium-classic"})
        await tv.until(f"{AHEAD} === 39", "the classic board's 39 cells laid out again while the lobby waits")
        # known to the lobby only now, and the special cells only at the start
        await table.act(host, "set_settings", settings={"short_game": 20})
    else:
        await table.act(host, "set_settings", settings={"lang": "ru"})
        await tv.until(f"document.documentElement.lang === 'ru' && {AHEAD} === 40", "the screen built again in Russian")
    await tv.value("document.querySelector('.tv-game.ahead').builtAhead = true")
    await table.act(host, "start")
    await tv.until(TELLING, "the game's first screen")
    assert await tv.value("document.querySelector('.tv-game').builtAhead === true"), "not the screen built ahead"
    fresh = await open_tv(f"/tv?room={code}")
    await fresh.until(TELLING, "the game's first screen on a TV opened now")
    for page in (tv, fresh):   # the elephants' names, the standings rows and the fitted text are in
        await page.until("[].every.call(document.images, (i) => i.complete)", "the pictures")
    ahead, at_once = json.loads(await tv.value(SCREEN_JS)), json.loads(await fresh.value(SCREEN_JS))
    assert not first_difference(ahead, at_once), \
        f"the screen built ahead differs from one built at once: {first_difference(ahead, at_once)}"
    if change == "rules":
        cells = await tv.value("document.querySelectorAll('.tv-game .cell').length + ' ' + "
                               "document.querySelectorAll('.tv-game .cell.special').length + ' ' + "
                               "document.querySelectorAll('.tv-game .cell.finish').length")
        assert cells == "39 7 1", cells   # the classic board, its special cells, the finish
    else:
        assert re.search("[А-Яа-я]", await tv.value("document.querySelector('.phase-title').textContent"))
    for sock in table.sockets:
        await sock.close()


@pytest.mark.parametrize("change", ["rules", "language"])
async def test_the_screen_built_ahead_is_the_one_built_at_once(server_process, launch_options, change):
    errors: list[str] = []
    async with async_playwright() as pw, aiohttp.ClientSession() as session:
        browser = await pw.chromium.launch(**launch_options)

        async def open_tv(path: str) -> Tab:
            page = await (await browser.new_context(viewport=TV, locale="en-US")).new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(f"{lan_url(server_process.port)}{path}")
            return Tab(page, old=False)

        try:
            await scene(open_tv, session, server_process.url, change)
        finally:
            await browser.close()
    assert not errors, errors


@pytest.mark.parametrize("version", ["69", "80"])
async def test_the_screen_built_ahead_is_the_one_built_at_once_in_a_tv_browser(server_process, version):
    async with aiohttp.ClientSession() as session:
        browser = Browser(version, session)
        await browser.start()
        tabs: list[Tab] = []

        async def open_tv(path: str) -> Tab:
            page = await browser.page(1280, 720)
            await page.goto(f"{server_process.page_url}{path}")
            tabs.append(Tab(page, old=True))
            return tabs[-1]

        try:
            await scene(open_tv, session, server_process.url, "rules")
            assert not [t.page.errors for t in tabs if t.page.errors]
        finally:
            await browser.close()
