"""A real server process (`python -m server`) on a free port with its data folder and log where the test says:
for the tests that kill it (SIGKILL, SIGTERM), fill its disk, or drive it from a real browser."""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import aiohttp

from tests.helpers.bounds import EVENT_S, EXIT_S, POLL_S, START_S
from tests.helpers.wire import Connect, socket_opener

ROOT = Path(__file__).resolve().parents[2]   # the repository
# Plain urllib, never a proxy from the environment: the server is on loopback.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _ephemeral_range() -> tuple[int, int]:
    """The ports the kernel hands out for `bind(port 0)` and outgoing connections (Linux's default if unknown)."""
    try:
        low, high = map(int, Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    except (OSError, ValueError):
        return 32768, 60999
    return low, high


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now, for a server process to bind a moment later.

    Chosen at random below the kernel's ephemeral range, not by binding port 0: between this check and the
    server's own bind (seconds on a loaded machine) the kernel may hand an ephemeral port to anyone, such as
    another test's in-process server or an outgoing connection, and the server would then fail to listen.
    No one is handed a port outside that range unless they ask for it by number."""
    low, high = _ephemeral_range()
    pool = max(range(max(1024, low // 2), low), range(high + 1, 65536), key=len)
    rng = random.SystemRandom()
    for _ in range(200 if len(pool) >= 1000 else 0):   # a machine whose ephemeral range is nearly all: bind(0)
        port = rng.choice(pool)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue   # in use (or lingering from an earlier server): try another
            return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(base: str, exit_code: Callable[[], int | None], log: Callable[[], str]) -> dict:
    """Poll `base`/healthz until it answers ok (bounded by START_S), blocking; returns its JSON. Fails at once,
    with `log()`, once `exit_code()` says the server process has ended (it could not listen, its data folder
    is unusable, it crashed), and fails with `log()` at the bound."""
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if (code := exit_code()) is not None:
            raise AssertionError(f"server exited with {code}:\n{log()}")
        try:
            with _DIRECT.open(f"{base}/healthz", timeout=EVENT_S) as res:
                if res.status == 200 and exit_code() is None:   # not a stranger on the port while ours died
                    return json.loads(res.read())
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(POLL_S)   # the polling interval of the readiness check, not a wait for state
    raise AssertionError(f"server did not answer /healthz in {START_S} s:\n{log()}")


class ServerProcess:
    """`python -m <module>` (the server, or a module that starts it) on 127.0.0.1:`port` with `data_dir`, no
    mDNS, its output appended to `log`; `extra_args` are more server options. Not started until `start()`;
    `base` is its HTTP address."""

    def __init__(self, port: int, data_dir: Path, log: Path, extra_args: tuple[str, ...] = (),
                 module: str = "server") -> None:
        self.port, self.data_dir, self.log = port, data_dir, log
        self.extra_args, self.module = tuple(extra_args), module
        self.proc: subprocess.Popen | None = None
        self.base = f"http://127.0.0.1:{port}"

    def argv(self) -> list[str]:
        return [sys.executable, "-m", self.module, "--host", "127.0.0.1", "--port", str(self.port),
                "--data-dir", str(self.data_dir), "--no-zeroconf", "--advertise-ip", "127.0.0.1", *self.extra_args]

    def start(self) -> None:
        with open(self.log, "ab") as out:  # the server process keeps its own descriptor
            self.proc = subprocess.Popen(self.argv(), cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def wait_ready(self) -> dict:
        """Poll /healthz until it answers ok (bounded by START_S), blocking; returns its JSON. Fails at once,
        with the log, if the process has ended (it could not listen, or its data folder is unusable)."""
        return wait_healthy(self.base, lambda: self.proc.poll(), lambda: self.log.read_text(errors="replace"))

    async def ready(self, session: aiohttp.ClientSession | None = None) -> dict:
        """`wait_ready` from a test's event loop (in a thread, so the loop goes on); `session` is not needed."""
        return await asyncio.to_thread(self.wait_ready)

    async def new_room(self, session: aiohttp.ClientSession) -> tuple[str, Connect]:
        """Once the server is ready, a new room: its code and a `connect(name)` for its sockets."""
        await self.ready(session)
        async with session.post(f"{self.base}/api/rooms") as resp:
            code = (await resp.json())["code"]
        return code, socket_opener(session, self.base)

    def kill(self) -> None:
        """SIGKILL: the power cord."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=EXIT_S)

    def stop(self) -> None:
        """SIGTERM if still running (SIGKILL after EXIT_S)."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=EXIT_S)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def error_lines(self) -> list[str]:
        """The log's ERROR and CRITICAL lines and traceback starts (a test fails on any)."""
        return [line for line in self.log.read_text(errors="replace").splitlines()
                if " ERROR " in line or " CRITICAL " in line or line.startswith("Traceback")]


def server_with_open_files(tmp_path: Path, open_files: int) -> ServerProcess:
    """A started `ServerProcess` (data and log under `tmp_path`, no card preparation) whose open-files limit
    is `open_files` (RLIMIT_NOFILE, set in the process before the server starts), as systemd's 1,024 or
    smaller; not yet ready (`ready()`), stopped by the caller."""
    launch = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, ({open_files}, {open_files})); "
              "from server.cli import main; sys.exit(main(sys.argv[1:]))")
    server = ServerProcess(free_port(), tmp_path / "data", tmp_path / "server.log")
    with open(server.log, "ab") as out:
        server.proc = subprocess.Popen(
            [sys.executable, "-c", launch, *server.argv()[3:], "--no-prepare-cards"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    return server


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

    def logged(self, text: str, timeout: float = EVENT_S) -> bool:
        """Whether `text` reaches the log within `timeout` seconds. The drain thread copies the pipe
        behind the server, so a line the server wrote before answering may not be in the file yet."""
        with self.written:
            # the drain thread makes the file with the first line: called at once, there may be none yet
            return self.written.wait_for(lambda: self.log.exists() and text in self.log.read_text(), timeout)
