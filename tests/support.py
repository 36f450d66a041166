"""Shared by every test folder: loading another folder's helpers by path.

Under `--import-mode=importlib` conftest and test modules are not importable by name, so helpers that one
folder shares with another (tests/server/conftest.py's Player and Table, test_restart.py's ServerProcess)
are loaded from their file. `tests/` is on `pythonpath` (pyproject.toml) so this module is importable."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

TESTS = Path(__file__).resolve().parent

# Browser tests open pages at a home-network name, never 127.0.0.1 (which browsers treat as a secure
# context): Chromium maps the name to loopback, and the page is as insecure as on the family's Wi-Fi
# (no Wake Lock, no clipboard, ...). Python-side HTTP keeps using loopback.
LAN_HOST = "game.lan"
HOST_RESOLVER_ARG = f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"


def lan_url(port: int) -> str:
    """The base URL a browser test opens pages at: "http://game.lan:<port>"."""
    return f"http://{LAN_HOST}:{port}"


def loopback(url: str) -> str:
    """A page URL (on LAN_HOST) turned into the loopback URL Python clients can reach."""
    return url.replace(f"//{LAN_HOST}:", "//127.0.0.1:", 1)


def load_module(relative: str, name: str) -> ModuleType:
    """The module at `tests/<relative>` (e.g. "server/conftest.py"), executed afresh under `name`."""
    spec = importlib.util.spec_from_file_location(name, TESTS / relative)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
