"""Scenario tests for RULES.md's decisions D1-D7, the board (§3) and the table settings (§4)."""
import itertools
import json

import pytest

from server.decks.boards import BoardError, default_board, load_board
from server.engine import IllegalAction, apply, check_association, count_words, deck_in_play, public_view
from tests.engine.helpers import BOARDS, craft, game, number_of, play_all, play_out, tell, vote

# -- D1: the last card ----------------------------------------------------------------------------

def test_d1_last_cards_are_played_without_choice():
    s = game(4, seed=3, cards=32)  # 24 dealt, two refills, then hands run down to one each (D8: 8 rounds)
    rng = 3
    from server.engine.autoplay import random_action
    while not s.last_card:
        seat, action, rng = random_action(s, rng)
        s = apply(s, seat, action)
    assert s.phase == "telling" and all(len(h) == 1 for h in s.hands.values())
    assert public_view(s)["last_card"] is True
    s = apply(s, s.storyteller, {"type": "tell", "card": s.hands[s.storyteller][0]})
    assert s.phase == "voting" and len(s.table) == 4  # nobody had to choose
    final, _ = play_out(s)
    assert final.end_reason == "hands_empty"


# -- D2: deck in play -----------------------------------------------------------------------------

@pytest.mark.parametrize("players, cards_per_round, expected", [(4, 4, 96), (5, 5, 75), (6, 6, 72),
                                                                (7, 7, 98), (3, 5, 75)])
def test_d2_deck_in_play_reproduces_the_booklet(players, cards_per_round, expected):
    assert deck_in_play(98, cards_per_round, players) == expected


def test_d2_small_custom_deck_plays_whole_and_removed_cards_are_random():
    assert deck_in_play(30, 4, 4) == 30  # 16 < 6 x 4 + 4
    assert deck_in_play(110, 6, 6) == 108
    a, b = game(6, seed=1), game(6, seed=2)
    assert len(a.set_aside) == 26 and set(a.set_aside) != set(b.set_aside)
    assert not game(4, ruleset="dixit").set_aside  # Dixit removes nothing


# -- D3t / D3d / D4 / D5: see test_modes.py (trio, duel, kids) --------------------------------------

# -- D6: the shipped boards -------------------------------------------------------------------------

def test_d6_shipped_boards():
    imag, classic, dixit = (default_board(r) for r in ("imaginarium", "imaginarium-classic", "dixit"))
    assert (imag.length, imag.first_number, imag.cell(0), imag.cell(39), imag.cell(41)) == (40, 0, 0, 39, 1)
    assert (classic.length, classic.first_number, classic.cell(0), classic.cell(38)) == (39, 1, 1, 39)
    assert classic.distance_to(39) == 38 and imag.distance_to(34) == 34
    assert dixit.special == () and dixit.cell(30) == 30
    for board in (imag, classic):
        assert board.length // 6 <= len(board.special) <= board.length // 4  # about one in five
        assert "our own layout" in board.note.lower()
        conditions = [c for _, c in board.special]
        assert all(a != b for a, b in itertools.pairwise(conditions))  # in rotation
    assert {c for _, c in classic.special} <= {"question", "four_words", "screen", "story", "brand"}
    assert imag.lap(80) == 2 and imag.condition_at(48) == "four_words"  # cell 8 on the third lap


@pytest.mark.parametrize("content, problem", [
    ("{", "not valid JSON"),
    (json.dumps({"length": 1}), "length"),
    (json.dumps({"length": 10, "special": {"12": "question"}}), "not on the board"),
    (json.dumps({"length": 10, "special": {"3": "karaoke"}}), "unknown condition"),
    (json.dumps({"title": "no length"}), "length"),
    (json.dumps([1, 2]), "object"),
])
def test_bad_board_files_are_refused_clearly(tmp_path, content, problem):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert problem in str(err.value) and "bad.json" in str(err.value)


def test_missing_board_file(tmp_path):
    with pytest.raises(BoardError):
        load_board(tmp_path / "nope.json")


# -- D7: Dixit's end ------------------------------------------------------------------------------

def test_d7_dixit_ends_when_someone_reaches_30():
    s = game(4, seed=2, ruleset="dixit", first_storyteller="host")
    s = craft(s, elephants={"s1": 27, "s2": 0, "s3": 0, "s4": 0})
    s = play_all(tell(s))
    s = vote(vote(s, "s2", "s1"), "s3", "s1")
    s = vote(s, "s4", "s2")
    assert s.elephants["s1"] == 30 and s.end_reason == "score_reached" and s.winners == ["s1"]


def test_d7_dixit_ends_after_the_refill_that_empties_the_deck_and_hands_refill_to_six():
    s = game(3, seed=2, ruleset="dixit", cards=21)  # 18 dealt, 3 left: one refill empties the deck
    s = play_all(tell(s))
    for seat in s.seats:
        if seat != s.storyteller:
            s = apply(s, seat, {"type": "vote", "card": number_of(s, s.storyteller)})
    assert all(len(h) == 6 for h in s.hands.values())
    assert s.phase == "game_over" and s.end_reason == "deck_empty"


# -- §3 special cells and typed associations ------------------------------------------------------

def test_storytellers_special_cell_is_decided_at_the_start_of_the_turn():
    s = game(4, seed=1, first_storyteller="host")
    s = craft(s, elephants={"s1": 0, "s2": 8, "s3": 3, "s4": 0}, phase="scored", storyteller="s1")
    s = apply(s, None, {"type": "next_round"})
    assert s.storyteller == "s2" and s.conditions == ["four_words"]
    assert public_view(s)["conditions"] == ["four_words"]
    with pytest.raises(IllegalAction) as err:
        apply(s, "s2", {"type": "tell", "card": s.hands["s2"][0], "association": "A quiet storm"})
    assert err.value.code == "association_not_four_words"
    ok = tell(s, "Город уснул после карнавала")  # 001 counts it as four
    assert ok.association == "Город уснул после карнавала"
    assert tell(s).association is None  # spoken aloud: nothing to check


def test_special_cells_off_and_permanent_restriction():
    s = game(4, seed=1, first_storyteller="host", special_cells=False, restriction="question")
    s = craft(s, elephants={"s1": 0, "s2": 8, "s3": 0, "s4": 0}, phase="scored", storyteller="s1")
    s = apply(s, None, {"type": "next_round"})
    assert s.conditions == ["question"]
    with pytest.raises(IllegalAction) as err:
        tell(s, "It is raining")
    assert err.value.code == "association_not_question"
    assert tell(s, "Who is there?»").association == "Who is there?»"


def test_association_checks():
    assert count_words("Северо-запад зовёт нас домой") == 4  # hyphenated: one word
    assert count_words("Город — уснул после карнавала") == 4  # a lone dash is no word
    assert check_association("Why not", ["question", "four_words"]) == ["question", "four_words"]
    assert check_association("Is it four words?", ["question", "four_words", "person"]) == []
    s = tell(game(4, seed=1, first_storyteller="host"), "x" * 200)
    assert len(s.association) == 200
    with pytest.raises(IllegalAction) as err:
        tell(game(4, seed=1, first_storyteller="host"), "x" * 201)
    assert err.value.code == "association_too_long"


def test_dispute_holds_the_reveal_until_the_storyteller_restates():
    # a dispute needs a condition on the association: here the permanent restriction
    s = tell(game(4, seed=1, first_storyteller="host", restriction="person"), "Storm")
    s = apply(s, "s3", {"type": "dispute"})
    with pytest.raises(IllegalAction) as err:
        apply(s, "s2", {"type": "dispute"})
    assert err.value.code == "not_allowed"
    s = play_all(s)
    assert s.phase == "playing" and public_view(s)["waiting_for"] == ["s1"]
    with pytest.raises(IllegalAction) as err:
        apply(s, "s2", {"type": "restate", "association": "Calm"})
    assert err.value.code == "not_storyteller"
    s = apply(s, "s1", {"type": "restate", "association": "A quiet storm"})
    assert s.phase == "voting" and s.association == "A quiet storm" and not s.disputed
    with pytest.raises(IllegalAction) as err:
        apply(s, "s2", {"type": "dispute"})
    assert err.value.code == "wrong_phase"


# -- §4 table settings ----------------------------------------------------------------------------

def test_first_storyteller_claim():
    s = game(4, seed=1, first_storyteller="claim")
    assert s.storyteller is None and public_view(s)["waiting_for"] == ["s1", "s2", "s3", "s4"]
    s = tell(s, seat="s3")
    assert s.storyteller == "s3" and s.phase == "playing"


def test_first_storyteller_host_must_pick():
    with pytest.raises(IllegalAction) as err:
        from server.engine import Settings, new_game
        new_game(Settings(first_storyteller="host"), ["a", "b", "c", "d"], [f"c{i:03d}" for i in range(98)],
                 BOARDS["imaginarium"], 1)
    assert err.value.code == "no_such_seat"
    assert game(4, first_storyteller="host", storyteller="s3").storyteller == "s3"


@pytest.mark.parametrize("ruleset, cell, distance", [("imaginarium", 34, 34),
                                                     ("imaginarium-classic", 39, 38)])
def test_short_game_ends_at_the_printed_cell(ruleset, cell, distance):
    s = game(4, seed=1, ruleset=ruleset, short_game=cell, first_storyteller="host")
    s = craft(s, elephants={"s1": 0, "s2": distance - 3, "s3": distance - 4, "s4": 0})
    s = play_all(tell(s))
    s = vote(vote(vote(s, "s2", "s1"), "s3", "s1"), "s4", "s2")
    assert s.elephants["s2"] == distance + 1 and s.end_reason == "short_game" and s.winners == ["s2"]


def test_short_game_cell_must_be_on_the_board():
    with pytest.raises(IllegalAction) as err:
        game(4, short_game=40)
    assert err.value.code == "bad_settings"


def test_reshuffle_keeps_hands_full_until_the_host_ends():
    s = game(6, seed=5, reshuffle=True)
    assert not s.set_aside  # 004: all the cards, the discard reshuffled
    from server.engine.autoplay import random_action
    rng = 5
    while s.round <= 30:
        seat, action, rng = random_action(s, rng)
        s = apply(s, seat, action)
        assert s.phase != "game_over"
    assert all(len(h) == 6 for h in s.hands.values())
    s = apply(s, None, {"type": "end_game"})
    best = max(s.elephants.values())
    assert s.end_reason == "host" and s.winners == [e for e, d in s.elephants.items() if d == best]


def test_classic_storyteller_moves_back_but_never_behind_the_start():
    s = game(4, seed=1, ruleset="imaginarium-classic", first_storyteller="host")
    s = craft(s, elephants={"s1": 2, "s2": 0, "s3": 0, "s4": 0})
    s = play_all(tell(s))
    s = vote(vote(vote(s, "s2", "s1"), "s3", "s1"), "s4", "s1")
    assert s.result["points"]["s1"] == -2 and s.elephants["s1"] == 0
    assert s.result["outcome"] == "all"
