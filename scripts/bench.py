#!/usr/bin/env python3
"""Server figures on this machine: how long an accepted action takes from a phone's send until every
socket has the new state (apply + sqlite write + broadcast), how big state frames are, what one store
write costs. Prints figures; asserts nothing (timing never goes in tests).

Usage: .venv/bin/python scripts/bench.py [--phones 4] [--spectators 0] [--games 1] [--data-dir DIR]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.app import make_app  # noqa: E402
from server.config import Config  # noqa: E402
from server.store import Store  # noqa: E402

COLOURS = ["red", "blue", "green", "teal", "purple", "pink", "brown", "grey", "white", "black", "lime",
           "navy", "orange", "yellow"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sock:
    def __init__(self, ws):
        self.ws, self.state, self.bytes, self.frames = ws, None, 0, 0

    async def until(self, state_id: int) -> None:
        while self.state is None or self.state["state_id"] < state_id:
            msg = await self.ws.receive(timeout=30)
            self.bytes += len(msg.data)
            self.frames += 1
            data = json.loads(msg.data)
            if data["type"] == "state":
                self.state = data
            elif data["type"] == "error":
                raise RuntimeError(data)


async def play(base: str, session, phones: int, spectators: int) -> tuple[list[float], list[Sock]]:
    code = (await (await session.post(f"{base}/api/rooms")).json())["code"]

    async def hello(token=None, role="phone"):
        s = Sock(await session.ws_connect(f"{base}/ws"))
        await s.ws.send_json({"type": "hello", "room": code, "role": role, "token": token})
        await s.until(0)
        return s

    tv = await hello(role="tv")
    socks = [tv]
    players = []
    expected = tv.state["state_id"]
    latencies: list[float] = []

    async def act(s, msg):
        nonlocal expected
        t0 = time.perf_counter()
        await s.ws.send_json({**msg, "state_id": s.state["state_id"]})
        expected += 1
        for other in socks:
            await other.until(expected)
        latencies.append(time.perf_counter() - t0)

    for i in range(phones):
        p = await hello()
        socks.append(p)
        players.append(p)
        await act(p, {"type": "join", "name": f"P{i}", "colour": COLOURS[i]})
    for _ in range(spectators):
        socks.append(await hello())
    await act(players[0], {"type": "start"})
    while tv.state["game"]["phase"] != "game_over":
        for p in players:
            me = p.state["game"]["me"]
            can = me["can"]
            if "tell" in can:
                await act(p, {"type": "tell", "card": me["hand"][0], "association": "Who ate the cake?"})
            elif "play_card" in can:
                await act(p, {"type": "play_card", "card": me["hand"][0]})
            elif "vote" in can:
                n = next(t["number"] for t in p.state["game"]["table"] if t["card"] not in me["played"])
                await act(p, {"type": "vote", "card": n})
            elif "next_round" in can:
                await act(p, {"type": "next_round"})
            else:
                continue
            break
    for s in socks:
        await s.ws.close()
    return latencies, socks


def store_cost(data_dir: Path, record: dict, n: int = 200) -> list[float]:
    store = Store(data_dir / "bench.sqlite3")
    out = []
    for i in range(n):
        record["state_id"] = i
        t0 = time.perf_counter()
        store.save("BNCH", record)
        out.append(time.perf_counter() - t0)
    store.close()
    return out


def ms(values: list[float], q: float) -> str:
    values = sorted(values)
    return f"{values[min(len(values) - 1, int(q * len(values)))] * 1000:.2f} ms"


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--phones", type=int, default=4)
    ap.add_argument("--spectators", type=int, default=0)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--data-dir", type=Path, default=None, help="where sqlite writes (default: a temp dir)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = args.data_dir or Path(tmp)
        port = free_port()
        app = make_app(Config(host="127.0.0.1", port=port, data_dir=data_dir, zeroconf=False,
                              advertise_ip="127.0.0.1", join_burst=1000))
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        base = f"http://127.0.0.1:{port}"
        all_lat: list[float] = []
        t0 = time.perf_counter()
        async with aiohttp.ClientSession() as session:
            for _ in range(args.games):
                lat, socks = await play(base, session, args.phones, args.spectators)
                all_lat += lat
        wall = time.perf_counter() - t0
        await runner.cleanup()
        tv, phone = socks[0], socks[1]
        rooms = Store(data_dir / "rooms.sqlite3")
        record = next(iter(rooms.load_all().values()))
        rooms.close()
        save = store_cost(data_dir, record)
    print(f"games: {args.games}, phones: {args.phones}, spectators: {args.spectators}, actions: {len(all_lat)}")
    print(f"action -> every socket has the new state: median {ms(all_lat, 0.5)}, p95 {ms(all_lat, 0.95)}, "
          f"max {ms(all_lat, 1.0)}")
    print(f"actions per second (sequential): {len(all_lat) / wall:.0f}")
    print(f"state frames: TV {tv.bytes / max(tv.frames, 1):.0f} B average over {tv.frames}, "
          f"phone {phone.bytes / max(phone.frames, 1):.0f} B average over {phone.frames}")
    print(f"store write (synchronous=FULL, {len(json.dumps(record))} B snapshot): median {ms(save, 0.5)}, "
          f"p95 {ms(save, 0.95)}")


if __name__ == "__main__":
    asyncio.run(main())
