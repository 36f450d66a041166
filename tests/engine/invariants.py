"""Invariants checked after every action of the property and scenario tests."""
from __future__ import annotations

import json
import re

from server.engine import RULESETS, from_json, player_view, public_view, to_json

_CARD = re.compile(r'"(c\d{3})"')


def visible_to_all(state) -> set[str]:
    shown = set(state.table) if state.phase == "voting" else set()
    if state.result is not None:
        shown |= {t["card"] for t in state.result["table"]}
    return shown


def check_views(state) -> None:
    """No view holds a card its audience may not see, the RNG state, or owners before scoring."""
    public = visible_to_all(state)
    rng = str(state.rng)
    public_ = public_view(state)
    audiences = [(None, public_)]
    for seat in state.seats:
        view = player_view(state, seat)
        me = view.pop("me")
        assert view == public_, "a phone's view is the TV's plus `me`"
        audiences.append((seat, me))
    for seat, view in audiences:
        text = json.dumps(view, ensure_ascii=False)
        allowed = set(public)
        if seat is not None:
            allowed |= set(state.hands[seat]) | set(state.played.get(seat, ()))
            allowed |= {c for c, o in zip(state.table, state.owners, strict=True) if o == seat}
        leaked = set(_CARD.findall(text)) - allowed
        assert not leaked, f"{seat or 'TV'} sees hidden cards {sorted(leaked)} in {state.phase}"
        assert rng not in text
        if state.phase in ("telling", "playing", "voting"):
            assert '"owner"' not in text and '"votes": [' not in text
        if seat is None:
            assert '"hand"' not in text


def check_state(state, deck: set[str], full: bool = True) -> None:
    """Every card in exactly one place; hands within the limit; distances never negative; with `full`
    also: the JSON round trip is exact and the views leak nothing."""
    piles = [state.deck, state.discard, state.set_aside, state.table, *state.hands.values(),
             *state.played.values(), [state.mammoth] if state.mammoth is not None else []]
    together = set().union(*piles)
    assert together == deck and sum(map(len, piles)) == len(deck), "a card is lost or in two places"
    limit = RULESETS[state.settings.ruleset].hand_size
    assert all(len(h) <= limit for h in state.hands.values())
    assert all(d >= 0 for d in state.elephants.values())
    if full:
        assert from_json(to_json(state)) == state
        check_views(state)
