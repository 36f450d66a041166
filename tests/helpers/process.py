"""A real server process (`python -m server`) on a free port with its data folder and log where the test says:
for the tests that kill it (SIGKILL, SIGTERM), fill its disk, or drive it from a real browser."""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import aiohttp

from tests.helpers.wire import Connect, socket_opener

ROOT = Path(__file__).resolve().parents[2]   # the repository
READY_TRIES = 400      # x 50 ms: a generous bound on start-up
POLL_S = 0.05


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """`python -m server` on 127.0.0.1:`port` with `data_dir`, no mDNS, its output appended to `log`.
    Not started until `start()`; `base` is its HTTP address."""

    def __init__(self, port: int, data_dir: Path, log: Path) -> None:
        self.port, self.data_dir, self.log = port, data_dir, log
        self.proc: subprocess.Popen | None = None
        self.base = f"http://127.0.0.1:{port}"

    def argv(self) -> list[str]:
        return [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(self.port),
                "--data-dir", str(self.data_dir), "--no-zeroconf", "--advertise-ip", "127.0.0.1"]

    def start(self) -> None:
        with open(self.log, "ab") as out:  # the server process keeps its own descriptor
            self.proc = subprocess.Popen(self.argv(), cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})

    async def ready(self, session: aiohttp.ClientSession) -> dict:
        """Poll /healthz until it answers ok (bounded); returns its JSON."""
        for _ in range(READY_TRIES):
            assert self.proc.poll() is None, self.log.read_text()
            try:
                async with session.get(f"{self.base}/healthz") as resp:
                    if resp.status == 200:
                        return await resp.json()
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(POLL_S)  # polling interval of the readiness check, not a wait for state
        raise AssertionError(f"server not ready:\n{self.log.read_text()}")

    async def new_room(self, session: aiohttp.ClientSession) -> tuple[str, Connect]:
        """Once the server is ready, a new room: its code and a `connect(name)` for its sockets."""
        await self.ready(session)
        async with session.post(f"{self.base}/api/rooms") as resp:
            code = (await resp.json())["code"]
        return code, socket_opener(session, self.base)

    def kill(self) -> None:
        """SIGKILL: the power cord."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM if still running (SIGKILL after 10 s)."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@contextlib.asynccontextmanager
async def running_server(tmp_path: Path):
    """A real server process on a free port (data and log under `tmp_path`), ready, with an HTTP session
    and one new room: yields ``(server, session, room_code)``; the process is stopped afterwards."""
    server = ServerProcess(free_port(), tmp_path / "data", tmp_path / "server.log")
    server.start()
    try:
        async with aiohttp.ClientSession() as session:
            code, _ = await server.new_room(session)
            yield server, session, code
    finally:
        server.stop()


class PipedServerProcess(ServerProcess):
    """A server process whose log goes through a pipe (drained by a thread into `log`), so limits on
    the process's file writes (the disk-full test) never touch its log."""

    def start(self, extra_env: dict | None = None) -> None:
        self.proc = subprocess.Popen(self.argv(), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1", **(extra_env or {})})
        self.written = threading.Condition()   # notified after each line reaches the log file
        proc, log, written = self.proc, self.log, self.written

        def drain() -> None:
            with open(log, "ab") as out:
                for line in proc.stdout:
                    out.write(line)
                    out.flush()
                    with written:
                        written.notify_all()
        threading.Thread(target=drain, daemon=True).start()

    def logged(self, text: str, timeout: float = 60.0) -> bool:
        """Whether `text` reaches the log within `timeout` seconds. The drain thread copies the pipe
        behind the server, so a line the server wrote before answering may not be in the file yet."""
        with self.written:
            return self.written.wait_for(lambda: text in self.log.read_text(), timeout)
