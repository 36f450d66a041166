"""Refusals on the wire: `Refused` (a stable code and params for the sentence, docs/protocol.md) and
`Malformed`, and the one place the engine's errors become them (`engine_errors`)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from server import engine


class Refused(Exception):
    """A message was refused: stable `code` (docs/protocol.md) and `params` for the sentence."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class Malformed(Refused):
    """Not a well-formed message (bad JSON shape, unknown type, ill-typed field): code `malformed`."""

    def __init__(self, detail: str) -> None:
        super().__init__("malformed")
        self.detail = detail


@contextmanager
def engine_errors() -> Iterator[None]:
    """Around a call into the engine: `engine.MalformedAction` becomes `Malformed` (its message is the
    detail for the log) and `engine.IllegalAction` becomes `Refused` with the same code and params."""
    try:
        yield
    except engine.MalformedAction as exc:
        raise Malformed(str(exc)) from exc
    except engine.IllegalAction as exc:
        raise Refused(exc.code, **exc.params) from exc
