"""Someone on the shared Wi-Fi who is not playing fair: acting without a token or with a wrong one, trying
to read another hand, sending host actions, hostile text, path traversal on picture URLs, a WebSocket from
another site's page, a flood of joins. Over real sockets; every refusal also leaves the room unchanged."""
from __future__ import annotations

import asyncio
import json

import pytest

from server.net import keys
from tests.helpers.bounds import EVENT_S
from tests.helpers.probes import host_probes, http_via, other_seat_probes, route_probes, token_probes


def room_of(table):
    return table.app[keys.ROOMS].get(table.code)


def snapshot(table) -> str:
    return json.dumps(room_of(table).stored(), sort_keys=True)


# ---------------------------------------------------------------- tokens
def refusals_failed(outcomes) -> list:
    """The probes (tests/helpers/probes.py) that were not refused as they must be."""
    return [o for o in outcomes if not o[1]]


async def test_acting_without_a_token_or_with_a_wrong_one_is_refused(make_table, connect):
    table = await make_table(4)
    other = await make_table(4)                 # a second room: its tokens are good only there
    await table.play_until(lambda g: g["phase"] == "playing")
    before = snapshot(table)
    outcomes = await token_probes(connect, table, other.phones[1].token)
    assert refusals_failed(outcomes) == [] and len(outcomes) > 100
    assert snapshot(table) == before


async def test_the_deck_and_story_routes_need_the_hosts_key(make_table, client):
    table = await make_table(4, start=False)
    other = await make_table(3, start=False)
    before = snapshot(table)
    outcomes = await route_probes(http_via(client.request), table, other)
    assert refusals_failed(outcomes) == [] and len(outcomes) > 40
    assert snapshot(table) == before


async def test_no_socket_can_read_another_seats_hand(make_table, connect):
    table = await make_table(4)
    room = room_of(table)
    hands = {seat: set(cards) for seat, cards in room.game.hands.items()}
    owner = table.phones[1]
    # a real token on a socket that says it is the TV: the public view, no seat, no token echoed
    tv = await connect("tv with a token")
    welcome = await tv.hello(table.code, role="tv", token=owner.token)
    assert welcome["seat"] is None and welcome["token"] is None and welcome["role"] == "tv"
    frame = tv.frames[-1]
    assert "me" not in tv.game and '"hand"' not in frame
    assert not any(card in frame for cards in hands.values() for card in cards)
    assert owner.token not in "".join(tv.frames)
    # a seat's own socket sees its own hand and nobody else's
    for p in table.phones:
        seat = p.welcome["seat"]
        frame = p.frames[-1]
        assert set(p.me["hand"]) == hands[seat]
        for other, cards in hands.items():
            if other != seat:
                assert not any(f'"{card}"' in frame for card in cards), (seat, other)
    # naming another seat in a seat action does not act for it
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
    player, victim = [p for p in table.phones if "play_card" in p.me["can"]][:2]
    await table.act(player, "play_card", card=player.me["hand"][0], seat=victim.welcome["seat"])
    assert player.me["played"] and not victim.me["played"]


async def test_nobody_acts_for_another_seat(make_table):
    table = await make_table(4)
    outcomes = await other_seat_probes(table)
    assert refusals_failed(outcomes) == [] and len(outcomes) == 4
    assert table.tv.state_id == table.expected


# ---------------------------------------------------------------- host rights
@pytest.mark.parametrize("phase", ["lobby", "game"])
async def test_every_host_action_is_refused_for_everyone_but_the_host(make_table, connect, phase):
    table = await make_table(4, start=phase == "game")
    spectator = await connect("spectator")
    await spectator.hello(table.code)
    table.extra.append(spectator)
    await table.sync()
    before = snapshot(table)
    assert refusals_failed(await host_probes(table, [table.phones[1], table.phones[3], spectator, table.tv])) == []
    assert snapshot(table) == before
    assert table.tv.state_id == table.expected


# ---------------------------------------------------------------- hostile text
async def test_names_keep_html_symbols_and_rtl_as_plain_text_within_limits(make_client, connect_to):
    client = await make_client(join_burst=100)
    code = (await (await client.post("/api/rooms")).json())["code"]
    family = "👨‍👩‍👧‍👦"                                 # one grapheme of seven code points
    cases = [
        ("<b>Ann</b>", "<b>Ann</b>"),               # kept verbatim: it is text, never markup
        ("<img src=x onerror=1>", "<img src=x onerror=1>"),
        ("שרה ♥", "שרה ♥"),                          # RTL text and a text-style symbol (emoji are refused)
        ("\u202eevil", "evil"),                      # a bidi override cannot flip the TV's line
        ("Zo\u0000\u0007e\u200b", "Zoe"),            # control and invisible characters dropped
        ("Ё" * 24, "Ё" * 24),                        # 24 graphemes: the limit
    ]
    seen = []
    for i, (name, stored) in enumerate(cases):
        p = await connect_to(client, f"p{i}")
        await p.hello(code)
        await p.act("join", name=name, colour=["red", "blue", "green", "teal", "purple", "pink"][i])
        await p.until(lambda m: m["type"] == "welcome" and m["seat"])
        state = await p.until_state(lambda st, joined=i + 1: len(st["room"]["roster"]) == joined)
        assert state["room"]["roster"][-1]["name"] == stored
        seen.append(p)
    late = await connect_to(client, "late")
    await late.hello(code)
    for name in (family * 25, family, "Ё" * 25, "x" * 10_000, "\u200b\u200b", "\u202e", "EVIL"):
        await late.act("join", name=name, colour="navy")
        err = await late.error()
        assert err["code"] in ("bad_name", "name_taken"), (name[:10], err)
    assert err["code"] == "name_taken"   # "EVIL" is "evil" once case is folded
    assert len(late.state["room"]["roster"]) == len(cases)


async def test_associations_keep_html_and_emoji_as_text_and_refuse_10000_characters(make_table, connect):
    table = await make_table(4)
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    card = teller.me["hand"][0]
    await table.refused(teller, "tell", "association_too_long", card=card, association="a" * 10_000)
    await table.refused(teller, "tell", "association_too_long", card=card, association="🐘" * 201)
    await table.refused(teller, "tell", "malformed", card=card, association={"html": "<b>"})
    text = "<script>alert('x')</script> שלום 🐘?"
    await table.act(teller, "tell", card=card, association=text)
    assert table.tv.game["association"] == text
    raw = table.tv.frames[-1]
    assert json.loads(raw)["game"]["association"] == text      # a JSON string, nothing else


# ---------------------------------------------------------------- paths
async def raw_get(port: int, path: str) -> tuple[int, bytes]:
    """One HTTP/1.1 GET with the path exactly as written (no client normalising `..`)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    data = await asyncio.wait_for(reader.read(), EVENT_S)
    writer.close()
    status = int(data.split(b" ", 2)[1])
    return status, data


@pytest.mark.parametrize("path", [
    "/static/../server/app.py", "/static/%2e%2e/server/app.py", "/static/..%2fserver%2fapp.py",
    "/static/tv/../../pyproject.toml", "/static/%2e%2e/%2e%2e/etc/passwd", "/static/..\\server\\app.py",
    "/static//etc/passwd", "/static/%2fetc%2fpasswd",
    "/cards/builtin/..%2f..%2f..%2fserver%2fapp.py", "/cards/..%2f..%2fserver/app.py",
    "/cards/%2e%2e/rooms.sqlite3", "/cards/builtin/c001.tv.webp%00.py", "/cards/builtin/../../data/rooms.sqlite3",
    "/api/decks/..%2f..%2fserver/cards", "/join/..%2f..%2fserver%2fapp.py",
])
async def test_path_traversal_never_leaves_the_served_folders(client, room_code, path):
    status, data = await raw_get(client.server.port, path)
    body = data.split(b"\r\n\r\n", 1)[-1]
    if path.startswith("/join/"):    # the code is only a parameter: the phone page, whatever it says
        assert status == 200 and b"<html" in body.lower()
    else:
        assert status in (400, 403, 404), (path, status)
    for secret in (b"def make_app", b"[project]", b"root:", b"SQLite format 3", b"import "):
        assert secret not in body, (path, secret)


# ---------------------------------------------------------------- flooding
async def test_a_flood_of_joins_from_many_sockets_is_rate_limited(make_client, connect_to):
    client = await make_client(join_burst=5, join_rate=0)
    code = (await (await client.post("/api/rooms")).json())["code"]
    sockets = []
    for i in range(12):
        p = await connect_to(client, f"flood{i}")
        await p.hello(code)
        sockets.append(p)
    # every socket fires 10 joins at once, all sockets at once
    await asyncio.gather(*(p.send({"type": "join", "state_id": p.state_id, "name": f"F{i}-{k}", "colour": c})
                           for i, p in enumerate(sockets)
                           for k, c in enumerate(["red", "blue", "green", "teal", "pink", "navy", "lime",
                                                  "brown", "grey", "white"])))
    outcomes = []
    for p in sockets:
        for _ in range(10):
            msg = await p.until(lambda m: m["type"] in ("error", "welcome") and (m["type"] == "error" or m["seat"]))
            outcomes.append(msg.get("code", "joined"))
            if msg["type"] == "welcome":
                break    # a joined socket's further joins are `already_joined` or rate-limited
    assert outcomes.count("rate_limited") >= len(outcomes) - 5
    room = client.server.app[keys.ROOMS].get(code)
    assert len(room.record.people) <= 5
    # the server still answers everyone
    for p in sockets:
        await p.send({"type": "ping"})
        await p.until(lambda m: m["type"] == "pong")
