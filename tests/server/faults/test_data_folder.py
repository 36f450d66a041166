"""A data folder that cannot keep the games stops the server with one sentence saying what is wrong and
what to do, and exit code 2, never a traceback: read-only (empty, or holding the games of an
earlier evening), full, missing, a file in the way, and a USB stick pulled out while the server runs.

The read-only and full cases are the real thing: the server runs in a mount namespace of its own
(`unshare`, util-linux) where the folder is a read-only bind mount or a tiny tmpfs filled to the brim,
so the kernel itself answers EROFS / ENOSPC. The pulled USB stick is a tmpfs unmounted under the running
server, leaving the empty mount point behind as a real removal does."""
from __future__ import annotations

import asyncio
import os
import pwd
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp

from server import datadir
from server.cli import is_explicit_data_dir
from server.room.store import Store
from tests.helpers.bounds import EXIT_S
from tests.helpers.process import wait_healthy

ROOT = Path(__file__).resolve().parents[3]


def server_argv(port: int, data_dir: Path) -> list[str]:
    return [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
            "--no-zeroconf"]


def run(argv: list[str], setup: str = "", *mount_args: str) -> subprocess.CompletedProcess:
    """`argv` run to its end, after the shell commands `setup` in a mount namespace of its own
    (`$1`... are `mount_args`) when given."""
    if setup:
        argv = ["unshare", "-rm", "sh", "-ec", f'{setup}\nshift {len(mount_args)}\nexec "$@"', "sh", *mount_args, *argv]
    return subprocess.run(argv, check=False, capture_output=True, text=True, timeout=EXIT_S,
                          cwd=ROOT)


def assert_one_sentence(done: subprocess.CompletedProcess, sentence: str, started: bool = False) -> None:
    out = done.stdout + done.stderr
    assert done.returncode == 2, out
    assert f"imaginarium: {sentence}\n" in done.stderr, out
    assert "--data-dir" in sentence and sentence.count(". ") == 0, sentence   # one sentence, and what to do
    assert "Traceback" not in out and "cannot listen" not in out and " ERROR " not in out, out
    assert ("is running" in out) == started, out


def games_of_an_earlier_evening(folder: Path) -> None:
    """A data folder as a real server leaves it: rooms.sqlite3 (WAL) holding a room."""
    store = Store(folder / "rooms.sqlite3")
    store.save("KXPT", {"code": "KXPT"})
    store.close()


READ_ONLY_BIND = 'mount --bind "$1" "$1"\nmount -o remount,bind,ro "$1"'


def test_read_only_empty_folder(tmp_path, server_process):
    data = tmp_path / "data"
    data.mkdir()
    done = run(server_argv(server_process.free_port(), data), READ_ONLY_BIND, str(data))
    assert_one_sentence(done, datadir.read_only(data))


def test_read_only_folder_holding_the_games_of_an_earlier_evening(tmp_path, server_process):
    data = tmp_path / "data"
    data.mkdir()
    games_of_an_earlier_evening(data)
    done = run(server_argv(server_process.free_port(), data), READ_ONLY_BIND, str(data))
    assert_one_sentence(done, datadir.read_only(data))
    assert (data / "rooms.sqlite3").stat().st_size > 0   # nothing was harmed


def test_full_disk(tmp_path, server_process):
    disk = tmp_path / "disk"
    disk.mkdir()
    data = disk / "data"
    fill = ('mount -t tmpfs -o size=256k tmpfs "$1"\nmkdir "$1/data"\n'
            'dd if=/dev/zero of="$1/fill" bs=4k 2>/dev/null || true')
    done = run(server_argv(server_process.free_port(), data), fill, str(disk))
    assert_one_sentence(done, datadir.full(data))


def test_missing_folder_on_a_usb_stick_that_is_not_plugged_in(tmp_path, server_process):
    stick = tmp_path / "media" / "STICK"   # the mount point of a stick that is not there
    data = stick / "imaginarium"
    done = run(server_argv(server_process.free_port(), data))
    assert_one_sentence(done, datadir.missing(data, tmp_path / "media"))
    assert not (tmp_path / "media").exists()   # never re-created on the wrong disk


def test_a_file_where_the_folder_should_be(tmp_path, server_process):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    done = run(server_argv(server_process.free_port(), blocker / "data"))
    assert_one_sentence(done, f"The data folder {blocker / 'data'} cannot be made because {blocker} is a file, "
                              "not a folder: choose another folder with --data-dir.")
    (tmp_path / "db" / "rooms.sqlite3").mkdir(parents=True)
    done = run(server_argv(server_process.free_port(), tmp_path / "db"))
    assert_one_sentence(done, f"The data folder {tmp_path / 'db'} holds a folder named rooms.sqlite3 where the "
                              "games' database should be: move it away or choose another folder with --data-dir.")


async def test_usb_stick_pulled_out_while_the_server_runs(tmp_path, server_process):
    """The stick (a tmpfs) is unmounted under the running server: its open database would go on
    taking writes nobody will ever see again, so the server stops and says why."""
    stick = tmp_path / "stick"
    stick.mkdir()
    data = stick / "imaginarium"
    port = server_process.free_port()
    script = ('stick="$1"\nshift\nmount -t tmpfs -o size=16m tmpfs "$stick"\n"$@" &\nserver=$!\n'
              'read pulled\numount -l "$stick"\nwait $server')
    proc = await asyncio.create_subprocess_exec(
        "unshare", "-rm", "sh", "-ec", script, "sh", str(stick), *server_argv(port, data), cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        try:
            await asyncio.to_thread(wait_healthy, f"http://127.0.0.1:{port}", lambda: proc.returncode, lambda: "")
        except AssertionError as exc:   # with what the server printed
            os.killpg(proc.pid, signal.SIGKILL)   # the shell and the server it started
            out, err = await asyncio.wait_for(proc.communicate(), EXIT_S)
            raise AssertionError(f"{exc}{out.decode()}{err.decode()}") from None
        async with aiohttp.ClientSession() as session, session.post(f"http://127.0.0.1:{port}/api/rooms") as resp:
            assert resp.status == 200   # a game on the stick
        proc.stdin.write(b"pulled\n")
        await proc.stdin.drain()
        out, err = await asyncio.wait_for(proc.communicate(), EXIT_S)
    finally:
        if proc.returncode is None:
            os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()
    done = subprocess.CompletedProcess([], proc.returncode, out.decode(), err.decode())
    assert_one_sentence(done, datadir.gone(data), started=True)
    assert not data.exists()   # the empty mount point is left; nothing was written to the wrong disk


async def test_imports_a_killed_server_left_half_done_are_swept_at_start_up(config, make_client):
    decks = config.data_dir / "decks"
    for name in (".import-k1ll3d", ".import-x7"):
        (decks / name).mkdir(parents=True)
        (decks / name / "c001.jpg").write_bytes(b"\xff\xd8" + b"\0" * 4096)
    client = await make_client()
    assert sorted(p.name for p in decks.iterdir()) == ["tiny"]   # the family's deck stays
    decks_listed = (await (await client.get("/api/decks")).json())["decks"]
    assert "tiny" in [d["id"] for d in decks_listed]


def test_the_default_folder_is_made_with_its_parents_even_when_named(tmp_path, monkeypatch):
    """The printed systemd unit names the default data folder; on a fresh Pi `~/.local/share` does not
    exist yet. The default folder, named or not, is made with its parents."""
    home = tmp_path / "fresh-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    data = home / ".local" / "share" / "imaginarium"
    me = pwd.getpwuid(os.geteuid()).pw_name   # named: a unit for root is printed only when asked for by name
    argv = [sys.executable, "-m", "server", "--data-dir", str(data), "--print-systemd-unit", "--user", me]
    done = subprocess.run(argv, check=False, capture_output=True, text=True, timeout=EXIT_S, cwd=ROOT)
    assert f"--data-dir {data}\n" in done.stdout and not data.exists()
    assert not is_explicit_data_dir(data) and is_explicit_data_dir(tmp_path / "elsewhere")
    datadir.check(data, explicit=is_explicit_data_dir(data))
    assert data.is_dir()
