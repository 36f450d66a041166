"""The family's own decks on the host's phone, in a real browser against a real server process, on the smallest
phone (360×640, Russian) and the usual one (390×844, English): a zip too small for the table is kept but not
chosen, and the phone says how many cards the table needs and how many the deck has; a damaged picture in it is
named as damaged; the host deletes an uploaded deck by picking it, then confirming; the deck of a game under way
is refused with the server's reason; once deleted, the deck leaves the data folder and the deck list of another
room's host phone without a reload; at a kids' table the deck list counts the cards the kids' filter leaves, as
Start does, and once a picture the adult took out is replaced the lobby and the filter say so until the adult has
looked again. Screenshots: test-output/family-decks-*.png.
"""
from __future__ import annotations

import io
import os
import re

import aiohttp
import pytest
from PIL import Image
from playwright.async_api import expect

from tests.decks.helpers import make_zip, picture
from tests.helpers.browser import fits
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

SIZES = [pytest.param({"width": 360, "height": 640}, "ru-RU", id="360-ru"),
         pytest.param({"width": 390, "height": 844}, "en-US", id="390-en")]
TEXT = {
    "ru-RU": {"kept": "Колода «Tiny» сохранена, но не выбрана: в ней 3 карты, а для текущих настроек нужно "
                      "не меньше 28.",
              "damaged": "holiday.jpg — картинка повреждена: файл не открывается",
              "pixels": "huge.png — больше 40 мегапикселей для JPEG, 16 для PNG или WebP",
              "option_small": "Tiny (3 карты): мало",
              "chosen_small": "В этой колоде мало карт для стола: 3, а для текущих настроек нужно не меньше 28.",
              "confirm": "Удалить колоду «Summer» (30 карт) с сервера?",
              "in_use": re.compile(r"Этой колодой сейчас играют \(комната [A-Z]{4}\)"),
              "deleted": "Колода «Summer» удалена; теперь выбрана встроенная колода.",
              "kids_option": "Ten (7 из 10 для детей): мало",
              "kids_small": "Без карт, убранных для детей, в этой колоде мало карт для стола: 7, а для текущих "
                            "настроек нужно не меньше 8. Верните карты в детском фильтре или выберите колоду "
                            "побольше.",
              "outdated": "Колода изменилась после того, как вы отобрали карты для детей: 1 убранная вами карта "
                          "изменилась или пропала. Проверьте отбор ещё раз.",
              "kept_11": "Оставлено 11 из 12 карт"},
    "en-US": {"kept": "“Tiny” is saved but not chosen: it has 3 cards, and the current settings need at least 28.",
              "damaged": "holiday.jpg — damaged picture: the file cannot be opened",
              "pixels": "huge.png — more than 40 megapixels as JPEG, 16 as PNG or WebP",
              "option_small": "Tiny (3 cards): too few",
              "chosen_small": "This deck has too few cards for the table: 3, and the current settings need at "
                              "least 28.",
              "confirm": "Delete “Summer” (30 cards) from the server?",
              "in_use": re.compile(r"A game is being played with this deck \(room [A-Z]{4}\)"),
              "deleted": "Deck “Summer” deleted; the built-in deck is chosen now.",
              "kids_option": "Ten (7 of 10 for children): too few",
              "kids_small": "Without the cards taken out for children, this deck has too few for the table: 7, and the "
                            "current settings need at least 8. Put cards back in the kids' filter, or choose a bigger "
                            "deck.",
              "outdated": "The deck changed since you chose its cards for children: 1 card you took out changed or "
                          "is gone. Look at the filter again.",
              "kept_11": "11 of 12 cards kept"},
}


def huge_png() -> bytes:
    """A plain PNG of 4100×4100 = 16.8 million pixels: small as a file, over the PNG limit of 16 megapixels
    (server/decks/pictures.py MAX_FULL_DECODE_PIXELS)."""
    out = io.BytesIO()
    Image.new("RGB", (4100, 4100), (40, 90, 160)).save(out, "PNG")
    return out.getvalue()


def zip_file(name: str, n: int, extra: dict[str, bytes] | None = None) -> dict:
    entries = {f"card{i:02d}.jpg": picture("JPEG", colour=((i * 37) % 256, (i * 91) % 256, 90)) for i in range(n)}
    return {"name": name, "mimeType": "application/zip", "buffer": make_zip({**entries, **(extra or {})})}


async def host_phone(ui, code: str, viewport: dict, locale: str, name: str = "Аня"):
    phone = await ui.page(f"/join/{code}", viewport, locale, mobile=True)
    await phone.get_by_test_id("name").fill(name)
    await phone.locator('[data-testid="colours"] [data-colour]').first.click()
    await phone.get_by_test_id("join").click()
    await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
    return phone


async def hosted_lobby(ui, viewport: dict, locale: str):
    """A TV's new room with the host's phone joined at `viewport` in `locale`, screenshots named for the
    width: (this locale's expected texts, the TV page, the room code, the host's page)."""
    ui.prefix = f"family-decks-{viewport['width']}"
    tv, code = await ui.tv(locale)
    return TEXT[locale], tv, code, await host_phone(ui, code, viewport, locale)


async def take_out(host, deck: str, size: int, n: int):
    """The adult opens the kids' filter of `deck` (`size` cards), takes its first `n` cards out, each tap saved,
    and closes it; returns the filter's cards (a locator)."""
    await host.get_by_test_id("kids-filter-open").click()
    cards = host.get_by_test_id("filter-grid").get_by_test_id("filter-card")
    await expect(cards).to_have_count(size)
    for i in range(n):
        async with host.expect_response(lambda r: r.url.endswith(f"/api/decks/{deck}/excluded")) as saved:
            await cards.nth(i).click()
        assert (await saved.value).status == 200
    await host.get_by_test_id("filter-close").click()
    return cards


@pytest.mark.parametrize("viewport, locale", SIZES)
async def test_a_deck_too_small_is_kept_not_chosen_and_the_phone_says_why(ui, viewport, locale):
    text, tv, _code, host = await hosted_lobby(ui, viewport, locale)
    select = host.get_by_test_id("setting-deck")
    await expect(select).to_have_value("builtin")
    await host.get_by_test_id("deck-file").set_input_files(zip_file("Tiny.zip", 3, {"holiday.jpg": os.urandom(3000),
                                                                                   "huge.png": huge_png()}))
    warning = host.get_by_test_id("upload-warning")
    await expect(warning).to_contain_text(text["kept"])
    problems = host.get_by_test_id("upload-problems")
    await expect(problems.locator("li")).to_have_count(2)
    await expect(problems).to_contain_text(text["damaged"])
    await expect(problems).to_contain_text(text["pixels"])            # the limit, not just "too many pixels"
    # one box: the sentence, then the skipped files, then the delete button
    box = host.get_by_test_id("upload-status")
    order = await box.evaluate("(b) => [...b.children].map((c) => c.dataset.testid || c.tagName)")
    assert order == ["upload-warning", "upload-problems", "upload-warning-delete"], order
    await expect(select.locator("option[value=tiny]")).to_have_text(text["option_small"])   # «3 карты», not «3 карт»
    await expect(select.locator("option")).to_have_count(2)
    await expect(select).to_have_value("builtin")                     # not chosen: the table could not start
    await expect(tv.locator(".settings")).not_to_contain_text("Tiny")
    await expect(host.get_by_test_id("deck-warning")).to_be_hidden()
    await warning.scroll_into_view_if_needed()
    await fits(host, viewport["width"], "the upload's warning")
    await ui.shot(host, "too-small")
    # chosen by hand anyway: the lobby says so before Start would be refused
    await select.select_option("tiny")
    await expect(host.get_by_test_id("deck-warning")).to_contain_text(text["chosen_small"])
    await expect(select.locator("option[value=tiny]")).to_contain_text(re.compile("too few|мало"))
    await host.get_by_test_id("deck-warning").scroll_into_view_if_needed()
    await fits(host, viewport["width"], "the chosen deck's warning")
    await ui.shot(host, "chosen-too-small")


@pytest.mark.parametrize("viewport, locale", SIZES)
async def test_the_host_deletes_an_uploaded_deck_after_confirming(ui, server_process, viewport, locale):
    text, _tv, code, host = await hosted_lobby(ui, viewport, locale)
    await expect(host.get_by_test_id("deck-delete-open")).to_be_hidden()   # nothing uploaded yet
    await host.get_by_test_id("deck-file").set_input_files(zip_file("Summer.zip", 30))
    select = host.get_by_test_id("setting-deck")
    await expect(select).to_have_value("summer")
    folder = server_process.data_dir / "decks" / "summer"
    assert folder.is_dir()
    # another room's host sees the new deck without a reload
    other_tv = await ui.page("/tv?new=1", {"width": 1280, "height": 720}, locale)
    await expect(other_tv.get_by_test_id("room-code")).not_to_have_text(code)
    other_code = (await other_tv.get_by_test_id("room-code").text_content()).strip()
    other = await host_phone(ui, other_code, {"width": 390, "height": 844}, locale, "Борис")
    await expect(other.get_by_test_id("setting-deck").locator("option[value=summer]")).to_have_count(1)

    async with aiohttp.ClientSession() as session:
        # a third room plays with the deck: deleting it is refused with the server's reason
        resp = await session.post(f"{server_process.url}/api/rooms")
        game_code = (await resp.json())["code"]
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), game_code,
                                   settings={"deck": "summer"})
        try:
            await host.get_by_test_id("deck-delete-open").click()
            sheet = host.get_by_test_id("deck-delete")
            await expect(sheet.get_by_test_id("deck-delete-pick")).to_be_disabled()
            await sheet.get_by_test_id("deck-delete-choice").click()
            await sheet.get_by_test_id("deck-delete-pick").click()
            await expect(sheet.get_by_test_id("deck-delete-question")).to_have_text(text["confirm"])
            await fits(host, viewport["width"], "the delete confirmation")
            await ui.shot(host, "delete-confirm")
            await sheet.get_by_test_id("deck-delete-yes").click()
            await expect(sheet.get_by_test_id("deck-delete-status")).to_have_text(text["in_use"])
            assert folder.is_dir()
            await ui.shot(host, "delete-refused")
            # that game ends and its host starts a new one (its results showed the deck's cards): now the
            # deck may go, from the same sheet
            await table.act(table.phones[0], "end_game")
            await table.act(table.phones[0], "new_game")
            await sheet.get_by_test_id("deck-holders-back").click()   # from the games that held it, to the decks
            await sheet.get_by_test_id("deck-delete-pick").click()
            await sheet.get_by_test_id("deck-delete-yes").click()
            await expect(sheet).to_have_count(0)
        finally:
            for p in table.sockets:
                await p.close()
    await expect(host.get_by_test_id("upload-status")).to_have_text(text["deleted"])
    await expect(select).to_have_value("builtin")
    await expect(select.locator("option[value=summer]")).to_have_count(0)
    await expect(other.get_by_test_id("setting-deck").locator("option[value=summer]")).to_have_count(0)
    await expect(host.get_by_test_id("deck-delete-open")).to_be_hidden()
    assert not folder.exists()
    assert not (server_process.data_dir / "cache" / "cards" / "summer").exists()
    await ui.shot(host, "deleted")


@pytest.mark.parametrize("viewport, locale", SIZES)
async def test_at_a_kids_table_the_deck_list_counts_what_the_kids_filter_leaves(ui, viewport, locale):
    text, _tv, _code, host = await hosted_lobby(ui, viewport, locale)
    await host.get_by_test_id("setting-mode").select_option("kids")
    await host.get_by_test_id("deck-file").set_input_files(zip_file("Ten.zip", 10))   # a kids' table needs 8
    select = host.get_by_test_id("setting-deck")
    await expect(select).to_have_value("ten")
    await expect(host.get_by_test_id("deck-warning")).to_be_hidden()
    # the adult takes three pictures out: seven are left, and Start would refuse the deck
    await take_out(host, "ten", 10, 3)
    await expect(select.locator("option:checked")).to_have_text(text["kids_option"])
    await expect(host.get_by_test_id("deck-warning")).to_have_text(text["kids_small"])
    await host.get_by_test_id("deck-warning").scroll_into_view_if_needed()
    await fits(host, viewport["width"], "the kids' deck warning")
    await ui.shot(host, "kids-filter-too-small")


@pytest.mark.parametrize("viewport, locale", SIZES)
async def test_a_kids_filter_whose_pictures_changed_tells_the_adult_until_they_look_again(ui, server_process, viewport,
                                                                                        locale):
    """The kids' filter is kept by picture (server/decks/kids_filter.py): a picture the adult took out replaced
    by another under the same card while the server was off is no longer taken out, and the adult's lobby says
    so until the adult has looked at the filter again (closing it saves the list as seen)."""
    text, _tv, _code, host = await hosted_lobby(ui, viewport, locale)
    await host.get_by_test_id("setting-mode").select_option("kids")
    await host.get_by_test_id("deck-file").set_input_files(zip_file("Twelve.zip", 12))
    await expect(host.get_by_test_id("setting-deck")).to_have_value("twelve")
    cards = await take_out(host, "twelve", 12, 2)
    notice = host.get_by_test_id("filter-outdated")
    await expect(notice).to_be_hidden()
    # the server stops, the family's deck folder gets another picture under the first card, the server starts
    server_process.kill()
    (server_process.data_dir / "decks" / "twelve" / "c001.jpg").write_bytes(picture("JPEG", colour=(250, 250, 250)))
    server_process.start()
    await expect(notice).to_have_text(text["outdated"])   # the page came back by itself
    await notice.scroll_into_view_if_needed()
    await fits(host, viewport["width"], "the kids' filter's notice")
    await ui.shot(host, "kids-filter-outdated")
    # the filter says it too, and the new first picture is not taken out
    await host.get_by_test_id("kids-filter-open").click()
    await expect(host.get_by_test_id("filter-sheet-outdated")).to_have_text(text["outdated"])
    await expect(host.get_by_test_id("filter-count")).to_have_text(text["kept_11"])
    await expect(cards.nth(0)).to_have_attribute("aria-pressed", "false")
    await expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    await ui.shot(host, "kids-filter-outdated-sheet")
    async with host.expect_response(lambda r: r.url.endswith("/api/decks/twelve/excluded")) as saved:
        await host.get_by_test_id("filter-close").click()
    assert (await saved.value).status == 200
    await expect(notice).to_be_hidden()
