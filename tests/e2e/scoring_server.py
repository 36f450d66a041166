"""`python -m tests.e2e.scoring_server`: the server with imaginarium's storyteller scoring 4 (not 3) when some
but not all found the card, changed only in the engine's scoring table (server/engine/families.py), the
duel's finish at cell 24 (not 20, D9) and its table at 3 players (not 2), changed only on the duel mode, and a
trio of 4 players (not 3), changed only on the trio mode's seats, so a test sees the how-to-play explainer and
the lobby's mode help follow them (their numbers are not typed twice)."""
from dataclasses import replace

from server.cli import main
from server.engine import families
from server.engine.modes import MODES

families.STORY_POINTS["imaginarium"] = replace(families.STORY_POINTS["imaginarium"], teller_some=4)
MODES["duel"].finish = 24
MODES["duel"].seat_range = lambda rs: (3, 3)  # type: ignore[method-assign]
MODES["trio"].seat_range = lambda rs: (4, 4)  # type: ignore[method-assign]

if __name__ == "__main__":
    raise SystemExit(main())
