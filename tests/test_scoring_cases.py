"""Every scoring case (RULES.md §5 format) through the public `score_round`.

Runs tests/data/scoring_cases.json, or the file named by the environment variable SCORING_CASES. A case
may list `removed` seats (docs/RULES.md §5 extension, Decision D11): they score nothing.
"""
import json
import os
from pathlib import Path

import pytest

from server.engine import score_round

CASES_FILE = Path(os.environ.get("SCORING_CASES") or Path(__file__).parent / "data" / "scoring_cases.json")
CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))


def test_case_file_is_not_empty():
    assert CASES, f"{CASES_FILE} holds no cases"


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_scoring_case(case):
    points = score_round(case["ruleset"], case["mode"], case["storyteller"], case["table"],
                         case["votes"], case.get("positions") or {}, removed=case.get("removed") or ())
    assert points == case["expected"], case.get("source")
