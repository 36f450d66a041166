"""Fair pacing rules (server/engine/pacing.py): who moves on after a reveal, and disputes."""
import pytest

from server.engine import IllegalAction, apply, pacing, player_view

from .helpers import game, play_all, tell, vote


def scored(**settings):
    s = play_all(tell(game(4, seed=1, first_storyteller="host", **settings), "Storm"))
    for seat in ("s2", "s3", "s4"):
        s = vote(s, seat, "s1" if seat != "s2" else "s3")
    assert s.phase == "scored" and s.storyteller == "s1"
    return s


def test_only_the_storyteller_moves_on_and_the_others_say_ready():
    s = scored()
    assert player_view(s, "s1")["me"]["can"] == ["next_round"]
    assert player_view(s, "s2")["me"]["can"] == ["ready"]
    with pytest.raises(IllegalAction) as err:
        apply(s, "s2", {"type": "next_round"})
    assert err.value.code == "not_storyteller"
    assert pacing.ready_needed(s) == ["s2", "s3", "s4"]
    assert not pacing.all_ready(s, ["s2", "s3"]) and pacing.all_ready(s, ["s4", "s3", "s2"])
    pacing.check_ready(s, "s2", [])
    for seat, ready, code in (("s2", ["s2"], "already_ready"), ("s1", [], "not_allowed")):
        with pytest.raises(IllegalAction) as err:
            pacing.check_ready(s, seat, ready)
        assert err.value.code == code
    s2 = apply(s, "s1", {"type": "next_round"})
    assert s2.round == 2 and apply(s, None, {"type": "next_round"}).round == 2   # the table (host, all ready)
    with pytest.raises(IllegalAction) as err:
        pacing.check_ready(s2, "s2", [])
    assert err.value.code == "wrong_phase"


def test_a_dispute_needs_a_condition_names_one_and_comes_once_per_seat():
    plain = tell(game(4, seed=1, first_storyteller="host"), "Storm")
    assert "dispute" not in player_view(plain, "s2")["me"]["can"]
    for check in (lambda: apply(plain, "s2", {"type": "dispute"}),
                  lambda: pacing.check_dispute(plain, "s2", None, [])):
        with pytest.raises(IllegalAction) as err:
            check()
        assert err.value.code == "no_condition"
    s = tell(game(4, seed=1, first_storyteller="host", restriction="person"), "Storm")
    assert "dispute" in player_view(s, "s2")["me"]["can"]
    assert pacing.check_dispute(s, "s2", None, []) == "person"
    assert pacing.check_dispute(s, "s2", "person", []) == "person"
    cases = (("s2", "story", [], "no_such_condition"), ("s1", None, [], "not_allowed"),
             ("s2", None, [{"seat": "s2", "condition": "person"}], "already_disputed"))
    for seat, condition, disputes, code in cases:
        with pytest.raises(IllegalAction) as err:
            pacing.check_dispute(s, seat, condition, disputes)
        assert err.value.code == code
    with pytest.raises(IllegalAction) as err:
        pacing.check_dispute(play_all(s), "s2", None, [])     # the table is laid out: voting
    assert err.value.code == "wrong_phase"
