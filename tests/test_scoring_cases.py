"""Every scoring case (RULES.md §5 format) through the public `score_round`.

Runs tests/data/scoring_cases.json, or the file named by the environment variable SCORING_CASES. A case
may list `removed` seats (docs/RULES.md §5 extension, Decision D11): they score nothing.
"""
import pytest

from tests.helpers.scoring_cases import cases_file, check_case, load_cases

CASES_FILE = cases_file()
CASES = load_cases(CASES_FILE)


def test_case_file_is_not_empty():
    assert CASES, f"{CASES_FILE} holds no cases"


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_scoring_case(case):
    check_case(case)
