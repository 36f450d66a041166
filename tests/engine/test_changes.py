"""A host changing the settings in the lobby (engine.change_settings, RULES.md §4): the settings not named
follow a new ruleset or mode; those named are checked as given."""
from __future__ import annotations

import pytest

from server import engine
from server.engine import IllegalAction, MalformedAction, Settings, change_settings
from tests.engine.helpers import BOARDS


def change(current: Settings, **patch: object) -> Settings:
    return change_settings(current, patch, BOARDS.__getitem__)


def test_switching_to_dixit_follows_with_what_dixit_has():
    pairs = Settings(mode="pairs", short_game=34, restriction="question")
    dixit = change(pairs, ruleset="dixit")
    assert dixit == Settings(ruleset="dixit", mode="standard", short_game=None, restriction=None,
                             special_cells=False)
    # and back: special cells on again; the short game stays off
    assert change(dixit, ruleset="imaginarium") == Settings(special_cells=True)


def test_a_short_game_at_the_old_default_cell_moves_to_the_new_default():
    assert change(Settings(short_game=34), ruleset="imaginarium-classic").short_game == 39
    assert change(Settings(short_game=20), ruleset="imaginarium-classic").short_game == 20
    assert change(Settings(ruleset="imaginarium-classic", restriction="brand"), ruleset="imaginarium").restriction \
        is None


def test_a_mode_without_a_short_game_turns_it_off_unless_named():
    assert change(Settings(short_game=34), mode="duel").short_game is None
    with pytest.raises(IllegalAction) as refused:
        change(Settings(), mode="duel", short_game=34)
    assert refused.value.params["reason"] == "no_short_game_in_mode"


def test_what_the_host_names_is_checked_as_given():
    with pytest.raises(IllegalAction) as refused:
        change(Settings(), ruleset="dixit", special_cells=True)
    assert refused.value.params["reason"] == "no_special_cells"
    with pytest.raises(IllegalAction) as refused:
        change(Settings(), short_game=500)
    board = BOARDS["imaginarium"]
    assert refused.value.params["reason"] == "short_game_off_board"
    assert (refused.value.params["min"], refused.value.params["max"]) == \
        (board.first_number + 1, board.first_number + board.length - 1)
    with pytest.raises(MalformedAction):
        change(Settings(), ruleset=7)
    with pytest.raises(IllegalAction):
        change(Settings(), ruleset="chess")


def test_the_follow_leaves_the_current_settings_alone():
    current = Settings(mode="pairs")
    assert engine.follow(current, {"ruleset": "dixit"})["mode"] == "standard"
    assert current.mode == "pairs"
