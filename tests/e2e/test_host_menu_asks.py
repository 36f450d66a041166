"""The host menu asks before it acts: "Remove", "Free the seat" and "Make host" each need a second tap
("…? Tap again"), and the first changes nothing; after "Make host" both phones say so and the new host's
header shows it; a removal is said on the host's phone. In both languages; screenshots at 360x640."""
import pytest
from playwright.async_api import expect

pytestmark = pytest.mark.asyncio(loop_scope="session")

SMALL = {"width": 360, "height": 640}
TEXT = {"en-US": {"sure_host": "Make Boris host? Tap again", "you_host": "You are the host now",
                  "passed": "Boris is the host now.", "sure_remove": "Remove Vera? Tap again",
                  "removed": "Vera is out of the game.", "host": "Host"},
        "ru-RU": {"sure_host": "Сделать хозяином: Boris? Нажмите ещё раз", "you_host": "Теперь вы хозяин",
                  "passed": "Теперь хозяин — Boris.", "sure_remove": "Убрать из игры: Vera? Нажмите ещё раз",
                  "removed": "Vera больше не в игре.", "host": "Хозяин"}}


def row(menu, name: str):
    return menu.locator(".sheet-player", has_text=name)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
async def test_the_host_menu_asks_first_and_says_what_happened(ui, locale):
    text = TEXT[locale]
    tv, code = await ui.tv(locale)
    anna = await ui.phone(code, "Anna", "red", locale, SMALL)
    boris = await ui.phone(code, "Boris", "blue", locale, SMALL)
    await ui.phone(code, "Vera", "green", locale, SMALL)
    await expect(tv.get_by_test_id("roster-item")).to_have_count(3)
    await expect(anna.get_by_test_id("me-host")).to_have_text(text["host"])
    await expect(boris.get_by_test_id("me-host")).to_have_count(0)

    await anna.get_by_test_id("host-menu-btn").click()
    menu = anna.get_by_test_id("host-menu")
    make = row(menu, "Boris").get_by_test_id("pass_host")
    await make.click()                                   # the first tap only asks
    await expect(make).to_have_text(text["sure_host"])
    await expect(make).to_have_attribute("data-asking", "true")
    await ui.shot(anna, f"phone-360-{locale[:2]}-asking")
    await expect(boris.get_by_test_id("me-host")).to_have_count(0)   # nothing was sent
    await expect(anna.get_by_test_id("me-host")).to_have_count(1)
    await make.click()                                   # the second tap hands over
    await expect(boris.get_by_test_id("me-host")).to_have_text(text["host"])
    await expect(boris.locator(".toast", has_text=text["you_host"])).to_have_count(1)
    await expect(anna.locator(".toast", has_text=text["passed"])).to_have_count(1)
    await expect(anna.get_by_test_id("me-host")).to_have_count(0)
    await ui.shot(boris, f"phone-360-{locale[:2]}-new-host")

    await boris.get_by_test_id("host-menu-btn").click()
    menu = boris.get_by_test_id("host-menu")
    remove = row(menu, "Vera").get_by_test_id("remove_player")
    await remove.click()
    await expect(remove).to_have_text(text["sure_remove"])
    await expect(tv.get_by_test_id("roster-item")).to_have_count(3)   # still there
    await remove.click()
    await expect(tv.get_by_test_id("roster-item")).to_have_count(2)
    await expect(boris.locator(".toast", has_text=text["removed"])).to_have_count(1)
