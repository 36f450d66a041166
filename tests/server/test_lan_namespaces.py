"""The server on a real (namespaced) LAN: each machine is a network namespace of its own, joined by a veth
pair, with zeroconf's real multicast between them (tests/helpers/netns.py; 10.77.x.x addresses only).

A Pi that boots before its Wi-Fi: the server starts with loopback only, the LAN address comes later; the
banner is printed again with it, `/api/info` and the QR code name it, a phone's first request to it is
served, and a zeroconf browser on the LAN sees it (server/lan/watch.py). Two servers on one LAN: the second
finds `imaginarium.local` taken by the first machine and takes `imaginarium-2.local`, which it prints and
answers to, while `imaginarium.local` still resolves to the first (server/lan/discovery.py)."""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import zxingcpp
from PIL import Image

from tests.helpers.bounds import EVENT_S, START_S
from tests.helpers.netns import Netns, browse, fetch, resolve

PORT = 8080   # each namespace is a machine of its own: the port is free there
T = TypeVar("T")


def start_server(ns: Netns, data_dir: Path, log: Path) -> subprocess.Popen:
    """`python -m server` on every address of `ns`, mDNS on, as the Pi's service runs it."""
    argv = [sys.executable, "-m", "server", "--port", str(PORT), "--data-dir", str(data_dir), "--no-prepare-cards"]
    with open(log, "ab") as out:
        return ns.popen(argv, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})


def until(value: Callable[[], T], what: str, log: Path, bound: float = EVENT_S) -> T:
    """`value()` once it is truthy, looking again until `bound` seconds; fails naming `what`, with the log."""
    deadline = time.monotonic() + bound
    while True:
        if got := value():
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not within {bound} s:\n{log.read_text(errors='replace')}")
        time.sleep(0.2)   # the interval of a poll, not a wait for state


def info(ns: Netns, base: str, room: str) -> dict:
    status, body = fetch(ns, f"{base}/api/info?room={room}")
    assert status == 200, (status, body[:300])
    return json.loads(body)


def printed_room(log: Path) -> str | None:
    found = re.search(r"/join/([A-Z]{4})", log.read_text(errors="replace"))
    return found.group(1) if found else None


def error_lines(log: Path) -> list[str]:
    return [line for line in log.read_text(errors="replace").splitlines()
            if " ERROR " in line or " CRITICAL " in line or line.startswith("Traceback")]


def test_a_lan_address_that_comes_after_the_start_is_shown_served_and_advertised(tmp_path):
    log = tmp_path / "pi.log"
    with Netns("pi") as pi, Netns("phone") as phone:
        pi.link(phone, "wlan0", "phone0")   # the Wi-Fi's radio is there; the router has not answered yet
        start_server(pi, tmp_path / "data", log)
        until(lambda: fetch(pi, f"http://127.0.0.1:{PORT}/healthz")[0] == 200, "the server answering", log, START_S)
        code = until(lambda: printed_room(log), "the banner", log)
        assert info(pi, f"http://127.0.0.1:{PORT}", code)["base_urls"] == [f"http://127.0.0.1:{PORT}"]

        phone.address("phone0", "10.77.0.1/24")          # the router answers: the Pi gets its address
        pi.address("wlan0", "10.77.0.2/24", gateway="10.77.0.1")
        new = f"http://10.77.0.2:{PORT}"
        until(lambda: f"Phones: scan the QR code or open {new}/join/{code}" in log.read_text(),
              "the banner printed again with the new address", log)

        # from the phone, the first request to the new address is served: the Host allow-list has it
        seen = info(phone, new, code)
        assert seen["base_urls"][0] == new and seen["join_urls"][0] == f"{new}/join/{code}"
        status, png = fetch(phone, f"{new}/api/rooms/{code}/qr.png")
        assert status == 200
        assert [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))] == [f"{new}/join/{code}"]
        # a laptop on the LAN browsing for the game finds it at the new address
        found = until(lambda: [s for s in browse(phone, "_imaginarium._tcp.local.", 3)
                               if "10.77.0.2" in s["addresses"]], "the mDNS advertisement of the new address", log)
        assert found[0]["server"] == "imaginarium.local."
        assert resolve(phone, "imaginarium.local.") == ["10.77.0.2"]
        assert info(phone, new, code)["mdns_url"] == f"http://imaginarium.local:{PORT}"
    assert not error_lines(log)


def test_a_second_server_on_the_lan_takes_its_own_mdns_host_name(tmp_path):
    first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
    with Netns("first") as first, Netns("second") as second:
        first.link(second, "eth0", "eth0")
        first.address("eth0", "10.77.1.1/24")
        second.address("eth0", "10.77.1.2/24")
        start_server(first, tmp_path / "d1", first_log)
        until(lambda: "mDNS: advertised" in first_log.read_text(), "the first server advertised", first_log, START_S)
        start_server(second, tmp_path / "d2", second_log)
        until(lambda: "mDNS: advertised" in second_log.read_text(), "the second server advertised", second_log,
              START_S)
        text = second_log.read_text()
        assert "this one is imaginarium-2.local" in text, text
        assert f"(also http://imaginarium-2.local:{PORT}/tv on devices that know .local names)" in text, text
        # from the first machine (the LAN): each name resolves to its own machine
        assert resolve(first, "imaginarium.local.") == ["10.77.1.1"]
        assert resolve(first, "imaginarium-2.local.") == ["10.77.1.2"]
        services = {s["server"]: s["addresses"] for s in browse(first, "_imaginarium._tcp.local.", 3)}
        assert services == {"imaginarium.local.": ["10.77.1.1"], "imaginarium-2.local.": ["10.77.1.2"]}
        code = until(lambda: printed_room(second_log), "the banner", second_log)
        status, body = fetch(first, f"http://10.77.1.2:{PORT}/api/info?room={code}", f"imaginarium-2.local:{PORT}")
        assert status == 200 and json.loads(body)["mdns_url"] == f"http://imaginarium-2.local:{PORT}"
    assert not error_lines(first_log) and not error_lines(second_log)
