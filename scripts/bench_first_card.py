#!/usr/bin/env python3
"""How soon a brand-new install shows its first card: start the server on a fresh data folder, wait for
/healthz, then ask for the built-in deck's card list and the first card's TV picture, as a TV does for
its first table. Repeated `--runs` times, each on a new empty data folder.

Usage:  .venv/bin/python scripts/bench_first_card.py [--runs 5] [--root DIR] [--python PY]

Prints per run `startup_ms` (process start to a ready /healthz) and `first_card_ms` (ready /healthz to
the last byte of the first built-in card picture), and whether the data folder had to encode anything
for the built-in deck; the last line is one JSON object with the medians. Target: first_card_ms
under 1000 on a 2-core machine. `--root` runs another checkout (e.g. an older commit, for a before/after)
with `--python`; the server runs as `scripts/run` starts it (its own background work included).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from benchkit import free_port, wait_ready

ROOT = Path(__file__).resolve().parent.parent


def start(python: str, root: Path, port: int, data_dir: Path, log_path: Path) -> subprocess.Popen:
    """The server as a family starts it, on loopback only, its output in `log_path`."""
    with open(log_path, "wb") as log:
        return subprocess.Popen([python, "-m", "server", "--host", "127.0.0.1", "--port", str(port), "--data-dir",
                                 str(data_dir), "--no-zeroconf"], cwd=root, stdout=log, stderr=subprocess.STDOUT)


async def one_run(python: str, root: Path) -> dict:
    """One fresh data folder: {"startup_ms", "first_card_ms", "card_bytes", "encoded_builtin_files"}."""
    with tempfile.TemporaryDirectory() as tmp:
        data_dir, port = Path(tmp) / "data", free_port()
        base = f"http://127.0.0.1:{port}"
        t_start = time.perf_counter()
        proc = start(python, root, port, data_dir, Path(tmp) / "server.log")
        try:
            async with aiohttp.ClientSession() as session:
                await wait_ready(session, base, proc, Path(tmp) / "server.log", timeout_s=30, poll_s=0.005)
                t_ready = time.perf_counter()
                async with session.get(f"{base}/api/decks/builtin/cards") as resp:
                    first = (await resp.json())["cards"][0]
                async with session.get(f"{base}/cards/builtin/{first}.tv.webp") as resp:
                    body = await resp.read()
                    assert resp.status == 200 and resp.content_type == "image/webp", resp.status
                t_card = time.perf_counter()
            cache = data_dir / "cache" / "cards" / "builtin"
            encoded = len(list(cache.iterdir())) if cache.is_dir() else 0
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return {"startup_ms": round((t_ready - t_start) * 1000, 1), "first_card_ms": round((t_card - t_ready) * 1000, 1),
            "card_bytes": len(body), "encoded_builtin_files": encoded}


async def main() -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="fresh data folders to try (default 5)")
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to run (default: this one)")
    ap.add_argument("--python", default=sys.executable, help="the Python that has its dependencies")
    args = ap.parse_args()
    runs = []
    for i in range(args.runs):
        run = await one_run(args.python, args.root)
        runs.append(run)
        print(f"run {i + 1}: start-up {run['startup_ms']} ms, first card {run['first_card_ms']} ms "
              f"({run['card_bytes']} B), built-in pictures encoded by then: {run['encoded_builtin_files']}")
    out = {
        "first_card_ms": statistics.median(r["first_card_ms"] for r in runs),
        "first_card_max_ms": max(r["first_card_ms"] for r in runs),
        "startup_ms": statistics.median(r["startup_ms"] for r in runs),
        "encoded_builtin_files": max(r["encoded_builtin_files"] for r in runs),
        "runs": args.runs, "load_avg": round(os.getloadavg()[0], 2), "cores": os.cpu_count(),
    }
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    asyncio.run(main())
