"""`python -m tests.e2e.registered_server`: the server with a ruleset and a mode registered only here,
in the engine's registries, before it starts (the pages build the lobby from the catalogue, so
these appear with no change to web/)."""
from dataclasses import replace

from server.cli import main
from server.engine import modes
from server.engine.rulesets import RULESETS, Ruleset

RULESETS["test-ruleset"] = replace(RULESETS["imaginarium"], id="test-ruleset")


class ExtraMode(modes.Mode):
    """A standard table for 3-9 seats, in imaginarium and the test ruleset."""

    id = "test-mode"
    rulesets = ("imaginarium", "test-ruleset")

    def seat_range(self, rs: Ruleset) -> tuple[int, int]:
        return (3, 9)


modes.MODES["test-mode"] = ExtraMode()

if __name__ == "__main__":
    raise SystemExit(main())
