"""10 000 random and mutated protocol messages from several sockets against one room over real WebSockets.

Every message is sent on its own and its answer awaited (an `error`, the next `state`, a `welcome` or a
`pong`; an oversize frame closes that socket with 1009), so each answer is tied to its message. Checked
after every one:
* a refused message changed nothing: the room's record is byte-identical and its engine state is the
  very same object;
* an accepted message advanced `state_id` by exactly one, and a game action was legal by the engine's
  own account (`engine.apply` on the state before gives exactly the room's new state); room actions leave
  the roster consistent (names unique, colours unique, host seated);
* the server never answers `internal_error` and never logs an ERROR (tests/conftest.py).
The generator is a seeded `random.Random` (FUZZ_SEED overrides the seed), so a failure replays.
"""
from __future__ import annotations

import json
import os
import random

import aiohttp

from server import engine
from server.engine import text as texts
from server.engine.pacing import may_advance
from server.net import keys
from server.room.roster import COLOURS
from server.room.specs import SPECS
from tests.helpers.bounds import EVENT_S

MESSAGES = 10_000
SEED = int(os.environ.get("FUZZ_SEED", "20261129"))   # FUZZ_SEED=... replays another sequence
UNKNOWN_TYPES = ["teleport", "", "HELLO", "__class__", "_do_join", "handle", "state", "error", "pong"]
FIELDS = ["card", "cards", "association", "seat", "for", "name", "colour", "settings", "storyteller",
          "room", "role", "token", "lang"]
JUNK = [None, True, False, 0, -1, 1, 2 ** 31, 2 ** 64, 10 ** 100, -(10 ** 100), 1.5, 1e308, "", " ", "x" * 300,
        "<script>alert(1)</script>", "c999", "../../../etc/passwd", "\u202eevil", "🐘" * 250, "s1", "s99",
        [], [1, 2], ["c001", "c002"], [[[[]]]], {}, {"a": {"b": []}}, {"ruleset": "chess"}]
RAW = ["{not json", "[]", "null", "42", '"text"', "{}", '{"type": 5}', '{"type": null}', "\x00\x01",
       "[" * 5000, "{\"a\":" * 3000, '{"type":"vote","state_id":1,"card":' + "9" * 5000 + "}",
       '{"type":"ping","x":NaN}', '{"type":"vote","state_id":Infinity,"card":1}', r'{"type":"\ud800"}',
       r'{"type":"play_card","state_id":1,"card":"\udfff"}', r'{"type":"hello","room":"\ud800x","lang":"\ud800"}']
OVERSIZE = 15   # frames over 64 KiB: each closes its socket, which reconnects with its token
GAME_ACTIONS = {"tell", "play_card", "vote", "dispute", "restate", "next_round"}
TABLE_ACTIONS = {"skip", "end_game", "remove_player", "return_player"}


class Fuzzer:
    def __init__(self, table, connect, rng: random.Random) -> None:
        self.table, self.connect, self.rng = table, connect, rng
        self.room = table.app[keys.ROOMS].get(table.code)
        self.sockets = [table.tv, *table.phones]
        self.names = 0
        self.stats = {"accepted": 0, "refused": 0, "pong": 0, "closed": 0, "hello": 0}
        self.codes: dict[str, int] = {}
        self.tokens: dict[int, str] = {}   # id(socket) -> the seat token its page keeps
        self.phases: set[str] = set()      # phases reached by accepted messages

    # ------------------------------------------------------------------ what a socket knows
    async def current(self, p):
        """Read `p` up to the room's state (it may lag: we only read the sender)."""
        if p.state is not None:
            await p.sync(self.room.state_id)
        return p.state

    def hands(self) -> dict[str, list[str]]:
        game = self.room.game
        return dict(game.hands) if game is not None else {}

    # ------------------------------------------------------------------ legal-looking messages
    def legal(self, p) -> dict:
        """A message this socket could well send now (it may still be refused: that is fine)."""
        rng, st = self.rng, p.state
        if st is None:   # the socket that never says hello
            return {"type": rng.choice(list(SPECS)), "state_id": 1}
        if p.token:
            self.tokens[id(p)] = p.token   # a TV hello forgets the token on the socket; the page keeps it
        if rng.random() < 0.03:   # the page says hello again (a reload, a language switch)
            role = rng.choice(["phone", "phone", "phone", "phone", "tv"])
            return {"type": "hello", "room": self.table.code.lower(), "role": role, "lang": rng.choice(["en", "ru"]),
                    "token": self.tokens.get(id(p)) if role == "phone" else None}
        msg = {"state_id": st["state_id"]}
        seat, is_host = st["you"]["seat"], st["you"]["is_host"]
        room, game = st["room"], st["game"]
        if room["phase"] == "lobby":
            if seat is None:
                self.names += 1
                free = room["colours_free"] or list(COLOURS)
                return {**msg, "type": "join", "name": f"N{self.names}", "colour": rng.choice(free)}
            if is_host and len(room["roster"]) >= 4 and rng.random() < 0.5:
                return {**msg, "type": "start"}
            if is_host and rng.random() < 0.3:
                return {**msg, "type": "set_settings",
                        "settings": rng.choice([{"ruleset": "dixit"}, {"ruleset": "imaginarium"},
                                                {"reshuffle": False}, {"lang": "ru"}, {"short_game": True}])}
            if rng.random() < 0.5:
                self.names += 1
                return {**msg, "type": "rename", "name": f"R{self.names}"}
            return {**msg, "type": "set_colour", "colour": rng.choice(room["colours_free"] or list(COLOURS))}
        if is_host and rng.random() < 0.15:
            if game["phase"] == "game_over":
                return {**msg, "type": "new_game"}
            if room["paused"]:
                return {**msg, "type": "resume"}
            choice = rng.choice(["skip", "skip", "pause", "return_player", "return_player", "remove_player",
                                 "pass_host"])
            if choice in ("remove_player", "return_player", "pass_host"):
                return {**msg, "type": choice, "seat": rng.choice([r["seat"] for r in room["roster"]])}
            return {**msg, "type": choice}
        if seat is None or "me" not in game:
            return {**msg, "type": "ping"} if rng.random() < 0.5 else {**msg, "type": "claim_host"}
        me = game["me"]
        can = me["can"] or ["next_round"]
        kind = rng.choice(can)
        if kind == "tell":
            return {**msg, "type": "tell", "card": rng.choice(me["hand"]) if me["hand"] else "c001",
                    "association": "Who ate the cake?"}
        if kind == "play_card":
            return {**msg, "type": "play_card", "card": rng.choice(me["hand"])}
        if kind == "vote":
            options = [t["number"] for t in game["table"] or [] if t["card"] not in me["played"]] or [1]
            return {**msg, "type": "vote", "card": rng.choice(options)}
        if kind == "restate":
            return {**msg, "type": "restate", "association": "Who ate the cake?"}
        return {**msg, "type": kind}

    # ------------------------------------------------------------------ mutations
    def junk(self, p) -> object:
        rng = self.rng
        others = [c for s, hand in self.hands().items() if s != (p.state or {}).get("you", {}).get("seat")
                  for c in hand]
        pool = JUNK + ([rng.choice(others)] if others else [])
        return rng.choice(pool)

    def mutate(self, p, msg: dict) -> dict:
        rng = self.rng
        msg = dict(msg)
        for _ in range(rng.randint(1, 3)):
            what = rng.randrange(6)
            if what == 0 and msg:
                del msg[rng.choice(list(msg))]
            elif what == 1:
                msg[rng.choice(FIELDS)] = self.junk(p)
            elif what == 2 and p.state is not None:
                sid = p.state["state_id"]
                msg["state_id"] = rng.choice([sid - rng.randint(1, 5), sid + rng.randint(1, 3), 0, -1,
                                              2 ** 63, 10 ** 40, str(sid), float(sid), None, True])
            elif what == 3:
                msg["type"] = rng.choice([*SPECS, "hello", "ping", *UNKNOWN_TYPES, 7, None, ["vote"], {"t": 1}])
            elif what == 4:
                msg[rng.choice(["card", "seat", "for", "storyteller"])] = rng.choice(
                    ["c999", "s99", "s1", "s2", 0, 10 ** 9, -3, *(c for h in self.hands().values() for c in h[:1])])
            else:
                msg[rng.choice(["name", "association"])] = rng.choice(
                    ["<b>x</b>", "שלום", "👨‍👩‍👧‍👦" * 30, "a" * 10_000, "\u0000\u202e", "  ", "Who ate the cake?"])
        return msg

    # ------------------------------------------------------------------ one message
    async def send_one(self, i: int) -> None:
        rng = self.rng
        p = rng.choice(self.sockets)
        await self.current(p)
        before_data = self.room.record
        before_game = self.room.game
        before_id = self.room.state_id
        seat = p.state["you"]["seat"] if p.state else None
        roll = rng.random()
        if i % (MESSAGES // OVERSIZE) == 7 and self.stats["closed"] < OVERSIZE:
            await self.oversize(p)
            assert self.room.record is before_data and self.room.game is before_game
            return
        if roll < 0.05:
            frame = rng.choice(RAW)
            if rng.random() < 0.3:
                await p.ws.send_bytes(rng.randbytes(rng.randint(0, 200)))
            else:
                await p.ws.send_str(frame)
            msg, kind = None, None
        else:
            msg = self.legal(p)
            if roll > 0.35:
                msg = self.mutate(p, msg)
            kind = msg.get("type")
            await p.ws.send_str(json.dumps(msg, ensure_ascii=False))
        answer = await self.answer(p, kind, before_id)
        if answer["type"] == "error":
            code = answer["code"]
            self.codes[code] = self.codes.get(code, 0) + 1
            assert code != "internal_error", (msg, answer)
            assert answer["message"], answer
            assert self.room.game is before_game, (msg, answer)
            assert self.room.record is before_data, (msg, answer)
            self.stats["refused"] += 1
            return
        if answer["type"] in ("pong", "welcome"):
            self.stats["pong" if answer["type"] == "pong" else "hello"] += 1
            assert self.room.state_id == before_id and self.room.game is before_game
            assert self.room.record is before_data, msg
            return
        # accepted
        self.stats["accepted"] += 1
        self.phases.add(self.room.game.phase if self.room.game else "lobby")
        assert isinstance(msg, dict), "a raw frame was accepted"
        assert self.room.state_id == before_id + 1 == answer["state_id"], msg
        if kind in GAME_ACTIONS or kind in TABLE_ACTIONS:
            self.check_legal(kind, msg, seat, before_game)
        self.check_roster()

    def check_legal(self, kind: str, msg: dict, seat: str | None, before_game) -> None:
        """The engine itself, on the state before, accepts the action and gives the room's new state."""
        action = {k: v for k, v in msg.items() if k != "state_id"}
        if isinstance(action.get("association"), str):
            action["association"] = texts.clean(action["association"])
        if kind in ("remove_player", "return_player"):   # the room passes only these fields on
            action = {"type": kind, "seat": msg["seat"]}
        elif kind == "end_game":
            action = {"type": kind}
        if kind in TABLE_ACTIONS:
            seat = None
        if kind == "next_round" and seat is not None and not may_advance(before_game, seat):
            seat = None   # the host moved on for the table
        after = engine.apply(before_game, seat, action)
        assert after == self.room.game, msg

    def check_roster(self) -> None:
        people = self.room.stored()["people"]
        names = [e["name"].casefold() for e in people]
        colours = [e["colour"] for e in people]
        assert len(set(names)) == len(names) and len(set(colours)) == len(colours)
        assert all(c in COLOURS for c in colours)
        assert all(0 < texts.grapheme_count(e["name"]) <= texts.NAME_MAX for e in people)
        assert self.room.host is None or self.room.host in {e["person"] for e in people}

    async def answer(self, p, kind, before_id: int) -> dict:
        """The reply to the message just sent on `p` (older broadcasts on its way are skipped)."""
        while True:
            msg = await p.recv()
            if msg["type"] in ("error", "pong"):
                return msg
            if msg["type"] == "welcome" and kind == "hello":
                await p.until_state()
                return msg
            if msg["type"] == "state" and msg["state_id"] > before_id:
                return msg

    async def oversize(self, p) -> None:
        """A frame over the limit: the server closes that socket with 1009; the page reconnects."""
        await p.ws.send_str(json.dumps({"type": "ping", "pad": "x" * 70_000}))
        while True:
            frame = await p.ws.receive(timeout=EVENT_S)
            if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                break
        assert p.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
        self.stats["closed"] += 1
        again = await self.connect(p.name)
        role = p.state["you"]["role"] if p.state else "phone"
        if p.state is not None:
            await again.hello(self.table.code, role=role, token=self.tokens.get(id(p)) if role == "phone" else None)
        if id(p) in self.tokens:
            self.tokens[id(again)] = self.tokens[id(p)]
        self.sockets[self.sockets.index(p)] = again


async def test_ten_thousand_hostile_messages_change_nothing_they_should_not(make_table, connect):
    table = await make_table(5)
    spectator = await connect("spectator")
    await spectator.hello(table.code)
    mute = await connect("no-hello")            # never said hello: everything is hello_required
    fuzz = Fuzzer(table, connect, random.Random(SEED))
    fuzz.sockets += [spectator, mute]
    for i in range(MESSAGES):
        await fuzz.send_one(i)
    # the server is alive and consistent: the stored snapshot is what the room holds
    room = fuzz.room
    stored = table.app[keys.STORE].load_all()[table.code]
    assert stored == room.stored()
    print(fuzz.stats, sorted(fuzz.phases), sorted(fuzz.codes.items()))
    assert fuzz.stats["closed"] == OVERSIZE
    assert fuzz.stats["accepted"] > 100, fuzz.stats          # the game really moved on ...
    assert {"telling", "playing", "voting", "scored"} <= fuzz.phases, fuzz.phases   # ... through every phase
    assert fuzz.stats["refused"] > 5000, fuzz.stats
    for code in ("malformed", "stale_state", "not_seated", "not_host", "hello_required", "wrong_phase"):
        assert fuzz.codes.get(code), (code, fuzz.codes)
    # a fresh socket still gets a whole, current picture
    late = await connect("late")
    await late.hello(table.code, role="tv")
    assert late.state_id == room.state_id
