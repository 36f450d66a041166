"""The local network: which addresses phones can reach (and the URLs shown to people), the mDNS
advertisement (zeroconf) and QR codes for the join URL.

May import: the `server` package's version, `server.config`, zeroconf, ifaddr, qrcode and the standard
library. Never `server.engine`, `server.room`, `server.decks`, `server.net`, `server.app` or `server.cli`.
Layers: docs/architecture.md, enforced by tests/test_layers.py.
"""
