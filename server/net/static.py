"""Serving the web pages' files (`/static/…` and the HTML pages) from the start-up build of
server/net/webfiles.py: compressed when the browser accepts it, cached by the browser for as long as the
file cannot change.

- A versioned URL (`/static/tv/tv.0123456789ab.js`, what the served pages reference) names one content for
  ever: `Cache-Control: public, max-age=31536000, immutable`, so a TV that reloads or powers on again takes
  its modules from its own cache without asking.
- A plain URL (`/static/tv/tv.js`, what tests, old bookmarks and the translations' `fetch` use) and the HTML
  pages revalidate (`no-cache` with an `ETag`): a reload costs a `304 Not Modified` of a few hundred bytes,
  and a new server version shows at once.
- `Content-Encoding: br` when the request's `Accept-Encoding` lists `br`, else `gzip` when it lists that
  (a coding with `q=0` is refused), else the plain body; `Vary: Accept-Encoding` so caches keep them apart.
"""
from __future__ import annotations

from collections.abc import Callable

from aiohttp import hdrs, web

from server.net import keys
from server.net.webfiles import Asset, MadeOnce, WebFiles

FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def accepted_codings(header: str) -> frozenset[str]:
    """The content codings an `Accept-Encoding` header value accepts ("gzip, deflate, br;q=0" ->
    {"gzip", "deflate"}); `*` stands for gzip and br. RFC 9110 §12.5.3: a coding with q=0 is not acceptable."""
    codings: set[str] = set()
    for item in header.lower().split(","):
        name, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name and quality > 0:
            codings.update(("gzip", "br") if name == "*" else (name.strip(),))
    return frozenset(codings)


def respond(request: web.Request, asset: Asset, cache: str) -> web.Response:
    """`asset` for `request` with `Cache-Control: cache`: the smallest encoding the request accepts, or, when
    it revalidates, a 304 if its `If-None-Match` holds the asset's ETag (any of its encodings: one body, one
    tag)."""
    headers = {hdrs.CACHE_CONTROL: cache, hdrs.VARY: hdrs.ACCEPT_ENCODING}
    if cache != FOREVER:   # a response kept for ever is never revalidated: its tag would be bytes for nothing
        headers[hdrs.ETAG] = f'"{asset.etag}"'
        match = request.if_none_match
        if match is not None and any(tag.value in (asset.etag, "*") for tag in match):
            return web.Response(status=304, headers=headers)
    body, coding = asset.encoded(accepted_codings(request.headers.get(hdrs.ACCEPT_ENCODING, "")))
    if coding is not None:
        headers[hdrs.CONTENT_ENCODING] = coding
    headers[hdrs.CONTENT_TYPE] = asset.content_type
    return web.Response(body=body, headers=headers)


async def static_file(request: web.Request) -> web.StreamResponse:
    """`GET /static/{path}`: a file of `web/` (versioned: cached for ever; plain: revalidated), or 404."""
    found = request.app[keys.WEB_FILES].find(request.match_info["path"])
    if found is None:
        raise web.HTTPNotFound()
    asset, versioned = found
    return respond(request, asset, FOREVER if versioned else REVALIDATE)


def page(request: web.Request, relative: str) -> web.Response:
    """The HTML page `web/<relative>` ("tv/index.html"), revalidated on every load so a new server version
    shows at once; its references are versioned. Raises HTTPNotFound if this installation lacks it."""
    found = request.app[keys.WEB_FILES].find(relative)
    if found is None:
        raise web.HTTPNotFound(text=f"{relative} is missing")
    return respond(request, found[0], REVALIDATE)


def made(request: web.Request, once: MadeOnce, make: Callable[[], bytes]) -> web.Response:
    """A body the server makes (`GET /api/rules`' catalogue) served as a file is: compressed, revalidated with
    an ETag (a reload gets a 304). `make()` runs on the first request only: `once` keeps its bytes, their
    hash and their compressed forms for every later one."""
    return respond(request, once.asset(make), REVALIDATE)


def setup_static(app: web.Application, files: WebFiles) -> None:
    """Serve `files` at `/static/` (GET and HEAD)."""
    app[keys.WEB_FILES] = files
    app.router.add_get("/static/{path:.+}", static_file)
