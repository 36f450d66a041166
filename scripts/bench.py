#!/usr/bin/env python3
"""Load and speed of the game server on this machine. Prints figures; asserts nothing (timing never goes
in tests).

Starts a real server process (`python -m server`, its own data folder, no background card-picture
preparation) and drives R rooms at once over WebSockets on loopback, each with a TV and 8 phones playing
complete games of the default rules: 8 people make a pairs game (4 teams of two, two phones per seat;
either phone of a team acts). Every room's phones come
from their own loopback address (127.0.x.y), as phones on a Wi-Fi do, so the per-address join limit
applies per room. A room sends one action at a time and waits until all 9 of its sockets have the
resulting `state`, then "thinks" for --think-ms before the next (0 = as fast as the server answers).

Prints: p50/p99 time from an action's send until the last socket of that room has the resulting state,
actions per second, peak RSS and CPU seconds of the server process, errors, the TV page's bytes
(HTML+JS+CSS, no images) and the server's start-up time to a ready /healthz. The last line is one JSON
object with the figures, including `cpu_ms_per_action` (server CPU ms / actions).

A slow disk without a mock: `--slow-fsync-ms N` runs the server under Debian's strace, which delays
every real fsync/fdatasync of the server by N ms as it enters the call
(`strace -f --seccomp-bpf -e inject=fsync,fdatasync:delay_enter=N000`, microseconds; only those two
calls stop the process, so the rest runs at full speed): a Pi's SD card, where a flush takes 5-50 ms.
The last line then also counts the fsyncs in strace's log: the store makes one flush per batch, shared by
every room in it (`fsyncs_per_action` below 1 when rooms share batches), plus a few for checkpoints.
`--server-cpus 0` pins the server to one core (`taskset`), the headroom a Pi's slower cores need.
`--clients 2` splits the rooms over two client processes: a family's phones are separate devices that
read their frames at the same time, while one client process reads the frames of rooms that act in the
same millisecond one after the other and adds that wait to what it measures (the default stays 1, the
way every figure before it was measured; docs/performance-history.md says which each figure used).

`--server-timing` also times each action inside the server (scripts/server_timing.py wraps three of its
functions): from its frame being parsed to the room's last state frame being written, `server_p50_ms` and
`server_p99_ms`, over the very actions the client timed (not the joins and starts). What a latency has on
top of that is the kernel and this client.

The floor under these figures, what aiohttp and one durable flush per action cost on this machine
without any game, is `scripts/bench_floor.py`; `--against-floor` runs this and its `--group-commit` floor
interleaved, at least 3 pairs, and prints the ratios (scripts/against_floor.py). `--against DIR` does the
same with the game server of another checkout (a worktree of an older commit, its own data folder), driven
by this client: did a change make the server slower? `--server-root DIR` runs DIR's server for one run.

Each socket sends no more than a phone does (benchkit.Pace: 90 frames at once, 9.5 per second, below the
server's flood guard of 100 and 10): a phone out of its allowance waits, untimed, before it acts
(`pace_waits` counts those waits). Every socket the server closes anyway is printed and counted
(`sockets_closed`, and an error).

Usage: .venv/bin/python scripts/bench.py [--rooms 50] [--games 1] [--seconds 300] [--think-ms 0]
       [--slow-fsync-ms 20] [--server-cpus 0] [--clients 2] [--server-timing] [--against-floor [--pairs 3]]
       [--against ../wt-base [--pairs 3]] [--server-root ../wt-base]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from urllib.parse import urljoin

import aiohttp
from against_floor import against_checkout, against_floor
from benchkit import Pace, child_pid, free_port, hello_message, proc_cpu_s, slow_fsync_command, wait_ready

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"]
PHONES = 8   # 8 people: the room makes it a pairs game (4 teams of two) where the rules allow pairs
ASSOCIATION = "Who ate the cake?"   # a question of four words: fits every checkable condition
STATE_ID = re.compile(r'^\{"type":"state","state_id":(\d+)')


def server_command(args, port: int, data_dir: Path, strace_log: Path, timing_log: Path) -> list[str]:
    """The server's command line: python -m server, under taskset (--server-cpus) and strace
    (--slow-fsync-ms, logging the delayed calls to `strace_log`) when asked; through
    scripts/server_timing.py, writing to `timing_log`, with --server-timing."""
    server = ([str(Path(__file__).with_name("server_timing.py")), str(timing_log)] if args.server_timing
              else ["-m", "server"])
    cmd = [sys.executable, *(["-m", "cProfile", "-o", args.profile] if args.profile else []),
           *server, "--host", "127.0.0.1", "--port", str(port), "--data-dir",
           str(data_dir), "--no-zeroconf", "--advertise-ip", "127.0.0.1", "--no-prepare-cards"]
    if args.server_cpus is not None:
        cmd = ["taskset", "-c", args.server_cpus, *cmd]
    if args.slow_fsync_ms:
        cmd = slow_fsync_command(cmd, args.slow_fsync_ms, strace_log)
    return cmd


def server_times(path: Path, timed: set[tuple[str, int]]) -> list[float]:
    """The times scripts/server_timing.py wrote ("room state_id ms" per line) of the actions this client
    timed (`timed`: (room code, the state_id the action made)), in seconds: not the joins and starts."""
    try:
        lines = [line.split() for line in path.read_text().splitlines()]
    except OSError:
        return []
    return [float(ms) / 1000 for code, sid, ms in lines if (code, int(sid)) in timed]


def fsyncs_made(path: Path) -> int:
    """fsync/fdatasync calls in strace's log (`-f`: each line starts with the thread id; a call split by
    another thread's shows once as started): the store's flushes (one per batch) plus a few checkpoints'
    and start-up's; 0 without a log."""
    try:
        lines = path.read_text(errors="replace").splitlines()
    except OSError:
        return 0
    return sum(1 for line in lines if line.partition(" ")[2].lstrip().startswith(("fsync(", "fdatasync(")))


def proc_peak_rss_mb(pid: int) -> float:
    """Peak resident set size (VmHWM) of process `pid` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def store_cost(data_dir: Path, n: int = 200) -> tuple[int, list[float]]:
    """Seconds per `Store.save` (one transaction and one flush) of the largest room snapshot the run left behind, in a
    scratch database next to the server's: what a save costs on this disk."""
    sys.path.insert(0, str(ROOT))
    from server.room.store import Store
    rooms = Store(data_dir / "rooms.sqlite3")
    record = max(rooms.load_all().values(), key=lambda r: len(json.dumps(r)))
    rooms.close()
    scratch = Store(data_dir / "bench-scratch.sqlite3")
    out = []
    for i in range(n):
        record["state_id"] = i
        t0 = time.perf_counter()
        scratch.save("BNCH", record)
        out.append(time.perf_counter() - t0)
    scratch.close()
    return len(json.dumps(record)), out


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of `values`, in ms."""
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


class Sock:
    """One socket with its own reader task: keeps the newest frame and tells the room what state_id it
    has reached (parsing only the prefix; a phone parses its state only when it is about to act, once per
    frame). The client's own CPU per action delays what it measures, so it does as little as it can: this is
    why the bench has its own reader instead of the tests' `Player` (tests/helpers/wire.py), which parses
    and keeps every frame; the messages it sends are the same (`hello_message`)."""

    def __init__(self, room: Room, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.room, self.ws = room, ws
        self.seen = 0
        self.raw: str | None = None
        self._parsed: tuple[str | None, dict | None] = (None, None)
        self.welcome: dict | None = None
        self.pace = Pace()   # what a phone sends at most: the server's flood guard never closes it
        self.task = asyncio.create_task(self.read())

    def state(self) -> dict:
        raw, parsed = self._parsed
        if raw is not self.raw or parsed is None:
            parsed = json.loads(self.raw)
            self._parsed = (self.raw, parsed)
        return parsed

    async def read(self) -> None:
        try:
            async for frame in self.ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    break
                data = frame.data
                m = STATE_ID.match(data)
                if m:
                    self.raw = data
                    sid = int(m.group(1))
                    if sid > self.seen:
                        old, self.seen = self.seen, sid
                        self.room.advanced(old, sid)
                elif '"type":"welcome"' in data[:40]:
                    self.welcome = json.loads(data)
                    self.room.check()
                elif '"type":"error"' in data[:40]:
                    self.room.error(json.loads(data))
        except (aiohttp.ClientError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.room.closed(self)


class Room:
    """One room: a TV and 8 phones, playing whole games one action at a time. With pairs (8 people at an
    `imaginarium` table become 4 teams of two) either phone of a team acts for it; a room without pairs
    would leave the 8th phone watching."""

    def __init__(self, index: int, base: str, args, figures: dict) -> None:
        self.index, self.base, self.args, self.figures = index, base, args, figures
        self.rng = random.Random(index)
        self.socks: list[Sock] = []
        self.players: list[Sock] = []
        self.teams: dict[str, list[Sock]] = {}   # seat -> the phones that play for it
        self.need = 0
        self.behind = 0     # sockets that have not reached `need` yet
        self.done = asyncio.Event()
        self.code = ""
        self.closing = False
        self.is_seated = False
        # each room's devices come from their own loopback address
        self.local = f"127.0.{1 + index // 250}.{1 + index % 250}"

    # -- reader callbacks
    def advanced(self, old: int, new: int) -> None:
        """A socket went from state_id `old` to `new`."""
        if self.need and old < self.need <= new:
            self.behind -= 1
            self.check()

    def check(self) -> None:
        if self.need and self.behind <= 0 and all(p.welcome for p in self.players):
            self.done.set()

    def error(self, msg: dict) -> None:
        self.figures["errors"] += 1
        self.figures["error_codes"][msg.get("code")] = self.figures["error_codes"].get(msg.get("code"), 0) + 1

    def closed(self, sock: Sock) -> None:
        if not (self.figures["stopping"] or self.closing):   # the server closed it: every one is reported
            self.figures["errors"] += 1
            self.figures["error_codes"]["socket_closed"] = self.figures["error_codes"].get("socket_closed", 0) + 1
            self.figures["sockets_closed"].append(f"room {self.index}: close code {sock.ws.close_code}")

    # -- driving
    async def open(self, session: aiohttp.ClientSession, role: str = "phone") -> Sock:
        ws = await session.ws_connect(f"{self.base}/ws", max_msg_size=0)
        sock = Sock(self, ws)
        self.socks.append(sock)
        await sock.pace.take()
        await ws.send_str(json.dumps(hello_message(self.code, role)))
        return sock

    async def wait(self, state_id: int) -> None:
        self.need = state_id
        self.behind = sum(1 for s in self.socks if s.seen < state_id)
        self.done.clear()
        self.check()
        await asyncio.wait_for(self.done.wait(), timeout=30)

    async def act(self, sock: Sock, msg: dict, timed: bool = True) -> None:
        """Send one action against the newest state and wait until every socket of the room has the
        state it makes. A socket out of its allowance (benchkit.Pace) waits first, untimed."""
        await sock.pace.take()
        target = max(s.seen for s in self.socks) + 1
        t0 = time.perf_counter()
        await sock.ws.send_str(json.dumps({**msg, "state_id": sock.seen}, ensure_ascii=False))
        await self.wait(target)
        if timed:
            self.figures["timed"].append((self.code, target))
            self.figures["latencies"].append(time.perf_counter() - t0)
            self.figures["timeline"].append((t0, time.perf_counter() - t0, self.index, msg["type"]))
        self.figures["actions"] += 1
        if self.args.think_ms:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.args.think_ms / 1000)  # a person thinking

    async def run(self, deadline: float) -> None:
        connector = aiohttp.TCPConnector(local_addr=(self.local, 0), limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            async with session.post(f"{self.base}/api/rooms") as resp:
                self.code = (await resp.json())["code"]
            await self.open(session, "tv")
            for i in range(PHONES):
                p = await self.open(session)
                await self.wait(1)
                self.players.append(p)
                await self.act(p, {"type": "join", "name": f"Player {i + 1}", "colour": COLOURS[i]}, timed=False)
            await self.wait(max(s.seen for s in self.socks))
            self.figures["mode"] = self.socks[0].state()["room"]["settings"]["mode"]
            deadline = await self.seated(deadline)
            if self.args.think_ms:   # rooms do not all start in the same millisecond
                await asyncio.sleep(self.rng.uniform(0, 2 * self.args.think_ms / 1000))
            for game in range(self.args.games):
                if game:
                    await self.act(self.players[0], {"type": "new_game"})
                await self.act(self.players[0], {"type": "start"})
                self.teams = {}
                for p in self.players:
                    self.teams.setdefault(p.state()["you"]["seat"], []).append(p)
                while time.monotonic() < deadline:
                    if not await self.step():
                        self.figures["games"] += 1
                        break
                if time.monotonic() >= deadline:
                    break
            self.closing = True
            for s in self.socks:
                await s.ws.close()

    async def seated(self, deadline: float) -> float:
        """This room has all its people: with one client process, wait until every room has (the run's
        figures count from then: the joins are no play, and the floor has none); the deadline then."""
        go = self.figures.get("go")
        if go is None:
            return deadline
        self.is_seated = True
        self.figures["unseated"] -= 1
        if self.figures["unseated"] == 0:
            self.figures["on_go"]()
            go.set()
        await go.wait()
        return float(self.figures["deadline"])

    async def step(self) -> bool:
        """One action by a seat the game waits on (read from the TV's view); False once it is over."""
        game = self.socks[0].state()["game"]
        phase = game["phase"]
        if phase == "game_over":
            return False
        if phase == "scored":
            await self.act(self.players[0], {"type": "next_round"})
            return True
        seat = game["storyteller"] if phase == "telling" else self.rng.choice(game["waiting_for"])
        p = self.rng.choice(self.teams[seat])
        mine = p.state()["game"]
        me = mine["me"]
        if phase == "telling":
            await self.act(p, {"type": "tell", "card": self.rng.choice(me["hand"]), "association": ASSOCIATION})
        elif phase == "playing":
            await self.act(p, {"type": "play_card", "card": self.rng.choice(me["hand"])})
        else:
            numbers = [t["number"] for t in mine["table"] if t["card"] not in me["played"]]
            await self.act(p, {"type": "vote", "card": self.rng.choice(numbers)})
        return True


def cold_cpu_factor(pause_s: float = 0.02) -> float:
    """How much more CPU the same small piece of work (about 0.1-0.2 ms: a 4 KB JSON text encoded and
    parsed, like a state frame) costs right after a `pause_s` idle pause than back to back, on this machine.
    At people's pace every action arrives at a server that was idle (cold caches; on a VM, a vCPU that
    went to sleep), so `cpu_ms_per_action` at `--think-ms 500` includes this factor and flat out it does
    not. Measured in this process, between runs."""
    obj = {f"k{i}": {"a": list(range(20)), "b": "x" * 50, "c": {"d": i}} for i in range(30)}

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime

    def unit() -> None:
        json.loads(json.dumps(obj))

    per_unit = []
    for pause, n in ((0.0, 400), (pause_s, 150)):
        c0 = cpu()
        for _ in range(n):
            unit()
            if pause:
                time.sleep(pause)
        per_unit.append((cpu() - c0) / n)
    return per_unit[1] / per_unit[0]


async def loop_lag(figures: dict, every: float = 0.05) -> None:
    """How late this client's own event loop wakes up (if it lags, latencies are the client's, not the
    server's): appends seconds of lateness to figures["lag"]."""
    loop = asyncio.get_running_loop()
    while True:
        t = loop.time()
        await asyncio.sleep(every)
        figures["lag"].append(loop.time() - t - every)


async def page_bytes(session: aiohttp.ClientSession, base: str, path: str) -> dict:
    """Bytes of a page's HTML, stylesheets and ES modules (followed through imports), no images:
    {html, js, css, total, files, sizes: {url: bytes}}, as served but uncompressed (the bytes on the wire are
    tests/e2e/test_tv_wire_weight.py's and scripts/bench_tv.py's)."""
    seen: dict[str, int] = {}
    todo = [urljoin(base, path)]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        async with session.get(url) as resp:
            body = await resp.read()
        seen[url] = len(body)
        text = body.decode("utf-8", "replace")
        if url.endswith(".js"):
            # a JSDoc type's `import('/static/…')` sits in a /** */ comment and is never loaded
            code = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
            refs = re.findall(r'''(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]'''
                              r'''|import\s*\(?\s*['"]([^'"]+\.js)['"]''', code)
            refs = [a or b for a, b in refs]
        elif url.endswith(".css"):
            refs = re.findall(r'''@import\s+(?:url\()?['"]?([^'")]+\.css)''', text)
        else:
            refs = re.findall(r'''<(?:script|link)[^>]+(?:src|href)="([^"]+\.(?:js|css))"''', text)
        todo += [urljoin(url, r) for r in refs]
    kinds = {"html": 0, "js": 0, "css": 0}
    for url, n in seen.items():
        kinds["js" if url.endswith(".js") else "css" if url.endswith(".css") else "html"] += n
    return {**kinds, "total": sum(kinds.values()), "files": len(seen), "sizes": seen}


def new_figures() -> dict:
    """What the rooms of one client process collect (merged across processes by `merge_figures`)."""
    return {"lag": [], "timeline": [], "latencies": [], "timed": [], "sockets_closed": [], "actions": 0, "errors": 0,
            "error_codes": {}, "games": 0, "stopping": False, "client_cpu_s": 0.0, "pace_waits": 0}


def merge_figures(into: dict, part: dict) -> None:
    for key in ("lag", "timeline", "latencies", "timed", "sockets_closed"):
        into[key] += part[key]
    for key in ("actions", "errors", "games", "client_cpu_s", "pace_waits"):
        into[key] += part[key]
    into["began"] = min(into.get("began", math.inf), part["began"])
    into["ended"] = max(into.get("ended", 0.0), part["ended"])
    for code, n in part["error_codes"].items():
        into["error_codes"][code] = into["error_codes"].get(code, 0) + n
    if "mode" in part:
        into["mode"] = part["mode"]


async def play_rooms(indices: range, base: str, args, figures: dict, deadline: float) -> None:
    """Play rooms `indices` in this process until `deadline` (time.monotonic), into `figures`."""
    # perf_counter is CLOCK_MONOTONIC here: one clock for every client process
    figures["began"] = min(figures.get("began", math.inf), time.perf_counter())
    rooms = [Room(i, base, args, figures) for i in indices]
    lag = asyncio.create_task(loop_lag(figures))
    if "on_go" in figures:
        figures["go"], figures["unseated"] = asyncio.Event(), len(rooms)

    async def run(room: Room) -> None:
        try:
            await room.run(deadline)
        finally:   # a room that failed before it was seated holds nobody up
            if "go" in figures and not figures["go"].is_set() and not room.is_seated:
                figures["unseated"] -= 1
                if figures["unseated"] == 0:
                    figures["on_go"]()
                    figures["go"].set()
    results = await asyncio.gather(*(run(r) for r in rooms), return_exceptions=True)
    lag.cancel()
    figures["pace_waits"] += sum(sock.pace.waits for r in rooms for sock in r.socks)
    figures["ended"] = time.perf_counter()
    figures["stopping"] = True
    for r in results:
        if isinstance(r, BaseException):
            figures["errors"] += 1
            print(f"room failed: {r!r}", file=sys.stderr)


def play_rooms_in_process(indices: range, base: str, args, deadline: float) -> dict:
    """`play_rooms` in a client process of its own (--clients): its figures, with its own CPU seconds."""
    figures = new_figures()
    before = resource.getrusage(resource.RUSAGE_SELF)
    asyncio.run(play_rooms(indices, base, args, figures, deadline))
    after = resource.getrusage(resource.RUSAGE_SELF)
    figures["client_cpu_s"] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return figures


async def main() -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=1, help="rooms played at once (default 1)")
    ap.add_argument("--games", type=int, default=1, help="complete games per room (default 1)")
    ap.add_argument("--seconds", type=float, default=300, help="stop after this long whatever happens (default 300)")
    ap.add_argument("--think-ms", type=float, default=0, help="mean pause after each action in a room (default 0)")
    ap.add_argument("--data-dir", type=Path, default=None, help="the server's data folder (default: a temp dir)")
    ap.add_argument("--latency-log", type=Path, default=None,
                    help="write every timed action as 'seconds-from-start latency-ms room type' to this file")
    ap.add_argument("--profile", default=None, help="run the server under cProfile, writing this file")
    ap.add_argument("--slow-fsync-ms", type=float, default=0,
                    help="delay each of the server's fsync/fdatasync calls by this many ms (strace inject)")
    ap.add_argument("--server-cpus", default=None, help="pin the server to these cores (taskset -c list, e.g. 0)")
    ap.add_argument("--server-timing", action="store_true",
                    help="also time each action inside the server (scripts/server_timing.py): server_p50_ms, "
                         "server_p99_ms")
    ap.add_argument("--clients", type=int, default=1,
                    help="client processes sharing the rooms (default 1; phones are separate devices)")
    ap.add_argument("--against-floor", action="store_true",
                    help="run this and scripts/bench_floor.py --group-commit interleaved, print the ratios "
                         "(scripts/against_floor.py)")
    ap.add_argument("--pairs", type=int, default=3, help="pairs of runs with --against-floor or --against (at least 3)")
    ap.add_argument("--server-root", type=Path, default=ROOT,
                    help="run the game server of this checkout (python -m server there; default: this one)")
    ap.add_argument("--against", type=Path, default=None, metavar="DIR",
                    help="run this checkout's server and DIR's interleaved, print the ratios (against_floor.py)")
    args = ap.parse_args()
    if args.server_timing and args.server_root != ROOT:
        ap.error("--server-timing times this checkout's server only")
    if args.against_floor:
        return against_floor(args)
    if args.against is not None:
        return against_checkout(args)
    figures = new_figures()
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = args.data_dir or Path(tmp)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        t_start = time.perf_counter()
        with open(Path(tmp) / "server.log", "wb") as log:  # the server process keeps its own descriptor
            command = server_command(args, port, data_dir, Path(tmp) / "fsyncs.log", Path(tmp) / "timing.log")
            proc = subprocess.Popen(command, cwd=args.server_root, stdout=log, stderr=subprocess.STDOUT)
        server_pid = child_pid(proc.pid, b"server") if args.slow_fsync_ms else proc.pid  # taskset execs: same pid
        try:
            async with aiohttp.ClientSession() as session:
                await wait_ready(session, base, proc, Path(tmp) / "server.log", timeout_s=20)
                startup_s = time.perf_counter() - t_start
                tv_page = await page_bytes(session, base, "/tv")
            load0 = os.getloadavg()[0]
            cpu0 = proc_cpu_s(server_pid)
            client0 = resource.getrusage(resource.RUSAGE_SELF)
            deadline = time.monotonic() + args.seconds
            t0 = time.perf_counter()
            if args.clients == 1:
                def on_go() -> None:   # every room seated: the figures count from here
                    figures.update(cpu0=proc_cpu_s(server_pid), actions=0, began=time.perf_counter(),
                                   deadline=time.monotonic() + args.seconds)
                    client = resource.getrusage(resource.RUSAGE_SELF)
                    figures["client0"] = client.ru_utime + client.ru_stime
                figures["on_go"] = on_go
                await play_rooms(range(args.rooms), base, args, figures, deadline + args.seconds)
            else:   # phones are separate devices: N processes read their rooms' sockets in parallel
                with ProcessPoolExecutor(args.clients, mp_context=multiprocessing.get_context("spawn")) as pool:
                    loop = asyncio.get_running_loop()
                    parts = await asyncio.gather(*(
                        loop.run_in_executor(pool, play_rooms_in_process, range(k, args.rooms, args.clients),
                                             base, args, deadline) for k in range(args.clients)))
                for part in parts:
                    merge_figures(figures, part)
            # from the first room's start to the last room's end (client processes start after spawning)
            wall = figures["ended"] - figures["began"] if "ended" in figures else time.perf_counter() - t0
            figures["stopping"] = True
            cpu_s = proc_cpu_s(server_pid) - figures.get("cpu0", cpu0)
            load1 = os.getloadavg()[0]
            client1 = resource.getrusage(resource.RUSAGE_SELF)
            client_cpu_s = (client1.ru_utime + client1.ru_stime) \
                - figures.get("client0", client0.ru_utime + client0.ru_stime) \
                + figures["client_cpu_s"]
            peak = proc_peak_rss_mb(server_pid)
            cold = cold_cpu_factor()   # after the run, the server idle: what the machine itself does
        finally:
            figures["stopping"] = True
            if proc.poll() is None:
                os.kill(server_pid if args.slow_fsync_ms else proc.pid, signal.SIGTERM)  # strace then exits too
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        snapshot_bytes, saves = store_cost(data_dir)
        errors_in_log = sum(" ERROR " in line for line in (Path(tmp) / "server.log").read_text().splitlines())
        fsyncs = fsyncs_made(Path(tmp) / "fsyncs.log") if args.slow_fsync_ms else 0
        timed = set(figures["timed"])
        inside = server_times(Path(tmp) / "timing.log", timed) if args.server_timing else []
    lat = figures["latencies"]
    if args.latency_log and figures["timeline"]:
        first = figures["timeline"][0][0]
        args.latency_log.write_text("".join(f"{t - first:.3f} {d * 1000:.2f} {r} {k}\n"
                                            for t, d, r, k in figures["timeline"]))
    sockets = args.rooms * (1 + PHONES)
    mode = figures.get("mode")
    out = {
        "p50_ms": round(pct(lat, 0.50), 2), "p99_ms": round(pct(lat, 0.99), 2),
        "actions_per_s": round(figures["actions"] / wall, 1), "peak_rss_mb": round(peak, 1),
        "cpu_s": round(cpu_s, 2), "errors": figures["errors"] + errors_in_log, "rooms": args.rooms,
        "sockets": sockets, "games": figures["games"], "actions": figures["actions"],
        "wall_s": round(wall, 2), "think_ms": args.think_ms, "startup_s": round(startup_s, 3),
        "tv_page_kb": round(tv_page["total"] / 1024, 1), "client_cpu_s": round(client_cpu_s, 2),
        "load_avg": [round(load0, 2), round(load1, 2)],
        "client_lag_p99_ms": round(pct(figures["lag"], 0.99), 1),
        "client_lag_max_ms": round(pct(figures["lag"], 1.0), 1), "cores": os.cpu_count(),
        "save_p50_ms": round(pct(saves, 0.5), 2), "save_p99_ms": round(pct(saves, 0.99), 2),
        "mode": mode, "phones_per_room": PHONES,
        "cpu_ms_per_action": round(cpu_s * 1000 / max(figures["actions"], 1), 3),
        "slow_fsync_ms": args.slow_fsync_ms, "server_cpus": args.server_cpus,
        "cold_cpu_factor": round(cold, 2), "clients": args.clients,
        "sockets_closed": len(figures["sockets_closed"]),
        "pace_waits": figures["pace_waits"],
    }
    if args.server_timing:   # the actions timed above only (not the rooms' joins and starts)
        out["server_p50_ms"], out["server_p99_ms"] = round(pct(inside, 0.5), 2), round(pct(inside, 0.99), 2)
        out["server_actions"] = len(inside)
    if fsyncs:   # one per batch of the store (rooms that acted together share it), plus checkpoints'
        out["fsyncs"] = fsyncs
        out["fsyncs_per_action"] = round(fsyncs / max(figures["actions"], 1), 3)
    print(f"rooms: {args.rooms} x (TV + {PHONES} phones) = {sockets} sockets; mode {mode} "
          f"({'4 teams of two, two phones per seat' if mode == 'pairs' else 'no pairs: 8 seats'})")
    print(f"games completed: {figures['games']} of {args.rooms * args.games}; actions: {figures['actions']} "
          f"in {wall:.1f} s; think time {args.think_ms:g} ms")
    print(f"action -> last socket of the room has the state: p50 {out['p50_ms']} ms, p99 {out['p99_ms']} ms, "
          f"max {pct(lat, 1.0):.2f} ms")
    if args.server_timing:
        print(f"inside the server, frame in -> the room's last state frame written: p50 {out['server_p50_ms']} ms, "
              f"p99 {out['server_p99_ms']} ms over {len(inside)} actions (the rest is the kernel and this client)")
    print(f"actions per second: {out['actions_per_s']}")
    print(f"the client's event loop{'s' if args.clients > 1 else ''} woke late by p99 {out['client_lag_p99_ms']} ms, "
          f"max {out['client_lag_max_ms']} ms "
          f"(when high, the client not the server is slow)")
    print(f"machine: the same 0.1-0.2 ms of work costs {cold:.2f}x the CPU right after a 20 ms idle pause as "
          "back to back (cold caches, a sleeping vCPU): people's pace pays it on every action")
    print(f"machine: {os.cpu_count()} cores, load average {load0:.2f} at the start, {load1:.2f} at the end "
          f"(other work on the machine inflates the latencies)")
    print(f"server: peak RSS {out['peak_rss_mb']} MB, CPU {out['cpu_s']} s during the run "
          f"({cpu_s / max(figures['actions'], 1) * 1000:.2f} ms per action), "
          f"start-up to a ready /healthz {startup_s * 1000:.0f} ms; the client ({args.clients} process"
          f"{'es' if args.clients > 1 else ''}) used {client_cpu_s:.1f} CPU s")
    print(f"store write (sqlite WAL: one transaction, one fdatasync of the log) of a {snapshot_bytes} B room snapshot: "
          f"p50 {out['save_p50_ms']} ms, p99 {out['save_p99_ms']} ms")
    print(f"errors: {out['errors']} {figures['error_codes'] or ''} (ERROR lines in the server log: {errors_in_log})")
    for closed in figures["sockets_closed"]:
        print(f"socket closed by the server: {closed}")
    print(f"TV page: {tv_page['total'] / 1024:.1f} KB in {tv_page['files']} files (HTML {tv_page['html']} B, "
          f"JS {tv_page['js']} B, CSS {tv_page['css']} B; no images)")
    print(json.dumps(out, ensure_ascii=False))
    return out


if __name__ == "__main__":
    asyncio.run(main())
