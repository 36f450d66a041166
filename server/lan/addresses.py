"""Which LAN address phones should use to reach this machine.

Android phones often cannot resolve `.local` names, so the join URL carries an IP address: a private
IPv4 address on the interface that holds the default route, never loopback, link-local or a virtual
interface (docker, bridges, VPN tunnels). `--advertise-ip` overrides the choice.

A server told to listen on one address (`--host 192.168.1.20`, `--host 127.0.0.1`, `--host localhost`)
names only the addresses it listens on: a QR code for an address nobody answers on strands the
phones. `listen_addresses` says which those are.
"""
from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path

import ifaddr

# Interface name prefixes of virtual networks phones cannot reach.
VIRTUAL_PREFIXES = (
    "lo", "docker", "br-", "veth", "virbr", "vnet", "tun", "tap", "wg", "zt", "tailscale", "vmnet",
    "vboxnet", "utun", "ppp", "cni", "flannel", "cali", "podman", "lxc", "lxd", "kube", "ham", "nordlynx",
)


@dataclass(frozen=True)
class Candidate:
    """One usable address: `ip` (dotted IPv4), the interface `name`, and whether that interface
    holds the default route."""

    ip: str
    interface: str
    default_route: bool


def default_route_interfaces(route_file: Path = Path("/proc/net/route")) -> set[str]:
    """Interface names with a default route (destination 00000000) in Linux's /proc/net/route;
    an empty set where that file does not exist (macOS, Windows)."""
    try:
        lines = route_file.read_text().splitlines()[1:]
    except OSError:
        return set()
    out = set()
    for line in lines:
        parts = line.split()
        if len(parts) >= 2 and parts[1] == "00000000":
            out.add(parts[0])
    return out


def is_virtual(interface: str) -> bool:
    """True for loopback, container, bridge and VPN interface names."""
    return interface.lower().startswith(VIRTUAL_PREFIXES)


def candidates(adapters=None, default_ifaces: set[str] | None = None) -> list[Candidate]:
    """Usable IPv4 addresses, best first: default-route interface first, then private addresses.

    `adapters` defaults to `ifaddr.get_adapters()`; `default_ifaces` to `default_route_interfaces()`.
    """
    if adapters is None:
        adapters = ifaddr.get_adapters()
    if default_ifaces is None:
        default_ifaces = default_route_interfaces()
    found: list[tuple[tuple, Candidate]] = []
    for adapter in adapters:
        name = adapter.name if isinstance(adapter.name, str) else str(adapter.name)
        if is_virtual(name):
            continue
        for ip in adapter.ips:
            if not ip.is_IPv4:
                continue
            addr = ipaddress.IPv4Address(ip.ip)
            if addr.is_loopback or addr.is_link_local or addr.is_multicast or addr.is_unspecified:
                continue
            cand = Candidate(str(addr), name, name in default_ifaces)
            found.append(((not cand.default_route, not addr.is_private, name), cand))
    found.sort(key=lambda pair: pair[0])
    seen, out = set(), []
    for _, cand in found:
        if cand.ip not in seen:
            seen.add(cand.ip)
            out.append(cand)
    return out


WILDCARD_HOSTS = ("", "0.0.0.0", "::", "*")


def listen_addresses(host: str | None) -> list[str] | None:
    """The addresses a server listening on `host` answers on, IPv4 first, or None for a wildcard (None,
    "0.0.0.0", "::": every address of the machine). A name is resolved (`localhost` -> 127.0.0.1, ::1);
    one that does not resolve gives []."""
    if host is None or host.strip() in WILDCARD_HOSTS:
        return None
    try:
        return [str(ipaddress.ip_address(host.strip()))]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError:
        return []
    found: list[str] = []
    for family, *_, sockaddr in infos:
        ip = str(ipaddress.ip_address(sockaddr[0]))
        if ip not in found and family in (socket.AF_INET, socket.AF_INET6):
            found.append(ip)
    return sorted(found, key=lambda ip: ":" in ip)


def is_loopback_only(addresses: list[str]) -> bool:
    """True if every address in `addresses` (at least one) is a loopback address: no other device can
    connect."""
    return bool(addresses) and all(ipaddress.ip_address(ip).is_loopback for ip in addresses)


def shown_addresses(host: str | None, advertise_ip: str | None = None) -> list[str]:
    """The addresses to show people, primary first: with a wildcard `host`, the LAN choice
    (`choose_addresses`); with a specific one, only what it listens on, after `advertise_ip` (the user's
    explicit word, e.g. a forwarded port) if given."""
    listening = listen_addresses(host)
    if listening is None:
        return choose_addresses(advertise_ip)
    if advertise_ip:
        primary = str(ipaddress.ip_address(advertise_ip))
        return [primary] + [ip for ip in listening if ip != primary]
    return listening or [host or "127.0.0.1"]


def choose_addresses(advertise_ip: str | None = None) -> list[str]:
    """LAN IPv4 addresses to advertise, primary first. `advertise_ip` (validated, raises ValueError)
    becomes the primary; with no usable interface the list is `["127.0.0.1"]`."""
    ips = [c.ip for c in candidates()]
    if advertise_ip:
        primary = str(ipaddress.ip_address(advertise_ip))
        ips = [primary] + [ip for ip in ips if ip != primary]
    return ips or ["127.0.0.1"]


class Urls:
    """The URLs this server shows people: `http://<lan-ip>:<port>/...`, the primary address first.

    `port` 0 means "not known yet" (a test server on a random port): the first request's port is used.
    """

    def __init__(self, addresses: list[str], port: int, mdns_host: str | None = None) -> None:
        self.addresses = addresses
        self.port = port
        self.mdns_host = mdns_host

    def learn(self, request) -> None:
        """Take the port from an incoming aiohttp request if it is not known yet."""
        if not self.port and request.url.port:
            self.port = request.url.port

    def base(self, ip: str | None = None) -> str:
        """`http://<ip>:<port>` for `ip` (default: the primary LAN address)."""
        ip = ip or self.addresses[0]
        host = f"[{ip}]" if ":" in ip else ip
        return f"http://{host}:{self.port}"

    def join(self, code: str, ip: str | None = None) -> str:
        """The phone URL of room `code` (what the QR encodes)."""
        return f"{self.base(ip)}/join/{code}"

    def tv(self, code: str | None = None) -> str:
        """The TV page URL (reopening room `code` if given)."""
        return f"{self.base()}/tv" + (f"?room={code}" if code else "")

    def mdns(self) -> str | None:
        """`http://<name>.local:<port>`, the bonus address for devices that resolve mDNS names."""
        return f"http://{self.mdns_host}.local:{self.port}" if self.mdns_host else None
