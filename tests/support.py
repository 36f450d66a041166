"""Shared by every test folder: loading another folder's helpers by path.

Under `--import-mode=importlib` conftest and test modules are not importable by name, so helpers that one
folder shares with another (tests/server/conftest.py's Player and Table, test_restart.py's ServerProcess)
are loaded from their file. `tests/` is on `pythonpath` (pyproject.toml) so this module is importable."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

TESTS = Path(__file__).resolve().parent


def load_module(relative: str, name: str) -> ModuleType:
    """The module at `tests/<relative>` (e.g. "server/conftest.py"), executed afresh under `name`."""
    spec = importlib.util.spec_from_file_location(name, TESTS / relative)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
