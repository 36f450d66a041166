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
The messages come from tests/helpers/fuzzing.py (scripts/redteam.py sends the same to a real server
process); its generator is a seeded `random.Random` (FUZZ_SEED overrides the seed), so a failure replays.
"""
from __future__ import annotations

import os
import random

import aiohttp

from server import engine
from server.engine import text as texts
from server.engine.pacing import may_advance
from server.net import keys
from server.room.roster import COLOURS
from tests.helpers.fuzzing import Fuzz

MESSAGES = 10_000
SEED = int(os.environ.get("FUZZ_SEED", "20261129"))   # FUZZ_SEED=... replays another sequence
OVERSIZE = 15   # frames over 64 KiB: each closes its socket, which reconnects with its token
GAME_ACTIONS = {"tell", "play_card", "vote", "dispute", "restate", "next_round"}
TABLE_ACTIONS = {"skip", "end_game", "remove_player", "return_player"}


class Fuzzer(Fuzz):
    """The shared messages (tests/helpers/fuzzing.py), each checked against the in-process room."""

    def __init__(self, table, connect, rng: random.Random) -> None:
        self.room = table.app[keys.ROOMS].get(table.code)
        super().__init__(table.code, [table.tv, *table.phones], connect, rng, self.game_hands, MESSAGES, OVERSIZE)
        self.phases: set[str] = set()      # phases reached by accepted messages

    def game_hands(self) -> dict[str, list[str]]:
        game = self.room.game
        return dict(game.hands) if game is not None else {}

    async def current(self, p):
        """Read `p` up to the room's state (it may lag: we only read the sender)."""
        if p.state is not None:
            await p.sync(self.room.state_id)
        return p.state

    # ------------------------------------------------------------------ one message
    async def send_one(self, i: int) -> None:
        p = self.rng.choice(self.sockets)
        await self.current(p)
        before_data = self.room.record
        before_game = self.room.game
        before_id = self.room.state_id
        seat = p.state["you"]["seat"] if p.state else None
        what, payload = self.next_message(i, p)
        await self.transmit(p, what, payload)
        if what == "oversize":   # the server closes that socket with 1009; the page reconnects
            assert await self.closed(p) == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
            self.stats["closed"] += 1
            await self.reconnect(p)
            assert self.room.record is before_data and self.room.game is before_game
            return
        msg = payload if what == "json" else None
        kind = msg.get("type") if msg else None
        answer = await self.answer(p, kind, before_id)
        counted = self.count(answer)
        if counted == "refused":
            assert answer["code"] != "internal_error", (msg, answer)
            assert answer["message"], answer
            assert self.room.game is before_game, (msg, answer)
            assert self.room.record is before_data, (msg, answer)
            return
        if counted in ("pong", "hello"):
            assert self.room.state_id == before_id and self.room.game is before_game
            assert self.room.record is before_data, msg
            return
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
