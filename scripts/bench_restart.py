#!/usr/bin/env python3
"""Restarts after crashes: how long a start takes, and how big the database log is, when the server is
killed again and again. Prints figures; asserts nothing.

Each cycle starts a real server (`python -m server`) on the same data folder, times it to a ready
`/healthz`, stores `--actions` actions (rooms whose one phone changes colour, each room's phone on its own
loopback address, paced as a person taps: benchkit.Pace), then SIGKILLs it (the power cord: nobody
checkpoints on the way out). A server that never runs long enough to checkpoint lets the log
(rooms.sqlite3-wal) grow across kills; the store truncates it at start-up (server/room/store_table.py).
The last line is one JSON object: each cycle's log size before its start and its start-up time.

Usage: .venv/bin/python scripts/bench_restart.py [--cycles 8] [--actions 300] [--rooms 8] [--root DIR]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from benchkit import Pace, Player, free_port, wait_ready

COLOURS = ["red", "blue"]


async def store_actions(base: str, rooms: int, actions: int) -> None:
    """`actions` accepted actions over `rooms` new rooms, each with one phone changing its colour."""
    async def room(index: int, count: int) -> None:
        connector = aiohttp.TCPConnector(local_addr=(f"127.0.6.{index + 1}", 0))
        async with aiohttp.ClientSession(connector=connector) as session:
            async with session.post(f"{base}/api/rooms") as resp:
                code = (await resp.json())["code"]
            phone = Player(await session.ws_connect(f"{base}/ws"), f"P{index}")   # tests/helpers/wire.py
            pace = Pace()
            await pace.take()
            await phone.hello(code)
            await pace.take()
            await phone.act("join", name=f"P{index}", colour="green")
            await phone.until_state(lambda m: m["you"]["person"] is not None)
            for turn in range(count):
                await pace.take()
                before = phone.state_id
                await phone.act("set_colour", colour=COLOURS[turn % 2])
                await phone.until_state(lambda m, before=before: m["state_id"] > before)
            await phone.close()

    await asyncio.gather(*(room(i, actions // rooms) for i in range(rooms)))


async def cycle(root: Path, data: Path, args) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    wal = data / "rooms.sqlite3-wal"
    log_before = wal.stat().st_size if wal.exists() else 0
    t0 = time.perf_counter()
    with open(data.parent / "server.log", "ab") as log:
        proc = subprocess.Popen([sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
                                 "--data-dir", str(data), "--no-zeroconf", "--advertise-ip", "127.0.0.1",
                                 "--no-prepare-cards"], cwd=root, stdout=log, stderr=subprocess.STDOUT)
    try:
        async with aiohttp.ClientSession() as session:
            await wait_ready(session, base, proc, data.parent / "server.log", timeout_s=60)
        startup = time.perf_counter() - t0
        log_at_ready = wal.stat().st_size if wal.exists() else 0
        await store_actions(base, args.rooms, args.actions)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    return {"log_before_kb": round(log_before / 1024), "log_at_ready_kb": round(log_at_ready / 1024),
            "startup_s": round(startup, 3)}


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cycles", type=int, default=8)
    ap.add_argument("--actions", type=int, default=300, help="actions stored per cycle, all rooms together")
    ap.add_argument("--rooms", type=int, default=8)
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                    help="the checkout whose server runs (default: this one)")
    args = ap.parse_args()
    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        cycles = []
        for i in range(args.cycles):
            cycles.append(await cycle(args.root, data, args))
            c = cycles[-1]
            print(f"cycle {i + 1}: log {c['log_before_kb']} KB before the start, {c['log_at_ready_kb']} KB once "
                  f"ready; start-up to a ready /healthz {c['startup_s'] * 1000:.0f} ms", flush=True)
        db_kb = round((data / "rooms.sqlite3").stat().st_size / 1024)
    out = {"cycles": cycles, "database_kb": db_kb, "actions_per_cycle": args.actions,
           "load_avg": [round(load0, 2), round(os.getloadavg()[0], 2)], "root": str(args.root)}
    print(json.dumps(out))


if __name__ == "__main__":
    asyncio.run(main())
