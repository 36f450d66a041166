"""Whole games over real WebSockets: a TV and four phones, every ruleset; hidden information checked in
the raw bytes of every frame every socket received."""
from __future__ import annotations

import pytest

from tests.helpers.leaks import scan


def check_no_leaks(table) -> None:
    """No socket ever received another seat's hand (or a card still face down), another person's token, or
    whose card is whose before the reveal (tests/helpers/leaks.py); the scan saw real hands."""
    found = scan([(p.name, p.frames) for p in table.sockets])
    assert found.findings == [], found.findings[:5]
    assert found.secrets > 100


@pytest.mark.parametrize("ruleset, settings", [
    ("imaginarium", {}),                                   # to the natural end: hands run out
    ("dixit", {}),                                         # to 30 points or an empty deck
    ("imaginarium-classic", {"short_game": 25}),           # a short game to cloud 25
])
async def test_full_game_to_the_end(make_table, ruleset, settings):
    table = await make_table(4, settings={"ruleset": ruleset, **settings})
    tv = table.tv
    assert tv.game["ruleset"] == ruleset and tv.game["phase"] == "telling"
    assert "me" not in tv.game
    await table.play_until(lambda g: g["phase"] == "game_over", max_actions=3000)
    final = tv.game
    assert final["winners"]
    assert final["round"] >= 2
    top = max(e["distance"] for e in final["elephants"])
    reasons = {"imaginarium": {"hands_empty"}, "dixit": {"score_reached", "deck_empty", "hands_empty"},
               "imaginarium-classic": {"short_game", "hands_empty"}}[ruleset]
    assert final["end_reason"] in reasons
    if final["end_reason"] == "hands_empty":
        assert all(s["hand_count"] == 0 for s in final["seats"])
    if final["end_reason"] == "short_game":
        assert top >= 24  # cloud 25 on the classic board is distance 24
    if final["end_reason"] == "score_reached":
        assert top >= 30
    assert set(final["winners"]) == {e["id"] for e in final["elephants"] if e["distance"] == top}
    # every socket ends on the same public picture
    for p in table.phones:
        assert p.state_id == tv.state_id
        assert {k: v for k, v in p.game.items() if k != "me"} == tv.game
    check_no_leaks(table)


async def test_end_game_then_new_game_keeps_the_roster(make_table):
    table = await make_table(4)
    host = table.phones[0]
    await table.play_until(lambda g: g["round"] == 2)
    await table.act(host, "end_game")
    assert table.tv.game["phase"] == "game_over"
    await table.refused(table.phones[1], "next_round", "game_over")
    await table.act(host, "new_game")
    room = table.tv.state["room"]
    assert room["phase"] == "lobby" and table.tv.game is None
    assert [r["name"] for r in room["roster"]] == ["P1", "P2", "P3", "P4"]
    assert room["host"] == "s1"
    await table.act(host, "start")
    assert table.tv.game["phase"] == "telling" and table.tv.game["round"] == 1
