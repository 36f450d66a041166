"""Network namespaces (`ip netns`, iproute2; root) for the tests of a LAN: a namespace is a machine of its own
(its own interfaces, addresses, routes and multicast), and a veth pair is the Wi-Fi between two of them. Only
addresses inside the namespaces (10.77.x.x) are used: never a real LAN's.

    with Netns("pi") as pi, Netns("phone") as phone: ...
    pi.link(phone, "wlan0", "phone0")           # the cable; no address yet
    pi.address("wlan0", "10.77.0.2/24")          # ... which comes later (the Wi-Fi up after the boot)
    pi.popen([...])                               # a process on that machine
    fetch(phone, url, host) -> (status, bytes)    # an HTTP GET from that machine
    browse(phone, type_, seconds) / resolve(phone, name)   # what a zeroconf browser there sees

Run as a module inside a namespace (`python -m tests.helpers.netns fetch URL HOST`) it does the one thing
and prints JSON: the test process itself stays in its own namespace.
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
import uuid

import pytest

from tests.helpers.bounds import EVENT_S
from tests.helpers.process import ROOT


def usable() -> None:
    """Skip unless network namespaces can be made here (root and iproute2: CI runs as root)."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("network namespaces need root and iproute2 (CI runs as root)")


class Netns:
    """A named network namespace with loopback up, deleted (with what runs in it) at the end."""

    def __init__(self, role: str) -> None:
        self.name = f"imag-{role}-{uuid.uuid4().hex[:6]}"   # unique: other test runs share this machine
        self.procs: list[subprocess.Popen] = []

    def __enter__(self) -> Netns:
        usable()
        subprocess.run(["ip", "netns", "add", self.name], check=True)
        self.ip("link", "set", "lo", "up")
        return self

    def __exit__(self, *exc: object) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        subprocess.run(["ip", "netns", "del", self.name], check=False)

    def ip(self, *args: str) -> None:
        """`ip <args>` inside the namespace."""
        subprocess.run(["ip", "-n", self.name, *args], check=True)

    def link(self, other: Netns, here: str, there: str) -> None:
        """A veth pair: interface `here` in this namespace, `there` in `other`; both up, no address."""
        self.ip("link", "add", here, "type", "veth", "peer", "name", there, "netns", other.name)
        self.ip("link", "set", here, "up")
        other.ip("link", "set", there, "up")

    def address(self, interface: str, cidr: str, gateway: str | None = None) -> None:
        """Give `interface` the address `cidr` (and a default route via `gateway`)."""
        self.ip("addr", "add", cidr, "dev", interface)
        if gateway:
            self.ip("route", "add", "default", "via", gateway)

    def argv(self, argv: list[str]) -> list[str]:
        return ["ip", "netns", "exec", self.name, *argv]

    def popen(self, argv: list[str], **kwargs) -> subprocess.Popen:
        """Start `argv` inside the namespace (killed at the end if still running)."""
        proc = subprocess.Popen(self.argv(argv), cwd=ROOT, **kwargs)
        self.procs.append(proc)
        return proc

    def helper(self, *args: str) -> object:
        """This module's `args` command run inside the namespace; its JSON answer."""
        done = subprocess.run(self.argv([sys.executable, "-m", "tests.helpers.netns", *args]), cwd=ROOT,
                              capture_output=True, text=True, timeout=EVENT_S * 2, check=False)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)


def fetch(ns: Netns, url: str, host: str | None = None) -> tuple[int, bytes]:
    """GET `url` from inside `ns` (with `Host: host` if given): (status, body); status 0 if it failed."""
    status, body = ns.helper("fetch", url, host or "")
    return int(status), bytes.fromhex(body)


def browse(ns: Netns, type_: str, seconds: float) -> list[dict]:
    """The services of `type_` a zeroconf browser inside `ns` sees in `seconds`: name, server, addresses."""
    return list(ns.helper("browse", type_, str(seconds)))


def resolve(ns: Netns, name: str) -> list[str]:
    """The IPv4 addresses an mDNS query from inside `ns` gets for `name` (e.g. "imaginarium.local.")."""
    return list(ns.helper("resolve", name))


# ---- run inside a namespace -------------------------------------------------------------------------

def _fetch(url: str, host: str) -> list:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=EVENT_S) as res:
            return [res.status, res.read().hex()]
    except urllib.error.HTTPError as err:
        return [err.code, err.read().hex()]
    except OSError:
        return [0, ""]


async def _browse(type_: str, seconds: float) -> list:
    from zeroconf import IPVersion, ServiceStateChange
    from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

    aiozc = AsyncZeroconf(ip_version=IPVersion.V4Only)
    names: set[str] = set()

    def seen(zeroconf, service_type, name, state_change) -> None:
        if state_change is not ServiceStateChange.Removed:
            names.add(name)
    browser = AsyncServiceBrowser(aiozc.zeroconf, [type_], handlers=[seen])
    await asyncio.sleep(seconds)   # a browse window: what the network says in that time
    out = []
    for name in sorted(names):
        info = AsyncServiceInfo(type_, name)
        if await info.async_request(aiozc.zeroconf, 3000):
            out.append({"name": name, "server": info.server, "addresses": info.parsed_addresses()})
    await browser.async_cancel()
    await aiozc.async_close()
    return out


async def _resolve(name: str) -> list:
    from zeroconf import AddressResolver, IPVersion
    from zeroconf.asyncio import AsyncZeroconf

    aiozc = AsyncZeroconf(ip_version=IPVersion.V4Only)
    resolver = AddressResolver(name)
    found = await resolver.async_request(aiozc.zeroconf, 3000)
    await aiozc.async_close()
    return sorted(resolver.parsed_addresses()) if found else []


def main(argv: list[str]) -> None:
    command, *args = argv
    if command == "fetch":
        out: object = _fetch(args[0], args[1])
    elif command == "browse":
        out = asyncio.run(_browse(args[0], float(args[1])))
    else:
        out = asyncio.run(_resolve(args[0]))
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
