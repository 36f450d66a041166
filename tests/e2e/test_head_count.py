"""Three people, or two, start with one tap on Start: like pairs at eight people, the game for three
switches on by itself at three and the duel at two (RULES.md §1's players column, §4; the engine's
`mode_for_people`), and back to the standard table when a fourth person joins. Real pages: a TV and the
phones join one by one; the host's mode setting follows the head count, and Start is the only tap. A
Start refused for a mode chosen by hand names the mode that fits, in the phone's language."""
import pytest
from playwright.async_api import expect

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _mode(phone, mode: str) -> None:
    await expect(phone.get_by_test_id("setting-mode")).to_have_value(mode)


async def test_three_people_start_a_game_for_three_with_one_tap(ui):
    tv, code = await ui.tv("ru-RU")
    host = await ui.phone(code, "Ann", "red")
    second = await ui.phone(code, "Борис", "blue", "ru-RU")
    await _mode(host, "duel")                     # two people: the duel
    third = await ui.phone(code, "Vika", "yellow")
    await _mode(host, "trio")                     # three: the game for three
    await expect(tv.get_by_test_id("roster-item")).to_have_count(3)
    await ui.shot(tv, "tv-lobby-trio")
    await ui.shot(host, "phone-lobby-trio")
    await host.get_by_test_id("start").click()
    for phone in (host, second, third):
        await expect(phone.get_by_test_id("phone-telling")).to_be_visible()
    await expect(tv.get_by_test_id("tv-telling")).to_be_visible()


async def test_two_people_start_a_duel_with_one_tap(ui):
    tv, code = await ui.tv()
    host = await ui.phone(code, "Ann", "red", "ru-RU")
    other = await ui.phone(code, "Boris", "blue")
    await _mode(host, "duel")
    await host.get_by_test_id("start").click()
    for phone in (host, other):
        await expect(phone.get_by_test_id("phone-telling")).to_be_visible()
    await expect(tv.get_by_test_id("tv-telling")).to_be_visible()


@pytest.mark.parametrize("locale, says", [
    ("en-US", "The standard table needs 4 to 7 players; there are 3: choose the game for three in the settings."),
    ("ru-RU", "Для режима «обычный стол» нужно от 4 до 7 игроков, а сейчас 3: "
              "выберите в настройках режим «игра втроём»."),
])
async def test_a_start_refused_for_a_mode_chosen_by_hand_names_the_mode_that_fits(ui, locale, says):
    tv, code = await ui.tv()
    host = await ui.phone(code, "Ann", "red", locale)
    for name, colour in (("Boris", "blue"), ("Vika", "yellow")):
        await ui.phone(code, name, colour)
    await _mode(host, "trio")
    await host.get_by_test_id("setting-mode").select_option("standard")   # chosen by hand: it stays
    await expect(tv.get_by_test_id("roster-item")).to_have_count(3)
    await _mode(host, "standard")
    await host.get_by_test_id("start").click()
    await expect(host.get_by_text(says)).to_be_visible()
    await ui.shot(host, f"phone-refused-{locale}")
    await ui.phone(code, "Gosha", "green")   # a fourth person: the standard table fits, and it starts
    await host.get_by_test_id("start").click()
    await expect(host.get_by_test_id("phone-telling")).to_be_visible()
