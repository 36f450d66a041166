#!/usr/bin/env python3
"""Floods of the pictures the server draws on request, against a real server process on loopback, with
figures (asserts nothing; tests/server/test_drawn_pictures.py checks the behaviour). Every client address
is in 127.0.0.0/8.

* story flood: 12 rooms, each played to its first result; a phone's card picture is fetched over and over
  while 24 story pictures (12 rooms × 2 languages) are asked for at once, each from its own address.
  Figures: the card picture's time alone and during the flood (p50, max), and how long the flood took.
* story memory: 70 story pictures of changing states (35 actions × 2 languages), one after another; the
  server's resident memory before, after and at its peak.
* QR flood: 50 requests for a room's `qr.png` at once, while the host acts; the host's action time
  (send -> its own socket has the new state) alone and during the flood.

`--baseline TREE` runs the same attacks against a server started from another checkout (e.g. a worktree
of main before a change), interleaved with this one `--pairs` times, each run with `uptime`'s load.

Usage: .venv/bin/python scripts/attack_pictures.py [--baseline ../main-tree] [--pairs 2]
The last line is one JSON object with every run.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from benchkit import ROOT, free_port, socket_opener, wait_ready

from tests.helpers.wire import Table, seated_table

ROOMS = 12
RSS_STEPS = 35
QR_FLOOD = 50


def rss_mb(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of process `pid` in MB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else float("nan")


def session_from(ip: str) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(ip, 0), limit=0))


async def timed_get(session: aiohttp.ClientSession, url: str, headers: dict | None = None) -> tuple[float, int]:
    start = time.perf_counter()
    async with session.get(url, headers=headers or {}) as resp:
        await resp.read()
        return (time.perf_counter() - start) * 1000, resp.status


def story_url(base: str, table: Table, lang: str) -> str:
    return f"{base}/api/rooms/{table.code}/story.png?lang={lang}"


async def story_flood(base: str, tables: list[Table]) -> dict:
    card = tables[0].phones[0].me["hand"][0]
    deck = tables[0].tv.state["room"]["settings"]["deck"]
    card_url = f"{base}/cards/{deck}/{card}.thumb.webp"
    async with aiohttp.ClientSession() as phone:
        alone = [(await timed_get(phone, card_url))[0] for _ in range(20)]
        sessions = [session_from(f"127.0.1.{i + 1}") for i in range(2 * len(tables))]
        try:
            keys = [(t, lang) for t in tables for lang in ("en", "ru")]   # 24 pictures to draw
            asks = [timed_get(s, story_url(base, t, lang), {"X-TV-Key": t.tv.welcome["tv_key"]})
                    for s, (t, lang) in zip(sessions, keys, strict=True)]
            start = time.perf_counter()
            flood = asyncio.gather(*asks)
            during: list[float] = []
            while not flood.done():
                during.append((await timed_get(phone, card_url))[0])
            stories = await flood
            took = time.perf_counter() - start
        finally:
            for s in sessions:
                await s.close()
    return {"card_ms_alone": {"p50": pct(alone, 0.5), "max": pct(alone, 1)},
            "card_ms_during": {"p50": pct(during, 0.5), "p99": pct(during, 0.99), "max": pct(during, 1),
                               "n": len(during)},
            "stories": len(stories), "story_statuses": sorted({s for _, s in stories}), "flood_s": round(took, 2)}


async def story_memory(base: str, table: Table, pid: int) -> dict:
    before, _ = rss_mb(pid)
    statuses = []
    for i in range(RSS_STEPS):
        if not await table.step():
            break
        for j, lang in enumerate(("en", "ru")):
            async with session_from(f"127.0.2.{(2 * i + j) % 250 + 1}") as s:
                statuses.append((await timed_get(s, f"{base}/api/rooms/{table.code}/story.png?lang={lang}",
                                                 {"X-TV-Key": table.tv.welcome["tv_key"]}))[1])
    after, peak = rss_mb(pid)
    return {"renders": len(statuses), "statuses": sorted(set(statuses)), "rss_mb_before": round(before, 1),
            "rss_mb_after": round(after, 1), "rss_mb_peak": round(peak, 1), "growth_mb": round(after - before, 1)}


async def host_action_ms(table: Table, n: int) -> list[float]:
    host = table.phones[0]
    out = []
    for i in range(n):
        start = time.perf_counter()
        await table.act(host, "rename", name=f"Host {i}")
        out.append((time.perf_counter() - start) * 1000)
    return out


async def qr_flood(base: str, table: Table) -> dict:
    alone = await host_action_ms(table, 10)
    sessions = [session_from(f"127.0.3.{i + 1}") for i in range(QR_FLOOD)]
    try:
        flood = asyncio.gather(*(timed_get(s, f"{base}/api/rooms/{table.code}/qr.png") for s in sessions))
        during: list[float] = []
        while not flood.done():
            during += await host_action_ms(table, 1)
        await flood
    finally:
        for s in sessions:
            await s.close()
    return {"host_ms_alone": {"p50": pct(alone, 0.5), "max": pct(alone, 1)},
            "host_ms_during": {"p50": pct(during, 0.5), "max": pct(during, 1), "n": len(during)}}


async def run(tree: Path) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        log = Path(data) / "server.log"
        with open(log, "ab") as out:
            proc = subprocess.Popen([sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
                                     "--data-dir", data, "--no-zeroconf", "--advertise-ip", "127.0.0.1"],
                                    cwd=tree, stdout=out, stderr=subprocess.STDOUT,
                                    env={**os.environ, "PYTHONUNBUFFERED": "1"})
        sessions: list[aiohttp.ClientSession] = []
        try:
            async with aiohttp.ClientSession() as session:
                await wait_ready(session, base, proc, log)
                async def new_table(i: int, start: bool) -> Table:
                    """A TV and 4 phones from their own address (joins are rate-limited per address)."""
                    table_session = session_from(f"127.0.4.{i + 1}")
                    sessions.append(table_session)
                    async with table_session.post(f"{base}/api/rooms") as resp:
                        code = (await resp.json())["code"]
                    table = await seated_table(socket_opener(table_session, base), code, 4, start=start)
                    if start:
                        await table.play_until(lambda g: g["phase"] == "scored")
                    return table

                tables = [await new_table(i, True) for i in range(ROOMS)]
                result = {"tree": str(tree), "load_before": os.getloadavg()[0],
                          "story_flood": await story_flood(base, tables)}
                # fresh tables: sockets that read nothing for minutes miss the server's pings and are closed
                result["story_memory"] = await story_memory(base, await new_table(ROOMS, True), proc.pid)
                result["qr_flood"] = await qr_flood(base, await new_table(ROOMS + 1, False))
                result["load_after"] = os.getloadavg()[0]
        finally:
            for s in sessions:
                await s.close()
            proc.terminate()
            proc.wait(timeout=60)
        errors = [line for line in log.read_text(errors="replace").splitlines() if " ERROR " in line]
        result["error_lines"] = len(errors)
        return result


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path, help="another checkout to run the same attacks against, interleaved")
    parser.add_argument("--pairs", type=int, default=1)
    args = parser.parse_args()
    runs = []
    for _ in range(args.pairs):
        for tree in ([args.baseline] if args.baseline else []) + [ROOT]:
            print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}", flush=True)
            runs.append(await run(tree.resolve()))
            print(json.dumps(runs[-1]), flush=True)
    print(json.dumps({"runs": runs}))


if __name__ == "__main__":
    asyncio.run(main())
