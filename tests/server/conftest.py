"""Fixtures for server tests: an app on a temporary data dir, served by aiohttp's test server, and a
`Player` helper that speaks the wire protocol over a real WebSocket and keeps every raw frame."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from server.app import make_app
from server.config import Config

RECV_TIMEOUT = 10  # seconds: a bound on waiting for a frame that must come, never a pacing sleep


def make_deck(folder: Path, n: int) -> Path:
    """A deck folder of `n` generated PNG cards (distinct colours), for tests that need a small deck."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        Image.new("RGB", (40, 60), ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)).save(folder / f"c{i:03}.png")
    return folder


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

    async def recv(self) -> dict:
        """The next message (raises on timeout or a closed socket)."""
        return self.take(await self.ws.receive(timeout=RECV_TIMEOUT))

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
        """Read until a message satisfies `pred(msg)`; returns it."""
        while True:
            msg = await self.recv()
            if pred(msg):
                return msg

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
        await self.send({"type": "hello", "room": room, "role": role, "token": token, "lang": lang})
        welcome = await self.until(lambda m: m["type"] in ("welcome", "error"))
        if welcome["type"] == "welcome":
            await self.until_state()
        return welcome


@pytest.fixture
def config(tmp_path) -> Config:
    """A config on a temporary data dir (holding a family deck "tiny" of 10 cards), no mDNS, the repo's
    web/, boards and shipped decks."""
    make_deck(tmp_path / "data" / "decks" / "tiny", 10)
    return Config(port=0, data_dir=tmp_path / "data", zeroconf=False, advertise_ip="192.168.77.5",
                  join_burst=50, game_seed=20261129,
                  # tests play far faster than people (tests/server/security/test_attacks.py uses the real
                  # limit), and some keep a socket that never says hello for a whole test
                  frame_burst=1_000_000, frame_rate=1_000_000, hello_timeout=600)


@pytest.fixture
def make_client(aiohttp_client, config):
    """`await make_client(**config_overrides)` -> aiohttp test client of a fresh app."""
    async def make(**overrides):
        return await aiohttp_client(make_app(replace(config, **overrides)))
    return make


@pytest.fixture
async def client(make_client):
    return await make_client()


async def open_player(client, name: str = "?", origin: str | None = "same") -> Player:
    """A Player on a new socket of test client `client`; `origin` "same" sends the page's own origin
    as a browser would, None sends no Origin header."""
    headers = {}
    if origin == "same":
        headers["Origin"] = f"http://{client.server.host}:{client.server.port}"
    elif origin is not None:
        headers["Origin"] = origin
    ws = await client.ws_connect("/ws", headers=headers)
    return Player(ws, name)


@pytest.fixture
def connect_to():
    """`await connect_to(client, name)` -> a Player on a socket of any test client."""
    return open_player


@pytest.fixture
def connect(client):
    """`await connect(name, origin="same")` -> a Player on a new socket of `client`."""
    async def open_(name: str = "?", origin: str | None = "same") -> Player:
        return await open_player(client, name, origin)
    return open_


@pytest.fixture
async def room_code(client) -> str:
    resp = await client.post("/api/rooms")
    assert resp.status == 200
    return (await resp.json())["code"]


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

    async def sync(self) -> None:
        for p in self.sockets:
            await p.sync(self.expected)

    async def act(self, p: Player, type_: str, **fields) -> None:
        """An action that must be accepted: every socket then sees the new state."""
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
            elif "next_round" in can:
                await self.act(p, "next_round")
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


@pytest.fixture
def make_table(client, connect):
    """`await make_table(n=4, settings=None, start=True)` -> Table with a TV and n joined phones (the
    first is the host)."""
    async def make(n: int = 4, settings: dict | None = None, start: bool = True) -> Table:
        resp = await client.post("/api/rooms")
        code = (await resp.json())["code"]
        tv = await connect("tv")
        await tv.hello(code, role="tv")
        table = Table(code, tv, [], tv.state_id)
        table.app = client.server.app
        for i in range(n):
            p = await connect(f"P{i + 1}")
            await p.hello(code)
            table.phones.append(p)
            await table.act(p, "join", name=f"P{i + 1}", colour=COLOURS[i])
        if settings:
            await table.act(table.phones[0], "set_settings", settings=settings)
        if start:
            await table.act(table.phones[0], "start")
        return table
    return make


@pytest.fixture
def wire():
    """The helper classes, for tests that open sockets on a server of their own (a real process)."""
    class Wire:
        pass
    Wire.Player, Wire.Table = Player, Table
    return Wire
