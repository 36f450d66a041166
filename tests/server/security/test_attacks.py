"""A hostile device on the Wi-Fi (or a web page a guest opens) against a room: sockets that
fill the room, hello loops and floods, other sites' Host and Origin, a TV that joins, a host role taken
the moment the host's phone sleeps, a full table. Each test is the attack as reported, over real
sockets on loopback; attackers come from other loopback addresses (127.0.0.2 and up) so the players'
own address (127.0.0.1) keeps its allowance, as on a real Wi-Fi."""
from __future__ import annotations

import json
from dataclasses import replace

import aiohttp
import pytest

from server.config import Config
from server.net import keys
from tests.helpers.probes import http_via, rebinding_probes, ws_status_via
from tests.helpers.restart import session_from
from tests.helpers.wire import RECV_TIMEOUT


@pytest.fixture
def config(config):
    """The shared test config with the real per-socket frame limit (other tests lift it: they play
    faster than people)."""
    return replace(config, frame_burst=Config.frame_burst, frame_rate=Config.frame_rate)


@pytest.fixture
async def sessions():
    """`sessions(ip)` -> an aiohttp ClientSession whose connections come from loopback address `ip`."""
    made: list[aiohttp.ClientSession] = []

    def make(ip: str) -> aiohttp.ClientSession:
        session = session_from(ip)
        made.append(session)
        return session
    yield make
    for session in made:
        await session.close()


async def hello_from(session, client, code: str, token: str | None = None, role: str = "phone"):
    """A socket of `session` that says hello to room `code` (what the attack sends); returns it."""
    port = client.server.port
    ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers={"Origin": f"http://127.0.0.1:{port}"})
    await ws.send_str(json.dumps({"type": "hello", "room": code, "role": role, "token": token}))
    return ws


async def first_of(ws, kinds: tuple[str, ...]) -> dict:
    """The first message of one of `kinds` on raw socket `ws`."""
    while True:
        frame = await ws.receive(timeout=RECV_TIMEOUT)
        assert frame.type == aiohttp.WSMsgType.TEXT, frame
        msg = json.loads(frame.data)
        if msg["type"] in kinds:
            return msg


# ---------------------------------------------------------------- item 1: room lockout by sockets
async def test_sockets_without_a_seat_cannot_lock_the_host_out(make_table, client, connect, sessions):
    table = await make_table(4, start=False)
    host = table.phones[0]
    token = host.token
    attacker = sessions("127.0.0.2")
    # the attack as reported: 43 sockets that only say hello fill the room's 48 sockets
    flood = [await hello_from(attacker, client, table.code) for _ in range(43)]
    for ws in flood:
        await first_of(ws, ("welcome", "error"))
    # the host's phone wakes up and reconnects (its old socket is not known to be dead yet)
    back = await connect("host again")
    welcome = await back.hello(table.code, token=token)
    assert welcome["type"] == "welcome" and welcome["person"] == host.welcome["person"], welcome
    assert welcome["is_host"]
    # unseated sockets are bounded per address: the oldest of the flood were closed
    room = client.server.app[keys.ROOMS].get(table.code)
    config = client.server.app[keys.CONFIG]
    from_attacker = [c for c in room.connections if c.peer == "127.0.0.2"]
    assert len(from_attacker) <= config.max_unseated_per_ip
    for _ in range(100):   # the oldest flood socket was closed (after at most a few states)
        if (await flood[0].receive(timeout=RECV_TIMEOUT)).type != aiohttp.WSMsgType.TEXT:
            break
    assert flood[0].closed
    # every seated player still has a socket in the room
    assert {c.person for c in room.connections if c.person} == {p.welcome["person"] for p in table.phones}


async def test_a_seat_token_gets_its_seat_back_in_a_room_full_of_strangers(make_table, client, connect, sessions):
    table = await make_table(4, start=True)
    player = table.phones[2]
    token = player.token
    # one socket from each of 43 addresses: no address is over its own bound, the room is full
    strangers = [await hello_from(sessions(f"127.0.0.{10 + i}"), client, table.code) for i in range(43)]
    for ws in strangers:
        await first_of(ws, ("welcome", "error"))
    back = await connect("player again")   # a new socket while the old one lingers
    welcome = await back.hello(table.code, token=token)
    assert welcome["type"] == "welcome" and welcome["person"] == player.welcome["person"], welcome
    assert "me" in back.game and back.me["hand"]
    room = client.server.app[keys.ROOMS].get(table.code)
    assert len(room.connections) <= client.server.app[keys.CONFIG].max_sockets_per_room
    # the TV (an unseated socket of its own address, older than every stranger) was not the one evicted
    await table.tv.send({"type": "ping"})
    await table.tv.until(lambda m: m["type"] == "pong")


# ---------------------------------------------------------------- item 2: broadcast amplification
async def test_a_repeated_hello_on_the_same_socket_changes_nothing(make_table, client, sessions):
    table = await make_table(4, start=True)
    ws = await hello_from(sessions("127.0.0.2"), client, table.code)
    await first_of(ws, ("welcome",))
    await table.tv.until_state(lambda s: s["room"]["spectators"] == 1)
    for _ in range(20):       # the reported attack: hello in a loop (this socket never needs to read)
        await ws.send_str(json.dumps({"type": "hello", "room": table.code, "role": "phone", "token": None}))
    await ws.send_str(json.dumps({"type": "ping"}))
    await first_of(ws, ("pong",))            # every hello above has been handled
    await table.tv.send({"type": "ping"})
    seen = []
    while (msg := await table.tv.recv())["type"] != "pong":
        seen.append(msg["type"])
    assert "state" not in seen, f"the other sockets got {seen.count('state')} states from repeated hellos"


async def test_a_socket_that_floods_frames_is_closed_with_1008(make_table, client, sessions):
    table = await make_table(4, start=True)
    ws = await hello_from(sessions("127.0.0.2"), client, table.code)
    await first_of(ws, ("welcome",))
    for _ in range(500):
        await ws.send_str(json.dumps({"type": "hello", "room": table.code, "role": "phone", "token": None}))
    pongs = 0
    while True:   # bounded: at most one reply per frame sent
        frame = await ws.receive(timeout=RECV_TIMEOUT)
        if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            break
        pongs += 1
        assert pongs < 500, "the flooding socket was never closed"
    assert ws.close_code == aiohttp.WSCloseCode.POLICY_VIOLATION
    # the table plays on
    await table.step()


async def test_a_socket_that_never_says_hello_is_closed(make_client):
    client = await make_client(hello_timeout=0.5)
    ws = await client.ws_connect("/ws")
    frame = await ws.receive(timeout=RECV_TIMEOUT)
    assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert ws.close_code == aiohttp.WSCloseCode.POLICY_VIOLATION


async def test_changing_room_or_token_by_hello_is_rate_limited(make_table, make_client, client, sessions):
    table = await make_table(2, start=False)
    ws = await hello_from(sessions("127.0.0.2"), client, table.code)
    await first_of(ws, ("welcome",))
    codes = []
    for i in range(30):   # alternate roles: each would re-attach (two broadcasts)
        await ws.send_str(json.dumps({"type": "hello", "room": table.code, "role": ("tv", "phone")[i % 2],
                                      "token": None}))
        codes.append((await first_of(ws, ("welcome", "error"))).get("code", "welcome"))
    assert codes.count("rate_limited") >= 30 - client.server.app[keys.CONFIG].join_burst


# ---------------------------------------------------------------- item 6: DNS rebinding, cross-site requests
async def test_a_rebound_host_name_and_other_sites_pages_get_nothing(make_client):
    client = await make_client(allow_hosts=("game.lan",))
    code = (await (await client.post("/api/rooms")).json())["code"]
    rooms = client.server.app[keys.ROOMS]
    outcomes = await rebinding_probes(http_via(client.request), ws_status_via(client.ws_connect, "/ws"),
                                      client.server.port, code)
    assert [o for o in outcomes if not o[1]] == [] and len(outcomes) > 20
    assert len(rooms) == 1 and rooms.current().code == code
    # the same page (its own origin) and a script (no Origin) still can
    own = f"http://127.0.0.1:{client.server.port}"
    assert (await client.post("/api/rooms", headers={"Origin": own})).status == 200
    assert (await client.post("/api/rooms")).status == 200


@pytest.mark.parametrize("host", ["localhost:{port}", "127.0.0.1:{port}", "192.168.77.5:{port}", "[::1]:{port}",
                                  "imaginarium.local:{port}", "game.lan:{port}", "GAME.LAN.:{port}"])
async def test_own_names_and_allowed_hosts_are_served(make_client, host):
    client = await make_client(allow_hosts=("game.lan",))
    host = host.format(port=client.server.port)
    resp = await client.get("/healthz", headers={"Host": host})
    assert resp.status == 200
    resp = await client.post("/api/rooms", headers={"Host": host, "Origin": f"http://{host.lower()}"})
    assert resp.status == 200
    ws = await client.ws_connect("/ws", headers={"Host": host, "Origin": f"http://{host}"})
    await ws.close()


# ---------------------------------------------------------------- item 8: roles
async def test_a_tv_socket_never_gets_a_seat(client, room_code, connect):
    tv = await connect("tv")
    await tv.hello(room_code, role="tv")
    await tv.send({"type": "join", "state_id": tv.state_id, "name": "Telly", "colour": "red"})
    err = await tv.error()
    assert err["code"] == "tv_no_seat" and err["message"]
    room = client.server.app[keys.ROOMS].get(room_code)
    assert room.record.people == () and tv.welcome["token"] is None
    assert all(m.get("token") is None for m in map(json.loads, tv.frames) if m["type"] == "welcome")


async def test_claim_host_waits_for_the_grace_period(make_table, client, connect):
    table = await make_table(4, start=True)
    host, other = table.phones[0], table.phones[1]
    await host.close()
    state = await other.until_state(lambda s: not s["room"]["roster"][0]["connected"])
    await other.act("claim_host")     # the host's phone only went to sleep a moment ago
    err = await other.error()
    assert err["code"] == "host_away_briefly" and err["params"]["seconds"] > 0
    assert table.tv.state["room"]["host_person"] == host.welcome["person"]
    grace = client.server.app[keys.CONFIG].host_grace
    assert 0 < state["room"]["host_claim_in"] <= grace   # the pages show how long until it may be claimed


async def test_claim_host_after_the_grace_period(make_client, connect_to):
    client = await make_client(host_grace=0)
    code = (await (await client.post("/api/rooms")).json())["code"]
    host, other = await connect_to(client, "host"), await connect_to(client, "other")
    for p, name, colour in ((host, "Host", "red"), (other, "Other", "blue")):
        await p.hello(code)
        await p.act("join", name=name, colour=colour)
        await p.until(lambda m: m["type"] == "welcome" and m["person"])
    await host.close()
    state = await other.until_state(lambda s: not s["room"]["roster"][0]["connected"])
    assert state["room"]["host_claim_in"] == 0
    await other.act("claim_host")
    await other.until(lambda m: m["type"] == "welcome" and m["is_host"])


# ---------------------------------------------------------------- item 10: a full table says so
async def test_a_full_table_refuses_with_room_full_before_the_colour(make_table, connect):
    table = await make_table(14, start=False)
    late = await connect("late")
    await late.hello(table.code)
    assert late.state["room"]["colours_free"] == []
    for colour in ("red", "navy"):   # taken colours: the table is full whatever the colour
        err = await table.refused(late, "join", "room_full", name="Fifteen", colour=colour)
        assert err["params"] == {"max": 14} and "14" in err["message"]
    assert late.state["room"]["max_people"] == 14


async def test_a_refused_name_gets_a_page_a_family_can_read(make_client):
    """Someone opening the server by a name it does not know (a router alias) reads why and what to do,
    in both languages; the page names no room and no address."""
    client = await make_client(allow_hosts=("game.lan",))
    resp = await client.get("/tv", headers={"Host": f"pi.<b>home:{client.server.port}"})
    assert resp.status == 403
    assert resp.content_type == "text/html"
    page = await resp.text()
    assert "--allow-host pi.&lt;b&gt;home" in page and "<b>" not in page
    assert "Сервер игры не отвечает на имя" in page and "does not answer to the name" in page
    assert "127.0.0.1" not in page and str(client.server.port) not in page
