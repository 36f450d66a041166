"""tests/test_scoring_cases.py runs the file named by SCORING_CASES instead of the shipped one (both go
through tests/helpers/scoring_cases.py)."""
import json

import pytest

from tests.helpers.scoring_cases import cases_file, check_case, load_cases

CASE = {"id": "one", "source": "000", "ruleset": "imaginarium", "mode": "standard", "storyteller": "A",
        "table": ["A", "B", "C", "D"], "votes": {"B": 1, "C": 1, "D": 2}, "positions": {},
        "expected": {"A": 5, "B": 4, "C": 3, "D": 0}}


def test_another_case_file_is_run(tmp_path, monkeypatch):
    wrong = {**CASE, "id": "wrong", "expected": {**CASE["expected"], "A": 6}}
    path = tmp_path / "cases.json"
    path.write_text(json.dumps([CASE, wrong]))
    monkeypatch.setenv("SCORING_CASES", str(path))
    assert [CASE, wrong] == load_cases(cases_file())
    check_case(CASE)
    with pytest.raises(AssertionError):
        check_case(wrong)
