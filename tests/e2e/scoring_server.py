"""`python -m tests.e2e.scoring_server`: the server with imaginarium's storyteller scoring 4 (not 3) when some
but not all found the card, changed only in the engine's scoring table (server/engine/families.py), so a test
sees the how-to-play explainer follow it (issue 13 item 6: its numbers are not typed twice)."""
from dataclasses import replace

from server.cli import main
from server.engine import families

families.STORY_POINTS["imaginarium"] = replace(families.STORY_POINTS["imaginarium"], teller_some=4)

if __name__ == "__main__":
    raise SystemExit(main())
