"""What the bench and attack scripts share: a server process's CPU seconds, waiting for a freshly started
server to answer `/healthz`, a slow disk under strace, a phone's pace, and the tests' own helpers
(`free_port`, tests/helpers/process.py; the protocol client `Player` and `hello_message`,
tests/helpers/wire.py), so a script and a test speak to the server the same way. (Imported by the scripts
beside it: running `python scripts/X.py` puts this folder on `sys.path`; importing this module puts the
repository there too, for `tests.helpers`.)"""
from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent   # the repository
if str(ROOT) not in sys.path:
    sys.path.insert(1, str(ROOT))
from tests.helpers.process import free_port  # noqa: E402  (re-exported: the one free_port)
from tests.helpers.wire import Player, hello_message, socket_opener  # noqa: E402  (the one protocol client)

__all__ = ["ROOT", "Pace", "Player", "child_pid", "free_port", "hello_message", "proc_cpu_s", "slow_fsync_command",
           "socket_opener", "wait_ready"]

TICKS = os.sysconf("SC_CLK_TCK")
# what a phone of the benches sends at most: below the server's flood guard (server/config.py frame_burst,
# frame_rate: 100 frames at once, 10 per second), so the guard never closes a bench socket
PACE_BURST, PACE_RATE = 90, 9.5


class Pace:
    """One socket's allowance (a token bucket of PACE_BURST frames refilled at PACE_RATE per second):
    `await take()` before each frame sent, waiting (outside any timed span) when the socket is out of it."""

    def __init__(self, burst: float = PACE_BURST, rate: float = PACE_RATE) -> None:
        self.burst, self.rate = burst, rate
        self.tokens, self.stamp = burst, time.monotonic()
        self.waits = 0   # frames that had to wait for the allowance

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def ready(self) -> bool:
        """True if a frame may go now."""
        self._refill()
        return self.tokens >= 1

    async def take(self) -> None:
        self._refill()
        if self.tokens < 1:
            self.waits += 1
            await asyncio.sleep((1 - self.tokens) / self.rate)
            self._refill()
        self.tokens -= 1


def slow_fsync_command(cmd: list[str], delay_ms: float, log: Path) -> list[str]:
    """`cmd` under Debian's strace, each real fsync/fdatasync of it delayed `delay_ms` ms at its entry
    (only those two calls stop the process: the rest runs at full speed), the calls logged to `log`."""
    return ["strace", "-f", "-qq", "--seccomp-bpf", "-o", str(log), "-e", "trace=fsync,fdatasync",
            "-e", f"inject=fsync,fdatasync:delay_enter={round(delay_ms * 1000)}", *cmd]


def child_pid(pid: int, marker: bytes, timeout: float = 20) -> int:
    """The child of process `pid` (strace) whose command line has an argument ending in `marker`: the
    tracee (strace also forks short-lived probes at start), waiting up to `timeout` s for it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            children = []
        for child in children:
            try:
                argv = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            # strace's own probes (and its child before the exec) still run strace's command line
            if any(a.endswith(marker) for a in argv) and not argv[0].endswith(b"strace"):
                return int(child)
        time.sleep(0.01)
    raise SystemExit(f"no server process under strace (pid {pid})")


def proc_cpu_s(pid: int) -> float:
    """User + system CPU seconds of process `pid` so far (from /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


async def wait_ready(session: aiohttp.ClientSession, base: str, proc: subprocess.Popen | None = None,
                     log: Path | None = None, timeout_s: float = 30, poll_s: float = 0.01) -> None:
    """Poll `base`/healthz until it answers 200. Raises SystemExit with the server's log when `proc`
    exits first, or after `timeout_s` seconds."""
    for _ in range(max(1, round(timeout_s / poll_s))):
        with contextlib.suppress(aiohttp.ClientError):
            async with session.get(f"{base}/healthz") as resp:
                if resp.status == 200:
                    return
        if proc is not None and proc.poll() is not None:
            raise SystemExit(f"server exited:\n{log.read_text() if log else ''}")
        await asyncio.sleep(poll_s)
    raise SystemExit(f"server not ready within {timeout_s:g} s:\n{log.read_text() if log else ''}")
