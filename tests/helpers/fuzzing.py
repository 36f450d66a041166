"""Random and mutated protocol messages against one room, from several of its sockets: what to send next
(`Fuzz.next_message`: a message the socket could well send now, often mutated; a raw frame that is not a
message; random bytes; now and then a frame over the size limit) and the answer tied to it (`Fuzz.answer`).
tests/server/fuzz/test_fuzz.py checks the room after every message (in-process, against its record);
scripts/redteam.py sends them to a real server process and counts internal errors. The generator is the
seeded `random.Random` it is given, so a run replays.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable

import aiohttp

from server.room.roster import COLOURS
from server.room.specs import SPECS
from tests.helpers.bounds import EVENT_S
from tests.helpers.wire import ASSOCIATION, Connect, Player

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
OVERSIZE_FRAME = json.dumps({"type": "ping", "pad": "x" * 70_000})   # over the 64 KiB limit: closed with 1009


class Fuzz:
    """Messages for room `code` from `sockets` (Players; the fuzz replaces one whose socket was closed),
    new sockets from `connect`, choices from `rng`; `hands()` gives every seat's hand (cards of other seats
    make good junk). `messages` in all, `oversize` of them over the size limit. `stats` counts answers by
    kind, `codes` the refusals by code, `tokens` is the seat token each socket's page keeps."""

    def __init__(self, code: str, sockets: list[Player], connect: Connect, rng: random.Random,
                 hands: Callable[[], dict[str, list[str]]], messages: int, oversize: int) -> None:
        self.code, self.sockets, self.connect, self.rng, self.hands = code, sockets, connect, rng, hands
        self.messages, self.oversize = messages, oversize
        self.names = 0
        self.stats = {"accepted": 0, "refused": 0, "pong": 0, "closed": 0, "hello": 0}
        self.codes: dict[str, int] = {}
        self.tokens: dict[int, str] = {}   # id(socket) -> the seat token its page keeps

    # ------------------------------------------------------------------ legal-looking messages
    def legal(self, p: Player) -> dict:
        """A message this socket could well send now (it may still be refused: that is fine)."""
        rng, st = self.rng, p.state
        if st is None:   # the socket that never says hello
            return {"type": rng.choice(list(SPECS)), "state_id": 1}
        if p.token:
            self.tokens[id(p)] = p.token   # a TV hello forgets the token on the socket; the page keeps it
        if rng.random() < 0.03:   # the page says hello again (a reload, a language switch)
            role = rng.choice(["phone", "phone", "phone", "phone", "tv"])
            return {"type": "hello", "room": self.code.lower(), "role": role, "lang": rng.choice(["en", "ru"]),
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
                    "association": ASSOCIATION}
        if kind == "play_card":
            return {**msg, "type": "play_card", "card": rng.choice(me["hand"])}
        if kind == "vote":
            options = [t["number"] for t in game["table"] or [] if t["card"] not in me["played"]] or [1]
            return {**msg, "type": "vote", "card": rng.choice(options)}
        if kind == "restate":
            return {**msg, "type": "restate", "association": ASSOCIATION}
        return {**msg, "type": kind}

    # ------------------------------------------------------------------ mutations
    def junk(self, p: Player) -> object:
        rng = self.rng
        others = [c for s, hand in self.hands().items() if s != (p.state or {}).get("you", {}).get("seat")
                  for c in hand]
        pool = JUNK + ([rng.choice(others)] if others else [])
        return rng.choice(pool)

    def mutate(self, p: Player, msg: dict) -> dict:
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
                    ["<b>x</b>", "שלום", "👨‍👩‍👧‍👦" * 30, "a" * 10_000, "\u0000\u202e", "  ", ASSOCIATION])
        return msg

    # ------------------------------------------------------------------ one message
    def next_message(self, i: int, p: Player) -> tuple[str, object]:
        """The `i`-th thing to send, on `p`: ("oversize", frame) | ("bytes", b) | ("raw", text) |
        ("json", message dict)."""
        rng = self.rng
        roll = rng.random()
        if i % max(1, self.messages // max(1, self.oversize)) == 7 and self.stats["closed"] < self.oversize:
            return "oversize", OVERSIZE_FRAME
        if roll < 0.05:
            frame = rng.choice(RAW)
            if rng.random() < 0.3:
                return "bytes", rng.randbytes(rng.randint(0, 200))
            return "raw", frame
        msg = self.legal(p)
        if roll > 0.35:
            msg = self.mutate(p, msg)
        return "json", msg

    async def transmit(self, p: Player, what: str, payload: object) -> None:
        if what == "bytes":
            await p.ws.send_bytes(payload)
        elif what == "json":
            await p.ws.send_str(json.dumps(payload, ensure_ascii=False))
        else:
            await p.ws.send_str(payload)

    async def answer(self, p: Player, kind: object, before_id: int) -> dict:
        """The reply to the message just sent on `p` (older broadcasts on its way are skipped): an `error`,
        a `pong`, the `welcome` of a hello (its state read too), or a state newer than `before_id`."""
        while True:
            msg = await p.recv()
            if msg["type"] in ("error", "pong"):
                return msg
            if msg["type"] == "welcome" and kind == "hello":
                await p.until_state()
                return msg
            if msg["type"] == "state" and msg["state_id"] > before_id:
                return msg

    def count(self, answer: dict) -> str:
        """Count `answer` in `stats` (and a refusal's code in `codes`); returns its kind: "refused" |
        "pong" | "hello" | "accepted"."""
        if answer["type"] == "error":
            self.codes[answer["code"]] = self.codes.get(answer["code"], 0) + 1
            kind = "refused"
        else:
            kind = {"pong": "pong", "welcome": "hello"}.get(answer["type"], "accepted")
        self.stats[kind] += 1
        return kind

    async def closed(self, p: Player) -> int | None:
        """Read `p` until its socket is closed (bounded); its close code."""
        while True:
            frame = await p.ws.receive(timeout=EVENT_S)
            if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING,
                              aiohttp.WSMsgType.ERROR):
                return p.ws.close_code

    async def reconnect(self, p: Player) -> Player:
        """`p`'s page comes back on a new socket (by its token, as the role it had) in `p`'s place."""
        again = await self.connect(p.name)
        role = p.state["you"]["role"] if p.state else "phone"
        if p.state is not None:
            await again.hello(self.code, role=role, token=self.tokens.get(id(p)) if role == "phone" else None)
        if id(p) in self.tokens:
            self.tokens[id(again)] = self.tokens[id(p)]
        self.sockets[self.sockets.index(p)] = again
        return again
