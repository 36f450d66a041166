"""Which `Host` a request may name, and which `Origin` may change state (DNS rebinding, cross-site
requests; docs/protocol.md "Limits").

A web page on evil.example whose name is re-pointed at this machine (DNS rebinding) reaches the server
with `Host: evil.example:PORT`; its scripts could then join rooms, read the room code and LAN addresses
and create rooms. So a request is served only when its Host is one of this machine's own addresses
(any interface, loopback included), `localhost` (and `*.localhost`), the mDNS name, this machine's host
name (bare, `.local`, its FQDN, or under a search domain the router handed out: `raspberrypi.lan`,
`raspberrypi.fritz.box`), or a name given with `--allow-host`. A name is never accepted because it
*resolves* to us: that is exactly what a rebinding attacker arranges.

State-changing requests (anything but GET/HEAD/OPTIONS) also need an `Origin` naming the same host and
port as `Host`, or no Origin at all (curl, scripts: not a browser, so not a confused deputy).
"""
from __future__ import annotations

import html
import ipaddress
import socket
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ifaddr
from aiohttp import web
from yarl import URL

from server.messages import sentence
from server.net.throttle import ThrottledLog

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
REFRESH_S = 30.0   # interface addresses change (DHCP renew, Wi-Fi roam): look again at most this often


def interface_ips() -> set[str]:
    """Every IP address on this machine's interfaces (loopback, LAN, virtual), as text."""
    out: set[str] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            addr = ip.ip if isinstance(ip.ip, str) else ip.ip[0]   # IPv6: (address, flowinfo, scope_id)
            out.add(str(ipaddress.ip_address(addr)))
    return out


def search_domains(resolv_conf: Path = Path("/etc/resolv.conf")) -> list[str]:
    """The `search`/`domain` suffixes of the resolver configuration (what a home router hands out by
    DHCP: "lan", "home", "fritz.box"); [] where there is none."""
    try:
        lines = resolv_conf.read_text(errors="replace").splitlines()
    except OSError:
        return []
    out: list[str] = []
    for line in lines:
        parts = line.split()
        if parts and parts[0] in ("search", "domain"):
            out += [p.strip(".").lower() for p in parts[1:] if p.strip(".")]
    return out


def machine_names(hostname: str | None = None, fqdn: str | None = None,
                  domains: Iterable[str] | None = None) -> set[str]:
    """This machine's own names: the host name, `<name>.local`, the FQDN, `<name>.<search domain>`."""
    name = (hostname if hostname is not None else socket.gethostname()).strip(".").lower()
    if not name:
        return set()
    short = name.split(".")[0]
    names = {name, short, f"{short}.local"}
    full = (fqdn if fqdn is not None else socket.getfqdn()).strip(".").lower()
    if full:
        names.add(full)
    for domain in (domains if domains is not None else search_domains()):
        names.add(f"{short}.{domain}")
    return names


def host_name(header: str | None) -> str | None:
    """The name or address in a `Host` header value ("name:port", "[::1]:port"), lower-case, without a
    trailing dot; None if it does not parse."""
    if not header:
        return None
    try:
        host = URL(f"http://{header}").host
    except (ValueError, TypeError):
        return None
    return host.rstrip(".").lower() if host else None


class HostPolicy:
    """Decides whether a `Host` is this server. `addresses()` gives the advertised addresses (they may
    change); `names` are extra allowed names (mDNS, `--allow-host`, this machine's names)."""

    def __init__(self, addresses: Callable[[], Iterable[str]], names: Iterable[str],
                 local_ips: Callable[[], set[str]] = interface_ips,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.addresses = addresses
        self.names = {n.strip(".").lower() for n in names if n and n.strip(".")}
        self.local_ips = local_ips
        self.clock = clock
        self._ips = local_ips()
        self._stamp = clock()

    def refresh(self) -> None:
        """Look at this machine's interface addresses again now (server/app.py calls it when the watch of
        addresses sees a change, so a new LAN address is served at once, not after REFRESH_S)."""
        self._ips, self._stamp = self.local_ips(), self.clock()

    def _own_ip(self, ip: str) -> bool:
        if ip in self._ips or ip in set(self.addresses()):
            return True
        if self.clock() - self._stamp > REFRESH_S:     # a new address since we last looked?
            self._ips, self._stamp = self.local_ips(), self.clock()
            return ip in self._ips
        return False

    def allows(self, header: str | None) -> bool:
        """True if `header` (a Host header value) names this server."""
        host = host_name(header)
        if host is None:
            return False
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return host == "localhost" or host.endswith(".localhost") or host in self.names
        return ip.is_loopback or self._own_ip(str(ip))


def same_origin(origin: str | None, host_header: str | None) -> bool:
    """True if `origin` (an Origin header value) is http(s)://<host:port> of `host_header`, or absent.
    "null", file:, other schemes, other hosts or ports are all False."""
    if origin is None:
        return True
    try:
        url = URL(origin)
        own = URL(f"{url.scheme}://{host_header}")
    except (ValueError, TypeError):
        return False
    if url.scheme not in ("http", "https") or not url.host or url.path not in ("", "/") or url.user:
        return False
    return (url.host.lower(), url.port) == ((own.host or "").lower(), own.port)


def refusal_page(host_header: str | None) -> str:
    """The 403 page for a Host that is not this server: one short HTML page in Russian and English (we
    cannot know the reader's language and a family must understand it), naming the Host and the way
    out. It names no address or room: a rebinding page's scripts can read it."""
    name = (host_name(host_header) or "?")[:80]
    parts = []
    for lang in ("ru", "en"):
        title = html.escape(sentence("host_not_allowed.title", lang))
        text = html.escape(sentence("host_not_allowed", lang, {"name": name}), quote=False)
        parts.append(f'<section lang="{lang}"><h1>{title}</h1><p>{text}</p></section>')
    return ('<!doctype html><html><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>403</title><style>body{font:20px/1.5 sans-serif;max-width:40em;margin:2em auto;'
            'padding:0 1em}h1{font-size:1.3em}</style></head><body>' + "".join(parts) + "</body></html>")


def host_guard(policy: HostPolicy, throttled: ThrottledLog) -> Any:
    """aiohttp middleware: 403 unless the request's Host is this server (`policy`), and 403 for a
    state-changing request whose Origin is another site. Refusals are logged as throttled warnings."""
    @web.middleware
    async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
        if not policy.allows(request.host):
            throttled.warning("host", "request from %s refused: Host %.80r is not this server "
                              "(--allow-host NAME adds a name)", request.remote, request.host)
            raise web.HTTPForbidden(text=refusal_page(request.host), content_type="text/html")
        if request.method not in SAFE_METHODS and not same_origin(request.headers.get("Origin"), request.host):
            throttled.warning("origin", "%s %s from %s refused: Origin %.80r is another site", request.method,
                              request.path, request.remote, request.headers.get("Origin"))
            raise web.HTTPForbidden(text="origin not allowed")
        response: web.StreamResponse = await handler(request)
        return response
    return guard
