#!/usr/bin/env python3
"""The network attacks (docs/protocol.md "Limits") against a real server process on loopback, with figures.
`scripts/attack.py` runs these after the upload attacks and puts the figures under "network". Asserts nothing (the
tests in tests/server/security/ do); prints what happened. Loopback only: the server listens on
127.0.0.1 and every attacker connects from another 127.0.0.0/8 address, never anything else.

Starts `python -m server` under a 1,024 open-files limit (the systemd default), a room with a TV and
four phones (the first is the host), then, one after another, each bounded:

* hello loop: one socket that never reads sends `hello` in a loop (up to --frames frames), and
  --reconnects new sockets each say hello once and leave; the host's action latency (send -> the host's
  own socket has the new state) before and during, and how many frames the looping socket got in before
  it was closed (1008).
* lockout: 43 sockets without a seat from 127.0.0.2, then the host's phone reconnects with its
  token while its old socket lingers: welcome or `room_busy`.
* file descriptors: --idle plain TCP connections that send nothing, --slowloris connections
  that trickle header bytes, 10 WebSockets that never say hello; the server's open fds, /healthz time and
  a new phone's hello time meanwhile, what is still open after the deadlines, and the log's size and
  ERROR lines.
* DNS rebinding: statuses for `Host: evil.example:PORT` and a cross-site POST.

Usage: .venv/bin/python scripts/attack_network.py [--frames 2000] [--reconnects 200] [--idle 1100] [--slowloris 200]
The last line is one JSON object with the figures.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from benchkit import Player, free_port, hello_message, wait_ready

from tests.helpers.restart import session_from

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 1024
LAUNCH = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, ({LIMIT}, {LIMIT})); "
          "from server.cli import main; sys.exit(main(sys.argv[1:]))")
COLOURS = ["red", "blue", "green", "teal"]
DEADLINE_WAIT_S = 25   # the server's hello and header deadlines are 10 s
HOST_PACE_S = 0.2      # the host's think time between actions (the per-socket frame limit is 10/s)
PHASE_BOUND_S = 180    # no phase runs longer, whatever the server does


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return round(s[min(len(s) - 1, int(q * len(s)))], 2)


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def host_latencies(host: Player, n: int) -> list[float]:
    """`n` host actions (a lobby setting switched off and on), each timed from send until the host's
    socket has the new state."""
    out = []
    for i in range(n):
        before = host.state_id
        t0 = time.perf_counter()
        await host.send({"type": "set_settings", "settings": {"special_cells": i % 2 == 1}, "state_id": host.state_id})
        await host.until(lambda m, before=before: m["type"] == "state" and m["state_id"] > before)
        out.append((time.perf_counter() - t0) * 1000)
        await asyncio.sleep(HOST_PACE_S)   # a person taps a few times a second at most
    return out


async def hello_loop(base: str, code: str, frames: int) -> dict:
    """One socket that never reads sends hello `frames` times; returns how many went out before the
    server closed it."""
    async with session_from("127.0.0.2") as session:
        ws = await session.ws_connect(f"{base}/ws", headers={"Origin": base})
        hello = json.dumps(hello_message(code))
        sent = 0
        with contextlib.suppress(ConnectionError, RuntimeError, aiohttp.ClientError):
            for _ in range(frames):
                if ws.closed:
                    break
                await ws.send_str(hello)
                sent += 1
                await asyncio.sleep(0)
        read_until = time.monotonic() + 10
        with contextlib.suppress(asyncio.TimeoutError, ConnectionError):
            while not ws.closed and time.monotonic() < read_until:   # only now read, for 10 s at most
                frame = await ws.receive(timeout=max(0.01, read_until - time.monotonic()))
                if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                    break
        close_code = ws.close_code   # None: still open
        return {"sent": sent, "close_code": close_code}


async def reconnect_loop(base: str, code: str, n: int) -> dict:
    """`n` new sockets from 127.0.0.3, each says hello and leaves at once."""
    refused = 0
    async with session_from("127.0.0.3") as session:
        for _ in range(n):
            ws = await session.ws_connect(f"{base}/ws", headers={"Origin": base})
            await ws.send_str(json.dumps(hello_message(code)))
            frame = await ws.receive(timeout=10)
            if frame.type == aiohttp.WSMsgType.TEXT and json.loads(frame.data).get("code") == "rate_limited":
                refused += 1
            await ws.close()
    return {"sockets": n, "rate_limited": refused}


async def phase_hello_loop(base: str, code: str, host: Player, args) -> dict:
    baseline = await host_latencies(host, 25)
    attack = asyncio.gather(hello_loop(base, code, args.frames), reconnect_loop(base, code, args.reconnects))
    during: list[float] = []
    while not attack.done():
        during += await host_latencies(host, 2)
    loop_result, reconnect_result = await attack
    return {"host_action_ms_before_p50": pct(baseline, 0.5), "host_action_ms_before_p99": pct(baseline, 0.99),
            "host_action_ms_during_p50": pct(during, 0.5), "host_action_ms_during_p99": pct(during, 0.99),
            "host_action_ms_during_max": round(max(during), 2) if during else None,
            "host_actions_during": len(during), "hello_loop_frames_tried": loop_result["sent"],
            "hello_loop_close_code": loop_result["close_code"],
            **{f"reconnect_{k}": v for k, v in reconnect_result.items()}}


async def phase_lockout(base: str, code: str, host_token: str) -> dict:
    flood_session = session_from("127.0.0.2")
    flood = []
    for _ in range(43):
        p = Player(await flood_session.ws_connect(f"{base}/ws", headers={"Origin": base}))
        await p.send(hello_message(code))
        flood.append(p)
    async with aiohttp.ClientSession() as session:
        back = Player(await session.ws_connect(f"{base}/ws", headers={"Origin": base}))
        welcome = await back.hello(code, token=host_token)
        await back.ws.close()
    async def still_open(p: Player) -> bool:   # an evicted socket gets `evicted`, then its close (1008)
        with contextlib.suppress(asyncio.TimeoutError, ConnectionError, AssertionError):   # Player: closed
            await asyncio.wait_for(p.until(lambda m: False), 3)
        return not p.ws.closed
    open_flood = sum(await asyncio.gather(*(still_open(p) for p in flood)))
    await flood_session.close()
    return {"lockout_host_back": welcome["type"] == "welcome" and bool(welcome.get("is_host")),
            "lockout_answer": welcome.get("code", "welcome"), "lockout_flood_sockets_open": open_flood}


async def phase_fds(base: str, port: int, code: str, pid: int, log: Path, args) -> dict:
    async def idle_one():
        with contextlib.suppress(OSError, asyncio.TimeoutError):
            _r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.4", 0)), 5)
            return w
        return None
    fds_before = open_fds(pid)
    writers = []
    for start in range(0, args.idle, 100):
        writers += [w for w in await asyncio.gather(*(idle_one() for _ in range(min(100, args.idle - start)))) if w]
    slow = []
    for _ in range(args.slowloris):
        with contextlib.suppress(OSError):
            r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.5", 0))
            w.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            slow.append((r, w))
    mute_session = session_from("127.0.0.6")
    mute = [await mute_session.ws_connect(f"{base}/ws") for _ in range(10)]
    fds_during = open_fds(pid)
    async with aiohttp.ClientSession() as session:
        t0 = time.perf_counter()
        try:
            async with session.get(f"{base}/healthz", timeout=aiohttp.ClientTimeout(total=10)) as resp:
                healthz = resp.status
        except (TimeoutError, aiohttp.ClientError):
            healthz = None
        healthz_ms = round((time.perf_counter() - t0) * 1000, 1)
        t0 = time.perf_counter()
        try:
            phone = Player(await session.ws_connect(f"{base}/ws", headers={"Origin": base}))
            phone_in = (await asyncio.wait_for(phone.hello(code), 10))["type"] == "welcome"
            await phone.ws.close()
        except (TimeoutError, aiohttp.ClientError, ConnectionError, AssertionError):   # Player: closed
            phone_in = False
        phone_ms = round((time.perf_counter() - t0) * 1000, 1)
    # slowloris trickles a header line a second; the header deadline closes it anyway (bounded wait)
    t_end = time.monotonic() + DEADLINE_WAIT_S
    while time.monotonic() < t_end:
        alive = [(r, w) for r, w in slow if not r.at_eof() and not w.is_closing()]
        if not alive and all(m.closed for m in mute):
            break
        for _r, w in alive:
            with contextlib.suppress(OSError):
                w.write(b"X-Slow: 1\r\n")
        for m in mute:
            if not m.closed:
                with contextlib.suppress(asyncio.TimeoutError):
                    await m.receive(timeout=0.01)
        await asyncio.sleep(1)   # slowloris pacing: one header line a second
    slow_open = sum(1 for r, w in slow if not r.at_eof() and not w.is_closing())
    mute_open = sum(1 for m in mute if not m.closed)
    fds_after = open_fds(pid)
    for w in writers:
        w.close()
    for _r, w in slow:
        w.close()
    await mute_session.close()
    text = log.read_text(errors="replace")
    return {"fd_limit": LIMIT, "idle_connections": len(writers), "fds_before": fds_before, "fds_during": fds_during,
            "fds_after_deadlines": fds_after, "healthz_status": healthz, "healthz_ms": healthz_ms,
            "new_phone_in": phone_in, "new_phone_ms": phone_ms, "slowloris": len(slow),
            "slowloris_open_after_s": DEADLINE_WAIT_S, "slowloris_still_open": slow_open,
            "mute_websockets_still_open": mute_open, "log_bytes": len(text.encode()),
            "log_error_lines": sum(1 for line in text.splitlines() if " ERROR " in line)}


async def phase_rebinding(base: str, port: int) -> dict:
    evil = f"evil.example:{port}"
    out = {}
    async with aiohttp.ClientSession() as session:
        for name, method, path, headers in (
                ("rebind_ws", "GET", "/ws", {"Host": evil, "Origin": f"http://{evil}", "Upgrade": "websocket",
                                             "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                                             "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}),
                ("rebind_join", "GET", "/join", {"Host": evil}),
                ("rebind_info", "GET", "/api/info", {"Host": evil}),
                ("rebind_create_room", "POST", "/api/rooms", {"Host": evil, "Origin": f"http://{evil}"}),
                ("cross_site_create_room", "POST", "/api/rooms", {"Origin": "http://evil.example",
                                                                  "Content-Type": "text/plain"})):
            async with session.request(method, f"{base}{path}", headers=headers, allow_redirects=False) as resp:
                out[name] = resp.status
    return out


async def main_async(args) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    figures: dict = {"loopback_only": True}
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-c", LAUNCH, "--host", "127.0.0.1", "--port", str(port), "--data-dir",
                 str(Path(tmp) / "data"), "--no-zeroconf", "--advertise-ip", "127.0.0.1", "--no-prepare-cards"],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            async with aiohttp.ClientSession() as session:
                await wait_ready(session, base, proc, log, timeout_s=30, poll_s=0.05)
                async with session.post(f"{base}/api/rooms") as resp:
                    code = (await resp.json())["code"]
                tv = Player(await session.ws_connect(f"{base}/ws", headers={"Origin": base}))
                await tv.hello(code, role="tv")
                phones = []
                for colour in COLOURS:
                    p = Player(await session.ws_connect(f"{base}/ws", headers={"Origin": base}))
                    await p.hello(code)
                    await p.send({"type": "join", "state_id": p.state_id, "name": colour.title(), "colour": colour})
                    await p.until(lambda m: m["type"] == "welcome" and m.get("person"))
                    phones.append(p)
                host = phones[0]
                await host.until(lambda m: m["type"] == "state" and m["state_id"] >= len(COLOURS))
                reader = asyncio.create_task(drain(tv))   # the TV reads everything, as a TV does
                for name, phase in (("hello loop", phase_hello_loop(base, code, host, args)),
                                    ("lockout", phase_lockout(base, code, host.token)),
                                    ("rebinding", phase_rebinding(base, port)),
                                    ("file descriptors", phase_fds(base, port, code, proc.pid, log, args))):
                    print(f"attack: {name} ...", file=sys.stderr, flush=True)
                    try:
                        figures.update(await asyncio.wait_for(phase, PHASE_BOUND_S))
                    except (TimeoutError, ConnectionError, aiohttp.ClientError, AssertionError) as exc:
                        figures[f"{name.replace(' ', '_')}_failed"] = f"{type(exc).__name__}: {exc}"[:200]
                reader.cancel()
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
    return figures


async def drain(p: Player) -> None:
    """Read every frame `p` gets until its socket closes (Player.recv raises AssertionError then)."""
    with contextlib.suppress(ConnectionError, AssertionError):
        while True:
            with contextlib.suppress(TimeoutError):   # a quiet minute: keep reading
                await p.recv()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """This script's options (scripts/attack.py takes them too)."""
    parser.add_argument("--frames", type=int, default=2000, help="hello frames the looping socket tries to send")
    parser.add_argument("--reconnects", type=int, default=200, help="new sockets that say hello and leave")
    parser.add_argument("--idle", type=int, default=1100, help="plain TCP connections that send nothing")
    parser.add_argument("--slowloris", type=int, default=200, help="connections that trickle header lines")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args()
    figures = asyncio.run(main_async(args))
    for key, value in figures.items():
        print(f"{key:32} {value}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
