"""The how-to-play texts say what RULES.md says, with the catalogue's numbers, in English and Russian (a real
TV page and the host's phone against a real server): the duel lays out 5 cards, the mammoth's included
(§2.4), and nobody votes for a card they played; the classic storyteller goes back, never behind the start
(§1.1); the kids' game is won by every elephant that completes the lap in that round (§2.5); Dixit with the
deck reshuffled ends only at 30 (D7, §4); the TV's lobby hint gives the ruleset's own player range and
trio's cards from the deck."""
import pytest
from playwright.async_api import expect

from tests.e2e.test_explainer import choose, show_card

pytestmark = pytest.mark.asyncio(loop_scope="session")

SAYS = {
    "en": {"duel_play": "5 cards on the table, the mammoth's included", "not_own": "Nobody votes for their own card.",
           "back": "goes back 3 cells, never behind the start",
           "kids": "every elephant that completes it in that round wins",
           "dixit_end": "reaches 30 points (the deck is reshuffled, so it never runs out)", "deck_end": "deck runs out",
           "hint": "3–6 players.", "trio_hint": "Trio: 3 players and 2 cards from the deck."},
    "ru": {"duel_play": "на столе 5 карт вместе с ней", "not_own": "За свою карту голосовать нельзя.",
           "back": "отступает на 3 клетки, но не дальше старта", "kids": "побеждают все, кто прошёл его на этом ходе",
           "dixit_end": "набирает 30 очков (колоду перемешивают, она не кончается)", "deck_end": "кончается колода",
           "hint": "3–6 игроков.", "trio_hint": "Трио: игроков 3, и ещё карты из колоды: 2."},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_help_texts_follow_the_rules(ui, lang):
    says = SAYS[lang]
    tv, code = await ui.tv()
    host = await ui.phone(code, "Anna", "red")
    await host.get_by_test_id("setting-lang").select_option(lang)
    how = tv.get_by_test_id("tv-how")

    await choose(host, tv, "imaginarium", "duel")
    await show_card(tv, "play")
    await expect(how).to_contain_text(says["duel_play"])
    await ui.shot(tv, f"duel-play-{lang}")
    await show_card(tv, "vote")
    await expect(how).to_contain_text(says["not_own"])

    await choose(host, tv, "imaginarium", "trio")
    await expect(tv.get_by_test_id("lobby-hint")).to_contain_text(says["trio_hint"])

    await choose(host, tv, "imaginarium-classic", "standard")
    await show_card(tv, "points")
    await expect(how).to_contain_text(says["back"])

    await choose(host, tv, "imaginarium", "kids")
    await show_card(tv, "win")
    await expect(how).to_contain_text(says["kids"])
    await ui.shot(tv, f"kids-win-{lang}")

    await choose(host, tv, "dixit", "standard")
    await expect(tv.get_by_test_id("lobby-hint")).to_contain_text(says["hint"])
    await host.get_by_test_id("setting-reshuffle").check()
    await show_card(tv, "win")
    await expect(how).to_contain_text(says["dixit_end"])
    await expect(how).not_to_contain_text(says["deck_end"])
    await ui.shot(tv, f"dixit-reshuffle-win-{lang}")
