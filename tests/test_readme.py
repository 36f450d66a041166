"""The README is a user's guide a family reads through: at most 180 lines, the two commands first (the
benchmark log lives in docs/performance-history.md, the code's map in docs/architecture.md)."""
from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_is_short_and_starts_with_the_two_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 180, f"README.md has {len(lines)} lines; move detail to docs/"
    sections = [line for line in lines if line.startswith("## ")]
    assert sections[0] == "## Two commands"
    body = lines[lines.index("## Two commands") + 1:]
    assert body[1].startswith("scripts/run ") and body[2].startswith("scripts/test ")
