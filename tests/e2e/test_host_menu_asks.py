"""The host menu asks before it acts: "Remove", "Free the seat" and "Make host" each need a second tap
("…? Tap again"), and the first changes nothing; after "Make host" both phones say so and the new host's
header shows it; a removal is said on the host's phone. In both languages; screenshots at 360x640."""
import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.wire import LivePlayer, seated_table, socket_opener

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


async def test_the_host_moves_on_without_a_phone_that_went(ui, server_process):
    """A storyteller's phone goes mid-turn, then a player's: the host's menu shows them offline and offers not
    to wait, by name, asking first; the turn passes to the next storyteller, then a random card is played for
    whoever has not chosen, and the round goes on to the vote (the server's `skip`, as the timer would)."""
    async with aiohttp.ClientSession() as session:
        code, _ = await server_process.new_room(session)
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                                   names=["Anna", "Boris", "Vera"], start=False)
        mum = await ui.phone(code, "Mum", "teal", "en-US", SMALL)
        await table.tv.until_state(lambda s: len(s["room"]["roster"]) == 4)
        table.expected = table.tv.state_id   # Mum's join, which the table did not send
        anna = table.phones[0]
        await table.act(anna, "set_settings", settings={"first_storyteller": "host", "special_cells": False})
        await table.act(anna, "start", storyteller=anna.state["you"]["seat"])
        mum_seat = next(r["seat"] for r in table.tv.state["room"]["roster"] if r["name"] == "Mum")
        await table.act(anna, "pass_host", seat=mum_seat)
        await anna.close()                            # the storyteller's phone goes
        table.phones.remove(anna)
        await expect(mum.get_by_test_id("me-host")).to_have_count(1)
        await mum.get_by_test_id("host-menu-btn").click()
        menu = mum.get_by_test_id("host-menu")
        await expect(row(menu, "Anna").get_by_test_id("offline")).to_be_visible()
        await expect(row(menu, "Boris").get_by_test_id("offline")).to_have_count(0)
        skip = menu.get_by_test_id("skip")
        await expect(skip).to_have_text("Don't wait for Anna: the next storyteller tells")
        await skip.click()                            # the first tap only asks
        await expect(skip).to_have_attribute("data-asking", "true")
        await ui.shot(mum, "skip-asking")
        assert table.tv.game["storyteller"] != mum_seat and table.tv.game["phase"] == "telling"
        teller = table.tv.game["storyteller"]
        await skip.click()
        await table.tv.until_state(lambda s: s["game"]["storyteller"] not in (teller, None))
        assert table.tv.game["phase"] == "telling"
        table.expected = table.tv.state_id   # the page's skip
        await table.sync()
        # the next storyteller tells; Vera plays; Boris and Mum have not chosen when the host stops waiting
        await table.play_until(lambda g: g["phase"] == "playing")
        vera = next(p for p in table.phones if p.name == "Vera")
        assert table.tv.game["storyteller"] == table.phones[0].state["you"]["seat"]   # Boris, after Anna
        await table.act(vera, "play_card", card=vera.me["hand"][0])
        await mum.get_by_test_id("host-menu-btn").click()
        skip = mum.get_by_test_id("host-menu").get_by_test_id("skip")
        # Anna's phone is gone and Mum (the host herself) has not chosen: both get a random card
        await expect(skip).to_have_text("Don't wait: a random card for Anna, Mum")
        await skip.click()
        await skip.click()
        await table.tv.until_state(lambda s: s["game"]["phase"] == "voting")
