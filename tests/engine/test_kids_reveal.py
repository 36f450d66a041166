"""RULES.md §2.5: "the adult's phone controls everything: choosing the card, starting each reveal, and
entering each child's guess". In the kids' game the last child's vote leaves the round in voting, waiting
for the adult's `reveal`; every other mode still scores at the last vote."""
from __future__ import annotations

import json

import pytest

from server.engine import IllegalAction, apply, from_json, player_view, public_view, to_json
from tests.engine.helpers import game, number_of, play_all, reveal, tell, vote


def kids(n=3, seed=5):
    return game(n, seed=seed, mode="kids")


def refused(state, seat, action):
    with pytest.raises(IllegalAction) as err:
        apply(state, seat, action)
    return err.value


def test_the_last_childs_vote_waits_for_the_adults_reveal():
    s = tell(kids())
    assert public_view(s)["waiting_for"] == ["s2", "s3"]
    assert public_view(s)["awaiting"] == {"vote": ["s2", "s3"]}
    s = vote(s, "s2", "s1")
    s = vote(s, "s3", "deck")  # the last child's vote: nothing turns over yet
    assert s.phase == "voting" and s.result is None and s.votes == {"s2": number_of(s, "s1"),
                                                                     "s3": number_of(s, "deck")}
    assert public_view(s)["waiting_for"] == ["s1"]  # the TV names the adult
    assert public_view(s)["awaiting"] == {"reveal": ["s1"]}  # and says it is for the reveal
    assert player_view(s, "s1")["me"]["can"] == ["reveal"]
    assert player_view(s, "s2")["me"]["can"] == []
    s = reveal(s)
    assert s.phase == "scored" and s.result["points"] == {"s2": 1, "s3": 0}
    assert public_view(s)["waiting_for"] == [] and public_view(s)["awaiting"] == {}


def test_the_wait_for_the_reveal_survives_a_stored_round_trip():
    s = vote(vote(tell(kids()), "s2", "s1"), "s3", "s1")
    s = from_json(to_json(s))
    assert s.phase == "voting" and public_view(s)["waiting_for"] == ["s1"]
    assert reveal(s).phase == "scored"


def test_the_adult_may_enter_the_last_guess_and_still_waits_to_reveal():
    s = tell(kids(2))
    s = apply(s, "s1", {"type": "vote", "card": number_of(s, "deck"), "for": "s2"})
    assert s.phase == "voting" and player_view(s, "s1")["me"]["can"] == ["reveal"]
    assert reveal(s).result["points"] == {"s2": 0, "s1": 1}


def test_reveal_before_every_child_voted_is_refused_and_changes_nothing():
    s = tell(kids(4))
    assert refused(s, "s1", {"type": "reveal"}).code == "votes_missing"
    s = vote(s, "s2", "s1")
    err = refused(s, "s1", {"type": "reveal"})
    assert err.code == "votes_missing" and err.params == {"count": 2}
    assert s.phase == "voting" and list(s.votes) == ["s2"]


def test_only_the_adult_reveals():
    s = vote(vote(tell(kids()), "s2", "s1"), "s3", "s1")
    assert refused(s, "s2", {"type": "reveal"}).code == "not_adult"
    assert refused(s, None, {"type": "reveal"}).code == "not_allowed"  # the table has no reveal either
    assert refused(s, "s9", {"type": "reveal"}).code == "no_such_seat"


def test_a_guess_once_in_stays_until_the_reveal():
    s = vote(vote(tell(kids()), "s2", "s1"), "s3", "s1")
    again = {"type": "vote", "card": number_of(s, "deck"), "for": "s2"}
    assert refused(s, "s1", again).code == "already_voted"
    assert refused(s, "s2", {"type": "vote", "card": number_of(s, "deck")}).code == "already_voted"


def test_reveal_outside_voting_is_the_wrong_phase():
    s = kids()
    assert refused(s, "s1", {"type": "reveal"}).code == "wrong_phase"
    s = reveal(vote(vote(tell(s), "s2", "s1"), "s3", "s1"))
    assert refused(s, "s1", {"type": "reveal"}).code == "wrong_phase"


def test_other_modes_score_at_the_last_vote_and_have_no_reveal():
    s = play_all(tell(game(4, seed=2)))
    assert refused(s, s.storyteller, {"type": "reveal"}).code == "not_allowed"
    assert list(public_view(s)["awaiting"]) == ["vote"]
    for seat in s.mode.voters(s):
        s = apply(s, seat, {"type": "vote", "card": next(i + 1 for i, o in enumerate(s.owners) if o != seat)})
    assert s.phase == "scored"


def test_removing_the_last_child_yet_to_vote_waits_for_the_reveal():
    s = vote(tell(kids(4)), "s2", "s1")
    s = vote(s, "s3", "s1")
    s = apply(s, None, {"type": "remove_player", "seat": "s4"})
    assert s.phase == "voting" and public_view(s)["waiting_for"] == ["s1"]
    assert public_view(s)["awaiting"] == {"reveal": ["s1"]}
    assert reveal(s).result["points"] == {"s2": 1, "s3": 1, "s4": 0}


SKIP = {"type": "skip"}


def test_the_hosts_skip_never_turns_the_cards_for_the_adult():
    # every guess is in: the phase waits only on the adult's reveal (§2.5), which is not the host's to skip
    s = vote(vote(tell(kids()), "s2", "s1"), "s3", "s1")
    before = to_json(s)
    err = refused(s, None, SKIP)
    assert err.code == "reveal_awaited" and "adult" in err.message
    assert to_json(s) == before and s.result is None
    assert reveal(s).phase == "scored"


def test_the_hosts_skip_of_missing_guesses_waits_for_the_adults_reveal():
    # D13: a child whose guess the adult never entered abstains; the adult still starts the reveal (§2.5)
    s = vote(tell(kids(4)), "s2", "s1")
    s = apply(s, None, SKIP)
    assert s.phase == "voting" and s.result is None and s.votes == {"s2": number_of(s, "s1")}
    assert s.votes_missing() == [] and list(s.abstained) == ["s3", "s4"]
    assert public_view(s)["awaiting"] == {"reveal": ["s1"]} and public_view(s)["waiting_for"] == ["s1"]
    assert player_view(s, "s1")["me"]["can"] == ["reveal"]
    assert player_view(s, "s3")["me"]["can"] == []
    assert refused(s, "s3", {"type": "vote", "card": number_of(s, "s1")}).code == "not_your_turn"
    assert refused(s, "s1", {"type": "vote", "card": number_of(s, "s1"), "for": "s4"}).code == "not_your_turn"
    assert refused(s, None, SKIP).code == "reveal_awaited"
    s = reveal(s)
    assert s.phase == "scored" and s.result["outcome"] == "some"
    assert s.result["points"] == {"s2": 1, "s3": 0, "s4": 0}
    assert list(s.abstained) == []


def test_a_skipped_guess_is_kept_through_a_stored_round_trip_and_ends_with_the_round():
    s = apply(tell(kids()), None, SKIP)
    s = from_json(to_json(s))
    assert list(s.abstained) == ["s2", "s3"] and public_view(s)["awaiting"] == {"reveal": ["s1"]}
    s = apply(reveal(s), "s1", {"type": "next_round"})
    assert s.phase == "telling" and list(s.abstained) == []
    assert public_view(tell(s))["awaiting"] == {"vote": ["s2", "s3"]}   # next round every child guesses again


def test_a_state_without_skipped_guesses_is_stored_as_before():
    # the field is written only when it holds a child, so older states read and write back the same text
    text = to_json(vote(tell(kids()), "s2", "s1"))
    assert "abstained" not in json.loads(text) and "entered" not in json.loads(text)
    s = from_json(text)
    assert list(s.abstained) == [] and s.votes_missing() == ["s3"] and to_json(s) == text


def enter(state, child, owner):
    """The adult's phone enters `child`'s guess: the card of `owner`."""
    return apply(state, "s1", {"type": "vote", "card": number_of(state, owner), "for": child})


def test_the_adult_corrects_an_entered_guess_until_the_reveal():
    # §2.5: the adult's phone enters a phoneless child's guess; a mis-tap is put right before the cards turn
    s = enter(enter(tell(kids()), "s2", "deck"), "s3", "s1")
    assert player_view(s, "s1")["me"]["can"] == ["reveal"]
    assert player_view(s, "s1")["me"]["entered"] == {"s2": number_of(s, "deck"), "s3": number_of(s, "s1")}
    s = enter(s, "s2", "s1")   # the correction
    assert s.phase == "voting" and s.votes == {"s2": number_of(s, "s1"), "s3": number_of(s, "s1")}
    assert list(s.entered) == ["s2", "s3"]
    assert player_view(s, "s1")["me"]["entered"] == {"s2": number_of(s, "s1"), "s3": number_of(s, "s1")}
    assert player_view(s, "s2")["me"]["entered"] == {}   # only the adult's phone is told what it entered
    assert public_view(s)["awaiting"] == {"reveal": ["s1"]}
    s = reveal(s)
    assert s.result["outcome"] == "all" and s.result["points"] == {"s2": 1, "s3": 1}
    assert list(s.entered) == [] and player_view(s, "s1")["me"]["entered"] == {}


def test_a_guess_entered_before_the_last_child_voted_may_be_corrected_too():
    s = enter(tell(kids(4)), "s2", "deck")
    s = enter(s, "s2", "s1")
    assert s.votes == {"s2": number_of(s, "s1")} and s.votes_missing() == ["s3", "s4"]
    assert public_view(s)["awaiting"] == {"vote": ["s3", "s4"]}


def test_after_the_reveal_an_entered_guess_is_final():
    s = reveal(enter(enter(tell(kids()), "s2", "deck"), "s3", "s1"))
    before = to_json(s)
    assert refused(s, "s1", {"type": "vote", "card": 1, "for": "s2"}).code == "wrong_phase"
    assert to_json(s) == before


def test_only_the_adult_changes_an_entered_guess_and_never_a_childs_own_vote():
    s = vote(enter(tell(kids(4)), "s2", "deck"), "s3", "deck")   # s3 voted on their own phone
    before = to_json(s)
    # the child whose guess the adult entered keeps today's rule on their own phone: one vote
    assert refused(s, "s2", {"type": "vote", "card": number_of(s, "s1")}).code == "already_voted"
    # another child may not enter anyone's guess
    assert refused(s, "s3", {"type": "vote", "card": number_of(s, "s1"), "for": "s2"}).code == "not_allowed"
    # the adult may not overrule a child who voted on their own phone
    assert refused(s, "s1", {"type": "vote", "card": number_of(s, "s1"), "for": "s3"}).code == "already_voted"
    # a correction is still a vote: a card that is not on the table is refused
    err = refused(s, "s1", {"type": "vote", "card": 9, "for": "s2"})
    assert err.code == "no_such_card"
    assert to_json(s) == before


def test_an_entered_guess_survives_a_stored_round_trip_and_goes_with_a_removed_child():
    s = enter(enter(tell(kids(4)), "s2", "deck"), "s3", "deck")
    s = from_json(to_json(s))
    assert list(s.entered) == ["s2", "s3"]
    assert enter(s, "s2", "s1").votes["s2"] == number_of(s, "s1")
    s = apply(s, None, {"type": "remove_player", "seat": "s2"})
    assert list(s.entered) == ["s3"] and "s2" not in s.votes
    assert player_view(s, "s1")["me"]["entered"] == {"s3": number_of(s, "deck")}
