"""The `imaginarium` command's options and the banner it prints."""
from __future__ import annotations

from pathlib import Path

import pytest

from server.cli import banner, config_from_args, parse_args, prepare_cards_in_background
from server.config import default_data_dir
from server.net import keys


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
    thread.join(timeout=60)                 # a bound on the work, not a pace
    assert not thread.is_alive()
    assert len(list(cache.glob("c*.tv.webp"))) == len(list(cache.glob("c*.thumb.jpg"))) == 10
    again = prepare_cards_in_background(library, "tiny")   # a warm cache: nothing to redo
    again.join(timeout=60)
    assert len(list(cache.iterdir())) == 40
    assert prepare_cards_in_background(None) is None
