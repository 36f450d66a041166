"""The room layer: one room's people, seats, settings and game state, the registry of rooms, and their
persistence (sqlite). A room applies actions through the engine and stores every accepted one before it
is acknowledged; it knows nothing of HTTP or sockets (handlers hand their effects on sockets back).

May import: `server.engine`, `server.config`, and (layer 1) `server.decks` / `server.lan`, though today
the deck library reaches a room only through the `RoomEnv` protocol (env.py). Never `server.net`,
`server.app` or `server.cli`. Layers: docs/architecture.md, enforced by tests/test_layers.py.
"""
