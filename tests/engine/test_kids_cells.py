"""RULES.md §3 and §2.5: a special cell sets the condition of the storyteller whose elephant stands on it, and
in the kids' game the adult has an elephant only against one child. So with two or more children no cell ever
sets a condition; the views say so (`board.storyteller_on_board`), and the pages show cells and legend only then."""
from __future__ import annotations

import pytest

from server.engine import Settings, public_view, special_cells_apply
from server.engine.turn_flow import turn_conditions
from tests.engine.helpers import BOARDS, craft, game


def _special_distance(ruleset: str) -> tuple[int, str]:
    board = BOARDS[ruleset]
    return next((d, c) for d in range(board.length) if (c := board.condition_at(d)))


@pytest.mark.parametrize("ruleset", ["imaginarium", "imaginarium-classic"])
@pytest.mark.parametrize("children", [1, 2, 3, 7])
def test_a_special_cell_sets_the_adults_condition_only_against_one_child(ruleset, children):
    s = game(children + 1, seed=3, mode="kids", ruleset=ruleset)
    distance, condition = _special_distance(ruleset)
    s = craft(s, elephants=dict.fromkeys(s.elephants, distance))   # every elephant on the special cell
    one = children == 1
    assert ("s1" in s.elephants) is one   # the adult's elephant (s1 is the adult)
    assert turn_conditions(s, "s1") == ([condition] if one else [])
    assert special_cells_apply(s.settings, len(s.seats)) is one
    assert public_view(s)["board"]["storyteller_on_board"] is one
    # a permanent restriction (§4) is every round's, whatever the head count
    s = craft(s, settings=Settings(mode="kids", ruleset=ruleset, restriction="story"))
    assert turn_conditions(s, "s1") == ([condition, "story"] if one and condition != "story" else ["story"])


def test_special_cells_off_or_on_in_the_other_modes():
    assert special_cells_apply(Settings(), 4) and special_cells_apply(Settings(mode="duel"), 2)
    assert not special_cells_apply(Settings(special_cells=False), 4)
    assert not special_cells_apply(Settings(mode="kids", special_cells=False), 2)
    assert public_view(game(4))["board"]["storyteller_on_board"] is True
