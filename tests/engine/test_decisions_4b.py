"""Scenario tests for RULES.md §4b: D13 (a voter who casts no vote abstains: a voter who did not find
the storyteller's card), D14 (a board's special cells use only its ruleset's conditions), D11 made
exact (an elephant with neither a card nor a vote scores nothing).
Every round here is played through the engine and the host's `skip` (the room's timer sends the same
action, tests/server/test_timer.py)."""
import json

import pytest

from server.decks.boards import BoardError, default_board, load_board
from server.engine import RULESETS, apply, score_round
from tests.engine.helpers import craft, game, other_than, play_all, tell, vote

SKIP = {"type": "skip"}


def voting(n=4, **settings):
    """A game with seats s1..sn at voting, s1 the storyteller."""
    return play_all(tell(game(n, seed=3, first_storyteller="host", **settings)))


def wrong(s, seat, *besides):
    """`seat` votes for a card that is neither theirs, the storyteller's nor one of `besides`'."""
    return apply(s, seat, {"type": "vote", "card": other_than(s, seat, s.storyteller, *besides)})


# -- D13: the §4b examples, every ruleset ----------------------------------------------------------

@pytest.mark.parametrize("ruleset, expected, outcome", [
    ("imaginarium", {"s1": 5, "s2": 3, "s3": 3, "s4": 0}, "some"),          # not 0/3/3/0
    ("imaginarium-classic", {"s1": 5, "s2": 3, "s3": 3, "s4": 0}, "some"),  # not a move back
    ("dixit", {"s1": 3, "s2": 3, "s3": 3, "s4": 0}, "some"),                # not 0/2/2/2
])
def test_d13_two_of_three_find_it_and_the_third_is_skipped(ruleset, expected, outcome):
    s = craft(voting(ruleset=ruleset), elephants={"s1": 6, "s2": 0, "s3": 0, "s4": 0})
    s = vote(vote(s, "s2", "s1"), "s3", "s1")
    s = apply(s, None, SKIP)
    assert s.phase == "scored"
    assert s.result["points"] == expected and s.result["outcome"] == outcome
    assert "s4" not in s.result["table"][s.result["target_card"] - 1]["votes"]


@pytest.mark.parametrize("ruleset, expected", [
    ("dixit", {"s1": 0, "s2": 2, "s3": 2, "s4": 2}),           # nobody found it (not 0/0/0/0)
    ("imaginarium", {"s1": 0, "s2": 0, "s3": 0, "s4": 0}),
    ("imaginarium-classic", {"s1": -1, "s2": 0, "s3": 0, "s4": 0}),  # back 2, never behind the start
])
def test_d13_every_voter_skipped_is_nobody_found(ruleset, expected):
    s = craft(voting(ruleset=ruleset), elephants={"s1": 1, "s2": 0, "s3": 0, "s4": 0})
    s = apply(s, None, SKIP)
    assert s.result["outcome"] == "none" and s.result["points"] == expected
    assert s.elephants["s1"] == 1 + expected["s1"]


def test_d13_dixit_every_voter_skipped_says_nobody_found():
    s = apply(voting(ruleset="dixit"), None, SKIP)
    assert s.result["breakdown"]["s2"] == [{"reason": "nobody_found", "points": 2}]


def test_d13_an_abstainer_earns_only_the_votes_on_their_own_card():
    s = vote(vote(voting(), "s2", "s4"), "s3", "s1")
    s = apply(s, None, SKIP)  # s4 abstains; s2 voted for s4's card
    assert s.result["outcome"] == "some"
    assert s.result["points"] == {"s1": 4, "s2": 0, "s3": 3, "s4": 1}


def test_d13_one_abstainer_makes_nobody_found_when_the_others_missed():
    s = wrong(wrong(voting(), "s2"), "s3")
    s = apply(s, None, SKIP)
    assert s.result["outcome"] == "none" and s.result["points"]["s1"] == 0


def test_d13_pairs_a_skipped_team_did_not_find_it():
    s = vote(vote(voting(5, mode="pairs"), "s2", "s1"), "s3", "s1")
    s = vote(s, "s4", "s1")
    s = apply(s, None, SKIP)  # team s5 abstains
    assert s.result["outcome"] == "some"
    assert s.result["points"] == {"s1": 6, "s2": 3, "s3": 3, "s4": 3, "s5": 0}


@pytest.mark.parametrize("ruleset", ["imaginarium", "imaginarium-classic"])
def test_d13_trio_one_human_voter_skipped(ruleset):
    s = apply(vote(voting(3, mode="trio", ruleset=ruleset), "s2", "s1"), None, SKIP)
    assert s.result["outcome"] == "some"
    assert s.result["points"] == {"s1": 4, "s2": 3, "s3": 0}


def test_d13_duel_a_skipped_player_did_not_find_the_mammoths_card():
    s = play_all(tell(game(2, seed=3, mode="duel", first_storyteller="host")))
    s = apply(vote(s, "s1", "mammoth"), None, SKIP)
    assert s.result["outcome"] == "some"
    assert s.result["points"] == {"elephant": 1, "mammoth": 1}


def test_d13_kids_one_child_whose_guess_was_never_entered():
    s = tell(game(2, seed=3, mode="kids"))
    s = apply(s, None, SKIP)
    assert s.phase == "voting" and s.result is None   # the adult still starts the reveal (§2.5)
    s = apply(s, "s1", {"type": "reveal"})
    assert s.result["outcome"] == "none" and s.result["points"] == {"s2": 0, "s1": 1}


def test_d13_kids_a_skipped_child_among_several():
    s = tell(game(3, seed=3, mode="kids"))
    s = apply(apply(vote(s, "s2", "s1"), None, SKIP), "s1", {"type": "reveal"})
    assert s.result["outcome"] == "some" and s.result["points"] == {"s2": 1, "s3": 0}


def test_d13_a_removed_seat_is_not_an_abstainer():
    # D11: a removed voter leaves V, so everyone still at the table finding the card is "all found".
    s = vote(vote(voting(), "s2", "s1"), "s3", "s1")
    s = apply(s, None, {"type": "remove_player", "seat": "s4"})
    assert s.result["outcome"] == "all" and s.result["points"] == {"s1": 0, "s2": 3, "s3": 3, "s4": 0}


# -- D13 and D11 made exact through the case format (score_round) -----------------------------------

@pytest.mark.parametrize("ruleset, expected", [
    ("imaginarium", {"A": 5, "B": 3, "C": 3, "D": 0}),
    ("imaginarium-classic", {"A": 5, "B": 3, "C": 3, "D": 0}),
    ("dixit", {"A": 3, "B": 3, "C": 3, "D": 0}),
])
def test_d13_case_format_a_card_on_the_table_without_a_vote_abstains(ruleset, expected):
    assert score_round(ruleset, "standard", "A", ["B", "A", "C", "D"], {"B": 2, "C": 2}) == expected


@pytest.mark.parametrize("votes, outcome", [({"B": 2, "C": 2, "D": 2}, "all"), ({"B": 3, "C": 1, "D": 1}, "none")])
def test_d11_exact_dixit_an_elephant_only_in_positions_scores_nothing(votes, outcome):
    points = score_round("dixit", "standard", "A", ["B", "A", "C", "D"], votes, {"E": 7})
    assert points["E"] == 0 and points["A"] == 0
    assert all(points[v] >= 2 for v in ("B", "C", "D"))


@pytest.mark.parametrize("ruleset", ["imaginarium", "imaginarium-classic", "dixit"])
@pytest.mark.parametrize("mode", ["standard", "pairs", "trio"])
def test_d11_exact_in_every_ruleset_and_mode(ruleset, mode):
    if ruleset == "dixit" and mode != "standard":
        pytest.skip("Dixit has the standard table only")
    table = ["A", "bot", "B", "bot", "C"] if mode == "trio" else ["A", "B", "C"]
    for votes in ({"B": 1, "C": 1}, {"B": 5 if mode == "trio" else 3, "C": 3}, {"B": 1, "C": 3}):
        points = score_round(ruleset, mode, "A", table, votes, {"A": 4, "Z": 9})
        assert points["Z"] == 0, votes


# -- D14: board cells follow the ruleset ------------------------------------------------------------

@pytest.mark.parametrize("ruleset, condition", [("imaginarium-classic", "person"), ("imaginarium", "brand"),
                                                ("dixit", "question")])
def test_d14_a_board_file_with_a_condition_its_ruleset_lacks_is_refused(tmp_path, ruleset, condition):
    path = tmp_path / f"{ruleset}.json"
    path.write_text(json.dumps({"id": ruleset, "ruleset": ruleset, "length": 40, "first_number": 1,
                                "special": {"7": condition} if ruleset == "dixit" else {"5": "story", "7": condition}}))
    with pytest.raises(BoardError) as err:
        load_board(path)
    message = str(err.value)
    assert str(path) in message and "cell 7" in message and repr(condition) in message and ruleset in message
    assert message.count(". ") == 0 and message.count("\n") == 0   # one sentence
    with pytest.raises(BoardError):   # the room's way in: the ruleset's board in a boards folder
        default_board(ruleset, tmp_path)


def test_d14_a_board_without_a_ruleset_is_checked_against_the_one_it_is_played_with(tmp_path):
    (tmp_path / "dixit.json").write_text(json.dumps({"length": 31, "special": {"3": "story"}}))
    with pytest.raises(BoardError) as err:
        default_board("dixit", tmp_path)
    assert "cell 3" in str(err.value) and "'story'" in str(err.value)
    assert load_board(tmp_path / "dixit.json").special == ((3, "story"),)   # no ruleset named: no check


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_d14_every_shipped_board_uses_only_its_rulesets_conditions(ruleset):
    board = default_board(ruleset)
    assert {c for _, c in board.special} <= set(RULESETS[ruleset].conditions)
