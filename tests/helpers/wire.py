"""The wire protocol from a test's side: `Player`, one socket (TV or phone) that speaks the protocol over a
real WebSocket and keeps every raw frame; `Table`, a room with a TV and phones driven action by action; and
`seated_table`, the usual start of a test: a TV and n phones joined (the first is the host), the game started.

Sockets come from the caller as `connect(name) -> Player`, so the same helpers drive an in-process test
server (tests/server/conftest.py), a real server process (`socket_opener`) or live-reading sockets."""
from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable, Sequence

import aiohttp

from tests.helpers.bounds import EVENT_S

RECV_TIMEOUT = EVENT_S  # a bound on waiting for a frame that must come, never a pacing sleep (tests.helpers.bounds)
UNTIL_S = 2 * EVENT_S  # a bound on reading frames until the one that must come


def hello_message(room: str, role: str = "phone", token: str | None = None, lang: str = "en") -> dict:
    """The `hello` every socket starts with (docs/protocol.md): `room` code, `role` "tv" | "phone", the
    seat `token` a phone was given (None: a newcomer), the page's `lang`."""
    return {"type": "hello", "room": room, "role": role, "token": token, "lang": lang}


class Player:
    """One socket (TV or phone). `frames` holds every raw text frame received, in order."""

    def __init__(self, ws, name: str = "?") -> None:
        self.ws = ws
        self.name = name
        self.frames: list[str] = []
        self.state: dict | None = None
        self.welcome: dict | None = None
        self.token: str | None = None

    @property
    def state_id(self) -> int:
        return self.state["state_id"]

    @property
    def game(self) -> dict | None:
        return self.state["game"] if self.state else None

    @property
    def me(self) -> dict:
        return self.state["game"]["me"]

    async def recv(self, timeout: float = RECV_TIMEOUT) -> dict:
        """The next message (raises TimeoutError after `timeout` s, AssertionError on a closed socket).
        The bound covers the whole wait: aiohttp's own `receive(timeout=)` starts again after every
        heartbeat ping it answers, so with pings coming it never ran out."""
        # asyncio.timeout, not wait_for: a receive in a task of its own left a server's 1008 close read as 1006
        async with asyncio.timeout(timeout):
            frame = await self.ws.receive()
        return self.take(frame)

    def take(self, frame) -> dict:
        """Record one received frame: its text, and the latest state, welcome and seat token it carries."""
        if frame.type.name != "TEXT":
            raise AssertionError(f"{self.name}: expected a text frame, got {frame.type!r} {frame.data!r}")
        self.frames.append(frame.data)
        msg = json.loads(frame.data)
        if msg["type"] == "state":
            self.state = msg
        elif msg["type"] == "welcome":
            self.welcome = msg
            if msg["role"] == "phone":  # a TV socket holds no seat; the phone's token stays good
                self.token = msg["token"]
        return msg

    async def sync(self, state_id: int) -> dict:
        """Read until this socket has seen a state with `state_id` or newer; returns that state."""
        if self.state is None or self.state_id < state_id:
            await self.until_state(lambda s: s["state_id"] >= state_id)
        return self.state

    async def until(self, pred, what: str = "message") -> dict:
        """Read until a message satisfies `pred(msg)`; returns it. Raises AssertionError when none has
        within UNTIL_S: frames that keep coming (pongs, the timer's state every 5 s) must not turn a
        message that never comes into a test that never ends (each frame alone is bounded by recv)."""
        loop = asyncio.get_running_loop()
        deadline, msg = loop.time() + UNTIL_S, None
        while (left := deadline - loop.time()) > 0:
            try:
                msg = await self.recv(min(RECV_TIMEOUT, left))
            except TimeoutError:
                break
            if pred(msg):
                return msg
        raise AssertionError(f"{self.name}: no matching {what} within {UNTIL_S:.0f} s (last: {msg})")

    async def until_state(self, pred=lambda s: True) -> dict:
        """Read until a `state` satisfying `pred(state)` arrives."""
        return await self.until(lambda m: m["type"] == "state" and pred(m))

    async def error(self) -> dict:
        """Read until an `error`; returns it."""
        return await self.until(lambda m: m["type"] == "error")

    async def close(self) -> None:
        await self.ws.close()

    async def send(self, msg: dict) -> None:
        await self.ws.send_str(json.dumps(msg))

    async def act(self, type_: str, **fields) -> None:
        """Send an action against the last state this socket saw."""
        await self.send({"type": type_, "state_id": self.state_id, **fields})

    async def hello(self, room: str, role: str = "phone", token: str | None = None, lang: str = "en") -> dict:
        """Say hello; returns the welcome (the first state follows; it is read too)."""
        await self.send(hello_message(room, role, token, lang))
        welcome = await self.until(lambda m: m["type"] in ("welcome", "error"))
        if welcome["type"] == "welcome":
            await self.until_state()
        return welcome


class LivePlayer(Player):
    """A Player whose socket is read continuously by a background task (answering the server's heartbeat
    pings as a page does, so it stays connected while the test does something else for a while, such as
    driving a browser on a loaded machine); `recv` takes the frames from that task. Read only through
    `recv`, never `ws.receive`."""

    def __init__(self, ws, name: str = "?") -> None:
        super().__init__(ws, name)
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.pump = asyncio.create_task(self._pump())

    async def _pump(self) -> None:
        while True:
            frame = await self.ws.receive()   # aiohttp answers a ping while it reads
            await self.inbox.put(frame)
            if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                return

    async def recv(self, timeout: float = RECV_TIMEOUT) -> dict:
        return self.take(await asyncio.wait_for(self.inbox.get(), timeout))

    async def close(self) -> None:
        await self.ws.close()
        self.pump.cancel()


Connect = Callable[[str], Awaitable[Player]]   # a new socket named `name`

KIDS = (("Маша", "pink"), ("Петя", "green"))   # two children without a phone, for `seated_table(children=)`
ASSOCIATION = "Who ate the cake?"   # a question of four words: fits every checkable condition
COLOURS = ["red", "blue", "green", "teal", "purple", "pink", "brown", "orange", "yellow", "grey", "white", "black",
           "lime", "navy"]  # the first seven as before; fourteen for a pairs table


class Table:
    """A room with a TV and phones, driven action by action. `expected` is the room's state_id as far
    as the test knows; after each accepted action every socket is read up to it."""

    def __init__(self, code: str, tv: Player, phones: list[Player], expected: int) -> None:
        self.code, self.tv, self.phones, self.expected = code, tv, phones, expected
        self.rng = random.Random(7)  # votes spread over the table, reproducibly
        self.extra: list[Player] = []   # more sockets that must stay in sync (spectators, tabs)

    @property
    def sockets(self) -> list[Player]:
        return [self.tv, *self.phones, *self.extra]

    def seat(self, seat: str) -> Player:
        return next(p for p in self.phones if p.welcome and p.welcome["seat"] == seat)

    async def join(self, connect: Connect, name: str, colour: str) -> Player:
        """A new phone (socket `await connect(name)`) says hello and joins as `name` with `colour`."""
        p = await connect(name)
        await p.hello(self.code)
        self.phones.append(p)
        await self.act(p, "join", name=name, colour=colour)
        return p

    async def sync(self) -> None:
        for p in self.sockets:
            await p.sync(self.expected)

    async def act(self, p: Player, type_: str, **fields) -> None:
        """An action that must be accepted: every socket then sees the new state. (A `start` made a moment
        after its deck's folder changed is accepted too: the room waits for the folder's read.)"""
        await p.act(type_, **fields)
        self.expected += 1
        await self.sync()
        assert self.tv.state_id == self.expected, f"{type_} by {p.name} was not accepted"

    async def refused(self, p: Player, type_: str, code: str, **fields) -> dict:
        """An action that must be refused with `code`; nothing changes."""
        await p.act(type_, **fields)
        err = await p.error()
        assert err["code"] == code, err
        assert err["ref"] == type_ and err["message"]
        return err

    async def step(self) -> Player | bool:
        """Let the first phone that can act take one action; returns that phone, or False once the
        game is over."""
        if self.tv.game["phase"] == "game_over":
            return False
        for p in self.phones:
            game = p.game
            if not game or "me" not in game:
                continue
            me = game["me"]
            can = me["can"]
            duel = game["mode"] == "duel"
            if "tell" in can:
                if duel:  # the association comes before anyone looks at the cards (RULES.md §2.4)
                    await self.act(p, "tell", association=ASSOCIATION)
                else:
                    await self.act(p, "tell", card=me["hand"][0], association=ASSOCIATION)
            elif "play_card" in can:
                if duel:
                    await self.act(p, "play_card", cards=me["hand"][:2])
                else:
                    await self.act(p, "play_card", card=me["hand"][0])
            elif "vote" in can:
                if me["seat"] == game["adult"] and me["seat"] not in game["waiting_for"]:
                    # kids: the adult enters a child's vote (`for`); a child may pick any card
                    number = self.rng.choice([t["number"] for t in game["table"]])
                    await self.act(p, "vote", card=number, **{"for": game["waiting_for"][0]})
                else:
                    number = self.rng.choice([t["number"] for t in game["table"] if t["card"] not in me["played"]])
                    await self.act(p, "vote", card=number)
            elif "reveal" in can:   # kids: every child voted, the adult turns the cards (RULES.md §2.5)
                await self.act(p, "reveal")
            elif "next_round" in can:
                await self.act(p, "next_round")
            elif "ready" in can and me["seat"] not in (p.state["room"]["pacing"] or {}).get("ready", []):
                await self.act(p, "ready")   # no storyteller left to move on: everyone says ready
            else:
                continue
            return p
        raise AssertionError(f"nobody can act in phase {self.tv.game['phase']}")

    async def play_until(self, pred, max_actions: int = 2000) -> None:
        """Step until `pred(tv public view)` holds (bounded)."""
        for _ in range(max_actions):
            if pred(self.tv.game):
                return
            if not await self.step():
                break
        assert pred(self.tv.game), "the game never reached the wanted state"



def socket_opener(session: aiohttp.ClientSession, base: str, cls: type[Player] = Player) -> Connect:
    """`connect(name)` for a server at `base` ("http://127.0.0.1:8080"): a `cls` on a new socket of `session`."""
    async def connect(name: str) -> Player:
        return cls(await session.ws_connect(f"{base}/ws"), name)
    return connect


async def seated_table(connect: Connect, code: str, n: int = 4, *, names: Sequence[str] | None = None,
                       colours: Sequence[str] = COLOURS, tv_name: str = "tv", settings: dict | None = None,
                       children: Sequence[tuple[str, str]] = (), start: bool = True) -> Table:
    """A Table in room `code`: a TV socket (`tv_name`) and one phone per name (default "P1".."Pn"), each on
    `await connect(name)` and joined with the next colour of `colours`, in order (the first is the host);
    then the host's `settings`, if any, the `children` (name, colour) the host adds without a phone (the
    kids' game, RULES.md §2.5: `settings` must choose it; see `KIDS`), and `start` unless told not to.
    Every action must be accepted."""
    tv = await connect(tv_name)
    await tv.hello(code, role="tv")
    table = Table(code, tv, [], tv.state_id)
    for name, colour in zip(names or [f"P{i + 1}" for i in range(n)], colours, strict=False):
        await table.join(connect, name, colour)
    if settings:
        await table.act(table.phones[0], "set_settings", settings=settings)
    for name, colour in children:
        await table.act(table.phones[0], "add_child", name=name, colour=colour)
    if start:
        await table.act(table.phones[0], "start")
    return table
