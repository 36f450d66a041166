"""tests/test_scoring_cases.py runs the file named by SCORING_CASES instead of the shipped one."""
import importlib.util
import json
from pathlib import Path

import pytest

RUNNER = Path(__file__).resolve().parents[1] / "test_scoring_cases.py"
CASE = {"id": "one", "source": "000", "ruleset": "imaginarium", "mode": "standard", "storyteller": "A",
        "table": ["A", "B", "C", "D"], "votes": {"B": 1, "C": 1, "D": 2}, "positions": {},
        "expected": {"A": 5, "B": 4, "C": 3, "D": 0}}


def test_another_case_file_is_run(tmp_path, monkeypatch):
    wrong = {**CASE, "id": "wrong", "expected": {**CASE["expected"], "A": 6}}
    path = tmp_path / "cases.json"
    path.write_text(json.dumps([CASE, wrong]))
    monkeypatch.setenv("SCORING_CASES", str(path))
    spec = importlib.util.spec_from_file_location("scoring_cases_from_env", RUNNER)
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    assert [CASE, wrong] == runner.CASES
    runner.test_scoring_case(CASE)
    with pytest.raises(AssertionError):
        runner.test_scoring_case(wrong)
