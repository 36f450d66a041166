"""The address browser tests open pages at.

Browser tests open pages at a home-network name, never 127.0.0.1 (which browsers treat as a secure
context): Chromium maps the name to loopback, and the page is as insecure as on the family's Wi-Fi
(no Wake Lock, no clipboard, ...). Python-side HTTP keeps using loopback."""
from __future__ import annotations

LAN_HOST = "game.lan"
HOST_RESOLVER_ARG = f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"


def lan_url(port: int) -> str:
    """The base URL a browser test opens pages at: "http://game.lan:<port>"."""
    return f"http://{LAN_HOST}:{port}"


def loopback(url: str) -> str:
    """A page URL (on LAN_HOST) turned into the loopback URL Python clients can reach."""
    return url.replace(f"//{LAN_HOST}:", "//127.0.0.1:", 1)
