#!/usr/bin/env python3
"""The floor under `scripts/bench.py`: what one action costs on this machine before any game is played.
Prints figures; asserts nothing.

A stand-in server does only what any server of this shape must do per action, with the same libraries:
aiohttp reads one WebSocket frame from a phone and parses its JSON, optionally (`--fsync`) a writer
thread appends the size of a stored room (13 KB) to a file and makes it durable with `fdatasync` (the
store's flush) while the loop waits for it, then the loop writes one state-sized text frame (`--bytes`,
framed once for all) straight to each of the room's 9 sockets' transports, as the server does. No game
rules, no rendering, no sqlite. The client plays the same pattern as bench.py: R rooms of 9 sockets, each
room from its own loopback address, one action at a time, the next after every socket of the room has the
frame and a think pause (--think-ms, ±50 %), each socket kept within the server's flood guard as a phone
is (benchkit.Pace: bench.py's phones wait for the same allowance).

`--group-commit` is the fair floor under the game server's store: one writer thread, and one 13 KB write
per action but one `fdatasync` per batch, a batch being every action that arrived while the previous one
was flushing (the store's group commit, server/room/store.py); an action's frames go out once its batch's
flush returned. `--slow-fsync-ms N` delays each fdatasync by N ms under strace, as bench.py does.
`scripts/bench.py --against-floor` runs this beside the game server, interleaved, and prints the ratios.

What the game server costs beyond these figures is its own work; what they cost is the machine's and
the libraries' (`cpu_ms_per_action` at people's pace pays the machine's cold-CPU factor on
every wake-up, and a durable flush is a VM exit to the disk).

Usage: .venv/bin/python scripts/bench_floor.py [--rooms 50] [--think-ms 500] [--seconds 60] [--fsync]
       [--group-commit] [--slow-fsync-ms 20] [--bytes 6000]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import aiohttp
from aiohttp import web
from benchkit import Pace, child_pid, free_port, proc_cpu_s, slow_fsync_command

SOCKETS = 9          # a TV and 8 phones, as in bench.py
ROW_BYTES = 13000    # about the size of a stored room mid-game (bench.py prints it)


class GroupCommit:
    """One writer thread; every action that arrives while a batch flushes goes into the next batch: one
    write of its rows and one fdatasync per batch. `await commit()` returns once the action's is durable."""

    def __init__(self, fd: int, row: bytes) -> None:
        self.fd, self.row = fd, row
        self.next: list[asyncio.Future[None]] = []
        self.flying = False
        self.jobs: queue.SimpleQueue[tuple[asyncio.AbstractEventLoop, list[asyncio.Future[None]]]] = \
            queue.SimpleQueue()
        threading.Thread(target=self.serve, daemon=True).start()

    def commit(self) -> asyncio.Future[None]:
        future = asyncio.get_running_loop().create_future()
        self.next.append(future)
        if not self.flying:
            self.start()
        return future

    def start(self) -> None:
        batch, self.next, self.flying = self.next, [], True
        self.jobs.put((asyncio.get_running_loop(), batch))

    def serve(self) -> None:
        while True:
            loop, batch = self.jobs.get()
            os.write(self.fd, self.row * len(batch))
            os.fdatasync(self.fd)
            loop.call_soon_threadsafe(self.done, batch)

    def done(self, batch: list[asyncio.Future[None]]) -> None:
        self.flying = False
        for future in batch:
            future.set_result(None)
        if self.next:
            self.start()


def serve(port: int, fsync: bool, state_bytes: int, group: bool) -> None:
    """The stand-in server (runs in its own process until killed)."""
    rooms: dict[str, list[tuple[web.WebSocketResponse, asyncio.Transport | None]]] = {}
    writer = ThreadPoolExecutor(1, thread_name_prefix="writer")
    log_fd = os.open(Path(tempfile.mkdtemp()) / "log", os.O_WRONLY | os.O_CREAT)
    commits = GroupCommit(log_fd, b"x" * ROW_BYTES) if group else None
    row = b"x" * ROW_BYTES
    state = json.dumps({"type": "state", "pad": "y" * max(0, state_bytes - 30)})
    payload = state.encode()
    frame = b"\x81\x7e" + len(payload).to_bytes(2, "big") + payload   # RFC 6455: FIN, text, 16-bit length
    assert 126 <= len(payload) < 65536

    def store() -> None:
        os.write(log_fd, row)
        os.fdatasync(log_fd)

    async def socket(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=15.0, compress=False)   # as the server's sockets
        await ws.prepare(request)
        room = rooms.setdefault(request.query["room"], [])
        room.append((ws, request.transport))
        loop = asyncio.get_running_loop()
        async for msg in ws:
            json.loads(msg.data)
            if commits is not None:
                await commits.commit()
            elif fsync:
                await loop.run_in_executor(writer, store)
            for other, transport in room:   # straight to the transport, as the server writes a state (net/ws.py)
                if transport is not None and not transport.get_write_buffer_size():
                    transport.write(frame)
                else:
                    await other.send_str(state)
        return ws

    app = web.Application()
    app.router.add_get("/ws", socket)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


async def play(port: int, args: argparse.Namespace, server_pid: int) -> dict:
    """Drive the rooms until --seconds pass; the figures."""
    latencies: list[float] = []
    think = args.think_ms / 1000

    async def room(index: int, deadline: float) -> None:
        local = f"127.0.{1 + index // 250}.{1 + index % 250}"
        connector = aiohttp.TCPConnector(local_addr=(local, 0), limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            socks = [await session.ws_connect(f"http://127.0.0.1:{port}/ws?room={index}", max_msg_size=0)
                     for _ in range(SOCKETS)]
            paces = [Pace() for _ in socks]
            rng = random.Random(index)
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            while time.monotonic() < deadline:
                phone = rng.randrange(1, SOCKETS)
                await paces[phone].take()   # within what the game server's flood guard lets a phone send
                t0 = time.perf_counter()
                await socks[phone].send_str('{"type":"vote","card":3,"state_id":5}')
                await asyncio.gather(*(s.receive() for s in socks))
                latencies.append(time.perf_counter() - t0)
                if think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            for s in socks:
                await s.close()

    deadline = time.monotonic() + args.seconds
    cpu0, t0 = proc_cpu_s(server_pid), time.perf_counter()
    await asyncio.gather(*(room(i, deadline) for i in range(args.rooms)))
    wall, cpu = time.perf_counter() - t0, proc_cpu_s(server_pid) - cpu0
    latencies.sort()
    n = len(latencies)
    return {"rooms": args.rooms, "think_ms": args.think_ms, "fsync": args.fsync or args.group_commit,
            "group_commit": args.group_commit, "slow_fsync_ms": args.slow_fsync_ms, "state_bytes": args.bytes,
            "actions": n, "actions_per_s": round(n / wall, 1),
            "p50_ms": round(latencies[n // 2] * 1000, 2),
            "p99_ms": round(latencies[min(n - 1, int(n * 0.99))] * 1000, 2),
            "cpu_ms_per_action": round(cpu * 1000 / n, 3), "load_avg": round(os.getloadavg()[0], 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=50)
    ap.add_argument("--think-ms", type=float, default=500, help="mean pause after each action (0: flat out)")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--fsync", action="store_true", help="one durable 13 KB write per action, off the loop")
    ap.add_argument("--group-commit", action="store_true",
                    help="one writer thread, one fdatasync per batch of the actions that came during the last one")
    ap.add_argument("--slow-fsync-ms", type=float, default=0,
                    help="delay each of the server's fsync/fdatasync calls by this many ms (strace inject)")
    ap.add_argument("--bytes", type=int, default=6000, help="bytes of each state frame (default 6000)")
    ap.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)   # the server process's port
    args = ap.parse_args()
    if args.serve is not None:
        serve(args.serve, args.fsync, args.bytes, args.group_commit)
        return
    port = free_port()
    command = [sys.executable, __file__, "--serve", str(port), "--bytes", str(args.bytes),
               *(["--fsync"] if args.fsync else []), *(["--group-commit"] if args.group_commit else [])]
    if args.slow_fsync_ms:
        command = slow_fsync_command(command, args.slow_fsync_ms, Path(os.devnull))
    server = subprocess.Popen(command)
    server_pid = server.pid
    try:
        for _ in range(200):   # up to 10 s for the port to open
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        server_pid = child_pid(server.pid, b"--serve") if args.slow_fsync_ms else server.pid
        out = asyncio.run(play(port, args, server_pid))
    finally:
        if args.slow_fsync_ms and server.poll() is None:
            os.kill(server_pid, signal.SIGTERM)   # strace then exits too
        else:
            server.terminate()
        server.wait()
    what = ("read, one fdatasync per batch (group commit), 9 writes" if args.group_commit else
            "read, fdatasync off the loop, 9 writes" if args.fsync else "read, 9 writes")
    print(f"floor ({what}): "
          f"{args.rooms} rooms, think {args.think_ms:g} ms: p50 {out['p50_ms']} ms, p99 {out['p99_ms']} ms, "
          f"{out['actions_per_s']} actions/s, server CPU {out['cpu_ms_per_action']} ms per action")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
