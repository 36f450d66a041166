"""Mistakes a client can make are its own: a 4xx and at most one WARNING per kind every 10 s, never an
ERROR with a traceback.

Why: aiohttp logs every malformed HTTP request (a bad header line, a broken Content-Length) as an ERROR
with a 700-byte traceback, so one misbehaving device on the Wi-Fi wrote 78 MB of log an hour and a real
server failure drowned among them; and a path longer than the file system allows reached `os.stat` and
became a 500. ERROR stays for the server's own failures, which the tests treat as bugs.
"""
from __future__ import annotations

import errno
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from server.net import keys
from server.net.throttle import ThrottledLog

SERVER_LOGGER = "aiohttp.server"   # where aiohttp's web_protocol reports requests it could not handle


class BadRequestFilter(logging.Filter):
    """Turns aiohttp's "Error handling request" records whose exception is a malformed request
    (`HttpProcessingError`: bad request line, header or body framing) into one throttled WARNING
    without a traceback; every other record passes unchanged."""

    def __init__(self, throttled: ThrottledLog) -> None:
        super().__init__()
        self.throttled = throttled

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if not isinstance(exc, HttpProcessingError):
            return True
        remote = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        self.throttled.warning("bad_http", "malformed HTTP request from %s refused with %s: %s",
                               remote, exc.code, exc.message)
        return False


async def quiet_bad_requests(app: web.Application) -> AsyncIterator[None]:
    """`cleanup_ctx` entry: installs `BadRequestFilter` on aiohttp's server logger while the app runs."""
    quiet = BadRequestFilter(app[keys.THROTTLED])
    logger = logging.getLogger(SERVER_LOGGER)
    logger.addFilter(quiet)
    yield
    logger.removeFilter(quiet)


@web.middleware
async def client_mistakes(request: web.Request,
                          handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
    """A request for a path the file system cannot even name (ENAMETOOLONG from `os.stat` in static
    serving) is a 404, not a 500."""
    try:
        return await handler(request)
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:
            raise
        request.app[keys.THROTTLED].warning("long_path", "request from %s for a path too long to exist: %.60s…",
                                            request.remote, request.path)
        raise web.HTTPNotFound() from None
