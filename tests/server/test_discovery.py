"""The mDNS advertisement is seen by a real zeroconf browser (both bound to loopback, as python-zeroconf's
own tests do), carries the chosen address, port and TXT properties, and is withdrawn on shutdown."""
from __future__ import annotations

import asyncio
import socket
from dataclasses import replace

from zeroconf import ServiceListener
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from server import __version__
from server.app import make_app
from server.lan.discovery import SERVICE_TYPES

WAIT = 15  # seconds: bound on waiting for mDNS announcements


class Listener(ServiceListener):
    def __init__(self) -> None:
        self.added: dict[str, asyncio.Event] = {t: asyncio.Event() for t in SERVICE_TYPES}
        self.removed: dict[str, asyncio.Event] = {t: asyncio.Event() for t in SERVICE_TYPES}
        self.names: dict[str, str] = {}

    def add_service(self, zc, type_, name):
        if name.startswith("Imaginarium"):
            self.names[type_] = name
            self.added[type_].set()

    def remove_service(self, zc, type_, name):
        if name == self.names.get(type_):
            self.removed[type_].set()

    def update_service(self, zc, type_, name):
        pass


async def test_registration_seen_by_a_browser_and_withdrawn(aiohttp_client, config):
    port = 18765
    app = make_app(replace(config, zeroconf=True, port=port, zeroconf_interfaces=("127.0.0.1",),
                           advertise_ip="127.0.0.1", mdns_host="imaginarium-test"))
    browser_zc = AsyncZeroconf(interfaces=["127.0.0.1"])
    listener = Listener()
    browser = AsyncServiceBrowser(browser_zc.zeroconf, list(SERVICE_TYPES), listener=listener)
    try:
        client = await aiohttp_client(app)  # start-up does not wait for the announcement
        for type_ in SERVICE_TYPES:
            await asyncio.wait_for(listener.added[type_].wait(), WAIT)
            info = AsyncServiceInfo(type_, listener.names[type_])
            assert await info.async_request(browser_zc.zeroconf, 3000)
            assert info.port == port
            assert info.server == "imaginarium-test.local."
            assert "127.0.0.1" in [socket.inet_ntoa(a) for a in info.addresses]
            assert info.properties[b"path"] == b"/tv"
            assert info.properties[b"version"] == __version__.encode()
        body = await (await client.get("/api/info")).json()
        assert body["mdns_url"] == f"http://imaginarium-test.local:{port}"
        await client.close()  # cleanup_ctx unregisters: goodbye packets reach the browser
        for type_ in SERVICE_TYPES:
            await asyncio.wait_for(listener.removed[type_].wait(), WAIT)
    finally:
        await browser.async_cancel()
        await browser_zc.async_close()
