"""`scripts/bench.py --against-floor`: the game server and the fair floor under it, side by side.

Runs `--pairs` pairs (at least 3) of one bench.py run of the game server and one `scripts/bench_floor.py
--group-commit` run (aiohttp, one 13 KB write per action and one fdatasync per batch, no game) with the
same rooms, think time, length and slow-disk injection, alternating which goes first, with `uptime` before
and after each run. Prints each run's figures and, as its last line, one JSON object with each pair's
ratios (game server / floor) of CPU per action and of p99 latency, their medians, the errors and the
sockets the server closed. Absolute figures on a shared machine drift with the neighbours' load; the
ratio of two runs a minute apart drifts far less. Prints figures; asserts nothing.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAMES = 100000   # rooms play game after game until --seconds pass (one game of one room takes about a second)


def uptime() -> str:
    """`uptime`'s line: the load averages over 1, 5 and 15 minutes."""
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def last_json(command: list[str]) -> dict:
    """Run `command` (a bench script), echo its output, return its last line parsed as JSON."""
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=HERE.parent)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr[-4000:])
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        raise SystemExit(f"{command[1]} failed (exit {done.returncode})")
    return json.loads(lines[-1])


def against_floor(args) -> dict:
    """Run the pairs for bench.py's parsed `args`; print and return the summary."""
    common = ["--rooms", str(args.rooms), "--think-ms", f"{args.think_ms:g}", "--seconds", f"{args.seconds:g}"]
    if args.slow_fsync_ms:
        common += ["--slow-fsync-ms", f"{args.slow_fsync_ms:g}"]
    product = [sys.executable, str(HERE / "bench.py"), *common, "--games", str(GAMES)]
    floor = [sys.executable, str(HERE / "bench_floor.py"), *common, "--group-commit"]
    pairs = []
    for i in range(max(3, args.pairs)):
        runs: dict[str, dict] = {}
        loads = [uptime()]
        for name in (("product", "floor") if i % 2 == 0 else ("floor", "product")):
            print(f"--- pair {i + 1}: {name} ({loads[-1]})", flush=True)
            runs[name] = last_json(product if name == "product" else floor)
            loads.append(uptime())
        p, f = runs["product"], runs["floor"]
        pairs.append({"cpu_ratio": round(p["cpu_ms_per_action"] / f["cpu_ms_per_action"], 2),
                      "p99_ratio": round(p["p99_ms"] / f["p99_ms"], 2),
                      "product": {k: p[k] for k in ("cpu_ms_per_action", "p50_ms", "p99_ms", "actions_per_s",
                                                    "errors", "sockets_closed", "pace_waits")},
                      "floor": {k: f[k] for k in ("cpu_ms_per_action", "p50_ms", "p99_ms", "actions_per_s")},
                      "uptime": loads})
    out = {"against_floor": True, "rooms": args.rooms, "think_ms": args.think_ms, "seconds": args.seconds,
           "slow_fsync_ms": args.slow_fsync_ms,
           "cpu_ratio": round(statistics.median(p["cpu_ratio"] for p in pairs), 2),
           "p99_ratio": round(statistics.median(p["p99_ratio"] for p in pairs), 2),
           "cpu_ratios": [p["cpu_ratio"] for p in pairs], "p99_ratios": [p["p99_ratio"] for p in pairs],
           "errors": sum(p["product"]["errors"] for p in pairs),
           "sockets_closed": sum(p["product"]["sockets_closed"] for p in pairs),
           "pairs": pairs}
    print(f"game server / group-commit floor, {args.rooms} rooms, think {args.think_ms:g} ms"
          f"{f', fsync +{args.slow_fsync_ms:g} ms' if args.slow_fsync_ms else ''}: CPU per action "
          f"{out['cpu_ratio']}x (pairs {out['cpu_ratios']}), p99 {out['p99_ratio']}x (pairs {out['p99_ratios']}); "
          f"errors {out['errors']}, sockets closed by the server {out['sockets_closed']}")
    print(json.dumps(out))
    return out
