"""A slow disk (a Pi's SD card) does not freeze the server: while the commit of one action waits on its
fsync, the event loop still answers pings, on the acting phone's socket and on others.

The slow disk is the real thing for the process: Debian's strace attaches to the running server and
holds every fsync/fdatasync at its entry for a long while (`inject=...:delay_enter`), so the commit is
really under way in the kernel's eyes. Proof without a clock: a ping sent after the action is answered
before the action's state arrives (the state goes out right after the commit returns, through the same
ordered outbox, so a pong that comes first was sent while the commit had not returned), and at that very
moment a server thread is seen stopped at the entry of fsync/fdatasync (/proc/<pid>/task/*/syscall).
Then strace lets go, the fsync returns and the state arrives: it was stored before anyone was told.
"""
from __future__ import annotations

import asyncio
import json
import platform
import subprocess
import time
from pathlib import Path

import aiohttp

from tests.helpers.bounds import EVENT_S, EXIT_S, START_S

# How long strace holds each fsync: longer than anything the test waits for meanwhile, however loaded the
# machine; the test lets the held fsync go by detaching strace once it has seen what it needs.
HOLD_US = int(2 * EVENT_S * 1_000_000)
POLL_S = 0.01
# fsync and fdatasync syscall numbers (what /proc/<tid>/syscall shows first) on the machines we run on
FSYNC_NRS = {"x86_64": {74, 75}, "aarch64": {82, 83}, "armv7l": {118, 148}}


def threads_in_fsync(pid: int) -> list[int]:
    """Threads of `pid` stopped by the tracer at the entry of fsync or fdatasync."""
    numbers = FSYNC_NRS[platform.machine()]
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            nr = (task / "syscall").read_text().split()[0]
            state = (task / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if nr.isdigit() and int(nr) in numbers and state == "t":
            found.append(int(task.name))
    return found


async def commit_under_way(pid: int, count: int = 1) -> list[int]:
    """The threads of `pid` held in fsync, once there are at least `count` (polled, bounded by EVENT_S: a
    writer thread gets there after its SQL, each of its system calls slowed by the tracer)."""
    deadline = time.monotonic() + EVENT_S
    while time.monotonic() < deadline:
        found = threads_in_fsync(pid)
        if len(found) >= count:
            return found
        await asyncio.sleep(POLL_S)  # polling interval of a /proc probe, not a wait standing in for state
    raise AssertionError(f"never {count} threads of the server in fsync at once (last seen: {found})")


async def attach_strace(pid: int, syscalls: str, inject: str, *, every_thread: bool = True) -> subprocess.Popen:
    """strace attached to process `pid` (every thread) or, `every_thread=False`, to the one thread of that id,
    doing `inject` to each of the comma-separated `syscalls`; returns once strace says it is attached."""
    tracer = subprocess.Popen(
        ["strace", *(["-f"] if every_thread else []), "-p", str(pid), "-o", "/dev/null", "-e", f"trace={syscalls}",
         "-e", f"inject={syscalls}:{inject}"],
        stderr=subprocess.PIPE, text=True)
    line = await asyncio.wait_for(asyncio.to_thread(tracer.stderr.readline), START_S)
    assert f"Process {pid} attached" in line, line
    return tracer


async def attach_slow_disk(pid: int, inject: str = f"delay_enter={HOLD_US}") -> subprocess.Popen:
    """strace attached to every thread of `pid`, doing `inject` to each fsync/fdatasync (by default:
    holding it HOLD_US at its entry); returns once strace says it is attached."""
    return await attach_strace(pid, "fsync,fdatasync", inject)


def stop_tracing(tracer: subprocess.Popen) -> None:
    """strace detaches from the server (letting a held fsync go on at once) and ends."""
    if tracer.poll() is None:
        tracer.terminate()
        tracer.wait(timeout=EXIT_S)
    tracer.stderr.close()


async def test_pings_are_answered_while_a_commit_waits_on_a_slow_fsync(tmp_path, server_process):
    server = server_process(tmp_path)
    server.start()
    async with aiohttp.ClientSession() as session:
        code, open_socket = await server.new_room(session)
        tv = await open_socket("tv")
        await tv.hello(code, role="tv")
        phone = await open_socket("phone")
        await phone.hello(code)
        await phone.act("join", name="Ann", colour="red")
        joined = await phone.until_state(lambda s: s["you"]["person"] is not None)
        await tv.sync(joined["state_id"])

        tracer = await attach_slow_disk(server.proc.pid)
        try:
            await phone.act("set_colour", colour="blue")
            writer = await commit_under_way(server.proc.pid)   # its commit now waits on the slow fsync
            await phone.send({"type": "ping"})
            await tv.send({"type": "ping"})
            first = await phone.until(lambda m: m["type"] in ("pong", "state"))
            assert first["type"] == "pong", "the state came first: the ping waited for the disk"
            assert (await tv.until(lambda m: m["type"] in ("pong", "state")))["type"] == "pong"
            assert threads_in_fsync(server.proc.pid) == writer, "the commit was no longer under way"
            stop_tracing(tracer)   # strace detaches: the held fsync returns now, and the server runs at full speed
            # the fsync has returned: only now does everyone get the new colour
            state = await phone.until_state()
            assert state["state_id"] == joined["state_id"] + 1
            assert [p["colour"] for p in state["room"]["roster"]] == ["blue"]
            assert (await tv.until_state())["state_id"] == state["state_id"]
        finally:
            stop_tracing(tracer)
        # the server is whole: the colour is stored (a new socket sees it) and it still plays
        late = await open_socket("late")
        await late.hello(code, role="tv")
        assert late.state_id == state["state_id"]
        assert json.dumps(late.state["room"]["roster"]) == json.dumps(state["room"]["roster"])
        for p in (tv, phone, late):
            await p.close()
