"""The hidden-information scan (tests/helpers/leaks.py) that tests/server/test_game.py and scripts/redteam.py
trust: on the frames of a real game over real WebSockets it finds nothing, and each leak planted into a copy
of those frames (a hand card, a face-down card, a token, whose card is whose, a hand on the TV) it finds."""
from __future__ import annotations

import pytest

from tests.helpers.leaks import plants, scan, self_test


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
