"""The WebSocket endpoint: origin check, hello/resume, message validation, one outbox and one writer task
per connection (only the handler task reads the socket). A frame is written at once when nothing waits
before it and the socket's transport is empty; otherwise it queues in the outbox for the writer task.
What an app's sockets share lives on the app (`setup_ws`), so two apps in one process count apart."""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import weakref

from aiohttp import WSMsgType, web

from server.config import LANGS, Config
from server.messages import sentence
from server.net import keys
from server.net.frame_writer import FrameWriter
from server.net.hosts import same_origin
from server.net.outbox import Outbox
from server.net.ratelimit import TokenBucket, client_key
from server.net.ws_close import close_policy, close_sockets
from server.room.jsontext import dumps_bytes
from server.room.refusals import Malformed, Refused
from server.room.room import Room
from server.room.specs import SPECS

log = logging.getLogger(__name__)
KNOWN_TYPES = frozenset(SPECS) | {"hello", "ping"}


class Connection:
    """One socket: its role (`tv` | `phone`), language, room, person (None: spectator or newcomer), the
    bounded outbox the room fills, and the join rate limit."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request) -> None:
        app = request.app
        config = app[keys.CONFIG]
        self.id = app[keys.WS_IDS]()
        self.ws = ws
        self.peer = client_key(request.remote or "?")   # an IPv6 phone counts by its /64, as in every limit
        self.throttled = request.app[keys.THROTTLED]   # a client's mistakes: one WARNING per kind per 10 s
        self.role = "phone"
        self.lang = config.lang or "en"   # until the hello names the browser's language
        self.room: Room | None = None
        self.person: str | None = None
        self.floor = 0
        self.outbox = Outbox(config.outbox_limit)
        self.bucket = TokenBucket(config.join_burst, config.join_rate)   # joins, and hellos that change something
        self.frames = TokenBucket(config.frame_burst, config.frame_rate)  # every frame (flood: closed, 1008)
        self.attached = 0   # keys.WS_ATTACHED number of the last hello that attached it to a room
        self.closing = app[keys.WS_CLOSING]   # where `evict` keeps its close in the background
        self.transport = request.transport   # the socket's own (aiohttp's writer writes to it too)
        self.frame_writer = request.app[keys.FRAME_WRITER]   # the fast path (server/net/frame_writer.py)
        self._sending = False   # the writer task is inside a send (it may be waiting for the peer)

    def __repr__(self) -> str:
        return f"<conn {self.id} {self.peer} {self.role} {self.room.code if self.room else '-'}/{self.person}>"

    def send(self, message: dict) -> None:
        """Send a control message (welcome, error, pong) now or queue it; never blocks."""
        payload = dumps_bytes(message)
        if not self._write_now(payload):
            self.outbox.put(payload)

    def send_state(self, payload: bytes) -> None:
        """Send a serialised `state` (UTF-8 JSON) now, or queue it replacing an unsent older one; never
        blocks."""
        if not self._write_now(payload):
            self.outbox.put_state(payload)

    def _write_now(self, payload: bytes) -> bool:
        """Write `payload` (UTF-8 text) as one WebSocket text frame straight to the socket's transport if
        nothing is queued before it and the transport holds nothing unsent (server/net/frame_writer.py says
        why and what of aiohttp it relies on); False, and nothing written, otherwise."""
        if self._sending or self.outbox or self.ws.closed:
            return False
        return self.frame_writer.write(self.transport, payload)

    def refuse(self, code: str, ref: str | None, params: dict | None = None) -> None:
        """Send `error` with the sentence for `code` in this socket's language and its room's ruleset's terms
        (`server.messages.sentence`; the pages take theirs from the same `settings.ruleset`). `ref` is echoed
        only if it is a message type the server knows; `params` keep only numbers, booleans and short strings
        (they may come from the client's own input)."""
        params = {k: v for k, v in (params or {}).items()
                  if isinstance(v, (int, float, bool)) or v is None or (isinstance(v, str) and len(v) <= 64)}
        if ref not in KNOWN_TYPES:
            ref = None
        # In the room's ruleset's words (a Dixit table's storyteller is «рассказчик», as on its pages)
        ruleset = self.room.record.settings.game.ruleset if self.room is not None else None
        message = sentence(code, self.lang, params, ruleset)
        # ASCII-escaped: a lone surrogate from a hostile frame can never break the UTF-8 encoder
        payload = json.dumps({"type": "error", "code": code, "message": message,
                              "ref": ref, "params": params}, separators=(",", ":")).encode()
        if not self._write_now(payload):
            self.outbox.put(payload)

    def refused(self, kind: str, exc: Exception) -> None:
        """The room refused this socket's message `kind`: `Malformed` and `Refused` say their code;
        anything else is a bug (the room changed nothing; logged with its traceback, as it is called in
        the `except`): `internal_error`, and the socket stays."""
        if isinstance(exc, Malformed):
            self.throttled.warning("malformed", "%r: malformed %s: %s", self, kind, exc.detail)
            self.refuse("malformed", kind)
        elif isinstance(exc, Refused):
            log.info("%r: %s refused: %s", self, kind, exc.code)
            self.refuse(exc.code, kind, exc.params)
        else:
            log.error("%r: internal error on %s", self, kind, exc_info=exc)
            self.refuse("internal_error", kind)

    def evict(self, reason: str) -> None:
        """Leave the room now (the others see it at once) and close the socket with 1008 in the
        background, telling the page why first (`error` `evicted`)."""
        if self.room is not None:
            room, self.room = self.room, None
            room.detach(self)
        self.refuse("evicted", "hello", {"reason": reason})
        task = asyncio.ensure_future(close_policy(self.ws, b"evicted: " + reason.encode()))
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)

    async def write_loop(self) -> None:
        """The connection's only writer: sends what the outbox holds until it is closed."""
        while (payload := await self.outbox.get()) is not None:
            self._sending = True
            try:
                # (send_frame(payload, TEXT) would skip the decode, but aiohttp has it only since 3.11;
                # this path is rare: a socket whose peer stopped reading for a while)
                await self.ws.send_str(payload.decode())
            except (ConnectionError, RuntimeError):
                return
            finally:
                self._sending = False


def origin_allowed(request: web.Request) -> bool:
    """True if the handshake's `Origin` names this server (the Host header the browser used), or if
    there is no Origin (not a browser: it could send any header anyway). Blocks other web pages on the
    shared Wi-Fi from driving a player's socket (cross-site WebSocket hijacking)."""
    return same_origin(request.headers.get("Origin"), request.host)


async def ws_handler(request: web.Request) -> web.StreamResponse:
    """`GET /ws`: the game socket (docs/protocol.md)."""
    app = request.app
    config = app[keys.CONFIG]
    if not origin_allowed(request):
        app[keys.THROTTLED].warning("ws_origin", "websocket from %s refused: Origin %r does not match Host %r",
                                    request.remote, request.headers.get("Origin"), request.host)
        raise web.HTTPForbidden(text="origin not allowed")
    app[keys.URLS].learn(request)
    ws = web.WebSocketResponse(heartbeat=config.heartbeat, max_msg_size=config.max_msg_size, compress=False)
    try:
        await ws.prepare(request)
    except ConnectionError:
        # The page went before its handshake was answered (a tab or browser closed while it reconnected):
        # no error of ours, but aiohttp logs a handler's exception as an ERROR. Nothing reaches the page;
        # the answer is for the access log (499: the client closed the request, as nginx says).
        log.debug("websocket from %s gone before its handshake was answered", request.remote)
        return web.Response(status=499, reason="Client Closed Request")
    conn = Connection(ws, request)
    app[keys.SOCKETS].add(ws)
    writer = asyncio.create_task(conn.write_loop(), name=f"ws-writer-{conn.id}")
    throttled = app[keys.THROTTLED]
    loop = asyncio.get_running_loop()
    hello_by = loop.time() + config.hello_timeout
    try:
        while True:
            # until it has said hello to a room, a socket has hello_timeout seconds (idle sockets hold fds)
            wait = None if conn.room is not None else max(0.0, hello_by - loop.time())
            try:
                frame = await ws.receive(timeout=wait)
            except TimeoutError:
                throttled.warning("hello_timeout", "%r closed: no hello within %.0f s", conn, config.hello_timeout)
                await close_policy(ws, b"no hello")
                break
            if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                break
            if not conn.frames.allow():
                throttled.warning("frame_flood", "%r closed: more than %g frames at once / %g per second",
                                  conn, config.frame_burst, config.frame_rate)
                await close_policy(ws, b"too many messages")
                break
            if frame.type == WSMsgType.TEXT:
                _dispatch(app, conn, frame.data)
            elif frame.type == WSMsgType.BINARY:
                throttled.warning("binary", "%r: binary frame ignored", conn)
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
        conn.throttled.warning("malformed", "%r: malformed frame %.80r", conn, raw)
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
        conn.throttled.warning("join_rate", "%r: join rate-limited", conn)
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
        conn.throttled.warning("malformed", "%r: malformed hello", conn)
        conn.refuse("malformed", "hello")
        return
    if isinstance(lang, str) and lang in LANGS:
        conn.lang = lang
    room = app[keys.ROOMS].get(msg.get("room"))
    if room is None:
        # guessing room codes costs join tokens, so nobody walks the 280 000 codes
        if not app[keys.IP_LIMITS].allow(conn.peer):
            conn.throttled.warning("hello_rate", "%r: hello rate-limited", conn)
            conn.refuse("rate_limited", "hello")
            return
        conn.refuse("no_such_room", "hello")
        return
    person = room.person_for_token(token) if role == "phone" else None
    same_room = conn.room is room   # (not narrowed inline: mypy would take `room` for `Room | None`)
    if same_room and conn.role == role and conn.person == person:
        # the same hello again changes nothing: only this socket is told again where it stands
        conn.send(room.welcome(conn))
        conn.send_state(dumps_bytes(room.state_for(conn)))
        return
    throttled = app[keys.THROTTLED]
    if conn.room is not None and not conn.bucket.allow():   # each re-attach costs the room two broadcasts
        throttled.warning("hello_rate", "%r: hello rate-limited (changes room, role or seat too often)", conn)
        conn.refuse("rate_limited", "hello")
        return
    if person is None and conn.room is not room and not app[keys.ATTACH_LIMITS].allow(conn.peer):
        throttled.warning("attach_rate", "%r: too many new sockets without a seat from %s", conn, conn.peer)
        conn.refuse("rate_limited", "hello")
        return
    if conn.room is not None:
        conn.room.detach(conn)
        conn.room = None
    evicted = _make_room(app[keys.CONFIG], room, conn.peer, person)
    if evicted is None:
        throttled.warning("room_busy", "%r: room %s is full of seated sockets", conn, room.code)
        conn.refuse("room_busy", "hello", {"max": app[keys.CONFIG].max_sockets_per_room})
        return
    for other, reason in evicted:
        throttled.warning("evicted", "%r evicted from room %s for %r: %s", other, room.code, conn, reason)
        other.evict(reason)
    conn.role = role
    conn.room = room
    conn.person = person
    conn.floor = 0
    conn.attached = app[keys.WS_ATTACHED]()
    conn.send(room.welcome(conn))
    room.attach(conn)


def _make_room(config: Config, room: Room, peer: str, person: str | None) -> list[tuple[Connection, str]] | None:
    """The sockets to evict so a socket from `peer` holding `person` (None: no seat) fits in `room`, or
    None if it cannot (every other socket is seated). Rules (docs/protocol.md "Limits"):
    a person keeps at most `max_sockets_per_person` sockets (their oldest goes); an address keeps at
    most `max_unseated_per_ip` sockets without a seat (its oldest goes); a full room evicts a socket
    without a seat: the oldest of the address holding the most, among equals the address that came
    last (the TV and the guests who came first stay). A seated socket is never evicted for anyone else."""
    others = sorted((c for c in room.connections if isinstance(c, Connection)), key=lambda c: c.attached)
    out: list[tuple[Connection, str]] = []
    if person is not None:
        same = [c for c in others if c.person == person]
        extra = max(0, len(same) - config.max_sockets_per_person + 1)
        out += [(c, "too many tabs of one player") for c in same[:extra]]
    else:
        mine = [c for c in others if c.person is None and c.peer == peer]
        out += [(c, "too many sockets without a seat from one address")
                for c in mine[:max(0, len(mine) - config.max_unseated_per_ip + 1)]]
    gone = {c for c, _ in out}
    left = [c for c in others if c not in gone]
    while len(left) >= config.max_sockets_per_room:
        unseated = [c for c in left if c.person is None]
        if not unseated:
            return None
        by_peer: dict[str, list[Connection]] = {}
        for c in unseated:
            by_peer.setdefault(c.peer, []).append(c)
        victim_peer = max(by_peer, key=lambda p: (len(by_peer[p]), by_peer[p][0].attached))
        victim = by_peer[victim_peer][0]
        out.append((victim, "the room is full"))
        left.remove(victim)
    return out


def setup_ws(app: web.Application) -> None:
    """`GET /ws` on `app`, with what its sockets share (`keys.SOCKETS`, `FRAME_WRITER`, `WS_IDS`,
    `WS_ATTACHED`, `WS_CLOSING`) and `close_sockets` on shutdown."""
    app[keys.SOCKETS] = weakref.WeakSet()
    app[keys.FRAME_WRITER] = FrameWriter()
    app[keys.WS_IDS] = itertools.count(1).__next__
    app[keys.WS_ATTACHED] = itertools.count(1).__next__
    app[keys.WS_CLOSING] = set()
    app.on_shutdown.append(close_sockets)
    app.router.add_get("/ws", ws_handler)
