"""The command line says what is wrong in one sentence and changes nothing (server/cli.py): a data folder
this user may not enter (a real unprivileged process), a `--host` that does not resolve, options out of
range, `--print-systemd-unit` run as root; and under systemd its log is what journald reads: no timestamps
of its own, a syslog priority on every line, so `journalctl -p err` sees the CRITICAL line of a failing
disk (the failure is real: strace makes the flush fail with EIO)."""
from __future__ import annotations

import asyncio
import os
import pwd
import re
import socket
import stat
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from server import datadir
from server.systemd_unit import as_root_refused
from tests.helpers.bounds import EXIT_S
from tests.helpers.process import ROOT, ServerProcess, free_port
from tests.server.faults.test_slow_disk import attach_slow_disk, stop_tracing

NOBODY = pwd.getpwnam("nobody")


def reachable_by_others(path: Path) -> bool:
    """True if a user other than the owner may run `path`: every folder on its real path lets others through."""
    real = Path(os.path.realpath(path))
    return all(os.stat(folder).st_mode & stat.S_IXOTH for folder in real.parents) and \
        bool(os.stat(real).st_mode & stat.S_IXOTH)


def as_nobody(*options: str) -> subprocess.CompletedProcess:
    """`python -m server <options>` run as the unprivileged user nobody (setpriv, util-linux). The venv's own
    interpreter if nobody may run it (CI's, made from Debian's /usr/bin/python3), else Debian's with the
    venv's packages on its path (a developer's venv made from an interpreter under /root)."""
    if os.geteuid() != 0:
        pytest.skip("switching to another user needs root (CI runs as root)")
    python, env = sys.executable, {"HOME": NOBODY.pw_dir, "PATH": os.environ.get("PATH", "")}
    if not reachable_by_others(Path(python)):
        python = "/usr/bin/python3"
        site = next(p for p in sys.path if p.endswith("site-packages") and p.startswith(sys.prefix))
        env["PYTHONPATH"] = f"{site}:{ROOT}"
    argv = ["setpriv", f"--reuid={NOBODY.pw_uid}", f"--regid={NOBODY.pw_gid}", "--clear-groups",
            python, "-m", "server", *options]
    return subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=EXIT_S, check=False)


def run(*options: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "server", *options], cwd=ROOT, capture_output=True, text=True,
                          timeout=EXIT_S, check=False)


def test_a_data_folder_this_user_may_not_enter_is_one_sentence_and_exit_2(tmp_path):
    """`--data-dir /root/x` run by pi: the folder above it is root's (0700, as tmp_path is)."""
    os.chmod(tmp_path, 0o700)
    data = tmp_path / "x"
    done = as_nobody("--port", str(free_port()), "--data-dir", str(data), "--no-zeroconf")
    out = done.stdout + done.stderr
    assert done.returncode == 2, out
    assert done.stderr == f"imaginarium: {datadir.not_allowed(data)}\n", out
    assert not data.exists()


def test_a_host_name_that_does_not_resolve_is_named_not_the_port(tmp_path):
    done = run("--host", "not-a-host.invalid", "--port", str(free_port()), "--data-dir", str(tmp_path / "d"),
               "--no-zeroconf")
    assert done.returncode == 1, done.stderr
    assert done.stderr == ("imaginarium: This machine has no address named not-a-host.invalid (the name does not "
                           "resolve): give --host one of its addresses, or start the server without --host to "
                           "listen on all of them.\n")
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize(("options", "says"), [
    (("--upload-quota-mb", "-5"), "--upload-quota-mb must be 0 or more megabytes, not -5"),
    (("--listen-wait", "-1"), "--listen-wait must be 0 or more seconds, not -1"),
    (("--user", "pi"), "--user goes with --print-systemd-unit"),
])
def test_options_out_of_range_are_refused(tmp_path, options, says):
    done = run(*options, "--port", str(free_port()), "--data-dir", str(tmp_path / "d"), "--no-zeroconf")
    assert done.returncode == 2 and f"imaginarium: error: {says}" in done.stderr, done.stderr
    assert not (tmp_path / "d").exists()


def test_the_systemd_unit_is_never_silently_roots(tmp_path):
    """As root without --user: one sentence, no unit. With --user: that user's unit, home and data folder.
    As an unprivileged user: its own."""
    if os.geteuid() != 0:
        pytest.skip("needs root (CI runs as root)")
    refused = run("--print-systemd-unit")
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == f"imaginarium: {as_root_refused()}\n"
    named = run("--print-systemd-unit", "--user", "nobody")
    assert named.returncode == 0, named.stderr
    home = NOBODY.pw_dir
    assert "\nUser=nobody\n" in named.stdout and f"\nWorkingDirectory={home}\n" in named.stdout
    assert f"--data-dir {home}/.local/share/imaginarium\n" in named.stdout
    own = as_nobody("--print-systemd-unit", "--data-dir", str(tmp_path / "d"))
    assert own.returncode == 0 and "\nUser=nobody\n" in own.stdout, own.stderr
    unknown = run("--print-systemd-unit", "--user", "no-such-user-here")
    assert unknown.returncode == 2 and "no user named no-such-user-here" in unknown.stderr


async def test_under_systemd_the_log_has_priorities_and_no_timestamps(tmp_path):
    """JOURNAL_STREAM names the stream systemd gave the service (device:inode of its stderr): here a file."""
    server = ServerProcess(free_port(), tmp_path / "data", tmp_path / "journal.log", ("--no-prepare-cards",))
    server.log.touch()
    st = os.stat(server.log)
    with open(server.log, "ab") as out:
        server.proc = subprocess.Popen(server.argv(), cwd=ROOT, stdout=out, stderr=out,
                                       env={**os.environ, "PYTHONUNBUFFERED": "1",
                                            "JOURNAL_STREAM": f"{st.st_dev}:{st.st_ino}"})
    try:
        async with aiohttp.ClientSession() as session:
            code, open_socket = await server.new_room(session)
            phone = await open_socket("phone")
            await phone.hello(code)
            tracer = await attach_slow_disk(server.proc.pid, inject="error=EIO:when=1")
            try:
                await phone.act("join", name="Ann", colour="red")
                assert await asyncio.to_thread(server.proc.wait, EXIT_S) == 2
            finally:
                stop_tracing(tracer)
    finally:
        server.stop()
    lines = [line for line in server.log.read_text().splitlines() if line.startswith("<")]
    assert any(line.startswith("<6>INFO server.app: store ") for line in lines), lines
    assert any(line.startswith("<2>CRITICAL server.room.store: store: the disk failed") for line in lines), lines
    assert not [line for line in lines if re.match(r"<\d>\d{4}-\d\d-\d\d", line)]   # the journal stamps lines


def test_a_stderr_that_is_not_the_journal_keeps_timestamps(tmp_path):
    """A shell started from the service inherits JOURNAL_STREAM with its stderr elsewhere: plain lines."""
    with socket.create_server(("127.0.0.1", 0)) as busy:
        argv = [sys.executable, "-m", "server", "--port", str(busy.getsockname()[1]), "--listen-wait", "0.5",
                "--data-dir", str(tmp_path / "d"), "--no-zeroconf", "--host", "127.0.0.1"]
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=EXIT_S, check=False,
                              env={**os.environ, "JOURNAL_STREAM": "1:2"})
    first, last = done.stderr.splitlines()[0], done.stderr.splitlines()[-1]
    assert re.match(r"\d{4}-\d\d-\d\d .* WARNING server.net.serve: cannot listen", first), done.stderr
    assert last.startswith("imaginarium: Port "), done.stderr
