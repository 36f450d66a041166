"""Players leaving and coming back; the host's skip and end (docs/architecture.md)."""
import pytest

from server.engine import IllegalAction, apply, public_view
from tests.engine.helpers import craft, game, number_of, play_all, tell, vote
from tests.engine.invariants import check_state


def host_game(n=5, **kw):
    return game(n, seed=7, first_storyteller="host", **kw)


def remove(s, seat):
    return apply(s, None, {"type": "remove_player", "seat": seat})


def test_a_removed_players_card_stays_on_the_table_and_scores_nobody():
    s = play_all(tell(craft(host_game(), elephants={"s1": 0, "s2": 0, "s3": 9, "s4": 0, "s5": 0})))
    s = remove(s, "s3")
    assert s.elephants["s3"] == 9 and "s3" in s.owners
    assert public_view(s)["waiting_for"] == ["s2", "s4", "s5"]
    with pytest.raises(IllegalAction) as err:
        apply(s, "s3", {"type": "vote", "card": number_of(s, "s1")})
    assert err.value.code == "seat_removed"
    s = vote(vote(s, "s2", "s3"), "s4", "s1")
    s = vote(s, "s5", "s1")
    assert s.phase == "scored"
    assert s.result["points"]["s3"] == 0 and s.elephants["s3"] == 9  # D11 (it scored +1 before D11)


def test_counts_use_only_the_players_still_voting():
    s = play_all(tell(host_game()))
    s = vote(s, "s2", "s3")  # wrong guess, then s2 leaves
    s = remove(s, "s2")
    assert "s2" not in s.votes
    s = vote(vote(s, "s3", "s1"), "s4", "s1")
    s = vote(s, "s5", "s1")
    assert s.result["outcome"] == "all"  # everyone still voting guessed
    assert s.result["points"]["s1"] == 0 and s.result["points"]["s3"] == 3


def test_storyteller_leaving_before_the_reveal_cancels_the_round():
    s = tell(host_game())
    s = apply(s, "s2", {"type": "play_card", "card": s.hands["s2"][0]})
    s = remove(s, "s1")
    assert s.phase == "telling" and s.storyteller == "s2" and s.round == 1
    assert all(len(h) == 6 for h in s.hands.values())  # every card went back
    assert s.played == {} and s.table == []


def test_storyteller_leaving_after_the_reveal_keeps_the_round():
    s = play_all(tell(host_game()))
    s = remove(s, "s1")
    assert s.phase == "voting" and "s1" in s.owners


def test_rotation_skips_removed_players_and_return_brings_them_back():
    s = host_game()
    s = remove(s, "s2")
    s = play_all(tell(s))
    for seat in ("s3", "s4", "s5"):
        s = vote(s, seat, "s1")
    s = apply(s, None, {"type": "next_round"})
    assert s.storyteller == "s3"  # s2 skipped
    s = apply(s, None, {"type": "return_player", "seat": "s2"})
    assert s.removed == [] and s.phase == "telling" and s.storyteller == "s3"
    s = play_all(tell(s))
    assert "s2" in s.owners  # plays again
    with pytest.raises(IllegalAction) as err:
        apply(s, None, {"type": "return_player", "seat": "s2"})
    assert err.value.code == "not_allowed"


def test_too_few_players_ends_the_game():
    s = tell(game(4, seed=2, ruleset="dixit", first_storyteller="host"))
    s = remove(s, "s2")
    s = remove(s, "s3")
    assert s.phase == "playing"
    s = remove(s, "s4")
    assert s.phase == "game_over" and s.end_reason == "too_few_players"
    assert all(len(h) == 6 for h in s.hands.values())


def test_removing_the_kids_adult_ends_the_game():
    s = game(3, seed=1, mode="kids")
    s = remove(s, "s1")
    assert s.end_reason == "too_few_players"


def test_remove_errors():
    s = host_game()
    with pytest.raises(IllegalAction) as err:
        remove(s, "s9")
    assert err.value.code == "no_such_seat"
    s = remove(s, "s3")
    with pytest.raises(IllegalAction) as err:
        remove(s, "s3")
    assert err.value.code == "seat_removed"
    with pytest.raises(IllegalAction) as err:
        apply(s, "s2", {"type": "remove_player", "seat": "s4"})
    assert err.value.code == "not_allowed"


def test_skip_passes_the_turn_plays_for_the_slow_and_lets_abstainers_be():
    s = host_game()
    s = apply(s, None, {"type": "skip"})
    assert s.storyteller == "s2" and s.phase == "telling"
    s = tell(s)
    s = apply(s, None, {"type": "skip"})
    assert s.phase == "voting" and len(s.table) == 5
    s = vote(s, "s3", "s2")
    s = apply(s, None, {"type": "skip"})
    # one voter found it, the skipped ones abstain: voters who did not find it (RULES.md D13)
    assert s.phase == "scored" and s.result["outcome"] == "some"
    with pytest.raises(IllegalAction) as err:
        apply(s, None, {"type": "skip"})
    assert err.value.code == "wrong_phase"


def test_a_player_returning_in_a_last_card_turn_keeps_every_card():
    # Found by the property tests: D1 must look at the hands when the storyteller tells.
    s = host_game(4)
    cards = set(all_cards(s))
    keep = {seat: s.hands[seat][:1] for seat in ("s1", "s2", "s3")}
    rest = [c for seat in keep for c in s.hands[seat][1:]]
    s = craft(s, hands={**keep, "s4": s.hands["s4"]}, deck=[], set_aside=s.set_aside + s.deck + rest,
              removed=["s4"], last_card=True)
    s = apply(s, None, {"type": "return_player", "seat": "s4"})
    assert s.last_card is False
    s = tell(s)
    assert s.phase == "playing" and len(s.hands["s4"]) == 6  # nothing auto-played, nothing lost
    s = play_all(s)
    assert s.phase == "voting" and len(s.table) == 4 and len(s.hands["s4"]) == 5
    check_state(s, cards)


def all_cards(s):
    return [c for pile in (s.deck, s.set_aside, *s.hands.values()) for c in pile]
