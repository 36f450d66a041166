"""Refusals: every refused action raises one of these and leaves the state unchanged.

python-chess keeps *malformed* (bad syntax) apart from *illegal* (against the rules); so do we.
"""
from __future__ import annotations


class EngineError(Exception):
    """Base of every engine refusal; `code` is stable and machine-readable."""

    code = "engine_error"


class MalformedAction(EngineError, ValueError):
    """The action is not well formed: not a dict, unknown `type`, a missing or ill-typed field.

    `code` is always ``"malformed"``; `message` says what is wrong (for the log, not for people).
    """

    code = "malformed"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(EngineError):
    """The action is well formed but against the rules (RULES.md), e.g. a vote for one's own card.

    :param code: stable machine code (`own_card`, `not_your_turn`, `wrong_phase`, ... see
        docs/architecture.md) that the room turns into a sentence in the phone's language.
    :param message: an English explanation for logs and tests.
    :param params: details for the sentence (e.g. ``needed=24`` for `deck_too_small`).
    """

    def __init__(self, code: str, message: str = "", **params: object) -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message or code
        self.params = params
