"""What the bench and attack scripts share: a server process's CPU seconds, waiting for a freshly started
server to answer `/healthz`, and the tests' own helpers (`free_port`, tests/helpers/process.py; the protocol
client `Player`, tests/helpers/wire.py), so a script and a test speak to the server the same way.
(Imported by the scripts beside it: running `python scripts/X.py` puts this folder on `sys.path`; importing
this module puts the repository there too, for `tests.helpers`.)"""
from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent   # the repository
if str(ROOT) not in sys.path:
    sys.path.insert(1, str(ROOT))
from tests.helpers.process import free_port  # noqa: E402  (re-exported: the one free_port)
from tests.helpers.wire import Player, hello_message, socket_opener  # noqa: E402  (the one protocol client)

__all__ = ["ROOT", "Player", "free_port", "hello_message", "proc_cpu_s", "socket_opener", "wait_ready"]

TICKS = os.sysconf("SC_CLK_TCK")


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
