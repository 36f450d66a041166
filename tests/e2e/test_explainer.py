"""How to play, for first-timers, in a real Chromium against a real server process: the TV
lobby loops an explainer for the chosen ruleset and mode beside the QR and the roster, its words follow the
host's ruleset, mode and TV language, its numbers are the engine's scoring tables (a server whose table was
changed shows the changed number), and any phone opens it from its menu, turns it and closes it.
Screenshots go to test-output/explainer-*.png.
"""
import json
import re
import urllib.request

import pytest
from conftest import ServerProcess, served
from playwright.async_api import expect

from tests.helpers.browser import boxes_apart

pytestmark = pytest.mark.asyncio(loop_scope="session")

# The TV turns a card every 10 s (web/tv/screens/lobby.js HOW_CARD_MS): waiting for the next one needs more than that.
TURN_WAIT_MS = 25_000


async def show_card(tv, card: str) -> None:
    """Turns the TV's explainer with a remote's right arrow until `card` is shown (at most one loop)."""
    how = tv.get_by_test_id("tv-how")
    await expect(how).to_have_attribute("data-card", re.compile(r"."))
    for _ in range(12):   # the TV may turn a card by itself meanwhile: go round again
        if await how.get_attribute("data-card") == card:
            return
        before = await how.get_attribute("data-index")
        await tv.keyboard.press("ArrowRight")
        await expect(how).not_to_have_attribute("data-index", before)
    await expect(how).to_have_attribute("data-card", card)


async def choose(host, tv, ruleset: str, mode: str) -> None:
    """The host picks `ruleset` and `mode` on their phone; returns once the TV's explainer follows them."""
    await host.get_by_test_id("setting-ruleset").select_option(ruleset)
    await host.get_by_test_id("setting-mode").select_option(mode)
    await expect(tv.get_by_test_id("tv-how")).to_have_attribute("data-rules", f"{ruleset}/{mode}")


async def test_the_tv_lobby_loops_how_to_play_for_the_chosen_rules(ui):
    tv, code = await ui.tv()
    host = await ui.phone(code, "Anna", "red")
    await ui.phone(code, "Boris", "blue")
    how = tv.get_by_test_id("tv-how")
    await expect(how).to_have_attribute("data-rules", "imaginarium/duel")   # two people: the duel by itself
    await choose(host, tv, "imaginarium", "standard")
    await expect(how).to_have_attribute("data-card", "teller")
    await expect(how).to_contain_text("one of their 6 cards")      # the ruleset's hand size
    for other in ("qr", "roster", "room-code", "join-url"):
        await expect(tv.get_by_test_id(other)).to_be_visible()
        await boxes_apart(tv, "tv-how", other)
    await ui.shot(tv, "tv-lobby-teller")
    # It loops by itself while people join.
    await expect(how).to_have_attribute("data-card", "play", timeout=TURN_WAIT_MS)
    await ui.shot(tv, "tv-lobby-1080")
    await tv.set_viewport_size({"width": 1280, "height": 720})
    await ui.shot(tv, "tv-lobby-720")
    await tv.set_viewport_size({"width": 1920, "height": 1080})

    # Imaginarium's points, from the catalogue.
    await show_card(tv, "points")
    await expect(how).to_contain_text("storyteller +3 and +1 per finder, each finder +3")
    await expect(how).to_contain_text("+1 for each vote on their card")
    await ui.shot(tv, "tv-points-imaginarium")
    # The host picks the classic rules: the storyteller goes back when everyone or nobody found the card.
    await choose(host, tv, "imaginarium-classic", "standard")
    await expect(how).to_have_attribute("data-card", "teller")      # another game: from the first card
    await show_card(tv, "points")
    await expect(how).to_contain_text("storyteller goes back 3 cells")
    await expect(how).to_contain_text("storyteller goes back 2 cells")
    # Dixit: no per-finder bonus, +2 to everyone else when the storyteller misses, first to 30.
    await choose(host, tv, "dixit", "standard")
    await show_card(tv, "points")
    await expect(how).to_contain_text("Some but not all found it: storyteller +3, each finder +3.")
    await expect(how).to_contain_text("everyone else +2")
    await show_card(tv, "win")
    await expect(how).to_contain_text("reaches 30 points")
    # The duel: the mammoth's points and the finish at 20 cells.
    await choose(host, tv, "imaginarium", "duel")
    await expect(how).to_contain_text("before looking at any card")
    await show_card(tv, "points")
    await expect(how).to_contain_text("Nobody found the mammoth's card: mammoth +3. "
                                      "One of you: elephant +1, mammoth +1. Both of you: elephant +2.")
    await show_card(tv, "win")
    await expect(how).to_contain_text("has travelled 20 cells before the mammoth")
    await ui.shot(tv, "tv-duel-win")
    # Trio's bot cards, and the kids' lap on the imaginarium board (40 cells).
    await choose(host, tv, "imaginarium", "trio")
    await show_card(tv, "play")
    await expect(how).to_contain_text("adds 2 cards from the top of the deck (bot cards)")
    # Pairs: a team tells, so the card to find is the storytellers' (plural).
    await choose(host, tv, "imaginarium", "pairs")
    await show_card(tv, "vote")
    await expect(how).to_contain_text("Find the storytellers' card")
    await expect(how).to_contain_text("Every team but the storytellers' votes for the card it thinks is the "
                                      "storytellers'.")
    await choose(host, tv, "imaginarium", "kids")
    # The kids' game has special cells too (RULES.md §3): under the adult's elephant, which plays only
    # against a single child (§2.5).
    await expect(how).to_have_attribute("data-card", "teller")
    await expect(how).to_contain_text("With one child, a special cell under the adult's elephant asks for: "
                                      "a question, four words, about a player, film or TV, a story.")
    await ui.shot(tv, "tv-kids-teller")
    await expect(host.get_by_test_id("setting-timer")).to_be_hidden()   # the kids' game is never timed
    await show_card(tv, "win")
    await expect(how).to_contain_text("full lap (40 cells)")
    # The TV's language: the same card in Russian, with the field's words.
    await choose(host, tv, "imaginarium", "standard")
    await host.get_by_test_id("setting-lang").select_option("ru")
    await expect(how).to_contain_text("Ведущий")
    await expect(how).to_contain_text("ассоциацию")
    await show_card(tv, "points")
    await expect(how).to_contain_text("голос")
    await show_card(tv, "win")
    await expect(how).to_contain_text("клетка")
    await ui.shot(tv, "tv-lobby-ru")


async def test_a_phone_opens_turns_and_closes_how_to_play(ui):
    tv, code = await ui.tv()
    host = await ui.phone(code, "Anna", "red")
    guest = await ui.phone(code, "Boris", "blue")          # not the host: the menu is everyone's
    await choose(host, tv, "imaginarium", "standard")      # not the duel two people get by themselves
    await guest.get_by_test_id("host-menu-btn").click()
    await expect(guest.get_by_test_id("remove_player")).to_have_count(0)   # no host controls for a guest
    await guest.get_by_test_id("how-open").click()
    how = guest.get_by_test_id("phone-how")
    await expect(how).to_be_visible()
    await expect(how).to_have_attribute("data-card", "teller")
    await guest.get_by_test_id("phone-how-next").click()
    await expect(how).to_have_attribute("data-card", "play")
    # A swipe to the left (real touch events over the DevTools protocol) turns to the next card.
    box = await how.bounding_box()
    y = box["y"] + box["height"] / 2
    cdp = await guest.context.new_cdp_session(guest)
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": box["x"] + 300, "y": y}]})
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": box["x"] + 200, "y": y}]})
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": box["x"] + 80, "y": y}]})
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    await expect(how).to_have_attribute("data-card", "vote")
    await guest.get_by_test_id("phone-how-next").click()
    await expect(how).to_contain_text("storyteller +3 and +1 per finder")
    await ui.shot(guest, "phone-390")
    await guest.set_viewport_size({"width": 360, "height": 640})
    await ui.shot(guest, "phone-360")
    await guest.get_by_test_id("phone-how-prev").click()
    await expect(how).to_have_attribute("data-card", "vote")
    await guest.get_by_test_id("phone-how-close").click()
    await expect(how).to_have_count(0)
    await expect(guest.get_by_test_id("phone-lobby")).to_be_visible()


@pytest.fixture
def scoring_server(tmp_path, card_cache):
    """A server whose imaginarium storyteller gets 4, not 3 (tests/e2e/scoring_server.py)."""
    yield from served(ServerProcess(tmp_path, card_cache, module="tests.e2e.scoring_server"))


async def test_the_explainer_shows_the_scoring_tables_number(browser, scoring_server, output_dir):
    """The explainer's number is the one the scoring code uses: change the table, and the TV says 4; move the
    duel's finish and its table (3 players), and the host's lobby help for the duel names the new cell and count;
    give the trio 4 players, and its help says 4 (in both languages)."""
    from conftest import TV_VIEWPORT, Ui

    with urllib.request.urlopen(f"{scoring_server.url}/api/rules") as res:
        catalogue = json.load(res)
    imaginarium = next(r for r in catalogue["rulesets"] if r["id"] == "imaginarium")
    assert imaginarium["points"]["teller_some"] == 4
    ui = Ui(browser, scoring_server.page_url, output_dir, "explainer-patched")
    try:
        tv = await ui.page("/tv", TV_VIEWPORT)
        await show_card(tv, "points")
        await expect(tv.get_by_test_id("tv-how")).to_contain_text("storyteller +4 and +1 per finder")
        code = (await tv.get_by_test_id("room-code").text_content()).strip()
        host = await ui.phone(code, "Anna", "red")
        await host.get_by_test_id("setting-mode").select_option("duel")
        help_ = host.get_by_test_id("mode-help")
        await expect(help_).to_have_text("3 players together against the mammoth: the first to travel 24 cells wins.")
        await host.get_by_test_id("setting-mode").select_option("pairs")
        await expect(help_).to_have_text(re.compile(r"^8–14 people: "))   # 4–7 teams of two (the catalogue's seats)
        await host.get_by_test_id("setting-mode").select_option("trio")
        await expect(help_).to_have_text("4 players: 2 extra cards from the deck join the table each round.")
        await host.get_by_test_id("lang").click()
        await expect(help_).to_have_text("Игроков: 4; карт из колоды на столе каждый ход: 2.")
        # the switch reopened the socket: a setting chosen before it is back would be sent nowhere
        await expect(host.get_by_test_id("conn")).to_have_attribute("data-status", "online")
        await host.get_by_test_id("setting-mode").select_option("duel")
        await expect(help_).to_have_text("Игроков: 3, вместе против мамонта; "
                                         "побеждает тот, кто первым пройдёт клеток: 24.")
        await help_.scroll_into_view_if_needed()
        await ui.shot(host, "phone-duel-help")
    finally:
        await ui.close()
    assert not ui.errors, ui.errors
