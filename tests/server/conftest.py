"""Fixtures for server tests: an app on a temporary data dir, served by aiohttp's test server, sockets on it
(tests/helpers/wire.py's `Player`) and a seated table of them (`make_table`)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from server.app import make_app
from server.config import Config
from tests.helpers.wire import Player, Table, seated_table


def make_deck(folder: Path, n: int) -> Path:
    """A deck folder of `n` generated PNG cards (distinct colours), for tests that need a small deck."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        Image.new("RGB", (40, 60), ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)).save(folder / f"c{i:03}.png")
    return folder


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


@pytest.fixture
def make_table(client, connect):
    """`await make_table(n=4, settings=None, start=True, children=())` -> Table with a TV and n joined phones
    (the first is the host), and the kids' game's `children` added (tests/helpers/wire.py `seated_table`);
    `table.app` is the server's app."""
    async def make(n: int = 4, settings: dict | None = None, start: bool = True,
                   children: Sequence[tuple[str, str]] = ()) -> Table:
        resp = await client.post("/api/rooms")
        code = (await resp.json())["code"]
        table = await seated_table(connect, code, n, settings=settings, children=children, start=start)
        table.app = client.server.app
        return table
    return make
