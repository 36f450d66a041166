"""The `imaginarium` command's options and the banner it prints."""
from __future__ import annotations

import configparser
import os
import pwd
import re
import resource
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from server.cli import banner, prepare_cards_in_background
from server.config import default_data_dir
from server.net import keys
from server.options import config_from_args, parse_args
from server.systemd_unit import quote
from tests.helpers.bounds import EVENT_S, EXIT_S
from tests.helpers.process import ROOT, PipedServerProcess, ServerProcess, free_port


def test_defaults():
    config = config_from_args(parse_args([]))
    assert config.host is None and config.port == 8080 and config.zeroconf
    assert config.data_dir == default_data_dir() and config.lang is None and config.advertise_ip is None


def test_options():
    config = config_from_args(parse_args(["--host", "127.0.0.1", "--port", "9000", "--data-dir", "/tmp/x",
                                          "--no-zeroconf", "--lang", "ru", "--advertise-ip", "10.0.0.9"]))
    assert (config.host, config.port, config.data_dir, config.zeroconf, config.lang, config.advertise_ip) == \
        ("127.0.0.1", 9000, Path("/tmp/x"), False, "ru", "10.0.0.9")


@pytest.mark.parametrize("argv", [["--advertise-ip", "kitchen"], ["--port", "0"], ["--lang", "de"]])
def test_bad_options_exit(argv, capsys):
    with pytest.raises(SystemExit) as info:
        parse_args(argv)
    assert info.value.code == 2


def test_data_dir_default_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "imaginarium"


async def test_banner_names_the_current_room_with_tv_url_and_qr(client):
    app = client.server.app
    app[keys.URLS].port = 8080
    text = banner(app)   # no room yet: it makes one
    code = app[keys.ROOMS].current().code
    assert f"http://192.168.77.5:8080/tv?room={code}" in text
    assert f"http://192.168.77.5:8080/join/{code}" in text
    assert "█" in text
    assert banner(app).count(code) == 2  # the same room the next time


def test_no_prepare_cards_option():
    assert not parse_args([]).no_prepare_cards and parse_args(["--no-prepare-cards"]).no_prepare_cards


async def test_card_pictures_are_prepared_in_the_background(client):
    library = client.server.app[keys.LIBRARY]
    cache = library.cache_dir / "tiny"
    assert not cache.exists()
    thread = prepare_cards_in_background(library, "tiny")
    assert thread.daemon
    resp = await client.get("/healthz")   # the server answers while the pictures are made
    assert resp.status == 200
    thread.join(timeout=EVENT_S)                 # a bound on the work, not a pace
    assert not thread.is_alive()
    assert len(list(cache.glob("c*.tv.webp"))) == len(list(cache.glob("c*.thumb.jpg"))) == 10
    again = prepare_cards_in_background(library, "tiny")   # a warm cache: nothing to redo
    again.join(timeout=EVENT_S)
    assert len(list(cache.iterdir())) == 40
    assert prepare_cards_in_background(None) is None


async def test_start_up_prepares_the_familys_own_decks_and_not_the_shipped_one(client):
    """The built-in deck ships prepared: the start-up work is the family's decks only."""
    library = client.server.app[keys.LIBRARY]
    thread = prepare_cards_in_background(library)   # what `imaginarium` starts after its banner
    thread.join(timeout=EVENT_S)                          # a bound on the work, not a pace
    assert not thread.is_alive()
    assert len(list((library.cache_dir / "tiny").glob("c*.thumb.webp"))) == 10
    assert not (library.cache_dir / "builtin").exists()


def unit_of(*options: str) -> configparser.ConfigParser:
    """The unit `python -m server <options> --print-systemd-unit` prints, parsed."""
    done = subprocess.run([sys.executable, "-m", "server", *options, "--print-systemd-unit"], check=False,
                          capture_output=True, text=True, timeout=EXIT_S, cwd=ROOT)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    unit = configparser.ConfigParser(interpolation=None, comment_prefixes=("#",), strict=True)
    unit.optionxform = str   # systemd keys are case-sensitive
    unit.read_string(done.stdout)
    return unit


def test_print_systemd_unit_for_this_user_installation_and_data_folder(tmp_path):
    data = tmp_path / "games on the stick"
    # as root the unit is for the user named (a unit for root is refused: tests/server/faults/test_command_line.py)
    user = ("--user", "nobody") if os.geteuid() == 0 else ()
    unit = unit_of("--port", "9000", "--lang", "ru", "--data-dir", str(data), *user)
    service = unit["Service"]
    assert service["User"] == ("nobody" if user else pwd.getpwuid(os.geteuid()).pw_name)
    venv_script = Path(sys.executable).parent / "imaginarium"   # this venv's command, symlinks not resolved
    assert service["ExecStart"] == f'{venv_script} --port 9000 --listen-wait 120 --lang ru --data-dir "{data}"'
    assert service["Restart"] == "on-failure" and service["LimitNOFILE"] == "8192"
    assert unit["Unit"]["After"] == unit["Unit"]["Wants"] == "network-online.target"
    assert unit["Unit"]["RequiresMountsFor"] == f'"{data}"'
    # a server that keeps failing (a dying memory card) is restarted 5 times in 10 minutes, not for ever
    assert (unit["Unit"]["StartLimitIntervalSec"], unit["Unit"]["StartLimitBurst"]) == ("600", "5")
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    assert not data.exists()   # printing the unit touches nothing


def test_systemd_quoting():
    assert quote("/home/pi/.venv/bin/imaginarium") == "/home/pi/.venv/bin/imaginarium"
    assert quote("/media/pi/My Stick") == '"/media/pi/My Stick"'
    assert quote("100%") == "100%%" and quote("$HOME") == "$$HOME"
    assert quote('say "hi"') == '"say \\"hi\\""'


def start_with_soft_limit(server, soft: int) -> None:
    """Start `server` (a ServerProcess) under util-linux prlimit with an open-files soft limit of `soft`."""
    with open(server.log, "ab") as log:
        server.proc = subprocess.Popen(["prlimit", f"--nofile={soft}:", *server.argv()],
                                       cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


async def test_open_files_soft_limit_is_raised_to_the_hard_one(tmp_path):
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = 256 if hard == resource.RLIM_INFINITY or hard > 256 else hard
    port = free_port()
    server = ServerProcess(port, tmp_path / "data", tmp_path / "server.log")
    start_with_soft_limit(server, low)
    try:
        async with aiohttp.ClientSession() as session:
            await server.ready(session)
        soft_now, hard_now = resource.prlimit(server.proc.pid, resource.RLIMIT_NOFILE)
        assert hard_now == hard
        assert soft_now == (hard if hard != resource.RLIM_INFINITY else max(low, 65536))
    finally:
        server.stop()


def test_the_readme_names_every_option(capsys):
    """A newcomer reads the options in the README: each one `--help` lists must be named there."""
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    options = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", capsys.readouterr().out)) - {"--help"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert options and sorted(o for o in options if f"`{o}" not in readme) == []


def test_listen_wait_starts_the_server_once_its_port_is_free(tmp_path):
    """At boot the LAN address may not exist yet and a port may still be held: with --listen-wait (the
    systemd unit's 120 s) the server keeps trying and starts once it can, rather than exiting 1 at once and
    using up the unit's start limit. Without it, it exits 1 at once (a family at a terminal hears now)."""
    holder = socket.create_server(("127.0.0.1", 0))
    port = holder.getsockname()[1]
    without = subprocess.run(ServerProcess(port, tmp_path / "d1", tmp_path / "l1").argv(), cwd=ROOT,
                             capture_output=True, text=True, timeout=EXIT_S, check=False)
    assert without.returncode == 1 and f"Port {port} is in use" in without.stderr
    server = PipedServerProcess(port, tmp_path / "data", tmp_path / "server.log", ("--listen-wait", "120"))
    server.start()
    try:
        assert server.logged(f"port {port} yet"), server.log.read_text()
        assert server.proc.poll() is None   # still trying, not given up
        holder.close()
        assert server.wait_ready()
        assert not server.error_lines()
    finally:
        holder.close()
        server.stop()
