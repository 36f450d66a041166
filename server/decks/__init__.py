"""Game assets on disk: the deck library (built-in and imported decks), zip imports, prepared card
pictures (Pillow) and board files. Blocking file work; callers run the slow parts in an executor.

May import: `server.engine` (for `Board` and deck sizes), `server.config`, Pillow and the standard
library. Never `server.room`, `server.net`, `server.lan`, `server.app` or `server.cli`.
Layers: docs/architecture.md, enforced by tests/test_layers.py.
"""
