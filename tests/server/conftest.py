"""Fixtures for server tests: an app on a temporary data dir, served by aiohttp's test server, and a
`Player` helper that speaks the wire protocol over a real WebSocket and keeps every raw frame."""
from __future__ import annotations

import json
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
        frame = await self.ws.receive(timeout=RECV_TIMEOUT)
        if frame.type.name != "TEXT":
            raise AssertionError(f"{self.name}: expected a text frame, got {frame.type!r} {frame.data!r}")
        self.frames.append(frame.data)
        msg = json.loads(frame.data)
        if msg["type"] == "state":
            self.state = msg
        elif msg["type"] == "welcome":
            self.welcome = msg
            self.token = msg["token"]
        return msg

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
    """A config on a temporary data dir, no mDNS, the repo's web/ and assets."""
    return Config(port=0, data_dir=tmp_path / "data", zeroconf=False, advertise_ip="192.168.77.5")


@pytest.fixture
def make_client(aiohttp_client, config):
    """`await make_client(**config_overrides)` -> aiohttp test client of a fresh app."""
    async def make(**overrides):
        return await aiohttp_client(make_app(replace(config, **overrides)))
    return make


@pytest.fixture
async def client(make_client):
    return await make_client()


@pytest.fixture
def connect(client):
    """`await connect(name)` -> a Player on a new socket of `client` (Origin as a browser would send)."""
    async def open_(name: str = "?", origin: str | None = "same") -> Player:
        headers = {}
        if origin == "same":
            headers["Origin"] = f"http://{client.server.host}:{client.server.port}"
        elif origin is not None:
            headers["Origin"] = origin
        ws = await client.ws_connect("/ws", headers=headers)
        return Player(ws, name)
    return open_


@pytest.fixture
async def room_code(client) -> str:
    resp = await client.post("/api/rooms")
    assert resp.status == 200
    return (await resp.json())["code"]
