"""The browser scene the page tests share: a TV page and a room of WebSocket seats (tests.helpers.wire's
Table), browser phones that open a seat's token as a second tab of that seat would, screenshots, and the
check that nothing in a page is wider than its screen. Playwright, so only tests/e2e imports this."""
from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
from playwright.async_api import async_playwright, expect
from yarl import URL

from tests.helpers.lan import lan_url
from tests.helpers.wire import LivePlayer, Table, seated_table, socket_opener

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
COLOURS = ["red", "blue", "yellow", "green", "purple", "orange", "teal", "pink"]   # the seats', in order

# Everything visible in the page must lie within [0, limit] horizontally (text cut by an ellipsis inside a box
# that fits is fine), and the page must not scroll sideways.
OVERFLOW_JS = """(limit) => {
  const bad = [];
  const sw = document.documentElement.scrollWidth;
  if (sw > limit) bad.push(`document scrollWidth ${sw}`);
  const out = (r) => r.right > limit + 1 || r.left < -1;
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX !== 'visible' && st.textOverflow === 'ellipsis' && !out(a.getBoundingClientRect())) return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && out(r) && !clipped(el)) {
      bad.push(`${el.tagName}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return bad.slice(0, 8);
}"""


async def fits(page, width: int, where: str) -> None:
    """Fails if anything in `page` lies outside [0, width] px (OVERFLOW_JS); `where` names the screen."""
    bad = await page.evaluate(OVERFLOW_JS, width)
    assert not bad, f"{where}: wider than {width} px: {bad}"


async def resize_tv(page, width: int, height: int) -> None:
    """Sets the TV page's viewport and waits until stage.js has refitted the stage to it (on the window's resize
    event, which comes after the new size)."""
    await page.set_viewport_size({"width": width, "height": height})
    await page.wait_for_function("""([w, h]) => Math.abs(document.getElementById('app').getBoundingClientRect()
      .width - 1920 * Math.min(w / 1920, h / 1080)) < 0.5""", arg=[width, height])


async def boxes_apart(page, a: str, b: str) -> None:
    """Fails when the boxes of test ids `a` and `b` overlap on the screen."""
    ra = await page.get_by_test_id(a).bounding_box()
    rb = await page.get_by_test_id(b).bounding_box()
    apart = (ra["x"] + ra["width"] <= rb["x"] or rb["x"] + rb["width"] <= ra["x"]
             or ra["y"] + ra["height"] <= rb["y"] or rb["y"] + rb["height"] <= ra["y"])
    assert apart, f"{a} {ra} overlaps {b} {rb}"


class Scene:
    """A TV page, a Table of WebSocket seats, and browser phones that reuse seats' tokens. Screenshots go to
    `out`/<prefix>-<name>.png; JavaScript errors of every page are collected in `errors`."""

    def __init__(self, browser, session, url: str, out: Path, prefix: str, errors: list[str]):
        self.browser, self.session, self.url, self.out, self.prefix = browser, session, url, out, prefix
        self.errors = errors

    async def page(self, path: str, viewport: dict, token: str | None = None, code: str | None = None):
        """A new browser context on `url` + `path`; with `token`, it holds that seat's token for room `code`."""
        context = await self.browser.new_context(viewport=viewport, locale="en-US", is_mobile=viewport is PHONE,
                                                 has_touch=viewport is PHONE)
        if token:
            await context.add_init_script(f"localStorage.setItem('imaginarium.token.{code}', '{token}')")
        page = await context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"{path}: {exc}"))
        await page.goto(f"{lan_url(URL(self.url).port)}{path}")   # an insecure origin, as on Wi-Fi
        return page

    async def table(self, names: list[str]) -> tuple[object, Table]:
        """Opens the TV on a new room and seats `names` over WebSockets (in the lobby); returns (tv page, Table)."""
        tv = await self.page("/tv", TV)
        code_el = tv.get_by_test_id("room-code")
        await expect(code_el).to_have_text(re.compile(r"^[A-Z]{4}$"))
        code = (await code_el.text_content()).strip()
        table = await seated_table(socket_opener(self.session, self.url, LivePlayer), code, names=names,
                                   colours=COLOURS, tv_name="watcher", start=False)
        return tv, table

    async def shot(self, page, name: str) -> None:
        await page.screenshot(path=str(self.out / f"{self.prefix}-{name}.png"), animations="disabled")


async def run_scene(server_process, launch_options, output_dir: Path, prefix: str,
                    body: Callable[[Scene], Awaitable[None]]) -> None:
    """Runs `body(scene)` in a fresh headless Chromium against the test's server process; fails on any
    JavaScript error of its pages (and names them when an assertion fails)."""
    errors: list[str] = []
    async with async_playwright() as pw, aiohttp.ClientSession() as session:
        browser = await pw.chromium.launch(**launch_options)
        try:
            await body(Scene(browser, session, server_process.url, output_dir, prefix, errors))
        except AssertionError as exc:
            if errors:
                raise AssertionError(f"{exc}\nJavaScript errors: {errors}") from exc
            raise
        finally:
            await browser.close()
    assert not errors, errors
