"""What a mode's hooks may read of a game: the `Position` protocol.

Why a protocol and not `GameState` itself: the state carries its rules objects (`GameState.mode`,
`GameState.ruleset`, the python-chess way of a board that knows its variant), so state.py imports this
package; were the hooks typed with `GameState`, the modes would import state.py back, an import cycle
(tests/test_layers.py forbids one even under ``TYPE_CHECKING``). A `GameState` satisfies `Position`
structurally (mypy checks every call), and the protocol says in one place the little a hook reads: the
seats, elephants, hands and piles, never the round's hidden cards or votes.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ..board import Board
from ..settings import Settings


class Position(Protocol):
    """The read-only fields of a `GameState` that mode hooks use (same names, types and meaning)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def board(self) -> Board: ...
    @property
    def seats(self) -> Sequence[str]: ...
    @property
    def removed(self) -> Sequence[str]: ...
    @property
    def adult(self) -> str | None: ...
    @property
    def elephants(self) -> Mapping[str, int]: ...
    @property
    def hands(self) -> Mapping[str, Sequence[str]]: ...
    @property
    def deck(self) -> Sequence[str]: ...
    @property
    def discard(self) -> Sequence[str]: ...
    @property
    def storyteller(self) -> str | None: ...
    @property
    def deck_ran_out(self) -> bool: ...

    def active_seats(self) -> list[str]:
        """Seats still playing, in seat (clockwise) order."""
        ...
