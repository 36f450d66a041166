"""The wire protocol over real WebSockets: identity and resume, duplicate tabs, stale actions, host
rights, pause, seats, every refusal code the room emits, origin check, shutdown."""
from __future__ import annotations

import asyncio
import io
import json
import logging

import aiohttp
import pytest
import zxingcpp
from PIL import Image

from server import __version__
from server.net import keys
from tests.helpers.bounds import EVENT_S


# ---------------------------------------------------------------- HTTP
async def test_healthz_info_and_pages(client, room_code):
    resp = await client.get("/healthz")
    assert resp.status == 200
    assert await resp.json() == {"status": "ok", "version": __version__, "rooms": 1}
    port = client.server.port
    info = await (await client.get(f"/api/info?room={room_code}")).json()
    assert info["join_urls"][0] == f"http://192.168.77.5:{port}/join/{room_code}"
    assert info["version"] == __version__ and info["mdns_url"] is None
    room = await (await client.get(f"/api/rooms/{room_code.lower()}")).json()
    assert room == {"code": room_code, "join_url": info["join_urls"][0], "phase": "lobby"}
    assert (await client.get("/api/rooms/ZZZZ")).status == 404
    for path in ("/tv", f"/join/{room_code}", f"/p/{room_code}"):
        resp = await client.get(path)
        assert resp.status == 200 and "<html" in (await resp.text()).lower()
    resp = await client.get("/", allow_redirects=False)
    assert resp.status == 302 and resp.headers["Location"] == "/tv"


async def test_room_codes_are_four_unambiguous_letters(make_client):
    client = await make_client(join_burst=100)
    codes = set()
    for _ in range(20):
        codes.add((await (await client.post("/api/rooms")).json())["code"])
    assert len(codes) == 20
    for code in codes:
        assert len(code) == 4 and code.isalpha() and code.isupper() and not set(code) & set("ILO")


async def test_qr_png_decodes_to_the_join_url(client, connect, room_code):
    tv = await connect("tv")
    await tv.hello(room_code, role="tv")
    resp = await client.get(f"/api/rooms/{room_code}/qr.png")
    assert resp.status == 200 and resp.content_type == "image/png"
    decoded = zxingcpp.read_barcodes(Image.open(io.BytesIO(await resp.read())))
    assert [r.text for r in decoded] == [tv.state["room"]["join_url"]]
    assert tv.state["room"]["join_url"] == f"http://192.168.77.5:{client.server.port}/join/{room_code}"
    assert (await client.get("/api/rooms/QQQQ/qr.png")).status == 404


# ---------------------------------------------------------------- origin
async def test_websocket_origin_must_match_host(client, connect, room_code):
    with pytest.raises(aiohttp.WSServerHandshakeError) as info:
        await connect("evil", origin="http://evil.example:8080")
    assert info.value.status == 403
    with pytest.raises(aiohttp.WSServerHandshakeError):
        await connect("evil", origin="null")
    same = await connect("same")                 # a browser on the page's own origin
    assert (await same.hello(room_code))["type"] == "welcome"
    tool = await connect("tool", origin=None)    # no Origin: not a browser
    assert (await tool.hello(room_code))["type"] == "welcome"


# ---------------------------------------------------------------- identity
async def test_reconnect_mid_round_resumes_seat_and_hand(make_table, connect):
    table = await make_table(4)
    await table.play_until(lambda g: g["phase"] == "playing")
    player = next(p for p in table.phones if "play_card" in p.me["can"])
    card = player.me["hand"][0]
    await table.act(player, "play_card", card=card)
    hand, seat, token = player.me["hand"], player.welcome["seat"], player.token
    await player.close()
    table.phones.remove(player)
    again = await connect("again")
    welcome = await again.hello(table.code, token=token)
    assert welcome["seat"] == seat and welcome["token"] == token
    assert again.state_id == table.expected
    assert again.me["hand"] == hand and again.me["played"] == [card]
    assert again.state["you"]["seat"] == seat
    table.phones.append(again)
    await table.play_until(lambda g: g["phase"] == "scored")


async def test_unknown_token_makes_a_newcomer(client, connect, room_code):
    p = await connect()
    welcome = await p.hello(room_code, token="not-a-token")
    assert welcome["seat"] is None and welcome["token"] is None
    assert p.state["you"] == {"seat": None, "person": None, "is_host": False, "role": "phone"}


async def test_duplicate_tabs_share_the_seat_and_cannot_act_twice(make_table, connect):
    table = await make_table(4)
    await table.play_until(lambda g: g["phase"] == "playing")
    tab1 = next(p for p in table.phones if "play_card" in p.me["can"])
    tab2 = await connect("tab2")
    await tab2.hello(table.code, token=tab1.token)
    table.extra.append(tab2)
    await table.sync()
    assert tab2.me == tab1.me
    seen = tab1.state_id
    await table.act(tab1, "play_card", card=tab1.me["hand"][0])
    assert tab2.me["played"] == tab1.me["played"] and len(tab1.me["played"]) == 1
    # tab2 sends what it had chosen on the picture before tab1's play: refused
    await tab2.send({"type": "play_card", "state_id": seen, "card": tab1.me["hand"][0]})
    assert (await tab2.error())["code"] == "stale_state"
    # the very same message again from tab1 (a double tap): refused
    await tab1.send({"type": "play_card", "state_id": seen, "card": tab1.me["hand"][0]})
    assert (await tab1.error())["code"] == "stale_state"
    assert len(tab1.me["played"]) == 1


async def test_stale_state_rules(make_table):
    table = await make_table(4)
    await table.play_until(lambda g: g["phase"] == "playing")
    players = [p for p in table.phones if "play_card" in p.me["can"]]
    a, b = players[0], players[1]
    # two different players acting on the same picture: both accepted
    base = a.state_id
    await a.send({"type": "play_card", "state_id": base, "card": a.me["hand"][0]})
    await b.send({"type": "play_card", "state_id": base, "card": b.me["hand"][0]})
    table.expected += 2
    await table.sync()
    assert a.me["played"] and b.me["played"]
    # from the future
    await a.send({"type": "next_round", "state_id": table.expected + 5})
    assert (await a.error())["code"] == "stale_state"
    # made before the phase changed (the last card moves the table to voting)
    last = next(p for p in table.phones if "play_card" in p.me["can"])
    before_voting = last.state_id
    await table.act(last, "play_card", card=last.me["hand"][0])
    assert table.tv.game["phase"] == "voting"
    voter = next(p for p in table.phones if "vote" in p.me["can"])
    number = next(t["number"] for t in voter.game["table"] if t["card"] not in voter.me["played"])
    await voter.send({"type": "vote", "state_id": before_voting, "card": number})
    assert (await voter.error())["code"] == "stale_state"
    await table.act(voter, "vote", card=number)


# ---------------------------------------------------------------- host rights
async def test_host_only_actions_need_the_host_seat(make_table):
    table = await make_table(4, start=False)
    host, other = table.phones[0], table.phones[1]
    assert host.state["you"]["is_host"] and not other.state["you"]["is_host"]
    for type_, fields in [("start", {}), ("set_settings", {"settings": {"ruleset": "dixit"}}),
                          ("remove_player", {"seat": "s3"}), ("pass_host", {"seat": "s2"})]:
        await table.refused(other, type_, "not_host", **fields)
    await table.act(host, "pass_host", seat="s2")
    assert table.tv.state["room"]["host"] == "s2"
    await table.refused(host, "start", "not_host")
    await table.act(other, "start")
    await table.refused(host, "pause", "not_host")
    await table.refused(host, "end_game", "not_host")


async def test_passing_host_to_yourself_is_refused_and_changes_nothing(make_table):
    table = await make_table(4, start=False)
    host = table.phones[0]
    before = table.tv.state
    err = await table.refused(host, "pass_host", "already_host", seat="s1")
    assert err["message"] == "You are already the host."
    # nothing was broadcast: the next frame on the TV is the answer to its own ping, not a new state
    await table.tv.send({"type": "ping"})
    assert (await table.tv.recv())["type"] == "pong"
    assert table.tv.state == before and table.tv.state_id == table.expected
    await table.act(host, "pass_host", seat="s2")   # the same host may still act at that state_id
    assert table.tv.state["room"]["host"] == "s2"


async def test_tv_and_spectators_cannot_act(make_table, connect):
    table = await make_table(4)
    await table.refused(table.tv, "pause", "not_host")
    await table.refused(table.tv, "next_round", "not_seated")
    late = await connect("late")
    await late.hello(table.code)
    assert late.state["you"]["seat"] is None and "me" not in late.game  # a spectator sees the board
    await table.refused(late, "join", "game_started", name="Late", colour="navy")
    await table.refused(late, "tell", "not_seated", card="c001")


async def test_pause_refuses_game_actions_until_resume(make_table):
    table = await make_table(4)
    host = table.phones[0]
    await table.act(host, "pause")
    assert table.tv.state["room"]["paused"]
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    await table.refused(teller, "tell", "paused", card=teller.me["hand"][0])
    await table.act(host, "resume")
    await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")


async def test_remove_return_release_and_claim_a_seat(make_table, connect):
    table = await make_table(5)
    host = table.phones[0]
    gone = table.phones[4]
    seat = gone.welcome["seat"]
    await table.refused(host, "remove_player", "not_allowed", seat="s1")
    await table.refused(host, "remove_player", "no_such_seat", seat="s99")
    await table.act(host, "remove_player", seat=seat)
    roster = {r["seat"]: r for r in table.tv.state["room"]["roster"]}
    assert roster[seat]["removed"]
    assert not next(s for s in table.tv.game["seats"] if s["seat"] == seat)["active"]
    await table.refused(gone, "dispute", "seat_removed")
    await table.act(host, "return_player", seat=seat)
    assert next(s for s in table.tv.game["seats"] if s["seat"] == seat)["active"]
    # the phone is lost: the host frees the seat; the old token stops working; a newcomer takes it
    old_token = gone.token
    await table.act(host, "release_seat", seat=seat)
    assert gone.welcome["seat"] is None and gone.welcome["token"] is None  # read by the sync
    assert gone.state["you"]["seat"] is None
    table.phones.remove(gone)
    table.extra.append(gone)
    newcomer = await connect("newcomer")
    await newcomer.hello(table.code)
    table.extra.append(newcomer)
    await table.refused(newcomer, "join", "seat_taken", seat="s2")
    await table.refused(newcomer, "join", "no_such_seat", seat="s42")
    await table.act(newcomer, "join", seat=seat, name="Vera")
    assert newcomer.welcome["seat"] == seat and newcomer.token != old_token
    assert newcomer.me["hand"]
    stale = await connect("old phone")
    assert (await stale.hello(table.code, token=old_token))["seat"] is None


async def test_lobby_remove_deletes_the_seat(make_table):
    table = await make_table(4, start=False)
    host, gone = table.phones[0], table.phones[3]
    await table.act(host, "remove_player", seat="s4")
    assert [r["seat"] for r in table.tv.state["room"]["roster"]] == ["s1", "s2", "s3"]
    assert gone.welcome["seat"] is None and gone.state["you"]["seat"] is None
    assert table.tv.state["room"]["settings"]["mode"] == "trio"   # three people: the game for three
    await table.act(host, "remove_player", seat="s3")
    assert table.tv.state["room"]["settings"]["mode"] == "duel"
    await table.act(host, "remove_player", seat="s2")
    await table.refused(host, "start", "wrong_player_count")


# ---------------------------------------------------------------- lobby refusals
async def test_lobby_refusals(make_client, connect_to):
    client = await make_client(max_seats=4, join_burst=100)
    code = (await (await client.post("/api/rooms")).json())["code"]

    async def fresh(name="x"):
        player = await connect_to(client, name)
        await player.hello(code)
        return player

    a = await fresh("a")
    await a.act("join", name="Аня", colour="red")
    await a.until(lambda m: m["type"] == "welcome")
    b = await fresh("b")
    for fields, code_ in [
        ({"name": "аня", "colour": "blue"}, "name_taken"),
        ({"name": "Boris", "colour": "red"}, "colour_taken"),
        ({"name": "Boris", "colour": "mauve"}, "bad_colour"),
        ({"name": "  ", "colour": "blue"}, "bad_name"),
        ({"name": "x" * 25, "colour": "blue"}, "bad_name"),
        ({"name": 7, "colour": "blue"}, "bad_name"),
    ]:
        await b.act("join", **fields)
        err = await b.error()
        assert err["code"] == code_, (fields, err)
    await b.act("join", name="Boris", colour="blue")
    await b.until_state(lambda st: st["you"]["seat"] is not None)
    await b.act("join", name="Boris2", colour="green")
    assert (await b.error())["code"] == "already_joined"
    await b.act("rename", name="аня")
    assert (await b.error())["code"] == "name_taken"
    await b.act("set_colour", colour="red")
    assert (await b.error())["code"] == "colour_taken"
    for i, colour in enumerate(["green", "teal"]):
        p = await fresh()
        await p.act("join", name=f"P{i}", colour=colour)
        await p.until(lambda m: m["type"] == "welcome")
    full = await fresh()
    await full.act("join", name="Fifth", colour="navy")
    err = await full.error()
    assert err["code"] == "room_full" and err["params"] == {"max": 4}


async def test_settings_and_start_refusals(make_table):
    table = await make_table(4, start=False)
    host = table.phones[0]
    await table.refused(host, "set_settings", "bad_settings", settings={"ruleset": "chess"})
    await table.refused(host, "set_settings", "bad_settings", settings={"lang": "fr"})
    await table.refused(host, "set_settings", "malformed", settings={"colour_of_sky": "blue"})
    await table.refused(host, "set_settings", "malformed", settings={"reshuffle": "yes"})
    await table.refused(host, "set_settings", "no_such_deck", settings={"deck": "nope"})
    await table.act(host, "set_settings", settings={"ruleset": "dixit", "lang": "ru"})
    assert table.tv.state["room"]["settings"]["ruleset"] == "dixit"
    await table.act(host, "set_settings", settings={"ruleset": "imaginarium", "short_game": True})
    assert table.tv.state["room"]["settings"]["short_game"] == 34
    await table.act(host, "set_settings", settings={"deck": "tiny"})
    err = await table.refused(host, "start", "deck_too_small")
    assert err["params"]["needed"] > 10 and err["params"]["have"] == 10
    assert str(err["params"]["needed"]) in err["message"]
    await table.act(host, "set_settings", settings={"deck": "builtin", "first_storyteller": "host"})
    await table.refused(host, "start", "no_such_seat", storyteller="s9")
    await table.act(host, "start", storyteller="s3")
    assert table.tv.game["storyteller"] == "s3"
    await table.refused(host, "start", "wrong_phase")
    await table.refused(host, "set_settings", "settings_locked", settings={"reshuffle": True})
    await table.refused(host, "set_settings", "settings_locked", settings={"lang": "ru", "mode": "duel"})
    await table.act(host, "set_settings", settings={"lang": "ru"})   # the TV's language may change
    assert table.tv.state["room"]["settings"]["lang"] == "ru"
    await table.act(host, "set_settings", settings={"lang": None})   # back to the TV browser's own
    assert table.tv.state["room"]["settings"]["lang"] is None
    await table.refused(host, "new_game", "wrong_phase")


async def test_wrong_player_count(make_table):
    table = await make_table(1, start=False)   # nothing fits one person: the table's own range
    err = await table.refused(table.phones[0], "start", "wrong_player_count")
    assert err["params"] == {"min": 4, "max": 7, "count": 1}


# ---------------------------------------------------------------- malformed input, languages
async def test_malformed_frames_are_answered_and_logged_as_one_warning_per_kind(connect, room_code, caplog):
    p = await connect()
    await p.send({"type": "join", "state_id": 1, "name": "x", "colour": "red"})
    assert (await p.error())["code"] == "hello_required"
    await p.ws.send_str("{not json")
    assert (await p.error())["code"] == "malformed"
    await p.ws.send_str("[1, 2]")
    assert (await p.error())["code"] == "malformed"
    await p.ws.send_bytes(b"\x00\x01")
    assert (await p.error())["code"] == "malformed"
    await p.send({"type": "hello", "room": "ZZZZ"})
    assert (await p.error())["code"] == "no_such_room"
    await p.send({"type": "hello", "room": room_code, "role": "king"})
    assert (await p.error())["code"] == "malformed"
    await p.hello(room_code, lang="ru")
    await p.send({"type": "join", "name": "x", "colour": "red"})          # no state_id
    err = await p.error()
    assert err["code"] == "malformed" and err["message"] == "Сервер не понял это сообщение."
    await p.act("teleport")
    assert (await p.error())["code"] == "malformed"
    await p.send({"type": "ping"})
    assert (await p.until(lambda m: m["type"] in ("pong", "error")))["type"] == "pong"
    # logged as warnings, one per kind of mistake (a client repeating it must not fill the log)
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert any("malformed frame" in w for w in warnings) and any("binary frame" in w for w in warnings)
    assert len(warnings) == 2, warnings
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


async def test_engine_refusals_reach_the_sender_in_its_language(make_table):
    table = await make_table(4)
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    other = next(p for p in table.phones if p is not teller)
    await table.refused(other, "tell", "not_storyteller", card=other.me["hand"][0])
    await table.refused(teller, "tell", "not_in_hand", card="c999")
    err = await table.refused(teller, "tell", "association_too_long", card=teller.me["hand"][0],
                              association="слон " * 50)
    assert err["params"] == {"max": 200}
    await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
    await table.play_until(lambda g: g["phase"] == "voting")
    await table.refused(teller, "vote", "storyteller_cannot_vote", card=1)
    voter = next(p for p in table.phones if "vote" in p.me["can"])
    own = next(t["number"] for t in voter.game["table"] if t["card"] in voter.me["played"])
    await table.refused(voter, "vote", "own_card", card=own)


@pytest.mark.parametrize("ruleset, teller_word, capital", [("dixit", "рассказчик", "Рассказчик"),
                                                            ("imaginarium", "ведущий", "Ведущий")])
async def test_refusals_name_the_storyteller_in_the_rulesets_words(make_table, connect, ruleset, teller_word,
                                                                   capital):
    """A Russian phone's refusals say the ruleset's storyteller (RULES.md terms: Dixit's «рассказчик»,
    Imaginarium's «ведущий»), as its pages do; each seat's Russian socket is a second tab of that seat."""
    table = await make_table(4, settings={"ruleset": ruleset})
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    other = next(p for p in table.phones if p is not teller)
    ru_other, ru_teller = await connect("ru-other"), await connect("ru-teller")
    await ru_other.hello(table.code, token=other.token, lang="ru")
    await ru_teller.hello(table.code, token=teller.token, lang="ru")
    await ru_other.act("tell", card=other.me["hand"][0])
    err = await ru_other.error()
    assert err["code"] == "not_storyteller"
    assert err["message"] == f"Это может сделать только {teller_word}.", err["message"]
    await table.act(teller, "tell", card=teller.me["hand"][0], association="Кто съел торт?")
    await table.play_until(lambda g: g["phase"] == "voting")
    await ru_teller.sync(table.expected)
    await ru_teller.act("vote", card=1)
    err = await ru_teller.error()
    assert err["code"] == "storyteller_cannot_vote"
    assert err["message"] == f"{capital} не голосует.", err["message"]


async def test_message_too_big_closes_the_socket(connect, room_code):
    p = await connect()
    await p.hello(room_code)
    await p.ws.send_str(json.dumps({"type": "ping", "pad": "x" * 70_000}))
    frame = await p.ws.receive(timeout=EVENT_S)
    while frame.type == aiohttp.WSMsgType.TEXT:
        frame = await p.ws.receive(timeout=EVENT_S)
    assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert p.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG


# ---------------------------------------------------------------- rate limit, storage
async def test_joins_are_rate_limited(make_client):
    client = await make_client(join_burst=3, join_rate=0)
    code = (await (await client.post("/api/rooms")).json())["code"]
    ws = await client.ws_connect("/ws")
    await ws.send_json({"type": "hello", "room": code})
    codes = []
    while len(codes) < 5:
        msg = await ws.receive_json(timeout=EVENT_S)
        if msg["type"] == "state" and not codes:
            for _ in range(5):
                await ws.send_json({"type": "join", "state_id": msg["state_id"], "name": "", "colour": "red"})
        if msg["type"] == "error":
            codes.append(msg["code"])
    assert codes == ["bad_name"] * 3 + ["rate_limited"] * 2
    # a second socket from the same address shares the address's bucket
    ws2 = await client.ws_connect("/ws")
    await ws2.send_json({"type": "hello", "room": code})
    state = None
    while state is None:
        msg = await ws2.receive_json(timeout=EVENT_S)
        state = msg if msg["type"] == "state" else None
    await ws2.send_json({"type": "join", "state_id": state["state_id"], "name": "Ann", "colour": "red"})
    msg = await ws2.receive_json(timeout=EVENT_S)
    while msg["type"] != "error":
        msg = await ws2.receive_json(timeout=EVENT_S)
    assert msg["code"] == "rate_limited"
    # guessing room codes draws on the same bucket
    await ws2.send_json({"type": "hello", "room": "ZZZZ"})
    msg = await ws2.receive_json(timeout=EVENT_S)
    while msg["type"] != "error":
        msg = await ws2.receive_json(timeout=EVENT_S)
    assert msg["code"] == "rate_limited" and msg["ref"] == "hello"
    # room creation is limited per address too
    statuses = [(await client.post("/api/rooms")).status for _ in range(3)]
    assert statuses == [200, 200, 429]


async def test_storage_failure_refuses_and_changes_nothing(make_table):
    table = await make_table(4)
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    db = table.app[keys.STORE]._db
    db.execute("PRAGMA query_only = ON")  # every write now fails inside sqlite
    await table.refused(teller, "tell", "storage_failed", card=teller.me["hand"][0], association="Who ate?")
    db.execute("PRAGMA query_only = OFF")
    await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
    assert table.tv.game["phase"] == "playing"


# ---------------------------------------------------------------- shutdown
async def test_shutdown_closes_sockets_with_going_away(client, connect, room_code):
    p = await connect()
    await p.hello(room_code)
    closing = asyncio.ensure_future(client.server.close())
    frame = await p.ws.receive(timeout=EVENT_S)
    while frame.type == aiohttp.WSMsgType.TEXT:
        frame = await p.ws.receive(timeout=EVENT_S)
    await closing
    assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED)
    assert p.ws.close_code == aiohttp.WSCloseCode.GOING_AWAY
    assert keys.SOCKETS in client.server.app


async def test_each_app_numbers_its_own_sockets(make_client, connect_to, caplog):
    """What an app's sockets share (their numbers, the hello order, closes under way) is on that app
    (server/net/ws.py `setup_ws`), not in the module: a second app in the same process counts from 1."""
    caplog.set_level(logging.INFO, logger="server.net.ws")
    first, second = await make_client(), await make_client()
    for client in (first, first, second):
        code = (await (await client.post("/api/rooms")).json())["code"]
        p = await connect_to(client)
        await p.hello(code)
        await p.act("start")          # a newcomer without a seat: refused, and the refusal names the socket
        assert (await p.error())["code"] == "not_host"
    numbers = [r.getMessage().split()[1] for r in caplog.records if r.getMessage().endswith("refused: not_host")]
    assert numbers == ["1", "2", "1"]


async def test_claim_host_only_when_the_host_is_gone(make_table):
    table = await make_table(4)
    host, other = table.phones[0], table.phones[1]
    await table.refused(other, "claim_host", "host_present")
    await host.close()
    table.phones.remove(host)
    await table.tv.until_state(lambda s: not s["room"]["roster"][0]["connected"])
    await table.sync()
    err = await table.refused(other, "claim_host", "host_away_briefly")   # maybe the phone only slept
    assert 0 < err["params"]["seconds"] <= table.app[keys.CONFIG].host_grace
    table.app[keys.ROOMS].get(table.code).env.host_grace = 0            # ... but it has been away long enough
    await table.act(other, "claim_host")
    assert table.tv.state["room"]["host"] == other.welcome["seat"]
    assert other.welcome["is_host"]
    await table.act(other, "pause")


async def test_deck_changes_need_the_host_token(client, make_table):
    table = await make_table(4, start=False)
    host, other = table.phones[0], table.phones[1]
    url = "/api/decks/tiny/excluded"
    assert (await client.put(url, json=[])).status == 403
    headers = {"X-Room": table.code, "X-Token": other.token}
    assert (await client.put(url, json=[], headers=headers)).status == 403
    headers = {"X-Room": "ZZZZ", "X-Token": host.token}
    assert (await client.put(url, json=[], headers=headers)).status == 403
    headers = {"X-Room": table.code.lower(), "X-Token": host.token}
    resp = await client.put(url, json=["c001"], headers=headers)
    assert resp.status == 200 and (await resp.json())["excluded"] == ["c001"]


async def test_rooms_run_side_by_side(make_table, connect):
    one = await make_table(4)
    two = await make_table(4, settings={"ruleset": "dixit"})
    assert one.code != two.code
    await one.play_until(lambda g: g["phase"] == "voting")
    assert two.tv.game["phase"] == "telling" and two.tv.game["ruleset"] == "dixit"
    await two.play_until(lambda g: g["phase"] == "playing")
    assert one.tv.game["phase"] == "voting"
    # a token is only good in its own room
    stranger = await connect("stranger")
    assert (await stranger.hello(two.code, token=one.phones[0].token))["seat"] is None


BAD_MESSAGES = [
    ({"type": "tell", "card": 17}, "malformed"),
    ({"type": "tell", "card": None}, None),
    ({"type": "tell", "association": ["a"]}, "malformed"),
    ({"type": "play_card", "card": {"id": "c001"}}, "malformed"),
    ({"type": "play_card"}, None),
    ({"type": "vote", "card": "one"}, None),
    ({"type": "vote", "card": 99}, None),
    ({"type": "vote", "card": True}, None),
    ({"type": "next_round", "extra": 1}, None),
    ({"type": "remove_player", "seat": 5}, "no_such_seat"),
    ({"type": "remove_player"}, "no_such_seat"),
    ({"type": "pass_host", "seat": None}, "no_such_seat"),
    ({"type": "set_settings", "settings": [1, 2]}, "malformed"),
    ({"type": "join", "name": {"x": 1}, "colour": "red"}, "already_joined"),
    ({"type": "rename", "name": "x"}, "wrong_phase"),
    ({"type": "__proto__"}, "malformed"),
    ({"type": "_do_start"}, "malformed"),
    ({"type": "handle"}, "malformed"),
]


async def test_bad_input_gets_an_error_and_changes_nothing(make_table, caplog):
    """Ill-typed fields, unknown seats, wrong-phase and made-up types: each gets an error (a specific
    code where the room knows one, else whatever the engine says) and the state does not move."""
    table = await make_table(4)
    host = table.phones[0]
    for msg, code in BAD_MESSAGES:
        await host.send({**msg, "state_id": host.state_id})
        err = await host.error()
        if code is not None:
            assert err["code"] == code, (msg, err)
        assert err["message"]
    await host.send({"type": "ping"})
    await host.until(lambda m: m["type"] == "pong")
    assert host.state_id == table.expected == table.tv.state_id
    await table.step()  # and the game goes on
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_association_text_is_cleaned_and_kept_as_text(make_table):
    table = await make_table(4)
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    await table.act(teller, "tell", card=teller.me["hand"][0], association="  <b>Who</b>\x00 ate\n the\u202e   cake? ")
    assert table.tv.game["association"] == "<b>Who</b> ate the cake?"  # the pages render it as text


BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"   # every bidi control


async def test_bidi_controls_are_stripped_from_every_name_and_association_rtl_letters_kept(make_table):
    table = await make_table(4, start=False)
    host, other = table.phones[0], table.phones[1]
    await table.act(other, "rename", name=f"\u202eשרה{BIDI}\u2069 Ann")
    await table.act(host, "set_settings", settings={"mode": "kids"})
    await table.act(host, "add_child", name="\u2067مريم\u2069\u200f", colour="navy")
    names = [m["name"] for r in table.tv.state["room"]["roster"] for m in r["people"]]
    assert names[1] == "שרה Ann" and names[-1] == "مريم"
    # a dispute needs a condition on the association: the restriction "question"
    await table.act(host, "set_settings", settings={"mode": "standard", "restriction": "question"})
    await table.act(host, "remove_player", seat=table.tv.state["room"]["roster"][-1]["seat"])
    await table.refused(host, "rename", "bad_name", name=BIDI)   # nothing left: no invisible name
    await table.act(host, "start")
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    await table.act(teller, "tell", card=teller.me["hand"][0], association=f"\u202eWho ate {BIDI}the cake?")
    assert table.tv.game["association"] == "Who ate the cake?"
    await table.act(next(p for p in table.phones if p is not teller), "dispute")
    await table.act(teller, "restate", association=f"\u2068מי אכל{BIDI} the cake?\u2069")
    assert table.tv.game["association"] == "מי אכל the cake?"
    for frame in table.tv.frames:   # no state ever carried a bidi control
        assert not set(frame) & set(BIDI), frame[:80]


async def test_a_room_takes_a_bounded_number_of_sockets(make_client, connect_to):
    """A full room makes space by evicting the oldest socket without a seat ("evicted", then 1008); a
    room whose sockets all hold seats refuses a newcomer with `room_busy`."""
    client = await make_client(max_sockets_per_room=2)
    code = (await (await client.post("/api/rooms")).json())["code"]
    first, second, third = [await connect_to(client, n) for n in ("1", "2", "3")]
    assert (await first.hello(code, role="tv"))["type"] == "welcome"
    assert (await second.hello(code))["type"] == "welcome"
    assert (await third.hello(code))["type"] == "welcome"
    err = await first.until(lambda m: m["type"] == "error")
    assert err["code"] == "evicted" and err["message"]
    assert (await first.ws.receive(timeout=EVENT_S)).type == aiohttp.WSMsgType.CLOSE
    assert first.ws.close_code == aiohttp.WSCloseCode.POLICY_VIOLATION
    for p, name, colour in ((second, "Two", "red"), (third, "Three", "blue")):
        await p.act("join", name=name, colour=colour)
        await p.until(lambda m: m["type"] == "welcome" and m["person"])
    fourth = await connect_to(client, "4")
    err = await fourth.hello(code)
    assert err["type"] == "error" and err["code"] == "room_busy" and err["params"] == {"max": 2}


async def test_a_tv_socket_that_sends_join_is_refused(client, room_code, connect):
    tv = await connect("tv")
    await tv.hello(room_code, role="tv")
    await tv.act("join", name="Telly", colour="red")
    err = await tv.error()
    assert err["code"] == "tv_no_seat" and err["ref"] == "join"
    assert tv.state["room"]["roster"] == []
