"""D1's last turn: every last card goes down by itself once the storyteller has told, so each other phone's
card is "yours" without a choice; the room view says whose (all but the storyteller, `by: last_card`) so the
phones can say "Your last card was played". Played over real sockets with a deck small enough to reach it."""
from __future__ import annotations

from tests.server.conftest import make_deck


async def test_the_last_turn_says_every_last_card_was_played(make_table, config):
    # 33 cards, 4 players: hands shrink once the deck runs short (D10) and the 8th turn is the last card
    make_deck(config.data_dir / "decks" / "small", 33)
    table = await make_table(4, settings={"deck": "small"})
    await table.play_until(lambda g: g["phase"] == "game_over" or (g["last_card"] and g["phase"] == "voting"))
    game = table.tv.game
    assert game["phase"] == "voting", "the game ended before its last turn"
    auto = table.tv.state["room"]["auto_played"]
    assert auto == {"seats": [s["seat"] for s in game["seats"] if s["seat"] != game["storyteller"]],
                    "by": "last_card"}
    for p in table.phones:   # seats only, never which card, in everyone's room view
        assert p.state["room"]["auto_played"] == auto



def test_whose_cards_a_skip_played_is_stored_with_the_room():
    from dataclasses import replace

    from server.room import record

    rec = replace(record.Record(code="ABCD", tv_key="k"), auto_played=record.AutoPlayed(3, ("s2", "s4"), "timer"))
    again = record.from_json(record.to_json(rec))
    assert again.auto_played == rec.auto_played
    assert "auto_played" not in record.to_json(record.Record(code="ABCD", tv_key="k"))
