"""The network layer: HTTP routes (pages, decks, cards), the WebSocket handler, each socket's outbox,
rate limits, origin checks and the typed `web.AppKey`s that hold what the app shares.

May import: `server.room`, `server.decks`, `server.lan`, `server.engine`, `server.messages`,
`server.config`, aiohttp and the standard library. Never `server.app` or `server.cli`.
Layers: docs/architecture.md, enforced by tests/test_layers.py.
"""
