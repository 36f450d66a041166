"""Property tests: random complete games of every ruleset x mode x table setting x player count,
with the invariants of tests/engine/invariants.py checked after every action, and refused actions
checked to leave the state byte-identical. Hypothesis picks the configurations and seeds; each example
plays several seeded games (keeps the suite fast)."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.engine import (
    MODES,
    RULESETS,
    Board,
    EngineError,
    Settings,
    apply,
    cards_in_play,
    mode_seat_range,
    new_game,
    to_json,
)
from server.engine.autoplay import random_action
from server.engine.rng import randbelow
from tests.engine.helpers import BOARDS, deck, seats
from tests.engine.invariants import check_state

GAMES_PER_EXAMPLE = 14   # games per Hypothesis example: cheap invariants after every action
FULL_CHECK_GAMES = 1     # of which these also check the JSON round trip and every view after every action
COMBOS = [(r, m) for r in RULESETS for m in MODES if r in MODES[m].rulesets]


@st.composite
def configs(draw):
    ruleset, mode = draw(st.sampled_from(COMBOS))
    low, high = mode_seat_range(ruleset, mode)
    n = draw(st.integers(low, high))
    rs, m = RULESETS[ruleset], MODES[mode]
    short = None
    if rs.short_game_default is not None and m.allows_short_game:
        short = draw(st.sampled_from([None, rs.short_game_default, 5 + BOARDS[ruleset].first_number]))
    restriction = draw(st.sampled_from((None, *rs.conditions)))
    # Small decks and short boards too: more complete games per second, and the D2 whole-deck path.
    full = rs.deck_size
    size = draw(st.one_of(st.just(full), st.integers(m.min_deck(rs, n), full)))
    board = BOARDS[ruleset]
    if draw(st.booleans()):
        length = draw(st.integers(12, board.length))
        special = [(c, cond) for c, cond in board.special if c < board.first_number + length]
        board = Board(length=length, first_number=board.first_number, special=special, id="test")
    s = Settings(ruleset=ruleset, mode=mode, short_game=short, reshuffle=draw(st.booleans()),
                 restriction=restriction, special_cells=draw(st.booleans()),
                 first_storyteller=draw(st.sampled_from(["draw", "host", "claim"])),
                 when_deck_empty=draw(st.sampled_from(["reshuffle", "end"])))
    if short is not None and board.distance_to(short) >= board.length:
        short = board.first_number + board.length - 1
    s = Settings(**{**s.to_dict(), "short_game": short})
    return s, n, size, board


def refusals(state, rng):
    """A few actions that must be refused in this state (wrong phase, own card, storyteller voting,
    a card not in hand, a removed or unknown seat)."""
    out = [("nobody", {"type": "next_round"}), (state.seats[0], {"type": "end_game"}),
           (None, {"type": "vote", "card": 1})]
    if state.phase != "scored":
        out.append((state.seats[-1], {"type": "next_round"}))
    if state.phase != "voting":
        out.append((state.seats[0], {"type": "vote", "card": 1}))
    if state.phase == "voting":
        for i, owner in enumerate(state.owners):
            if owner in state.seats and owner not in state.removed and owner not in state.votes:
                out.append((owner, {"type": "vote", "card": i + 1}))  # own card (or storyteller)
                break
    if state.phase == "playing":
        out.append((state.seats[0], {"type": "play_card", "card": "zzz"}))
    for seat in state.removed:
        out.append((seat, {"type": "next_round"}))
    out.append((state.seats[0], {"type": "dance"}))
    return out


def play(cfg, seed: int, disrupt: bool, full: bool = True) -> tuple[object, Counter, bool]:
    """One complete game; invariants after every action (`full`: JSON round trip and views too)."""
    s, n, size, board = cfg
    names = seats(n)
    cards = deck(size)
    state = new_game(s, names, cards, board, seed,
                     storyteller=names[seed % n] if s.first_storyteller == "host" else None)
    all_cards = set(cards)
    check_state(state, all_cards, full)
    rng, steps, tellers, natural = seed * 7919 + 1, 0, Counter(), True
    endless = s.reshuffle and s.short_game is None and s.mode in ("standard", "pairs", "trio")
    while state.phase != "game_over":
        steps += 1
        assert steps < 6000, f"game does not end: {cfg} seed {seed}"
        k, rng = randbelow(rng, 100)
        if endless and state.round > 12 and state.phase == "scored":
            seat, action, natural = None, {"type": "end_game"}, False
        elif disrupt and k < 4 and len(state.removed) < len(state.seats):
            j, rng = randbelow(rng, len(state.seats))
            target = state.seats[j]
            verb = "return_player" if target in state.removed else "remove_player"
            seat, action, natural = None, {"type": verb, "seat": target}, False
        elif disrupt and k < 6 and state.phase in ("telling", "playing", "voting"):
            seat, action, natural = None, {"type": "skip"}, False
        elif disrupt and k < 9 and state.phase == "playing":
            if state.disputed:
                seat, action = state.storyteller, {"type": "restate", "association": "Is it four words?"}
            else:
                others = [x for x in state.seats if x != state.storyteller and x not in state.removed]
                seat, action = others[0] if others else None, {"type": "dispute"}
        else:
            seat, action, rng = random_action(state, rng)
        if k % 10 == 0:  # refusals must leave the state byte-identical
            before = to_json(state)
            for bad_seat, bad in refusals(state, rng):
                try:
                    apply(state, bad_seat, bad)
                except EngineError:
                    pass
                else:
                    raise AssertionError(f"accepted {bad} from {bad_seat} in {state.phase}")
            assert to_json(state) == before
        try:
            state = apply(state, seat, action)
        except EngineError:
            assert disrupt, f"random legal action refused: {action}"
            continue
        if action["type"] == "tell":  # accepted: the teller is the storyteller now
            tellers[state.storyteller] += 1
        check_state(state, all_cards, full)
    return state, tellers, natural


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=configs(), seed=st.integers(0, 2**32), disrupt=st.booleans())
def test_random_games_keep_every_invariant(cfg, seed, disrupt):
    for g in range(GAMES_PER_EXAMPLE):
        final, tellers, natural = play(cfg, seed + g, disrupt, full=g < FULL_CHECK_GAMES)
        assert final.phase == "game_over" and final.winners
        s, n, size, _board = cfg
        if (natural and s.mode in ("standard", "pairs") and s.ruleset != "dixit" and not s.reshuffle
                and s.short_game is None and cards_in_play(s, size, n) % (n * n) == 0):
            assert final.end_reason == "hands_empty"
            assert len(set(tellers.values())) == 1 and len(tellers) == n, tellers
        # D8: a game whose cards run out ends after a full cycle of storytellers (once one fits)
        if (natural and MODES[s.mode].equal_turns and RULESETS[s.ruleset].equal_turns and not s.reshuffle
                and final.end_reason in ("hands_empty", "no_bot_cards", "equal_turns") and final.round >= n):
            assert final.round % n == 0, (final.round, n)
            assert len(set(tellers.values())) == 1 and len(tellers) == n, tellers


@settings(max_examples=12, deadline=None)
@given(ruleset=st.sampled_from(["imaginarium", "imaginarium-classic"]), n=st.integers(4, 7),
       seed=st.integers(0, 2**32), mode=st.sampled_from(["standard", "pairs"]))
def test_every_player_tells_equally_often_in_a_standard_game(ruleset, n, seed, mode):
    for g in range(3):
        cfg = (Settings(ruleset=ruleset, mode=mode), n, RULESETS[ruleset].deck_size, BOARDS[ruleset])
        final, tellers, natural = play(cfg, seed + g, False, full=False)
        assert natural and final.end_reason == "hands_empty"
        assert sorted(tellers) == seats(n) and len(set(tellers.values())) == 1, tellers
