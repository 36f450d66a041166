"""zeroconf (mDNS/DNS-SD) advertisement: lets a laptop find the server as `imaginarium.local` and
service browsers list it. Phones use the IP address in the QR code (Android often cannot resolve
`.local`), so this is a bonus and must never slow start-up: registration runs in the background.

Services: `_http._tcp.local.` and `_imaginarium._tcp.local.`, instance "Imaginarium" (renamed
"Imaginarium (2)" etc. by `allow_name_change` when another server is on the network), TXT `path` and
`version`. The host name is our own (`imaginarium.local.`), never the machine's: announcing the machine's
hostname would make avahi on a Raspberry Pi see a conflict and rename the machine.

python-zeroconf's `allow_name_change` renames only the service instance ("Imaginarium-2"); it never probes
the host name its records point at, so a second server on the LAN also claimed `imaginarium.local` and the
name went on resolving to the first machine. So before registering, the host name is asked for (an mDNS
A query, `AddressResolver`): while another machine answers it, the next one is tried (`imaginarium-2`,
`-3`, ...), and the one chosen is reported (`on_host`) for the banner, `/api/info` and the Host allow-list.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable

from zeroconf import AddressResolver, InterfaceChoice, IPVersion, ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

from server import __version__

log = logging.getLogger(__name__)

SERVICE_TYPES = ("_http._tcp.local.", "_imaginarium._tcp.local.")
INSTANCE = "Imaginarium"
HOST_PROBE_MS = 1500   # how long an answer to "who is <name>.local?" is waited for (RFC 6762 probes: 750 ms)
MAX_HOST_TRIES = 9     # imaginarium, imaginarium-2 ... imaginarium-9; then the last one is used anyway


def service_infos(port: int, addresses: list[str], host: str = "imaginarium", path: str = "/tv",
                  instance: str = INSTANCE) -> list[ServiceInfo]:
    """One ServiceInfo per type in SERVICE_TYPES for IPv4 `addresses` on TCP `port`, named `instance`."""
    packed = [socket.inet_aton(ip) for ip in addresses if "." in ip]
    return [
        ServiceInfo(type_, f"{instance}.{type_}", addresses=packed, port=port,
                    properties={"path": path, "version": __version__}, server=f"{host}.local.")
        for type_ in SERVICE_TYPES
    ]


class Advertisement:
    """The running advertisement. `start()` returns at once; `registered` is set when every service is
    announced; `stop()` unregisters (sending goodbyes) and closes the responder. `host` is the host name in
    use (without `.local`): `wanted`, or `wanted-N` when another machine has it; `on_host(host)` is called
    when it changes."""

    def __init__(self, port: int, addresses: list[str], host: str = "imaginarium",
                 interfaces: list[str] | None = None, instance: str = INSTANCE,
                 on_host: Callable[[str], None] | None = None) -> None:
        self.port, self.addresses, self.wanted, self.host = port, list(addresses), host, host
        self.instance = instance
        self.infos = service_infos(port, addresses, host, instance=instance)
        self.interfaces = interfaces
        self.on_host = on_host
        self.registered = asyncio.Event()
        self._done: list[ServiceInfo] = []
        self._aiozc: AsyncZeroconf | None = None
        self._task: asyncio.Task | None = None
        self._failed = False

    @property
    def active(self) -> bool:
        """True while the advertisement is running or being registered (not failed, not stopped)."""
        return self._aiozc is not None and not self._failed

    @property
    def names(self) -> list[str]:
        """The instance names in use (after any rename)."""
        return [info.name for info in self.infos]

    async def start(self) -> None:
        """Create the responder in the running loop and register in the background."""
        try:
            self._aiozc = AsyncZeroconf(
                interfaces=list(self.interfaces) if self.interfaces else InterfaceChoice.All,
                ip_version=IPVersion.V4Only,
            )
        except OSError as exc:  # no multicast-capable interface (offline laptop, odd container)
            log.warning("mDNS unavailable (%s); phones still join by the IP address", exc)
            return
        self._task = asyncio.create_task(self._register(), name="zeroconf-register")

    async def readvertise(self, addresses: list[str]) -> None:
        """Advertise `addresses` instead (this machine's addresses changed): goodbyes for the old records,
        then a new responder, so it also answers on an interface that came up since (zeroconf joins the
        multicast group on the interfaces there are when it starts)."""
        await self.stop()
        self.addresses, self._failed = list(addresses), False
        self.registered.clear()
        await self.start()

    async def _unique_host(self, aiozc: AsyncZeroconf) -> str:
        """`wanted`, or the first `wanted-N` no other machine answers for (answers naming only our own
        addresses are this server's own)."""
        name = self.wanted
        for n in range(1, MAX_HOST_TRIES + 1):
            name = self.wanted if n == 1 else f"{self.wanted}-{n}"
            resolver = AddressResolver(f"{name}.local.")
            if not await resolver.async_request(aiozc.zeroconf, HOST_PROBE_MS):
                return name
            theirs = set(resolver.parsed_addresses())
            if theirs <= set(self.addresses):
                return name
            log.info("mDNS: %s.local is another machine's (%s)", name, ", ".join(sorted(theirs)))
        return name

    async def _register(self) -> None:
        aiozc = self._aiozc
        if aiozc is None:  # stopped before the task ran
            return
        try:
            host = await self._unique_host(aiozc)
            self.infos = service_infos(self.port, self.addresses, host, instance=self.instance)
            if host != self.host:
                self.host = host
                if self.on_host is not None:
                    self.on_host(host)
            for info in self.infos:
                # The first await probes and returns a task that completes when announced.
                announced = await aiozc.async_register_service(info, allow_name_change=True)
                await announced
                self._done.append(info)
            self.registered.set()
            log.info("mDNS: advertised %s as %s.local", ", ".join(self.names), host)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._failed = True
            log.warning("mDNS advertisement failed (%s); phones still join by the IP address", exc)

    async def stop(self) -> None:
        """Cancel a pending registration, unregister what was registered, close the responder."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._aiozc is None:
            return
        for info in self._done:
            with contextlib.suppress(Exception):
                await (await self._aiozc.async_unregister_service(info))
        self._done = []
        await self._aiozc.async_close()
        self._aiozc = None
