"""The mDNS advertisement is seen by a real zeroconf browser (both bound to loopback, as python-zeroconf's
own tests do), carries the chosen address, port and TXT properties, and is withdrawn on shutdown.

Each test server registers an instance name of its own and the browser looks for exactly that name, so
another game server on this machine or network (`scripts/run` serving while `scripts/test` runs) is
never mistaken for it; one test starts such a second server first on purpose."""
from __future__ import annotations

import asyncio
import contextlib
import socket
import uuid
from collections import defaultdict
from dataclasses import replace

from zeroconf import ServiceListener
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from server import __version__
from server.app import make_app
from server.lan.discovery import INSTANCE, SERVICE_TYPES
from server.net import keys
from tests.helpers.bounds import EVENT_S

WAIT = EVENT_S  # seconds: bound on waiting for mDNS announcements (tests.helpers.bounds)


class Listener(ServiceListener):
    """Records every service name announced and withdrawn, as events (by the full name, e.g.
    "Imaginarium test 1a2b3c4d._http._tcp.local.")."""

    def __init__(self) -> None:
        self.added: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)
        self.removed: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)

    def add_service(self, zc, type_, name):
        self.added[name].set()

    def remove_service(self, zc, type_, name):
        self.removed[name].set()

    def update_service(self, zc, type_, name):
        pass


def unique() -> tuple[str, str]:
    """An instance name and an mDNS host name no other server uses."""
    tag = uuid.uuid4().hex[:8]
    return f"Imaginarium test {tag}", f"imaginarium-test-{tag}"


def advertised(config, port: int, host: str, **overrides):
    """The app of `config` advertised on loopback at `port` under mDNS host `host`."""
    return make_app(replace(config, zeroconf=True, port=port, zeroconf_interfaces=("127.0.0.1",),
                            advertise_ip="127.0.0.1", mdns_host=host, **overrides))


@contextlib.asynccontextmanager
async def browsing():
    """A zeroconf browser on loopback for both service types: yields (zeroconf, Listener)."""
    zc = AsyncZeroconf(interfaces=["127.0.0.1"])
    listener = Listener()
    browser = AsyncServiceBrowser(zc.zeroconf, list(SERVICE_TYPES), listener=listener)
    try:
        yield zc.zeroconf, listener
    finally:
        await browser.async_cancel()
        await zc.async_close()


async def announced(listener: Listener, instance: str) -> None:
    for type_ in SERVICE_TYPES:
        await asyncio.wait_for(listener.added[f"{instance}.{type_}"].wait(), WAIT)


async def check(zc, instance: str, port: int, host: str) -> None:
    """The services of exactly `instance` resolve to this port, host, address and TXT."""
    for type_ in SERVICE_TYPES:
        info = AsyncServiceInfo(type_, f"{instance}.{type_}")
        assert await info.async_request(zc, WAIT * 1000)  # a bound, not a speed: loaded machines answer late
        assert info.port == port
        assert info.server == f"{host}.local."
        assert "127.0.0.1" in [socket.inet_ntoa(a) for a in info.addresses]
        assert info.properties[b"path"] == b"/tv"
        assert info.properties[b"version"] == __version__.encode()


async def test_registration_seen_by_a_browser_and_withdrawn(aiohttp_client, config, unused_tcp_port_factory):
    instance, host = unique()
    port = unused_tcp_port_factory()
    async with browsing() as (zc, listener):
        client = await aiohttp_client(advertised(config, port, host, mdns_instance=instance))  # does not wait
        await announced(listener, instance)
        await check(zc, instance, port, host)
        body = await (await client.get("/api/info")).json()
        assert body["mdns_url"] == f"http://{host}.local:{port}"
        assert body["mdns_name"] == f"{instance}.{SERVICE_TYPES[0]}"
        await client.close()  # cleanup_ctx unregisters: goodbye packets reach the browser
        for type_ in SERVICE_TYPES:
            await asyncio.wait_for(listener.removed[f"{instance}.{type_}"].wait(), WAIT)


async def test_another_game_server_announced_first_is_not_mistaken_for_ours(aiohttp_client, config, tmp_path,
                                                                            unused_tcp_port_factory):
    """A game night's server (the default instance name "Imaginarium") is on the network first; the
    test's own server is still found by its own name, with its own port, and both stay resolvable."""
    other_port, port = unused_tcp_port_factory(), unused_tcp_port_factory()
    _, other_host = unique()
    instance, host = unique()
    async with browsing() as (zc, listener):
        other = await aiohttp_client(advertised(replace(config, data_dir=tmp_path / "other"), other_port, other_host))
        other_adv = other.server.app[keys.ADVERTISEMENT]
        await asyncio.wait_for(other_adv.registered.wait(), WAIT)
        # "Imaginarium", or "Imaginarium (2)" if a real game server already runs on this machine
        other_name = other_adv.names[0].removesuffix(f".{SERVICE_TYPES[0]}")
        assert other_name.startswith(INSTANCE)
        await announced(listener, other_name)
        client = await aiohttp_client(advertised(config, port, host, mdns_instance=instance))
        await announced(listener, instance)
        await check(zc, instance, port, host)
        await check(zc, other_name, other_port, other_host)
        await client.close()
        await other.close()
