"""Trio (RULES.md §2.3, D3t) and duel (§2.4, D3d, D4) over real WebSockets, each to the end, with a TV."""
from __future__ import annotations

import json
import re

import pytest

from server import engine

CARD = re.compile(r'"(c\d{3})"')


@pytest.mark.parametrize("when_deck_empty", ["end", "reshuffle"])
async def test_trio_game_to_the_end(make_table, when_deck_empty):
    table = await make_table(3, settings={"mode": "trio", "when_deck_empty": when_deck_empty})
    tv = table.tv
    assert tv.state["room"]["settings"]["when_deck_empty"] == when_deck_empty
    size = tv.state["room"]["deck"]["size"]
    in_play = engine.cards_in_play(engine.Settings(mode="trio"), size, 3)   # RULES.md §1.3 / D2: C = 5
    assert in_play % 25 == 0 and tv.game["mode"] == "trio" and tv.game["deck_count"] == in_play - 18
    owners = set()
    while tv.game["phase"] != "game_over":
        g = tv.game
        if g["phase"] == "voting":
            assert len(g["table"]) == 5 and len(g["voters"]) == 2   # 3 players' cards + 2 bot cards
        if g["phase"] == "scored":
            owners |= {t["owner"] for t in g["result"]["table"]}
            assert [t["owner"] for t in g["result"]["table"]].count("bot") == 2
            assert "bot" not in g["result"]["points"]
        await table.step()
    assert "bot" in owners
    final = tv.game
    # D3t: "end" stops when two bot cards cannot be drawn; "reshuffle" plays on until the hands run out,
    # D8: ending after the last full cycle of storytellers (every hand keeps the same few cards)
    assert final["end_reason"] in (("no_bot_cards", "equal_turns") if when_deck_empty == "end" else ("equal_turns",))
    assert final["round"] % 3 == 0
    if when_deck_empty == "reshuffle":
        assert len({s["hand_count"] for s in final["seats"]}) == 1
    assert final["winners"]


async def test_duel_game_to_the_end_hands_stay_hidden_until_the_association(make_table):
    table = await make_table(2, settings={"mode": "duel"})
    tv = table.tv
    assert tv.game["mode"] == "duel" and [e["id"] for e in tv.game["elephants"]] == ["elephant", "mammoth"]
    teller = next(p for p in table.phones if "tell" in p.me["can"])
    await table.refused(teller, "tell", "not_allowed", card="c001", association="Who ate the cake?")
    rounds = 0
    while tv.game["phase"] != "game_over":
        if tv.game["phase"] == "voting":
            assert len(tv.game["table"]) == 5 and set(tv.game["voters"]) == {"s1", "s2"}
        rounds += tv.game["phase"] == "scored"
        await table.step()
        assert rounds < 200
    final = tv.game
    assert final["end_reason"] == "finish" and final["duel_outcome"] in ("win", "loss", "draw")
    assert any(e["distance"] >= 20 for e in final["elephants"])
    # in every telling state no phone held a card: the new hand appears only after the association
    told = 0
    for p in table.phones:
        for frame in p.frames:
            msg = json.loads(frame)
            if msg["type"] != "state" or not msg["game"]:
                continue
            game = msg["game"]
            if game["phase"] == "telling":
                assert game["me"]["hand"] == [] and game["association"] is None
                assert not CARD.findall(frame), "a card id reached a phone before the association"
                assert [s["hand_count"] for s in game["seats"]] == [6, 6]
                told += 1
            elif game["phase"] == "playing" and len(game["me"]["hand"]) == 6:
                assert game["association"]          # the hand comes with the association
    assert told > 10
