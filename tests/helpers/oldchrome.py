"""The old headless Chromium builds smart TVs run (69, 80), driven over the plain DevTools protocol.

Playwright cannot drive these builds (its protocol needs a current Chromium), so this is a small CDP client on
aiohttp's WebSocket client: open a tab, evaluate JavaScript, click where a finger would, take screenshots, and
collect every page exception (`Runtime.exceptionThrown`). `scripts/old-chromium` fetches the builds.
"""
from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import subprocess
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp

from tests.helpers.bounds import EVENT_S, START_S
from tests.helpers.lan import HOST_RESOLVER_ARG

ROOT = Path(__file__).resolve().parents[2]   # the repository
VERSIONS = ("69", "80")
START_LIMIT_S = START_S   # tests.helpers.bounds
CALL_LIMIT_S = EVENT_S


def binary(version: str) -> Path:
    """The headless Chromium `version` ("69" or "80"), fetched by scripts/old-chromium on first use."""
    folder = Path(os.environ.get("OLD_CHROMIUM_DIR", Path.home() / ".cache" / "imaginarium" / "old-chromium"))
    path = folder / version / "chromium"
    if not path.exists():
        subprocess.run([str(ROOT / "scripts" / "old-chromium")], check=True, stdout=subprocess.DEVNULL)
    return path


class PageError(AssertionError):
    """A page threw, or an evaluated expression failed."""


class Browser:
    """One old headless Chromium process (single-process mode: the builds are made for a sandbox-less box)."""

    def __init__(self, version: str, session: aiohttp.ClientSession):
        self.version, self.session = version, session
        self.profile = tempfile.TemporaryDirectory(prefix=f"chromium{version}-")
        self.proc: asyncio.subprocess.Process | None = None
        self.stderr: list[str] = []
        self.pages: list[Page] = []

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            str(binary(self.version)), "--headless", "--no-sandbox", "--single-process", "--no-zygote",
            "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--no-first-run", "--disable-background-networking",
            "--remote-debugging-port=0", f"--user-data-dir={self.profile.name}", HOST_RESOLVER_ARG, "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        # The browser prints "DevTools listening on ws://127.0.0.1:<port>/devtools/browser/<id>" once it is up.
        try:
            line = await asyncio.wait_for(self._line_with("DevTools listening on "), START_LIMIT_S)
        except (TimeoutError, EOFError):
            raise AssertionError(f"Chromium {self.version} did not start:\n" + "".join(self.stderr[-30:])) from None
        self.http = "http://" + line.split("ws://", 1)[1].split("/", 1)[0]
        self.drain = asyncio.create_task(self._line_with(None))   # keep reading so the pipe never fills

    async def _line_with(self, marker: str | None) -> str:
        while True:
            raw = await self.proc.stderr.readline()
            if not raw:
                raise EOFError
            line = raw.decode(errors="replace")
            self.stderr.append(line)
            if marker is not None and marker in line:
                return line.strip()

    async def page(self, width: int, height: int, mobile: bool = False) -> Page:
        """A new tab with a `width`×`height` CSS px viewport (`mobile`: touch, meta viewport honoured)."""
        async with self.session.get(f"{self.http}/json/new?about:blank") as res:
            target = await res.json(content_type=None)
        page = Page(await self.session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0), mobile)
        self.pages.append(page)
        await page.call("Runtime.enable")
        await page.call("Page.enable")
        await page.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                        mobile=mobile)
        if mobile:
            await page.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        return page

    async def close(self) -> None:
        for page in self.pages:
            await page.close()
        if self.proc is not None:
            self.proc.kill()
            await self.proc.wait()
            self.drain.cancel()
            await asyncio.gather(self.drain, return_exceptions=True)
        self.profile.cleanup()


# The TV page shows its room's code: four capitals.
ROOM_CODE = "/^[A-Z]{4}$/.test((document.querySelector('[data-testid=room-code]') || {}).textContent || '')"


@asynccontextmanager
async def old_tv(version: str, session: aiohttp.ClientSession, page_url: str,
                 size: tuple[int, int] = (1280, 720)) -> AsyncIterator[tuple[Page, str]]:
    """Old Chromium `version` started, its tab of `size` (CSS px) on `page_url`/tv (a new room): (the tab, the
    room's code) once the code shows; the browser closed at the end. Raises AssertionError if it never shows."""
    browser = Browser(version, session)
    await browser.start()
    try:
        tv = await browser.page(*size)
        await tv.goto(f"{page_url}/tv")
        await tv.wait_for(ROOM_CODE, "the room code")
        yield tv, await tv.evaluate("document.querySelector('[data-testid=room-code]').textContent.trim()")
    finally:
        await browser.close()


class Page:
    """One tab over its DevTools WebSocket. `errors` collects every uncaught exception of the page."""

    def __init__(self, ws, mobile: bool = False):
        self.ws, self.mobile = ws, mobile
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future] = {}
        self.errors: list[str] = []
        self.loaded = asyncio.Event()
        # called with (method, params) for every event (tests.helpers.network's NetworkTally.event, ...)
        self.listeners: list[Callable[[str, dict], None]] = []
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.ws:
            msg = json.loads(frame.data)
            if "id" in msg:
                fut = self.waiting.pop(msg["id"], None)
                if fut is not None and not fut.done():
                    fut.set_result(msg)
                continue
            for listener in self.listeners:
                listener(msg.get("method", ""), msg.get("params", {}))
            if msg.get("method") == "Runtime.exceptionThrown":
                d = msg["params"]["exceptionDetails"]
                self.errors.append((d.get("exception") or {}).get("description") or d.get("text", "?"))
            elif msg.get("method") == "Page.loadEventFired":
                self.loaded.set()
        for fut in self.waiting.values():
            if not fut.done():
                fut.set_exception(ConnectionError("DevTools socket closed"))

    async def call(self, method: str, _bound: float = CALL_LIMIT_S, **params) -> dict:
        """One protocol command, answered within `_bound` seconds; returns its result (raises on a protocol
        error)."""
        ident = next(self.ids)
        fut = asyncio.get_running_loop().create_future()
        self.waiting[ident] = fut
        await self.ws.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        msg = await asyncio.wait_for(fut, _bound)
        if "error" in msg:
            raise PageError(f"{method}: {msg['error']}")
        return msg["result"]

    async def goto(self, url: str) -> None:
        self.loaded.clear()
        await self.call("Page.navigate", url=url)
        await asyncio.wait_for(self.loaded.wait(), CALL_LIMIT_S)

    async def evaluate(self, expression: str, timeout: float = CALL_LIMIT_S):
        """The value of a JavaScript expression (a promise is awaited); raises PageError if it throws."""
        res = await self.call("Runtime.evaluate", timeout + CALL_LIMIT_S, expression=expression, awaitPromise=True,
                              returnByValue=True)
        if "exceptionDetails" in res:
            d = res["exceptionDetails"]
            raise PageError((d.get("exception") or {}).get("description") or d.get("text"))
        return res["result"].get("value")

    async def wait_for(self, condition: str, what: str = "", timeout: float = EVENT_S) -> object:
        """Waits in the page until the JavaScript `condition` is truthy (checked every 50 ms by the page's
        own timer); returns its value. Fails with `what` and the page's errors when it never holds."""
        js = f"""new Promise((resolve, reject) => {{
          const end = Date.now() + {int(timeout * 1000)};
          (function poll() {{
            let v = null;
            try {{ v = ({condition}); }} catch (e) {{ v = null; }}
            if (v) resolve(v);
            else if (Date.now() > end) reject(new Error('timed out'));
            else setTimeout(poll, 50);
          }})();
        }})"""
        try:
            return await self.evaluate(js, timeout)
        except PageError as exc:
            text = await self.evaluate("document.body ? document.body.innerText.slice(0, 500) : ''")
            raise PageError(f"never true: {what or condition} ({exc}); page errors: {self.errors}; "
                            f"the page reads: {text!r}") from None

    async def click(self, selector: str) -> None:
        """Taps the element's centre with real input events, after scrolling it into view; fails if something
        else (an action bar, an overlay) sits on top of that point."""
        sel = json.dumps(selector)
        box = await self.wait_for(f"""(() => {{
          const el = document.querySelector({sel});
          if (!el) return null;
          el.scrollIntoView({{ block: 'center' }});
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          const top = document.elementFromPoint(x, y);
          return {{ x: x, y: y, hit: Boolean(top && (el === top || el.contains(top))) }};
        }})()""", f"{selector} on the page")
        assert box["hit"], f"{selector}: its centre is covered by another element"
        if self.mobile:   # a finger: touch events (the page gets its click from the tap)
            await self.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": box["x"], "y": box["y"]}])
            await self.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        else:
            for kind in ("mousePressed", "mouseReleased"):
                await self.call("Input.dispatchMouseEvent", type=kind, x=box["x"], y=box["y"], button="left",
                                clickCount=1)

    async def type(self, selector: str, text: str) -> None:
        """Focuses a field and types `text` into it as a keyboard would."""
        sel = json.dumps(selector)
        await self.wait_for(f"document.querySelector({sel})", f"{selector} on the page")
        await self.evaluate(f"document.querySelector({sel}).focus()")
        for ch in text:   # Chromium 69 has no Input.insertText: one "char" key event per character
            await self.call("Input.dispatchKeyEvent", type="char", text=ch)

    async def screenshot(self, path: Path) -> None:
        """A PNG of the viewport, once every image on the page has loaded (or failed), with every animation and
        transition at its end state (as Playwright's animations="disabled" does)."""
        await self.wait_for("[].every.call(document.images, (i) => i.complete)", "images loaded")
        await self.evaluate("""(() => {
          const s = document.createElement('style');
          s.id = 'shot-still';
          s.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
          document.head.appendChild(s);
        })()""")
        data = (await self.call("Page.captureScreenshot", format="png"))["data"]
        path.write_bytes(base64.b64decode(data))
        await self.evaluate("document.getElementById('shot-still').remove()")

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.gather(self.reader, return_exceptions=True)
