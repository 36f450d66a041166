"""Rooms stored on disk before the typed engine still load: tests/data/stored_states.json holds
`to_json` texts written by the engine of commit 2d63747 (standard with a removed seat, classic duel,
Dixit, kids, trio, a finished pairs game). Each loads, writes back the very same text, and plays on to
the end with every invariant holding."""
import json
from pathlib import Path

import pytest

from server.engine import from_json, player_view, public_view, to_json
from tests.engine.helpers import play_out
from tests.engine.invariants import check_state

STORED = json.loads((Path(__file__).parents[1] / "data" / "stored_states.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("text", STORED, ids=lambda t: "{ruleset}-{mode}".format(**json.loads(t)["settings"]))
def test_a_stored_state_loads_and_plays_on(text):
    state = from_json(text)
    assert to_json(state) == text
    public_view(state)
    for seat in state.seats:
        player_view(state, seat)
    cards = {c for pile in (state.deck, state.discard, state.set_aside, state.table, *state.hands.values(),
                            *state.played.values(), [state.mammoth] if state.mammoth else []) for c in pile}
    check_state(state, cards)
    if not state.is_game_over():
        final, _ = play_out(state, seed=3)
        assert final.winners and final.version > state.version
        check_state(final, cards)
