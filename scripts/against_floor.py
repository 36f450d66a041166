"""`scripts/bench.py --against-floor`: the game server and the fair floor under it, side by side.

Runs `--pairs` pairs (at least 3) of one bench.py run of the game server and one `scripts/bench_floor.py
--group-commit` run (aiohttp, one 13 KB write per action and one fdatasync per batch, no game) with the
same rooms, think time, length and slow-disk injection, alternating which goes first, with `uptime` before
and after each run. Prints each run's figures and, as its last line, one JSON object with each pair's
ratios (game server / floor) of CPU per action and of p99 latency, their medians, the errors and the
sockets the server closed. Absolute figures on a shared machine drift with the neighbours' load; the
ratio of two runs a minute apart drifts far less. Prints figures; asserts nothing.

`scripts/bench.py --against DIR` pairs the same way two game servers, this checkout's and the one in DIR (a
worktree of an older commit: `git worktree add --detach DIR <commit>`), each driven by this bench.py's client
with the same options: the ratios are this / DIR (`against_checkout`).
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


def common_options(args) -> list[str]:
    """The bench.py options both runs of a pair share: rooms, think time, length, slow-disk injection."""
    common = ["--rooms", str(args.rooms), "--think-ms", f"{args.think_ms:g}", "--seconds", f"{args.seconds:g}"]
    if args.slow_fsync_ms:
        common += ["--slow-fsync-ms", f"{args.slow_fsync_ms:g}"]
    return common


def run_pairs(args, first: tuple[str, list[str]], second: tuple[str, list[str]]) -> list[dict]:
    """`args.pairs` pairs (at least 3) of one run of each (name, command), alternating which goes first, with
    `uptime` before and after each run: per pair, {name: its last JSON line} and "uptime": the four lines."""
    commands = dict((first, second))
    pairs = []
    for i in range(max(3, args.pairs)):
        runs: dict = {}
        loads = [uptime()]
        for name in list(commands)[::1 if i % 2 == 0 else -1]:
            print(f"--- pair {i + 1}: {name} ({loads[-1]})", flush=True)
            runs[name] = last_json(commands[name])
            loads.append(uptime())
        pairs.append({**runs, "uptime": loads})
    return pairs


def ratios(a: dict, b: dict) -> dict:
    """`a`'s CPU per action and p99 latency over `b`'s."""
    return {"cpu_ratio": round(a["cpu_ms_per_action"] / b["cpu_ms_per_action"], 2),
            "p99_ratio": round(a["p99_ms"] / b["p99_ms"], 2)}


def against_floor(args) -> dict:
    """Run the pairs for bench.py's parsed `args`; print and return the summary."""
    common = common_options(args)
    product = [sys.executable, str(HERE / "bench.py"), *common, "--games", str(GAMES)]
    floor = [sys.executable, str(HERE / "bench_floor.py"), *common, "--group-commit"]
    pairs = []
    for runs in run_pairs(args, ("product", product), ("floor", floor)):
        p, f = runs["product"], runs["floor"]
        pairs.append({**ratios(p, f),
                      "product": {k: p[k] for k in ("cpu_ms_per_action", "p50_ms", "p99_ms", "actions_per_s",
                                                    "errors", "sockets_closed", "pace_waits")},
                      "floor": {k: f[k] for k in ("cpu_ms_per_action", "p50_ms", "p99_ms", "actions_per_s")},
                      "uptime": runs["uptime"]})
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


def against_checkout(args) -> dict:
    """bench.py's parsed `args` with `--against DIR`: pairs of runs of this checkout's server and DIR's, the
    same client and options (`--games` and `--seconds` as given); print and return the summary."""
    bench = [sys.executable, str(HERE / "bench.py"), *common_options(args), "--games", str(args.games)]
    base = str(args.against)
    keep = ("cpu_ms_per_action", "p50_ms", "p99_ms", "actions_per_s", "actions", "errors", "sockets_closed")
    pairs = []
    for runs in run_pairs(args, ("this", bench), (base, [*bench, "--server-root", base])):
        this, other = runs["this"], runs[base]
        pairs.append({**ratios(this, other), "this": {k: this[k] for k in keep}, base: {k: other[k] for k in keep},
                      "uptime": runs["uptime"]})
    out = {"against": base, "rooms": args.rooms, "think_ms": args.think_ms, "games": args.games,
           "cpu_ratio": round(statistics.median(p["cpu_ratio"] for p in pairs), 2),
           "p99_ratio": round(statistics.median(p["p99_ratio"] for p in pairs), 2),
           "cpu_ratios": [p["cpu_ratio"] for p in pairs], "p99_ratios": [p["p99_ratio"] for p in pairs],
           "errors": sum(p["this"]["errors"] + p[base]["errors"] for p in pairs), "pairs": pairs}
    for i, p in enumerate(pairs, 1):
        print(f"pair {i}: CPU per action {p['this']['cpu_ms_per_action']} ms here, {p[base]['cpu_ms_per_action']} ms "
              f"in {base} ({p['cpu_ratio']}x); p99 {p['this']['p99_ms']} ms here, {p[base]['p99_ms']} ms there "
              f"({p['p99_ratio']}x); {p['uptime'][0]} .. {p['uptime'][-1]}")
    print(f"this checkout / {base}, {args.rooms} rooms, think {args.think_ms:g} ms: CPU per action "
          f"{out['cpu_ratio']}x (pairs {out['cpu_ratios']}), p99 {out['p99_ratio']}x (pairs {out['p99_ratios']}); "
          f"errors {out['errors']}")
    print(json.dumps(out))
    return out
