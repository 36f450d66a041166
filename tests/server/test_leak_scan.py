"""The hidden-information scan (tests/helpers/leaks.py) that tests/server/test_game.py and scripts/redteam.py
trust: on the frames of a real game over real WebSockets it finds nothing, and each leak planted into a copy
of those frames (a hand card, a face-down card, a token, whose card is whose, a hand on the TV) it finds; a
card of the revealed table that a hand draws back while the table is still shown is no leak."""
from __future__ import annotations

import json

import pytest

from tests.helpers.leaks import plants, scan, self_test
from tests.helpers.wire import KIDS, seated_table


@pytest.mark.parametrize("settings", [{"ruleset": "imaginarium"}, {"ruleset": "imaginarium", "mode": "pairs"}])
async def test_the_scan_is_clean_on_a_real_game_and_catches_every_planted_leak(make_table, settings):
    table = await make_table(8 if settings.get("mode") == "pairs" else 4, settings=settings)
    await table.play_until(lambda g: g["round"] == 3)
    audiences = [(p.name, p.frames) for p in table.sockets]
    clean = scan(audiences)
    assert clean.findings == [] and clean.secrets > 100
    caught, planted, missed = self_test(audiences)
    assert (caught, planted, missed) == (6, 6, [])
    kinds = {kind for _, copy in plants(audiences) for _, kind, _ in scan(copy).findings}
    assert kinds == {"card", "token", "owner_key", "hand_key"}


async def test_a_revealed_card_drawn_straight_back_into_a_hand_is_not_a_leak(make_client, connect_to):
    """A kids' game (game seed 2) whose deck runs out: after scoring the table goes to the discard, which is
    reshuffled, and the adult's refill draws a card of the revealed table while the TV still shows that table
    (RULES.md §1.2, §4). The TV learns nothing about the hand from it: the scan must not call it a leak."""
    client = await make_client(game_seed=2)
    code = (await (await client.post("/api/rooms")).json())["code"]
    table = await seated_table(lambda name: connect_to(client, name), code, 1,
                               settings={"ruleset": "imaginarium", "mode": "kids"}, children=KIDS)
    await table.play_until(lambda g: g["phase"] == "game_over", max_actions=5000)
    hands = {m["state_id"]: set(m["game"]["me"]["hand"]) for m in map(json.loads, table.phones[0].frames)
             if m["type"] == "state" and m["game"] and "me" in m["game"]}
    on_tv_and_in_hand = [m["state_id"] for m in map(json.loads, table.tv.frames)
                         if m["type"] == "state" and m["game"]
                         and {t["card"] for t in m["game"]["table"] or []} & hands.get(m["state_id"], set())]
    assert on_tv_and_in_hand, "this game no longer draws a shown card back: pick a seed that does"
    assert scan([(p.name, p.frames) for p in table.sockets]).findings == []
