"""JSON text of what the server sends and stores, by the fastest well-kept encoder this machine has:
orjson where it installs (wheels for x86-64 and 64-bit ARM), else the standard library's, whose output is
the same text (compact, non-ASCII kept, keys in insertion order). A 32-bit Pi's Python has no orjson
wheel: the server runs the same there, only its JSON costs about three times the CPU.

`dumps(obj) -> str`, `dumps_bytes(obj) -> bytes` (UTF-8: what a WebSocket text frame carries),
`loads(text: str | bytes) -> Any`. Raises TypeError for what JSON cannot hold (either encoder)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

try:
    import orjson
except ImportError:   # no wheel for this machine (pyproject.toml: a 32-bit Pi)
    orjson = None  # type: ignore[assignment]

ENCODER = "orjson" if orjson is not None else "json"

if orjson is not None:
    _OPTIONS = orjson.OPT_NON_STR_KEYS   # as json.dumps: an int key becomes a string key
    _orjson_dumps = orjson.dumps

    def dumps_bytes(obj: Any) -> bytes:
        """`obj` as compact UTF-8 JSON."""
        return _orjson_dumps(obj, option=_OPTIONS)

    def dumps(obj: Any) -> str:
        """`obj` as compact JSON text, non-ASCII kept."""
        return _orjson_dumps(obj, option=_OPTIONS).decode()

    loads: Callable[[str | bytes], Any] = orjson.loads
else:
    # one encoder for every frame: json.dumps with options would build a new one per call (many per
    # action). No circular-reference check: what is encoded is the server's own JSON data, and the check (a
    # dict of every container's id) cost a fifth of encoding a game view
    _ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode

    def dumps(obj: Any) -> str:
        """`obj` as compact JSON text, non-ASCII kept."""
        return _ENCODE(obj)

    def dumps_bytes(obj: Any) -> bytes:
        """`obj` as compact UTF-8 JSON."""
        return _ENCODE(obj).encode()

    loads = json.loads
