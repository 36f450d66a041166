"""Authorization and cross-site probes against a room: each one is something a device or a web page that is
not entitled to it tries (acting with a wrong token, for another seat, as host; the deck and story routes
without the host's key; another site's Host or Origin), and each returns what the server answered. Over real
sockets, against an in-process test server (tests/server/security/) or a real server process
(scripts/redteam.py) alike: HTTP goes through an `Http` callable and sockets through the table's own `connect`.

Every probe gives one `Outcome`, (what was tried, refused?, what came back); a test asserts all refused, the
script counts them.
"""
from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp

from server.room.specs import SPECS
from tests.helpers.wire import ASSOCIATION, Connect, Table

Outcome = tuple[str, bool, str]
# (method, path, headers, body) -> (status, body text); no redirects followed
Http = Callable[[str, str, dict, bytes | None], Awaitable[tuple[int, str]]]
# headers -> the status of a WebSocket handshake on /ws (101: upgraded)
WsStatus = Callable[[dict], Awaitable[int]]

HOST_ACTIONS = sorted(kind for kind, spec in SPECS.items() if spec.who == "host")
SEAT_ACTIONS = sorted(kind for kind, spec in SPECS.items() if spec.who == "seat")
# a WebSocket from another site's page; {port}: the server's, {other}: another
FOREIGN_ORIGINS = ("http://evil.example", "http://evil.example:{port}", "http://127.0.0.1.evil.example:{port}",
                   "http://127.0.0.1:{other}", "http://127.0.0.1:{port}@evil.example", "null", "file://",
                   "chrome-extension://abcdef", "http://localhost.evil.example:{port}", "ws://evil.example:{port}")
# a cross-site form POST (text/plain, no preflight) with the right Host
CROSS_SITE_ORIGINS = ("http://evil.example", "http://127.0.0.1:{other}", "null")
# names that point at the server but are not its own (a server started with `--allow-host game.lan`)
FOREIGN_HOSTS = ("other.lan", "game.lan.evil.example", "10.9.9.9", "evil.example")
REBOUND = "evil.example:{port}"


def rebound_paths(code: str) -> list[str]:
    """The GET routes a rebound page would read, in room `code`."""
    return ["/join", f"/join/{code}", "/api/info", f"/api/rooms/{code}", "/tv", "/healthz", "/static/phone/index.html"]


def wrong_tokens(real: str, other_room: str) -> list[str]:
    """Tokens that must not seat anyone: none, junk, near misses of seat token `real`, a token of another
    room (`other_room`), text that is not ASCII."""
    near_miss = real[:-1] + ("A" if real[-1] != "A" else "B")
    return [None, "", "not-a-token", near_miss, real.upper() if real.upper() != real else real.lower(),
            real + " ", " " + real, real[:-1], secrets.token_urlsafe(24), "x" * 10_000, other_room,
            "\u202eevil", real[:-1] + "é", "токен"]


def http_via(request: Callable[..., Any], base: str = "") -> Http:
    """An `Http` on `request` (an aiohttp ClientSession's or test client's `request`) at `base`."""
    async def http(method: str, path: str, headers: dict, body: bytes | None) -> tuple[int, str]:
        resp = await request(method, base + path, headers=headers, data=body, allow_redirects=False)
        try:
            return resp.status, await resp.text(errors="replace")
        finally:
            resp.release()
    return http


def ws_status_via(ws_connect: Callable[..., Any], url: str) -> WsStatus:
    """A `WsStatus` on `ws_connect` (a session's or test client's) to `url`."""
    async def status(headers: dict) -> int:
        try:
            ws = await ws_connect(url, headers=headers)
        except aiohttp.WSServerHandshakeError as e:
            return e.status
        await ws.close()
        return 101
    return status


async def _refused(p, msg: dict, code: str, what: str, params: dict | None = None) -> Outcome:
    """Send `msg` on `p`; refused when its answer is an `error` with `code`, a message and (if given)
    exactly `params`."""
    await p.send({"state_id": p.state_id, **msg} if p.state else msg)
    err = await p.error()
    ok = err["code"] == code and bool(err["message"]) and (params is None or err["params"] == params)
    return what, ok, err["code"]


async def token_probes(connect: Connect, table: Table, other_room_token: str) -> list[Outcome]:
    """With every `wrong_tokens` of a seat of `table`: the hello seats nobody, every seat action is
    `not_seated` and `skip` is `not_host`; tokens that are not text are `malformed`."""
    out: list[Outcome] = []
    real = table.phones[1].token
    for token in wrong_tokens(real, other_room_token):
        p = await connect("intruder")
        welcome = await p.hello(table.code, token=token)
        seated = welcome.get("seat") is not None or welcome.get("token") is not None or "me" in (p.game or {})
        out.append((f"hello with token {token!r:.20}", not seated, str(welcome.get("seat"))))
        for kind in SEAT_ACTIONS:
            out.append(await _refused(p, {"type": kind, "card": "c001", "association": ASSOCIATION, "seat": "s2",
                                          "name": "Mallory", "colour": "navy"}, "not_seated", f"{kind}, wrong token"))
        out.append(await _refused(p, {"type": "skip"}, "not_host", "skip, wrong token"))
        await p.close()
    p = await connect("typed")
    for token in (12345, ["x"], {"token": real}, True):
        out.append(await _refused(p, {"type": "hello", "room": table.code, "token": token}, "malformed",
                                  f"hello with token {token!r}"))
    await p.close()
    return out


async def host_probes(table: Table, guests: list) -> list[Outcome]:
    """Every host action from each of `guests` (phones that are not the host, a spectator, the TV): `not_host`."""
    fields = {"seat": "s3", "settings": {"ruleset": "dixit"}, "storyteller": "s2"}
    return [await _refused(p, {"type": kind, **fields}, "not_host", f"{kind} by {p.name}", params={})
            for p in guests for kind in HOST_ACTIONS]


async def other_seat_probes(table: Table) -> list[Outcome]:
    """Acting for another seat, from a game's `telling` on to its `voting`: telling for the storyteller
    (`not_storyteller`), playing another seat's card naming that seat (`not_in_hand`), voting `for` another
    seat outside a kids' game (`not_allowed`), the storyteller voting (`storyteller_cannot_vote`). Plays on
    (accepted actions) to get from one to the next."""
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    other = next(p for p in table.phones if p is not teller)
    out = [await _refused(other, {"type": "tell", "card": other.me["hand"][0], "association": ASSOCIATION,
                                  "seat": teller.welcome["seat"]}, "not_storyteller", "tell for the storyteller")]
    await table.act(teller, "tell", card=teller.me["hand"][0], association=ASSOCIATION)
    player, victim = [p for p in table.phones if "play_card" in p.me["can"]][:2]
    out.append(await _refused(player, {"type": "play_card", "card": victim.me["hand"][0],
                                       "seat": victim.welcome["seat"]}, "not_in_hand", "play another seat's card"))
    await table.play_until(lambda g: g["phase"] == "voting")
    voter, victim = [p for p in table.phones if "vote" in p.me["can"]][:2]
    out.append(await _refused(voter, {"type": "vote", "card": 1, "for": victim.welcome["seat"]}, "not_allowed",
                              "vote for another seat"))
    out.append(await _refused(teller, {"type": "vote", "card": 1}, "storyteller_cannot_vote", "the storyteller votes"))
    return out


async def route_probes(http: Http, table: Table, other_room: Table) -> list[Outcome]:
    """The deck and story routes without the host's key: no credentials, a guest's token, the host's token
    with another room's code, the host's from another site; each must be 403 (story: 403)."""
    host, guest = table.phones[0], table.phones[1]
    creds = [{}, {"X-Room": table.code, "X-Token": guest.token}, {"X-Room": other_room.code, "X-Token": host.token},
             {"X-Room": table.code, "X-Token": other_room.phones[0].token},
             {"X-Room": table.code, "X-Token": host.token[:-1] + "é"}, {"X-Room": table.code, "X-Token": "\u202eevil"}]
    routes = [("PUT", "/api/decks/builtin/excluded", b"[]"), ("POST", "/api/decks", b"PK\x05\x06" + bytes(18)),
              ("DELETE", "/api/decks/builtin", None), ("POST", "/api/decks/builtin/end-game", None),
              ("POST", "/api/decks/builtin/cards", b""), ("PATCH", "/api/decks/builtin", b'{"name": "x"}'),
              ("DELETE", "/api/decks/builtin/cards/c001", None)]
    out: list[Outcome] = []
    for headers in creds:
        for method, path, body in routes:
            status, _ = await http(method, path, headers, body)
            out.append((f"{method} {path} with {sorted(headers)}", status == 403, str(status)))
    host_from_elsewhere = {"X-Room": table.code, "X-Token": host.token, "Origin": "http://evil.example"}
    status, _ = await http("PUT", "/api/decks/builtin/excluded", host_from_elsewhere, b"[]")
    out.append(("PUT excluded with the host's token from another site", status == 403, str(status)))
    strangers = [{}, {"X-Token": "nope"}, {"X-TV-Key": "nope"}, {"X-Token": other_room.phones[0].token},
                 {"X-TV-Key": other_room.tv.welcome["tv_key"]}]
    for headers in strangers:
        for path in ("story", "story.png"):
            status, _ = await http("GET", f"/api/rooms/{table.code}/{path}", headers, None)
            out.append((f"GET {path} with {sorted(headers)}", status == 403, str(status)))
    return out


async def rebinding_probes(http: Http, ws_status: WsStatus, port: int, code: str) -> list[Outcome]:
    """A page on another name pointed at the server (DNS rebinding) and another site's page: every route
    under `Host: evil.example`, WebSockets from `FOREIGN_ORIGINS`, cross-site POSTs, `FOREIGN_HOSTS`; 403
    each (a 403 page naming no room)."""
    evil_host = REBOUND.format(port=port)
    evil = {"Host": evil_host, "Origin": f"http://{evil_host}"}
    out: list[Outcome] = [("ws with Host evil.example", (s := await ws_status(evil)) == 403, str(s))]
    for path in rebound_paths(code):
        status, text = await http("GET", path, {"Host": evil_host}, None)
        out.append((f"GET {path} with Host evil.example", status == 403 and code not in text, str(status)))
    for path, body in (("/api/rooms", None), ("/api/decks", b"x")):
        status, _ = await http("POST", path, evil, body)
        out.append((f"POST {path} with Host evil.example", status == 403, str(status)))
    for origin in FOREIGN_ORIGINS:
        origin = origin.format(port=port, other=port + 1)
        out.append((f"ws from Origin {origin}", (s := await ws_status({"Origin": origin})) == 403, str(s)))
    for origin in CROSS_SITE_ORIGINS:
        origin = origin.format(port=port, other=port + 1)
        status, _ = await http("POST", "/api/rooms", {"Origin": origin, "Content-Type": "text/plain"}, b"x")
        out.append((f"cross-site POST /api/rooms from {origin}", status == 403, str(status)))
    for host in FOREIGN_HOSTS:
        status, _ = await http("GET", "/healthz", {"Host": f"{host}:{port}"}, None)
        out.append((f"GET /healthz with Host {host}", status == 403, str(status)))
    return out
