"""Scenario tests of the standard table (RULES.md §1, §2.1) with fixed seeds."""
import pytest

from server.engine import (
    IllegalAction,
    MalformedAction,
    Settings,
    apply,
    from_json,
    player_view,
    public_view,
    settings_from_dict,
    to_json,
)
from tests.engine.helpers import game, number_of, play_all, play_out, tell


def test_new_game_deals_six_and_removes_cards_by_the_table():
    s = game(5, seed=3)
    assert all(len(h) == 6 for h in s.hands.values())
    assert len(s.deck) + 30 == 75 and len(s.set_aside) == 23  # 98 -> 75 for five (000)
    assert s.phase == "telling" and s.storyteller in s.seats
    assert s.first_draw[s.storyteller] == 5  # the highest token goes first (004)


def test_a_whole_round_scores_like_the_rule_text():
    s = game(4, seed=11, first_storyteller="host")
    assert s.storyteller == "s1"
    s = tell(s, "A quiet storm")
    assert s.phase == "playing" and s.association == "A quiet storm"
    s = play_all(s)
    assert s.phase == "voting" and len(s.table) == 4
    st_card = number_of(s, "s1")
    # s2 and s3 find the storyteller; s4 votes for s2's card.
    s = apply(s, "s2", {"type": "vote", "card": st_card})
    s = apply(s, "s3", {"type": "vote", "card": st_card})
    s = apply(s, "s4", {"type": "vote", "card": number_of(s, "s2")})
    assert s.phase == "scored"
    assert s.result["points"] == {"s1": 5, "s2": 4, "s3": 3, "s4": 0}
    assert s.elephants == {"s1": 5, "s2": 4, "s3": 3, "s4": 0}
    assert s.result["outcome"] == "some"
    assert all(len(h) == 6 for h in s.hands.values())  # everyone drew one
    s = apply(s, None, {"type": "next_round"})
    assert s.storyteller == "s2" and s.phase == "telling" and s.round == 2


@pytest.mark.parametrize("seat, action, code", [
    ("s2", {"type": "tell", "card": "c000"}, "not_storyteller"),
    ("s1", {"type": "vote", "card": 1}, "wrong_phase"),
    ("s1", {"type": "tell", "card": "nope"}, "not_in_hand"),
    ("s9", {"type": "tell", "card": "c000"}, "no_such_seat"),
    ("s1", {"type": "end_game"}, "not_allowed"),
    (None, {"type": "tell", "card": "c000"}, "not_allowed"),
])
def test_refusals_carry_a_code_and_change_nothing(seat, action, code):
    s = game(4, seed=2, first_storyteller="host")
    before = to_json(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, seat, action)
    assert err.value.code == code
    assert to_json(s) == before


@pytest.mark.parametrize("action", [None, [], {"type": "dance"}, {"card": "c1"},
                                    {"type": "tell", "card": 7}, {"type": "vote", "card": "2"},
                                    {"type": "play_card"}])
def test_malformed_actions_are_a_different_error(action):
    s = game(4, seed=2, first_storyteller="host")
    with pytest.raises(MalformedAction):
        apply(s, "s1", action)


def test_voting_rules_own_card_storyteller_and_twice():
    s = play_all(tell(game(4, seed=5, first_storyteller="host")))
    with pytest.raises(IllegalAction) as err:
        apply(s, "s2", {"type": "vote", "card": number_of(s, "s2")})
    assert err.value.code == "own_card"
    with pytest.raises(IllegalAction) as err:
        apply(s, "s1", {"type": "vote", "card": number_of(s, "s2")})
    assert err.value.code == "storyteller_cannot_vote"
    s = apply(s, "s2", {"type": "vote", "card": number_of(s, "s1")})
    with pytest.raises(IllegalAction) as err:
        apply(s, "s2", {"type": "vote", "card": number_of(s, "s1")})
    assert err.value.code == "already_voted"
    with pytest.raises(IllegalAction) as err:
        apply(s, "s3", {"type": "vote", "card": 5})
    assert err.value.code == "no_such_card"


def test_play_card_twice_and_not_in_hand():
    s = tell(game(4, seed=5, first_storyteller="host"))
    s2 = apply(s, "s2", {"type": "play_card", "card": s.hands["s2"][0]})
    with pytest.raises(IllegalAction) as err:
        apply(s2, "s2", {"type": "play_card", "card": s2.hands["s2"][0]})
    assert err.value.code == "already_played"
    with pytest.raises(IllegalAction) as err:
        apply(s, "s3", {"type": "play_card", "card": s.hands["s2"][0]})
    assert err.value.code == "not_in_hand"
    with pytest.raises(IllegalAction) as err:
        apply(s, "s1", {"type": "play_card", "card": s.hands["s1"][0]})
    assert err.value.code == "already_played"  # the storyteller's card is down with the association


def test_views_hide_what_is_secret():
    s = tell(game(4, seed=8, first_storyteller="host"))
    s = apply(s, "s2", {"type": "play_card", "card": s.hands["s2"][0]})
    tv = public_view(s)
    text = str(tv)
    assert not any(card in text for hand in s.hands.values() for card in hand)
    assert not any(c in text for cards in s.played.values() for c in cards)
    assert tv["played_count"] == 2 and tv["table"] is None
    assert set(tv["waiting_for"]) == {"s3", "s4"}
    phone = player_view(s, "s2")
    assert phone["me"]["hand"] == s.hands["s2"] and len(phone["me"]["played"]) == 1
    assert phone["me"]["can"] == []  # no condition on this association: nothing to dispute
    s = play_all(s)
    tv = public_view(s)
    assert [t["number"] for t in tv["table"]] == [1, 2, 3, 4]
    assert all(set(t) == {"number", "card"} for t in tv["table"])  # no owners before scoring
    assert player_view(s, "s3")["me"]["can"] == ["vote"]


def test_json_round_trip_continues_identically():
    s = tell(game(6, seed=21))
    copy = from_json(to_json(s))
    assert copy == s
    a, _ = play_out(s, seed=4)
    b, _ = play_out(copy, seed=4)
    assert a == b and to_json(a) == to_json(b)


def test_the_game_ends_when_hands_are_empty_and_leaders_share():
    s, _ = play_out(game(6, seed=9), seed=9)
    assert s.end_reason == "hands_empty" and s.round == 12
    best = max(s.elephants.values())
    assert s.winners == [e for e, d in s.elephants.items() if d == best]


def test_host_ends_the_game_mid_round_and_nothing_is_lost():
    s = play_all(tell(game(4, seed=3, first_storyteller="host")))
    s = apply(s, None, {"type": "end_game"})
    assert s.phase == "game_over" and s.end_reason == "host"
    assert all(len(h) == 6 for h in s.hands.values())  # the round's cards went back
    with pytest.raises(IllegalAction) as err:
        apply(s, None, {"type": "next_round"})
    assert err.value.code == "game_over"


def test_settings_from_dict_and_errors():
    assert settings_from_dict({"short_game": True}).short_game == 34
    assert settings_from_dict({"ruleset": "imaginarium-classic", "short_game": True}).short_game == 39
    assert settings_from_dict(Settings().to_dict()) == Settings()
    with pytest.raises(MalformedAction):
        settings_from_dict({"colour": "red"})
    with pytest.raises(MalformedAction):
        settings_from_dict({"reshuffle": "yes"})
    with pytest.raises(IllegalAction) as err:
        settings_from_dict({"ruleset": "dixit", "mode": "pairs"})
    assert err.value.code == "bad_settings"
    with pytest.raises(IllegalAction):
        settings_from_dict({"restriction": "brand"})  # a classic-only condition


def test_new_game_refusals():
    from server.engine import Board, new_game
    from tests.engine.helpers import deck
    board = Board(length=40)
    with pytest.raises(IllegalAction) as err:
        new_game(Settings(), ["a", "b", "c", "d"], deck(27), board, 1)
    assert err.value.code == "deck_too_small" and err.value.params == {"needed": 28, "have": 27}
    with pytest.raises(IllegalAction) as err:
        new_game(Settings(), ["a", "b", "c"], deck(98), board, 1)
    assert err.value.code == "bad_settings" and err.value.params["min"] == 4
    with pytest.raises(IllegalAction) as err:
        new_game(Settings(), ["a", "b", "c", "d"], deck(98), board, 1, storyteller="e")
    assert err.value.code == "no_such_seat"
    for seats in (["a", "a", "b", "c"], ["a", "b", "c", "bot"], ["a", "b", "c", 4]):
        with pytest.raises(MalformedAction):
            new_game(Settings(), seats, deck(98), board, 1)


def test_same_seed_same_game_and_no_global_random():
    import random
    random.seed(1)
    a, _ = play_out(game(5, seed=77), seed=3)
    random.seed(2)
    b, _ = play_out(game(5, seed=77), seed=3)
    assert to_json(a) == to_json(b)
    assert to_json(game(5, seed=78)) != to_json(game(5, seed=77))


def test_views_share_no_containers_with_the_state():
    s = play_all(tell(game(4, seed=5, first_storyteller="host")))
    for seat in ("s2", "s3"):
        s = apply(s, seat, {"type": "vote", "card": number_of(s, "s1")})
    s = apply(s, "s4", {"type": "vote", "card": number_of(s, "s2")})
    before = to_json(s)
    view = player_view(s, "s2")
    view["result"]["points"]["s2"] = 99
    view["result"]["table"][0]["votes"].append("x")
    view["result"]["breakdown"]["s1"].clear()
    view["me"]["hand"].clear()
    view["seats"].clear()
    assert to_json(s) == before


def test_the_game_scores_exactly_like_score_round():
    from server.engine import score_round
    from server.engine.autoplay import random_action
    for ruleset, mode, n in [("imaginarium", "standard", 5), ("imaginarium-classic", "trio", 3),
                             ("dixit", "standard", 4), ("imaginarium", "duel", 2), ("imaginarium", "kids", 3)]:
        s, rng, rounds = game(n, seed=n, ruleset=ruleset, mode=mode), n, 0
        while s.phase != "game_over" and rounds < 8:
            before = s
            seat, action, rng = random_action(s, rng)
            s = apply(s, seat, action)
            if before.phase == "voting" and s.result is not None:
                rounds += 1
                r = s.result
                votes = {v: t["number"] for t in r["table"] for v in t["votes"]}
                expected = score_round(ruleset, mode, r["storyteller"], [t["owner"] for t in r["table"]],
                                       votes, before.elephants)
                assert r["points"] == expected
                assert all(s.elephants[e] == max(0, before.elephants[e] + p) for e, p in expected.items())
        assert rounds >= 3
