"""Truthful addresses: a server told to listen on one address names only that address in the
terminal, the QR codes, /api/info and the join URLs, and a loopback-only one says plainly that phones
cannot reach it and how to fix that. Without --host everything is as before (the LAN choice)."""
from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image

from server.cli import banner
from server.lan.addresses import choose_addresses, listen_addresses, shown_addresses
from server.net import keys


async def info_and_qr(client) -> tuple[str, dict, str]:
    """(room code, /api/info of that room, the text in the room's QR code)."""
    code = (await (await client.post("/api/rooms")).json())["code"]
    info = await (await client.get(f"/api/info?room={code}")).json()
    png = await (await client.get(f"/api/rooms/{code}/qr.png")).read()
    texts = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]
    assert len(texts) == 1
    return code, info, texts[0]


async def test_loopback_host_names_only_127_0_0_1_and_says_why(make_client):
    client = await make_client(host="127.0.0.1", advertise_ip=None, zeroconf=True)
    port = client.server.port
    code, info, qr_text = await info_and_qr(client)
    assert info["base_urls"] == [f"http://127.0.0.1:{port}"]
    assert info["join_urls"] == [f"http://127.0.0.1:{port}/join/{code}"]
    assert info["mdns_url"] is None and info["mdns_name"] is None   # nobody else could use it
    assert keys.ADVERTISEMENT not in client.server.app                # and nothing is announced
    assert qr_text == f"http://127.0.0.1:{port}/join/{code}"
    text = banner(client.server.app)
    assert "127.0.0.1" in text and "192.168." not in text and ".local" not in text
    assert "phones and the TV cannot reach this server, only this machine can." in text
    assert "To let them in, start it without --host (every address)" in text


async def test_a_lan_host_names_only_that_address(make_client):
    client = await make_client(host="192.168.50.7", advertise_ip=None)
    port = client.server.port
    code, info, qr_text = await info_and_qr(client)
    assert info["base_urls"] == [f"http://192.168.50.7:{port}"]
    assert qr_text == f"http://192.168.50.7:{port}/join/{code}"
    text = banner(client.server.app)
    assert "Listening on 192.168.50.7 only (--host 192.168.50.7)" in text and "Other addresses" not in text


async def test_without_host_the_lan_choice_stays(make_client):
    client = await make_client(host=None, advertise_ip="192.168.77.5")
    _, info, qr_text = await info_and_qr(client)
    assert info["base_urls"][0] == f"http://192.168.77.5:{client.server.port}"
    assert qr_text.startswith(f"http://192.168.77.5:{client.server.port}/join/")
    assert "Listening on" not in banner(client.server.app)


@pytest.mark.parametrize("host", [None, "", "0.0.0.0", "::"])
def test_wildcards_listen_everywhere(host):
    assert listen_addresses(host) is None
    assert shown_addresses(host) == choose_addresses()


def test_names_are_resolved_and_the_explicit_advertise_ip_comes_first():
    assert listen_addresses("localhost")[0] == "127.0.0.1"
    assert set(listen_addresses("localhost")) <= {"127.0.0.1", "::1"}
    assert listen_addresses("10.0.0.2") == ["10.0.0.2"]
    assert shown_addresses("127.0.0.1") == ["127.0.0.1"]
    assert shown_addresses("10.0.0.2", advertise_ip="192.168.1.9") == ["192.168.1.9", "10.0.0.2"]
    assert listen_addresses("no-such-host.invalid") == []
