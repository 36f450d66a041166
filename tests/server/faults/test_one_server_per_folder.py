"""One game server per data folder (server/datalock.py): a family whose Pi runs the service and who also
starts `scripts/run` by hand must not get two servers on one folder, which lose acknowledged moves (each
keeps its own copy of a room) and sweep each other's deck import under way. The second, a real process on
the same folder, exits 2 with one sentence naming the folder and the first one's address, on another port
and on the same one, and changes nothing: the first one's import under way and its games stay as they were.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import aiohttp

from server.datalock import LOCK_NAME, in_use
from tests.helpers.bounds import EXIT_S
from tests.helpers.process import ROOT, ServerProcess, free_port, running_server


def second_server(port: int, data_dir: Path) -> tuple[int | None, str]:
    """A second server process on `data_dir` and `port`: its exit code (None if it was still running
    after EXIT_S, i.e. it served: then it is stopped) and its output."""
    argv = [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port), "--data-dir",
            str(data_dir), "--no-zeroconf", "--no-prepare-cards"]
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        out, _ = proc.communicate(timeout=EXIT_S)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        proc.terminate()
        out, _ = proc.communicate(timeout=EXIT_S)
        return None, out


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under `folder` with a file's bytes (None for a folder): what 'changes nothing' compares."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes() for p in sorted(folder.rglob("*"))}


async def second_one_changes_nothing(tmp_path: Path, port_of_second) -> None:
    async with running_server(tmp_path) as (server, session, code):
        under_way = server.data_dir / "decks" / ".import-under-way"   # an import the first is assembling
        under_way.mkdir(parents=True)
        (under_way / "card-01.jpg").write_bytes(b"\xff\xd8 half a picture")
        before = tree(server.data_dir)
        status, out = second_server(port_of_second(server), server.data_dir)
        assert status == 2, out
        holder = {"pid": server.proc.pid, "url": server.base}   # what the first wrote in its lock file
        assert out == f"imaginarium: {in_use(server.data_dir, holder)}\n", out
        assert f"{server.base}, process {server.proc.pid}" in out and str(server.data_dir) in out
        assert json.loads((server.data_dir / LOCK_NAME).read_text()) == holder
        assert tree(server.data_dir) == before   # the import under way, the games, the lock: all as they were
        async with session.get(f"{server.base}/api/info?room={code}") as resp:   # the first one plays on
            assert resp.status == 200
        assert server.proc.poll() is None and not server.error_lines()


async def test_a_second_server_on_another_port_exits_2_naming_the_first(tmp_path):
    await second_one_changes_nothing(tmp_path, lambda _first: free_port())


async def test_a_second_server_on_the_same_port_exits_2_naming_the_first(tmp_path):
    await second_one_changes_nothing(tmp_path, lambda first: first.port)


async def test_a_killed_servers_folder_is_free_at_once(tmp_path):
    """The kernel lets the lock go with the process, however it ends: after a power cut (SIGKILL here) the
    next server starts on the folder without any stale lock to clear."""
    first = ServerProcess(free_port(), tmp_path / "data", tmp_path / "first.log", ("--no-prepare-cards",))
    first.start()
    await first.ready()
    first.kill()
    again = ServerProcess(free_port(), tmp_path / "data", tmp_path / "again.log", ("--no-prepare-cards",))
    again.start()
    try:
        await again.ready()
        assert json.loads((again.data_dir / LOCK_NAME).read_text())["pid"] == again.proc.pid
        async with aiohttp.ClientSession() as session, session.get(f"{again.base}/healthz") as resp:
            assert resp.status == 200
        assert not again.error_lines()
    finally:
        again.stop()
