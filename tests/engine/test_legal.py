"""Who may act now is one predicate (server/engine/legal.py): the phone's `me.can`, the public view's
`waiting_for` and `apply`'s refusals must agree with each other in every state random games reach, in
every ruleset x mode, with removals, returns, skips and disputes mixed in."""
from __future__ import annotations

import pytest

from server.engine import MODES, RULESETS, EngineError, IllegalAction, apply, mode_seat_range, public_view
from server.engine.autoplay import SAFE_ASSOCIATION, random_action
from server.engine.legal import legal_actions, refusal, waiting_for
from server.engine.rng import randbelow
from tests.engine.helpers import game

COMBOS = [(r, m) for r in RULESETS for m in MODES if r in MODES[m].rulesets]
KINDS = ("tell", "play_card", "vote", "reveal", "dispute", "restate", "next_round")
# the moves each phase waits on, in `awaiting`'s order (server/engine/legal.py)
AWAITED = {"telling": ("tell",), "playing": ("play_card", "restate"), "voting": ("vote", "reveal")}


def attempt(state, seat, kind):
    """An action of type `kind` from `seat` whose content is fine whenever the seat may send it: a card
    of its hand, an association meeting every checkable condition, a table number not its own."""
    mode, hand = MODES[state.settings.mode], state.hands.get(seat, [])
    if kind == "tell":
        action = {"type": "tell", "association": SAFE_ASSOCIATION}
        if mode.tell_with_card and hand:
            action["card"] = hand[0]
        return action
    if kind == "play_card":
        cards = list(hand[:mode.cards_each]) or ["c000"]
        return {"type": "play_card", "cards": cards} if mode.cards_each > 1 else {"type": "play_card",
                                                                                    "card": cards[0]}
    if kind == "vote":
        mine = [i + 1 for i, o in enumerate(state.owners) if o != seat]
        return {"type": "vote", "card": mine[0] if mine else 1}
    if kind == "restate":
        return {"type": "restate", "association": SAFE_ASSOCIATION}
    return {"type": kind}


def check_agreement(state):
    for seat in state.seats:
        can = legal_actions(state, seat)
        for kind in KINDS:
            action = attempt(state, seat, kind)
            if kind in can and not (kind == "vote" and refusal(state, seat, "vote") is not None):
                apply(state, seat, action)  # offered with fine content: accepted
                continue
            expected = refusal(state, seat, kind)
            if expected is None:
                continue  # an adult's proxy vote only (checked below)
            with pytest.raises(IllegalAction) as refused:
                apply(state, seat, action)
            assert refused.value.code == expected.code, (kind, seat, state.phase)
        if "vote" in can and refusal(state, seat, "vote") is not None:  # kids: the adult votes for a child
            child = next(v for v in MODES[state.settings.mode].voters(state) if v not in state.votes)
            apply(state, seat, {**attempt(state, child, "vote"), "for": child})
    waiting = waiting_for(state)
    view = public_view(state)
    assert view["waiting_for"] == waiting
    # `awaiting` names, for each move the phase waits on, exactly the seats the predicate lets send it
    assert [s for seats in view["awaiting"].values() for s in seats] == waiting
    for kind in AWAITED.get(state.phase, ()):
        owed = [seat for seat in state.active_seats() if refusal(state, seat, kind) is None]
        assert view["awaiting"].get(kind, []) == owed, (kind, state.phase)
    assert all(view["awaiting"].values())
    # the judges' quick answer to "is this seat a voter" (Mode.is_voter) is the mode's list of voters
    assert [seat for seat in state.seats if state.mode.is_voter(state, seat)] == state.mode.voters(state)
    assert bool(waiting) == (state.phase in ("telling", "playing", "voting"))
    for seat in waiting:
        assert legal_actions(state, seat), (seat, state.phase)
    # the host's skip passes over exactly the seats `skippable` names, and is refused when it names none
    skipped = view["skippable"]
    assert set(skipped) <= set(waiting), (skipped, waiting)
    try:
        apply(state, None, {"type": "skip"})
    except IllegalAction:
        assert skipped == [], (state.phase, skipped)
    else:
        assert skipped, state.phase


def new_games(ruleset, mode, seeds):
    """(seed, game) at the mode's fewest and at its most seats, one seed each: anyone may claim the first
    turn, and the ruleset's first condition (if any) is a permanent restriction, so disputes can happen."""
    for n, seed in zip(mode_seat_range(ruleset, mode), seeds, strict=True):
        yield seed, game(n, seed=seed, cards=60, ruleset=ruleset, mode=mode, first_storyteller="claim",
                         restriction=RULESETS[ruleset].conditions[0] if RULESETS[ruleset].conditions else None)


@pytest.mark.parametrize(("ruleset", "mode"), COMBOS)
def test_can_waiting_for_and_refusals_agree_in_every_state(ruleset, mode):
    for seed, state in new_games(ruleset, mode, (3, 11)):
        rng, steps = seed, 0
        while state.phase != "game_over" and steps < 300:
            steps += 1
            check_agreement(state)
            k, rng = randbelow(rng, 100)
            if k < 3:
                target = state.seats[k % len(state.seats)]
                verb = "return_player" if target in state.removed else "remove_player"
                seat, action = None, {"type": verb, "seat": target}
            elif k < 5 and state.phase in ("telling", "playing", "voting"):
                seat, action = None, {"type": "skip"}
            elif k < 12 and state.phase == "playing" and state.conditions and not state.disputed:
                others = [x for x in state.active_seats() if x != state.storyteller]
                seat, action = (others[0] if others else None), {"type": "dispute"}
            else:
                seat, action, rng = random_action(state, rng)
            try:
                state = apply(state, seat, action)
            except EngineError:
                continue
        check_agreement(state)


@pytest.mark.parametrize(("ruleset", "mode"), COMBOS)
def test_random_play_moves_a_seat_the_game_waits_on(ruleset, mode):
    """server/engine/autoplay.py asks legal.py who may act: its move is always accepted, and it is made by a
    seat `waiting_for` names (kids: or the adult entering that seat's vote), by the table only when nobody
    is awaited, also after removals, returns and disputes."""
    low = mode_seat_range(ruleset, mode)[0]
    for seed, state in new_games(ruleset, mode, (5, 13)):
        rng, moves = seed, 0
        while state.phase != "game_over" and moves < 300:
            k, rng = randbelow(rng, 100)
            if k < 3 and len(state.active_seats()) > low:
                state = apply(state, None, {"type": "remove_player", "seat": state.active_seats()[-1]})
                continue
            if k < 6 and state.removed:
                state = apply(state, None, {"type": "return_player", "seat": sorted(state.removed)[0]})
                continue
            if k < 12 and state.phase == "playing" and refusal(state, state.seats[-1], "dispute") is None:
                state = apply(state, state.seats[-1], {"type": "dispute"})
                continue
            awaited = waiting_for(state)
            seat, action, rng = random_action(state, rng)
            moves += 1
            assert (seat in awaited or action.get("for") in awaited) if awaited else seat is None, (seat, action)
            state = apply(state, seat, action)   # never refused
        assert moves > 10


def test_a_finished_game_waits_on_nobody_and_offers_nothing():
    state = apply(game(4), None, {"type": "end_game"})
    assert waiting_for(state) == []
    assert all(legal_actions(state, s) == [] for s in state.seats)
    assert refusal(state, "s1", "tell").code == "game_over"


def test_a_seat_with_an_empty_hand_owes_no_card():
    from tests.engine.helpers import craft, tell
    state = tell(game(4, storyteller="s1", first_storyteller="host"))
    assert state.phase == "playing" and "s2" in waiting_for(state)
    state = craft(state, hands={**state.hands, "s2": []})
    assert "s2" not in waiting_for(state)
    assert "play_card" not in legal_actions(state, "s2")
    with pytest.raises(IllegalAction) as refused:
        apply(state, "s2", {"type": "play_card", "card": "c000"})
    assert refused.value.code == "not_your_turn"
