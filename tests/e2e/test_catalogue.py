"""The lobby is built from the engine's rules catalogue and says how long the game will
be: a ruleset and a mode registered only in the test's server process show up in the
host's form and on the TV with no change to web/."""
import json
import re
import urllib.request

import pytest
from playwright.async_api import expect

pytestmark = pytest.mark.asyncio(loop_scope="session")
SERVER_MODULE = "tests.e2e.registered_server"  # the server with test-only rules registered (conftest.py)


async def test_a_registered_ruleset_and_mode_appear_in_the_lobby(ui, server_process):
    with urllib.request.urlopen(f"{server_process.url}/api/rules") as res:
        catalogue = json.load(res)
    assert "test-ruleset" in [r["id"] for r in catalogue["rulesets"]]
    mode = next(m for m in catalogue["modes"] if m["id"] == "test-mode")
    assert mode["seats"] == {"imaginarium": [3, 9], "test-ruleset": [3, 9]}

    tv, code = await ui.tv()
    host = await ui.phone(code, "Anna", "red")
    await ui.phone(code, "Boris", "blue")
    ruleset = host.get_by_test_id("setting-ruleset")
    await expect(ruleset.locator('option[value="test-ruleset"]')).to_have_count(1)
    mode_select = host.get_by_test_id("setting-mode")
    await expect(mode_select.locator('option[value="test-mode"]')).to_have_text("test-mode — 3–9 players")
    await mode_select.select_option("test-mode")
    await expect(tv.get_by_text("test-mode", exact=True)).to_be_visible()   # the TV's settings chip
    await expect(mode_select).to_have_value("test-mode")
    # The game's length for the chosen settings: counted by the engine for the mode's fewest seats (3).
    await expect(tv.get_by_test_id("tv-game-length")).to_contain_text("for 3 players")
    await expect(tv.get_by_test_id("tv-game-length")).to_contain_text(
        re.compile(r"everyone tells (once|twice|[\d–]+ times)"))
    await expect(host.get_by_test_id("phone-game-length")).to_contain_text(re.compile(r"Rounds: \d+"))
    await ui.shot(tv, "tv-lobby-1080")
    await ui.shot(host, "phone-lobby")
