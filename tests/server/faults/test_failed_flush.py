"""A failing flush under load tells nobody anything from the moment it begins, and flushes never overlap.

After a failed fsync/fdatasync Linux may already have dropped the pages it could not write, so a flush of
the same log that "succeeds" beside it, or after it, proves nothing: the first failed flush must stop every
acknowledgement at once (server/room/store.py). The real thing for the process: Debian's strace, attached
to every thread of the running server, makes the writer's Nth fdatasync wait 300 ms (a dying SD card
taking its time) and then fail with EIO, and logs every fdatasync and every socket write the server makes
in the order they happen. Twelve rooms act as fast as they are answered; the test reads strace's log: not
one `state` frame is written to a socket after the failing flush began, and the server exits 2.

The same log, with every flush slowed to 20 ms and no failure, shows that the store never has two
flushes in flight at once (a batch of the rooms that acted meanwhile waits for the one flushing).
"""
from __future__ import annotations

import asyncio
import itertools
import re
import subprocess
from pathlib import Path

import aiohttp

from tests.helpers.bounds import EXIT_S, START_S
from tests.server.faults.test_busy_store_killed import ROOMS, seated_rooms, stop_players

FAIL_AT = 6   # the writer thread's 6th fdatasync after strace attaches fails
ENTER = re.compile(r"^(\d+) +fdatasync\(")
EXIT = re.compile(r"^(\d+) +(?:<\.\.\. fdatasync resumed>\)|fdatasync\(.*\)) *= (-?\d+)")
STATE_WRITE = re.compile(r"^\d+ +(?:sendto|write|writev|sendmsg)\(\d+, .*\\\"type\\\":\\\"state\\\"")


async def trace(pid: int, log: Path, inject: str) -> subprocess.Popen:
    """strace on every thread of `pid`, logging fdatasync and socket writes (with the frame's start) to
    `log` and doing `inject` to fdatasync; returns once strace says it is attached."""
    tracer = subprocess.Popen(
        ["strace", "-f", "-p", str(pid), "-o", str(log), "-s", "48",
         "-e", "trace=fdatasync,sendto,write,writev,sendmsg", "-e", f"inject=fdatasync:{inject}"],
        stderr=subprocess.PIPE, text=True)
    line = await asyncio.wait_for(asyncio.to_thread(tracer.stderr.readline), START_S)
    assert f"Process {pid} attached" in line, line
    return tracer


def flushes(lines: list[str]) -> list[tuple[int, int, int, int]]:
    """Each fdatasync in the log: (line it began on, line it returned on, thread, result)."""
    began: dict[int, int] = {}
    out = []
    for n, line in enumerate(lines):
        if m := ENTER.match(line):
            began[int(m.group(1))] = n
        if m := EXIT.match(line):
            tid = int(m.group(1))
            out.append((began.pop(tid), n, tid, int(m.group(2))))
    return out


async def play_traced(tmp_path: Path, server_process, inject: str, until_exit: bool) -> list[str]:
    """ROOMS rooms acting at once under strace (`inject`), until the server exits by itself
    (`until_exit`) or 150 actions are acknowledged; strace's log lines."""
    server = server_process(tmp_path, piped=True)
    server.start()
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.5.{i + 1}", 0)))
                for i in range(ROOMS)]
    log = tmp_path / "strace.log"
    try:
        rooms = await seated_rooms(server, sessions)
        tracer = await trace(server.proc.pid, log, inject)
        counter, enough = [0], asyncio.Event()
        players = [asyncio.create_task(room.play(counter, enough)) for room in rooms]
        try:
            if until_exit:
                assert await asyncio.to_thread(server.proc.wait, EXIT_S) == 2
            else:
                await enough.wait()
        finally:
            results = await stop_players(tracer, players)
        assert all(r is None or isinstance(r, asyncio.CancelledError) for r in results), results
        for room in rooms:
            await room.phone.ws.close()
        if until_exit:
            assert await asyncio.to_thread(server.logged, "the disk failed to keep what was written")
        else:
            server.stop()
    finally:
        for session in sessions:
            await session.close()
    return log.read_text().splitlines()


async def test_no_acknowledgement_goes_out_once_a_flush_is_failing(tmp_path, server_process):
    lines = await play_traced(tmp_path, server_process, f"error=EIO:delay_enter=300000:when={FAIL_AT}",
                              until_exit=True)
    done = flushes(lines)
    failed = [f for f in done if f[3] < 0]
    assert failed, "no fdatasync failed"
    began = min(f[0] for f in failed)
    before = sum(1 for line in lines[:began] if STATE_WRITE.match(line))
    after = [line for line in lines[began:] if STATE_WRITE.match(line)]
    assert before > 0, "no state was written before the failure: the test saw nothing"
    assert after == [], f"{len(after)} states written once a flush was failing: {after[:3]}"


async def test_flushes_never_overlap(tmp_path, server_process):
    lines = await play_traced(tmp_path, server_process, "delay_enter=20000", until_exit=False)
    done = sorted(flushes(lines))
    assert len(done) >= 10, done
    overlapping = [(a, b) for a, b in itertools.pairwise(done) if b[0] < a[1]]
    assert overlapping == [], f"{len(overlapping)} flushes began while another was in flight"
