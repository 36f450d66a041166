"""Board files (`assets/boards/*.json`) loaded into `engine.Board` (RULES.md §3, Decision D6).

Outside the engine because it reads files. File shape:
``{"id", "title", "ruleset", "length", "first_number", "special": {"<printed cell>": "<condition>"}, "note"}``.
"""
from __future__ import annotations

import json
from pathlib import Path

from server.engine import Board

BOARDS_DIR = Path(__file__).resolve().parents[2] / "assets" / "boards"


class BoardError(ValueError):
    """A board file that cannot be used; the message names the file and the problem."""


def load_board(path: str | Path) -> Board:
    """Read one board file.

    :raises BoardError: missing or unreadable file, not JSON, or a bad field (length below 2, a
        special cell off the board, an unknown condition ...).
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BoardError(f"{path}: cannot read the board file ({exc.strerror or exc})") from None
    except ValueError as exc:
        raise BoardError(f"{path}: not valid JSON ({exc})") from None
    try:
        return Board.from_dict(data)
    except (TypeError, ValueError) as exc:
        raise BoardError(f"{path}: {exc}") from None


def default_board(ruleset: str, boards_dir: str | Path = BOARDS_DIR) -> Board:
    """The shipped board for a ruleset (`assets/boards/<ruleset>.json`).

    :raises BoardError: as `load_board`.
    """
    return load_board(Path(boards_dir) / f"{ruleset}.json")
