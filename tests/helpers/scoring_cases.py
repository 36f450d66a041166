"""Scoring cases (RULES.md §5 format): which file holds them and how one is checked against the engine's
public `score_round`. tests/test_scoring_cases.py runs every case; tests/engine/test_scoring_file.py checks
that another file can be run instead."""
from __future__ import annotations

import json
import os
from pathlib import Path

from server.engine import score_round

SHIPPED = Path(__file__).resolve().parents[1] / "data" / "scoring_cases.json"


def cases_file() -> Path:
    """The file named by the environment variable SCORING_CASES, else the shipped tests/data file."""
    return Path(os.environ.get("SCORING_CASES") or SHIPPED)


def load_cases(path: Path) -> list[dict]:
    """The cases in `path` (a JSON list, UTF-8)."""
    return json.loads(path.read_text(encoding="utf-8"))


def check_case(case: dict) -> None:
    """Scores `case` and fails (AssertionError naming its source) unless the points are its `expected`.
    A case may list `removed` seats (RULES.md §5 extension, decision D11): they score nothing."""
    points = score_round(case["ruleset"], case["mode"], case["storyteller"], case["table"],
                         case["votes"], case.get("positions") or {}, removed=case.get("removed") or ())
    assert points == case["expected"], case.get("source")
