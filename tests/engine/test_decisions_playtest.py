"""Scenario tests for the decisions added after play-testing, RULES.md §4a D8-D12."""
from collections import Counter

import pytest

from server.engine import Board, Settings, apply, new_game, public_view
from server.engine.autoplay import random_action
from tests.engine.helpers import (
    BOARDS,
    craft,
    deck,
    duel_round,
    game,
    number_of,
    other_than,
    play_all,
    seats,
    tell,
    vote,
)
from tests.engine.invariants import check_state


def play_counting(state, seed=0, choose=None):
    """Play to the end (random legal actions, or `choose(state, rng)`); returns the final state, the
    storytellers' tell counts and every state met in `telling`."""
    rng, tellers, telling = seed, Counter(), []
    while state.phase != "game_over":
        if state.phase == "telling":
            telling.append(state)
        seat, action, rng = (choose or random_action)(state, rng)
        state = apply(state, seat, action)
        if action["type"] == "tell":  # accepted: the teller is the storyteller now
            tellers[state.storyteller] += 1
    return state, tellers, telling


def everyone_finds(state, rng):
    """Every voter votes for the storyteller's card (Dixit: nobody reaches 30 quickly); else random."""
    if state.phase == "voting":
        voter = next(v for v in state.seats if v not in state.removed and v != state.storyteller
                     and v not in state.votes)
        return voter, {"type": "vote", "card": number_of(state, state.storyteller)}, rng
    return random_action(state, rng)


# -- D8: equal turns when the cards run out -----------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["imaginarium", "imaginarium-classic"])
def test_d8_trio_with_reshuffled_bot_cards_gives_everyone_five_turns(ruleset):
    for seed in range(4):
        s = game(3, seed=seed, mode="trio", ruleset=ruleset, when_deck_empty="reshuffle")
        final, tellers, _ = play_counting(s, seed)
        assert final.round == 15 and sorted(tellers.values()) == [5, 5, 5], (seed, tellers)
        assert final.end_reason == "equal_turns" and [len(h) for h in final.hands.values()] == [2, 2, 2]


@pytest.mark.parametrize("n, cards", [(4, 30), (5, 40), (6, 50), (4, 99), (7, 60)])
def test_d8_custom_deck_sizes_end_after_a_full_cycle_of_storytellers(n, cards):
    for seed in range(3):
        final, tellers, _ = play_counting(game(n, seed=seed, cards=cards), seed)
        assert sorted(tellers) == seats(n) and len(set(tellers.values())) == 1, tellers
        assert final.round % n == 0 and final.end_reason in ("hands_empty", "equal_turns")


def test_d8_booklet_decks_change_nothing():
    for n, rounds in ((4, 24), (5, 15), (6, 12), (7, 14)):
        final, tellers, _ = play_counting(game(n, seed=n), n)
        assert final.round == rounds and set(tellers.values()) == {rounds // n}
        assert all(not h for h in final.hands.values())  # every card was played


@pytest.mark.parametrize("n, rounds, unused", [(4, 15, 0), (5, 10, 4), (6, 8, 0)])
def test_d8_dixit_ends_after_the_refill_that_leaves_fewer_cards_than_players(n, rounds, unused):
    final, _, _ = play_counting(game(n, seed=1, ruleset="dixit"), 1, everyone_finds)
    assert max(final.elephants.values()) < 30
    assert final.round == rounds and final.end_reason == "deck_empty"
    assert len(final.deck) == unused and all(len(h) == 6 for h in final.hands.values())


# -- D9: the duel finishes at distance 20 on every board ------------------------------------------------

@pytest.mark.parametrize("board", [BOARDS["imaginarium"], BOARDS["imaginarium-classic"],
                                   Board(length=30, first_number=5, id="odd")], ids=lambda b: b.id)
def test_d9_duel_finishes_at_distance_20_on_every_board(board):
    start = new_game(Settings(mode="duel", first_storyteller="host"), seats(2), deck(98), board, 3,
                     storyteller="s1")
    s = duel_round(craft(start, elephants={"elephant": 17, "mammoth": 0}), 2)
    assert s.elephants["elephant"] == 19 and s.phase == "scored"  # cloud 20 on the classic board: not yet
    s = duel_round(craft(start, elephants={"elephant": 18, "mammoth": 0}), 2)
    assert s.elephants["elephant"] == 20 and s.end_reason == "finish" and s.winners == ["elephant"]
    s = duel_round(craft(start, elephants={"elephant": 0, "mammoth": 17}), 0)
    assert s.elephants["mammoth"] == 20 and public_view(s)["duel_outcome"] == "loss"


# -- D10: refill only when every drawing seat gets a card ---------------------------------------------

@pytest.mark.parametrize("ruleset, n, cards", [("imaginarium", 4, 30), ("imaginarium", 5, 37),
                                               ("imaginarium-classic", 6, 45), ("dixit", 3, 22),
                                               ("dixit", 5, 37)])
def test_d10_hands_shrink_together(ruleset, n, cards):
    for seed in range(3):
        s = game(n, seed=seed, cards=cards, ruleset=ruleset)
        final, _, telling = play_counting(s, seed)
        for state in [*telling, final]:
            assert len({len(h) for h in state.hands.values()}) == 1, [len(h) for h in state.hands.values()]
        check_state(final, set(deck(cards)))


def test_d10_the_remaining_cards_stay_in_the_deck():
    s = game(4, seed=2, cards=30, first_storyteller="host")  # 24 dealt, 6 left
    s = play_all(tell(s))
    s = vote(vote(vote(s, "s2", "s1"), "s3", "s1"), "s4", "s2")
    assert len(s.deck) == 2 and all(len(h) == 6 for h in s.hands.values())
    s = apply(s, None, {"type": "next_round"})
    s = play_all(tell(s))
    s = vote(vote(vote(s, "s1", "s2"), "s3", "s2"), "s4", "s1")
    assert len(s.deck) == 2 and all(len(h) == 5 for h in s.hands.values())


# -- D11: no score without a seat ----------------------------------------------------------------------

def remove(s, seat):
    return apply(s, None, {"type": "remove_player", "seat": seat})


@pytest.mark.parametrize("found", ["all", "none"])
def test_d11_dixit_flat_two_goes_to_active_voters_only(found):
    s = remove(game(5, seed=4, ruleset="dixit", first_storyteller="host"), "s5")
    s = play_all(tell(s))
    for seat in ("s2", "s3", "s4"):
        s = vote(s, seat, "s1") if found == "all" else apply(
            s, seat, {"type": "vote", "card": other_than(s, seat, "s1", "s5")})
    assert s.result["outcome"] == found
    assert s.result["points"]["s5"] == 0 and s.elephants["s5"] == 0 and s.result["breakdown"]["s5"] == []
    assert all(s.result["points"][v] >= 2 for v in ("s2", "s3", "s4"))


def test_d11_a_seat_removed_before_round_one_never_scores_in_a_whole_game():
    for ruleset in ("dixit", "imaginarium", "imaginarium-classic"):
        for seed in range(3):
            s = remove(game(5, seed=seed, ruleset=ruleset), "s3")
            final, _, _ = play_counting(s, seed)
            assert final.elephants["s3"] == 0 and "s3" not in final.winners, (ruleset, seed)


def test_d11_votes_on_a_removed_seats_card_score_nobody():
    s = play_all(tell(craft(game(5, seed=7, first_storyteller="host"),
                            elephants={"s1": 0, "s2": 0, "s3": 9, "s4": 0, "s5": 0})))
    s = remove(s, "s3")
    s = vote(vote(s, "s2", "s3"), "s4", "s1")
    s = vote(s, "s5", "s1")
    assert s.result["outcome"] == "some"
    assert s.result["points"]["s3"] == 0 and s.elephants["s3"] == 9  # keeps the distance it had
    assert s.result["points"]["s2"] == 0 and s.result["points"]["s1"] == 5


@pytest.mark.parametrize("ruleset, votes_for_teller", [("imaginarium", 2), ("dixit", 2),
                                                     ("imaginarium-classic", 3)])
def test_d11_a_storyteller_removed_after_the_reveal_scores_nothing(ruleset, votes_for_teller):
    # An active storyteller would get 5, 3 and -3 here.
    s = craft(game(4, seed=7, ruleset=ruleset, first_storyteller="host"),
              elephants={"s1": 5, "s2": 0, "s3": 0, "s4": 0})
    s = remove(play_all(tell(s)), "s1")
    for i, seat in enumerate(("s2", "s3", "s4")):
        s = vote(s, seat, "s1") if i < votes_for_teller else apply(
            s, seat, {"type": "vote", "card": other_than(s, seat, "s1")})
    assert s.result["points"]["s1"] == 0 and s.elephants["s1"] == 5


def test_d11_pairs_and_trio_removed_seats_never_score():
    s = remove(game(4, seed=3, mode="pairs", first_storyteller="host"), "s4")
    final, _, _ = play_counting(s, 3)
    assert final.elephants["s4"] == 0
    s = play_all(tell(game(3, seed=6, mode="trio", first_storyteller="host")))
    s = remove(s, "s3")
    s = vote(s, "s2", "s3")
    assert s.result["points"]["s3"] == 0 and s.result["points"]["s1"] == 0


# -- D12: the Dixit track shows scores past 30 on the last cell ------------------------------------------

def test_d12_dixit_scores_past_30_stay_on_the_last_cell():
    s = craft(game(4, seed=2, ruleset="dixit"), elephants={"s1": 32, "s2": 30, "s3": 29, "s4": 0})
    view = {e["id"]: e for e in public_view(s)["elephants"]}
    assert (view["s1"]["cell"], view["s1"]["lap"], view["s1"]["distance"]) == (30, 0, 32)
    assert (view["s2"]["cell"], view["s2"]["lap"]) == (30, 0)
    assert (view["s3"]["cell"], view["s3"]["lap"]) == (29, 0)
    s = craft(game(4, seed=2), elephants={"s1": 42, "s2": 0, "s3": 0, "s4": 0})
    e = public_view(s)["elephants"][0]
    assert (e["cell"], e["lap"]) == (2, 1)  # Imaginarium keeps its laps (RULES.md §1.2)
