"""Uploaded decks as a family sees them, in a real browser against a real server process: a kids' table's TV
counts the cards the kids' filter leaves (1920×1080 and 1280×720); and the "deck in use" refusal on the host's
phone (360×640 Russian, 390×844 English) shows which game holds the deck (room, players, last move). A game
with a page open offers nothing; once no page has it open, "End that game" (confirmed) ends it and deletes the
deck. Screenshots: test-output/deck-way-out-*.png.
"""
from __future__ import annotations

import re

import aiohttp
import pytest
from playwright.async_api import expect

from tests.e2e.test_family_decks import SIZES, host_phone, zip_file
from tests.helpers.browser import fits
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

NAMES = ["Оля", "Петя", "Ира", "Гоша"]
TEXT = {
    "ru-RU": {"open": "Её сейчас кто-то открыл: закончить её может только её хозяин, из самой игры.",
              "closed": "Её не открыл ни один экран.",
              "confirm": "Закончить игру в комнате {room} и потом удалить «Picnic»?",
              "deleted": "Колода «Picnic» удалена; теперь выбрана встроенная колода.",
              "chip": "Колода: Ten (7 из 10 карт для детей)"},
    "en-US": {"open": "Someone has it open now: it is ended from that game, by its host.",
              "closed": "No screen has it open.",
              "confirm": "End the game in room {room}, then delete “Picnic”?",
              "deleted": "Deck “Picnic” deleted; the built-in deck is chosen now.",
              "chip": "Deck: Ten (7 of 10 cards for children)"},
}


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
async def test_a_kids_tables_tv_counts_the_cards_its_filter_leaves(ui, locale):
    ui.prefix = f"deck-way-out-{locale[:2]}"
    tv, code = await ui.tv(locale)
    host = await host_phone(ui, code, {"width": 390, "height": 844}, locale)
    await host.get_by_test_id("setting-mode").select_option("kids")
    await host.get_by_test_id("deck-file").set_input_files(zip_file("Ten.zip", 10))
    await expect(host.get_by_test_id("setting-deck")).to_have_value(re.compile(r"^ten"))
    await host.get_by_test_id("kids-filter-open").click()
    cards = host.get_by_test_id("filter-grid").get_by_test_id("filter-card")
    for i in range(3):
        async with host.expect_response(lambda r: r.url.endswith("/excluded")) as saved:
            await cards.nth(i).click()
        assert (await saved.value).status == 200
    await host.get_by_test_id("filter-close").click()
    small = await ui.page(f"/tv?room={code}", {"width": 1280, "height": 720}, locale)
    for page, name in ((tv, "tv-1920"), (small, "tv-1280")):
        await expect(page.locator(".setting-chip", has_text=TEXT[locale]["chip"])).to_have_count(1)
        await ui.shot(page, f"kids-{name}")


@pytest.mark.parametrize("viewport, locale", SIZES)
async def test_the_game_holding_a_deck_is_shown_and_ended_from_the_phone_once_nobody_has_it_open(
        ui, server_process, viewport, locale):
    ui.prefix = f"deck-way-out-{viewport['width']}"
    text = TEXT[locale]
    _tv, code = await ui.tv(locale)
    host = await host_phone(ui, code, viewport, locale)
    await host.get_by_test_id("deck-file").set_input_files(zip_file("Picnic.zip", 30))
    select = host.get_by_test_id("setting-deck")
    await expect(select).to_have_value(re.compile(r"^picnic"))
    deck = await select.input_value()
    sheet = host.get_by_test_id("deck-delete")

    async def ask_to_delete():
        await host.get_by_test_id("deck-delete-open").click()
        await sheet.locator(f'[data-deck="{deck}"]').click()
        await sheet.get_by_test_id("deck-delete-pick").click()
        await sheet.get_by_test_id("deck-delete-yes").click()
        holder = sheet.get_by_test_id("deck-holder")
        await expect(holder).to_have_count(1)
        return holder

    async with aiohttp.ClientSession() as session:
        resp = await session.post(f"{server_process.url}/api/rooms")
        game_code = (await resp.json())["code"]
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), game_code,
                                   names=NAMES, settings={"deck": deck})
        try:
            await table.play_until(lambda g: g["round"] == 2)
            # people play it now: the phone says which game, and offers no way to end it
            holder = await ask_to_delete()
            await expect(holder).to_contain_text(game_code)
            await expect(holder).to_contain_text(", ".join(NAMES))
            await expect(holder).to_contain_text(text["open"])
            await expect(holder.get_by_test_id("deck-end-open")).to_have_count(0)
            await fits(host, viewport["width"], "the games holding a deck")
            await ui.shot(host, "held-open")
        finally:
            for p in table.sockets:   # the evening is over: every page of that game closed
                await p.close()
        await sheet.get_by_test_id("deck-holders-back").click()
        await sheet.get_by_test_id("deck-delete-close").click()
        holder = await ask_to_delete()
        await expect(holder).to_contain_text(text["closed"])
        await ui.shot(host, "held-closed")
        await holder.get_by_test_id("deck-end-open").click()
        await expect(sheet.get_by_test_id("deck-end-question")).to_have_text(text["confirm"].format(room=game_code))
        await fits(host, viewport["width"], "ending the game that holds a deck")
        await ui.shot(host, "end-confirm")
        await sheet.get_by_test_id("deck-end-no").click()       # changed their mind: nothing happens
        await expect(sheet.get_by_test_id("deck-holder")).to_have_count(1)
        await sheet.get_by_test_id("deck-end-open").click()
        await sheet.get_by_test_id("deck-end-yes").click()
        await expect(sheet).to_have_count(0)
        await expect(host.get_by_test_id("upload-status")).to_have_text(text["deleted"])
        await expect(select).to_have_value("builtin")
        assert not (server_process.data_dir / "decks" / deck).exists()
        # that game is over, its rounds kept: a TV opened on it shows the results
        tv = await socket_opener(session, server_process.url)("tv")
        await tv.hello(game_code, role="tv")
        assert tv.game["phase"] == "game_over" and tv.game["end_reason"] == "host"
        await tv.close()
    await ui.shot(host, "ended-and-deleted")
