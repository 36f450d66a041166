"""The WebSocket endpoint: origin check, hello/resume, message validation, one outbox and one writer task
per connection (only the handler task reads the socket; only the writer task writes it)."""
from __future__ import annotations

import asyncio
import itertools
import json
import logging

from aiohttp import WSCloseCode, WSMsgType, web
from yarl import URL

from server.config import LANGS
from server.messages import sentence
from server.net import keys
from server.net.outbox import Outbox
from server.net.ratelimit import TokenBucket
from server.room.refusals import Malformed, Refused
from server.room.room import Room
from server.room.specs import SPECS

log = logging.getLogger(__name__)
_ids = itertools.count(1)
KNOWN_TYPES = frozenset(SPECS) | {"hello", "ping"}


class Connection:
    """One socket: its role (`tv` | `phone`), language, room, person (None: spectator or newcomer), the
    bounded outbox the room fills, and the join rate limit."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request) -> None:
        config = request.app[keys.CONFIG]
        self.id = next(_ids)
        self.ws = ws
        self.peer = request.remote or "?"
        self.role = "phone"
        self.lang = config.lang or "en"   # until the hello names the browser's language
        self.room: Room | None = None
        self.person: str | None = None
        self.floor = 0
        self.outbox = Outbox(config.outbox_limit)
        self.bucket = TokenBucket(config.join_burst, config.join_rate)

    def __repr__(self) -> str:
        return f"<conn {self.id} {self.peer} {self.role} {self.room.code if self.room else '-'}/{self.person}>"

    def send(self, message: dict) -> None:
        """Queue a control message (welcome, error, pong); never blocks."""
        self.outbox.put(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def send_state(self, text: str) -> None:
        """Queue a serialised `state`, replacing an unsent older one; never blocks."""
        self.outbox.put_state(text)

    def refuse(self, code: str, ref: str | None, params: dict | None = None) -> None:
        """Send `error` with the sentence for `code` in this socket's language. `ref` is echoed only if
        it is a message type the server knows; `params` keep only numbers, booleans and short strings
        (they may come from the client's own input)."""
        params = {k: v for k, v in (params or {}).items()
                  if isinstance(v, (int, float, bool)) or v is None or (isinstance(v, str) and len(v) <= 64)}
        if ref not in KNOWN_TYPES:
            ref = None
        # ASCII-escaped: a lone surrogate from a hostile frame can never break the UTF-8 encoder
        self.outbox.put(json.dumps({"type": "error", "code": code, "message": sentence(code, self.lang, params),
                                    "ref": ref, "params": params}, separators=(",", ":")))

    def refused(self, kind: str, exc: Exception) -> None:
        """The room refused this socket's message `kind`: `Malformed` and `Refused` say their code;
        anything else is a bug (the room changed nothing; logged with its traceback, as it is called in
        the `except`): `internal_error`, and the socket stays."""
        if isinstance(exc, Malformed):
            log.warning("%r: malformed %s: %s", self, kind, exc.detail)
            self.refuse("malformed", kind)
        elif isinstance(exc, Refused):
            log.info("%r: %s refused: %s", self, kind, exc.code)
            self.refuse(exc.code, kind, exc.params)
        else:
            log.error("%r: internal error on %s", self, kind, exc_info=exc)
            self.refuse("internal_error", kind)

    async def write_loop(self) -> None:
        """The connection's only writer: sends what the outbox holds until it is closed."""
        while (text := await self.outbox.get()) is not None:
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return


def origin_allowed(request: web.Request) -> bool:
    """True if the handshake's `Origin` names this server (the Host header the browser used), or if
    there is no Origin (not a browser: it could send any header anyway). Blocks other web pages on the
    shared Wi-Fi from driving a player's socket (cross-site WebSocket hijacking)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    try:
        url = URL(origin)
        own = URL(f"{url.scheme}://{request.host}")
    except ValueError:
        return False
    if url.scheme not in ("http", "https") or not url.host:
        return False
    return (url.host.lower(), url.port) == ((own.host or "").lower(), own.port)


async def ws_handler(request: web.Request) -> web.StreamResponse:
    """`GET /ws`: the game socket (docs/protocol.md)."""
    app = request.app
    config = app[keys.CONFIG]
    if not origin_allowed(request):
        log.warning("websocket from %s refused: Origin %r does not match Host %r",
                    request.remote, request.headers.get("Origin"), request.host)
        raise web.HTTPForbidden(text="origin not allowed")
    app[keys.URLS].learn(request)
    ws = web.WebSocketResponse(heartbeat=config.heartbeat, max_msg_size=config.max_msg_size, compress=False)
    await ws.prepare(request)
    conn = Connection(ws, request)
    app[keys.SOCKETS].add(ws)
    writer = asyncio.create_task(conn.write_loop(), name=f"ws-writer-{conn.id}")
    try:
        async for frame in ws:
            if frame.type == WSMsgType.TEXT:
                _dispatch(app, conn, frame.data)
            elif frame.type == WSMsgType.BINARY:
                log.warning("%r: binary frame ignored", conn)
                conn.refuse("malformed", None)
    finally:
        app[keys.SOCKETS].discard(ws)
        if conn.room is not None:
            conn.room.detach(conn)
        conn.outbox.close()
        writer.cancel()
        try:
            await writer
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():  # our own handler is being cancelled: pass it on
                raise
    return ws


def _dispatch(app: web.Application, conn: Connection, raw: str) -> None:
    """Parse and route one text frame. Never raises: every problem becomes an `error` to the sender."""
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: "[[[[..." nested deeper than the decoder goes
        msg = None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        log.warning("%r: malformed frame %.80r", conn, raw)
        conn.refuse("malformed", None)
        return
    kind = msg["type"]
    if kind == "ping":
        conn.send({"type": "pong"})
        return
    if kind == "hello":
        _hello(app, conn, msg)
        return
    if conn.room is None:
        conn.refuse("hello_required", kind)
        return
    if kind == "join" and not (conn.bucket.allow() and app[keys.IP_LIMITS].allow(conn.peer)):
        log.warning("%r: join rate-limited", conn)
        conn.refuse("rate_limited", kind)
        return
    conn.room.handle(conn, msg)  # answers through `refused`, or with the new state once it is stored


def _hello(app: web.Application, conn: Connection, msg: dict) -> None:
    """`hello`: attach to a room as TV or phone; a known token resumes that person (and their seat)."""
    role = msg.get("role", "phone")
    lang = msg.get("lang")
    token = msg.get("token")
    if role not in ("tv", "phone") or (lang is not None and not isinstance(lang, str)) \
            or (token is not None and not isinstance(token, str)):
        log.warning("%r: malformed hello", conn)
        conn.refuse("malformed", "hello")
        return
    if isinstance(lang, str) and lang in LANGS:
        conn.lang = lang
    room = app[keys.ROOMS].get(msg.get("room"))
    if room is None:
        # guessing room codes costs join tokens, so nobody walks the 280 000 codes
        if not app[keys.IP_LIMITS].allow(conn.peer):
            log.warning("%r: hello rate-limited", conn)
            conn.refuse("rate_limited", "hello")
            return
        conn.refuse("no_such_room", "hello")
        return
    if conn.room is not room and len(room.connections) >= app[keys.CONFIG].max_sockets_per_room:
        log.warning("%r: room %s has too many sockets", conn, room.code)
        conn.refuse("room_busy", "hello", {"max": app[keys.CONFIG].max_sockets_per_room})
        return
    if conn.room is not None:
        conn.room.detach(conn)
    conn.role = role
    conn.room = room
    conn.person = room.person_for_token(token) if role == "phone" else None
    conn.floor = 0
    conn.send(room.welcome(conn))
    room.attach(conn)


async def close_sockets(app: web.Application) -> None:
    """on_shutdown: close every socket with GOING_AWAY (1001) so pages reconnect to the next server."""
    sockets: list[web.WebSocketResponse] = [*app[keys.SOCKETS]]
    closes = [ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutdown") for ws in sockets]
    if closes:  # a phone that stopped reading cannot hold the shutdown up for long
        await asyncio.wait([asyncio.ensure_future(c) for c in closes], timeout=5)
