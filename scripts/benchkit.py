"""What the bench and attack scripts share: a free loopback port, a server process's CPU seconds, and
waiting for a freshly started server to answer `/healthz`. (Imported by the scripts beside it: running
`python scripts/X.py` puts this folder on `sys.path`.)"""
from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
from pathlib import Path

import aiohttp

TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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
