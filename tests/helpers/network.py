"""What a page's load puts on the wire, read from the browser's own DevTools `Network` events (any Chromium:
Playwright's CDP session or tests/helpers/oldchrome.py's `Page`). Used by tests/e2e/test_tv_wire_weight.py
and scripts/bench_tv.py, so the test and the bench count alike.

`encodedDataLength` of `Network.loadingFinished` is the bytes received for one request as they came over
the connection: response headers plus the body still compressed. A request answered from the browser's
cache has 0 there (and a `Network.requestServedFromCache` event), a revalidation that got `304` has only
its headers. A redirect's bytes come with the next `requestWillBeSent` (`redirectResponse`). WebSocket
frames are the game's data, not the page's load: they are not counted."""
from __future__ import annotations

from dataclasses import dataclass, field

PAGE_TYPES = ("Document", "Script", "Stylesheet")   # HTML + JS + CSS


@dataclass
class Request:
    """One request: `url`, `kind` (DevTools' resource type: Document, Script, Stylesheet, Image, Fetch, ...),
    `bytes` on the wire, `status`, `cached` (answered from the browser's cache), `done`."""

    url: str
    kind: str
    bytes: int = 0
    status: int = 0
    cached: bool = False
    done: bool = False


@dataclass
class NetworkTally:
    """Feed it every DevTools event (`event(method, params)`); `summary()` adds them up. `clear()` starts
    a new count (a reload)."""

    requests: dict[str, Request] = field(default_factory=dict)
    redirects: list[Request] = field(default_factory=list)

    def event(self, method: str, params: dict) -> None:
        """One DevTools event; those of other domains are ignored."""
        rid = params.get("requestId", "")
        if method == "Network.requestWillBeSent":
            old = self.requests.get(rid)
            if old is not None and params.get("redirectResponse"):
                old.bytes, old.status = params["redirectResponse"].get("encodedDataLength", 0), \
                    params["redirectResponse"].get("status", 0)
                old.done = True
                self.redirects.append(old)
            self.requests[rid] = Request(params["request"]["url"], params.get("type", "Other"))
        elif (req := self.requests.get(rid)) is None:
            return
        elif method == "Network.requestServedFromCache":
            req.cached = True
        elif method == "Network.responseReceived":
            response = params["response"]
            req.status = response.get("status", 0)
            req.cached = req.cached or bool(response.get("fromDiskCache") or response.get("fromServiceWorker"))
        elif method == "Network.loadingFinished":
            req.bytes, req.done = int(params.get("encodedDataLength", 0)), True
        elif method == "Network.loadingFailed":
            req.done = True

    def clear(self) -> None:
        self.requests.clear()
        self.redirects.clear()

    def all(self) -> list[Request]:
        return [*self.redirects, *self.requests.values()]

    def pending(self) -> list[str]:
        """URLs of requests not finished yet (WebSockets never finish: they are left out)."""
        return [r.url for r in self.requests.values() if not r.done and r.kind != "WebSocket"]

    def summary(self) -> dict:
        """{"bytes": every request's bytes on the wire, "page_bytes": HTML+JS+CSS's, "requests": requests that
        went to the server (a 304 counts, a cache hit does not), "cached": requests the cache answered,
        "by_type": {kind: bytes}}."""
        wire = [r for r in self.all() if r.kind != "WebSocket"]
        by_type: dict[str, int] = {}
        for r in wire:
            by_type[r.kind] = by_type.get(r.kind, 0) + r.bytes
        return {"bytes": sum(r.bytes for r in wire),
                "page_bytes": sum(r.bytes for r in wire if r.kind in PAGE_TYPES),
                "requests": sum(1 for r in wire if not r.cached and r.status),
                "cached": sum(1 for r in wire if r.cached),
                "by_type": by_type}

    def listing(self) -> str:
        """One line per request, largest first (a failing test's message)."""
        rows = sorted(self.all(), key=lambda r: -r.bytes)
        return "\n".join(f"{r.bytes:7} {r.status:3} {'cache' if r.cached else 'wire ':5} {r.kind:10} {r.url}"
                         for r in rows)
