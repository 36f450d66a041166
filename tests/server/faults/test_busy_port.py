"""A port already in use stops the server with one sentence saying what is wrong and what to do (the
data-folder errors' style, server/cli.py `cannot_listen`) and exit code 1, never a bare log line: the real
thing, a game server already running on that port, and any other program's listening socket."""
from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from tests.helpers.bounds import EXIT_S
from tests.helpers.process import free_port, running_server

ROOT = Path(__file__).resolve().parents[3]


def second_server(port: int, data_dir: Path) -> subprocess.CompletedProcess:
    argv = [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
            "--no-zeroconf"]
    return subprocess.run(argv, check=False, capture_output=True, text=True, timeout=EXIT_S, cwd=ROOT)


def assert_port_in_use(done: subprocess.CompletedProcess, port: int) -> None:
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert (f"imaginarium: Port {port} is in use — is the game server already running? "
            f"Start it with --port {port + 1} to use another.\n") in done.stderr, out
    assert "Traceback" not in out and "CRITICAL" not in out and "Errno" not in out, out


async def test_a_second_game_server_on_the_same_port_says_the_port_is_in_use(tmp_path):
    async with running_server(tmp_path) as (server, _session, _code):
        assert_port_in_use(second_server(server.port, tmp_path / "second"), server.port)
    assert not (tmp_path / "second").exists()   # a server that cannot listen makes no data folder


def test_another_programs_socket_on_the_port_says_the_port_is_in_use(tmp_path):
    port = free_port()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))
        sock.listen()
        assert_port_in_use(second_server(port, tmp_path / "data"), port)
    assert not (tmp_path / "data").exists()
