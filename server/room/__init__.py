"""The room layer: one room's people, seats, settings and game state, the registry of rooms, and their
persistence (sqlite). A room applies actions through the engine and stores every accepted one before it
is acknowledged; it knows nothing of HTTP or sockets (it hands effects back to the network layer).

May import: `server.engine`, `server.decks` (through the `RoomEnv` protocol's shapes only), `server.config`,
the standard library. Never `server.net`, `server.lan`, `server.app` or `server.cli`.
"""
