"""Board files (`assets/boards/*.json`) loaded into `engine.Board` (RULES.md §3, Decision D6).

Outside the engine because it reads files. File shape:
``{"id", "title", "ruleset", "length", "first_number", "special": {"<printed cell>": "<condition>"}, "note"}``.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

from server import shipped
from server.engine import Board, validate_board


class BoardError(ValueError):
    """A board file that cannot be used; the message names the file and the problem."""


def load_board(path: str | Path, ruleset: str | None = None) -> Board:
    """Read one board file, to be played with `ruleset` (default: the ruleset the file names).

    :raises BoardError: missing or unreadable file, not JSON, or a bad field (length below 2, a
        special cell off the board, an unknown condition, a condition the ruleset lacks (Decision
        D14) ...); the message is one sentence that names the file.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BoardError(f"{path}: cannot read the board file ({exc.strerror or exc})") from None
    except ValueError as exc:
        raise BoardError(f"{path}: not valid JSON ({exc})") from None
    try:
        return validate_board(Board.from_dict(data), ruleset)
    except (TypeError, ValueError) as exc:
        raise BoardError(f"{path}: {exc}") from None


def default_board(ruleset: str, boards_dir: str | Path | None = None) -> Board:
    """The shipped board for a ruleset (`<boards_dir>/<ruleset>.json`; default: the shipped
    `assets/boards/`, server/shipped.py), read from disk once per folder and ruleset.

    :raises BoardError: as `load_board`; shipped.MissingFiles for an installation without its assets.
    """
    folder = Path(boards_dir) if boards_dir is not None else shipped.folder("assets") / "boards"
    return _board_in(folder, ruleset)


@functools.lru_cache(maxsize=64)
def _board_in(folder: Path, ruleset: str) -> Board:
    """`load_board` of `<folder>/<ruleset>.json`, read once per folder and ruleset: every lobby view shows the
    board (its length, the game's rough length), and a board is an immutable value. A file that cannot be
    used is not remembered (lru_cache keeps no exception): it is read again next time."""
    return load_board(folder / f"{ruleset}.json", ruleset)
