"""What a guest chose on the phone is theirs, through the real pages: a colour lost to another phone joining at
the same instant is not swapped for another one Join would take (the phone says it was taken, nothing is
chosen); the last round's storyteller finds their only card chosen (RULES.md D1), still to be confirmed; a
card, a vote or an association chosen but not confirmed is there again after a reload (sessionStorage) and
gone once confirmed. Phones 360×640, in English and Russian. Screenshots: test-output/phone-choices-*.png.
"""
import asyncio
import re

import aiohttp
import pytest
from playwright.async_api import expect

from tests.decks.helpers import card_folder
from tests.e2e.test_modes import wait_phase
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

SMALL = {"width": 360, "height": 640}
TAKEN = {"en-US": ("Someone just took blue. Choose another colour.", "Tell with this card"),
         "ru-RU": ("Цвет «синий» только что заняли. Выберите другой.", "Загадать эту карту")}
DRAFTS = "() => Object.keys(sessionStorage).filter((k) => k.indexOf('imaginarium.draft.') === 0)"



@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
async def test_a_colour_lost_to_another_phone_is_not_swapped_for_another(ui, locale):
    ui.prefix = f"phone-choices-{locale[:2]}"
    tv, code = await ui.tv(locale)
    pages = []
    for name in ("Bob", "Бэла"):
        page = await ui.page(f"/join/{code}", SMALL, locale, mobile=True)
        await page.get_by_test_id("name").fill(name)
        blue = page.locator('[data-testid="colours"] [data-colour="blue"]')
        await blue.click()
        await expect(blue).to_have_attribute("aria-checked", "true")
        pages.append(page)
    # Both tap Join at once (force: the loser's button may already be disabled by the winner's state).
    await asyncio.gather(*(p.get_by_test_id("join").click(force=True) for p in pages))
    roster = tv.locator("[data-testid=roster-item]:not(.empty)")
    await expect(roster).to_have_count(1)
    winner = 0 if "Bob" in await roster.text_content() else 1
    loser = pages[1 - winner]
    await expect(pages[winner].get_by_test_id("phone-lobby")).to_be_visible()
    # The loser is told, and nothing is chosen for them: Join waits for their own choice.
    await expect(loser.get_by_test_id("colour-lost")).to_have_text(TAKEN[locale][0])
    await expect(loser.locator('[data-testid="colours"] [aria-checked="true"]')).to_have_count(0)
    await expect(loser.get_by_test_id("join")).to_be_disabled()
    await expect(loser.locator('[data-testid="colours"] [data-colour="blue"]')).to_have_count(0)
    await ui.shot(loser, "colour-lost")
    await loser.locator('[data-testid="colours"] [data-colour="green"]').click()
    await expect(loser.get_by_test_id("colour-lost")).to_be_hidden()
    await loser.get_by_test_id("join").click()
    await expect(loser.get_by_test_id("phone-lobby")).to_be_visible()
    await expect(roster).to_have_count(2)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
async def test_the_last_rounds_storyteller_finds_their_only_card_chosen(ui, server_process, locale):
    ui.prefix = f"phone-choices-{locale[:2]}"
    # 33 cards, 4 players: hands shrink once the deck runs short and the 8th turn is played with the last card;
    # no special cells, so the association "Cake" meets no condition whatever cell the storyteller stands on
    card_folder(server_process.data_dir / "decks" / "small", 33)
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{server_process.url}/api/rooms") as res:
            code = (await res.json())["code"]
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                                   settings={"deck": "small", "special_cells": False})
        await table.play_until(lambda g: g["phase"] == "game_over" or (g["last_card"] and g["phase"] == "telling"))
        game = table.tv.game
        assert game["phase"] == "telling", "the game ended before its last turn"
        teller = table.seat(game["storyteller"])
        assert len(teller.me["hand"]) == 1
        phone = await ui.seat_page(code, teller.token, locale, SMALL)
        await expect(phone.get_by_test_id("you-tell")).to_be_visible()
        card = phone.locator(".card-grid.selectable .grid-card")
        await expect(card).to_have_count(1)
        await expect(card).to_have_class(re.compile(r"\bselected\b"))
        confirm = phone.get_by_test_id("confirm")
        await expect(confirm).to_have_text(TAKEN[locale][1])
        await expect(confirm).to_be_enabled()
        await ui.shot(phone, "last-card-telling")
        await phone.get_by_test_id("association-input").fill("Cake")
        await confirm.click()
        state = await table.tv.until_state(lambda s: s["game"]["phase"] == "voting")
        assert state["game"]["association"] == "Cake"
        for p in table.sockets:
            await p.close()


async def choose(page, n: int = 0) -> str:
    """Taps the `n`-th card the page offers (not its own); returns its id (a table number when voting)."""
    card = page.locator(".card-grid.selectable .grid-card:not(.disabled)").nth(n)
    await card.click()
    await expect(card).to_have_class(re.compile(r"\bselected\b"))
    return await card.get_attribute("data-number") or await card.get_attribute("data-card")


async def reloaded(page, testid: str) -> None:
    await page.reload()
    await expect(page.get_by_test_id(testid)).to_be_visible()


def chosen(page):
    return page.locator(".card-grid.selectable .grid-card.selected")


async def test_a_reload_keeps_what_was_chosen_and_not_confirmed(ui):
    ui.prefix = "phone-choices-en"
    tv, code = await ui.tv()
    phones = [await ui.phone(code, name, colour, viewport=SMALL)
              for name, colour in (("Ann", "red"), ("Ben", "blue"), ("Cleo", "green"))]
    st = await ui.start_trio(phones)
    others = [p for p in phones if p is not st]
    # The storyteller's card and half-typed association survive a reload.
    card = await choose(st, 2)
    await st.get_by_test_id("association-input").fill("Who ate the")
    await reloaded(st, "you-tell")
    await expect(chosen(st)).to_have_count(1)
    await expect(chosen(st)).to_have_attribute("data-card", card)
    await expect(st.get_by_test_id("association-input")).to_have_value("Who ate the")
    await st.get_by_test_id("association-input").fill("Who ate the cake?")
    await st.get_by_test_id("confirm").click()
    await wait_phase(tv, "playing")
    # A player's card, chosen and not played: still chosen after the reload, and confirmed from there.
    card = await choose(others[0], 4)
    await reloaded(others[0], "phone-playing")
    await expect(chosen(others[0])).to_have_attribute("data-card", card)
    await ui.shot(others[0], "reloaded-playing")
    await others[0].get_by_test_id("confirm").click()
    await choose(others[1])
    await others[1].get_by_test_id("confirm").click()
    await wait_phase(tv, "voting")
    # Voting: the playing screen's draft is gone (it no longer applies) and the vote chosen is kept.
    await expect(chosen(others[0])).to_have_count(0)
    number = await choose(others[0], 1)
    await reloaded(others[0], "phone-voting")
    await expect(chosen(others[0])).to_have_count(1)
    await expect(chosen(others[0])).to_have_attribute("data-number", number)
    await expect(others[0].get_by_test_id("confirm")).to_contain_text(number)
    await others[0].get_by_test_id("confirm").click()
    await expect(others[0].get_by_test_id("voted")).to_be_visible()
    # Confirmed: a reload finds nothing kept, and the waiting view.
    await reloaded(others[0], "voted")
    assert await others[0].evaluate(DRAFTS) == []
    await choose(others[1])
    await others[1].get_by_test_id("confirm").click()
    await wait_phase(tv, "scored")
    for phone in phones:
        await expect(phone.get_by_test_id("phone-scored")).to_be_visible()
        assert await phone.evaluate(DRAFTS) == []
