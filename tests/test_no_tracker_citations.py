"""Comments and docs in server/ and web/ say the reason itself, never a tracker number ("issue 13",
"issue #15"): the tracker is not in the repository, so a newcomer cannot open it. Cite what they can
open instead: `RULES.md §x` or a decision (D8-D14), docs/protocol.md's section, or the module that holds
the rule."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITATION = re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE)
TEXT_SUFFIXES = {".py", ".js", ".css", ".html", ".json", ".md", ".txt", ".toml"}


def citations(folder: Path) -> list[str]:
    """`path:line: text` for every tracker citation in the text files under `folder`."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.suffix not in TEXT_SUFFIXES or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if CITATION.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_pattern_catches_the_usual_forms() -> None:
    for text in ("(issue 13)", "issue 15 item 4", "Issue #9:", "issues 10"):
        assert CITATION.search(text), text
    for text in ("an issue with 3 cards", "tissue 4"):
        assert not CITATION.search(text), text


def test_server_and_web_cite_no_tracker_number() -> None:
    found = citations(ROOT / "server") + citations(ROOT / "web")
    assert found == [], "say the reason, or cite RULES.md / docs/:\n" + "\n".join(found)
