"""A deck made of the host's phone photos in a real browser against a real server process: on a 390×844 phone
the host names the deck and picks 24 pictures at once (JPEG, one turned by EXIF, PNG, and HEIC where the
server has the decoder); a bar shows the bytes going and the cards appear while the rest are still on their
way; the deck of 24 cards is chosen, and a round is played with it on the TV. Then the host edits it from the
phone: a card out, a new name, more pictures later. Screenshots: test-output/photo-deck-*.png (390×844 and
360×640)."""
from __future__ import annotations

import io

import aiohttp
import pytest
from PIL import Image, ImageDraw
from playwright.async_api import expect

from server.decks.photos import heif_available
from tests.e2e.test_family_decks import host_phone
from tests.helpers.browser import fits
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")


def photo(i: int, fmt: str = "JPEG", size=(900, 1200), orientation: int | None = None) -> bytes:
    """A picture with a shape in it, different for each `i`, encoded as `fmt`."""
    im = Image.new("RGB", size, ((i * 47) % 256, (i * 83) % 256, (i * 29 + 60) % 256))
    draw = ImageDraw.Draw(im)
    w, h = size
    draw.ellipse((w // 4, h // 5, w // 4 + w // 2, h // 5 + w // 2), fill=(250, 240, 200))
    draw.rectangle((0, h * 3 // 4, w, h), fill=((i * 13) % 256, 120, 40))
    buf = io.BytesIO()
    kwargs = {}
    if orientation is not None:
        exif = Image.Exif()
        exif[0x0112] = orientation
        kwargs["exif"] = exif.tobytes()
    if fmt == "HEIF":
        import pillow_heif
        pillow_heif.register_heif_opener()
    im.save(buf, fmt, **kwargs)
    return buf.getvalue()


def gallery() -> list[dict]:
    """24 pictures as a phone's photo picker hands them over."""
    files = [{"name": f"IMG_{i:04d}.jpg", "mimeType": "image/jpeg", "buffer": photo(i)} for i in range(20)]
    files.append({"name": "IMG_0020.jpg", "mimeType": "image/jpeg",   # a portrait held sideways: EXIF turns it
                  "buffer": photo(20, size=(1200, 900), orientation=6)})
    files += [{"name": f"Screenshot_{i}.png", "mimeType": "image/png", "buffer": photo(21 + i, "PNG")}
              for i in range(2)]
    if heif_available():
        files.append({"name": "IMG_0023.HEIC", "mimeType": "image/heic", "buffer": photo(23, "HEIF")})
    else:
        files.append({"name": "IMG_0023.webp", "mimeType": "image/webp", "buffer": photo(23, "WEBP")})
    return files


# every change of the bar: how far it is and how many cards are already shown
RECORD = """() => {
  window.__bar = [];
  const seen = () => {
    const bar = document.querySelector('[data-testid=photos-bar]');
    if (!bar || bar.hidden) return;
    window.__bar.push([Number(bar.getAttribute('aria-valuenow')),
      document.querySelectorAll('[data-testid=photos-card]').length]);
  };
  new MutationObserver(seen).observe(document.body,
    { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
}"""


async def catch_up(table, pred) -> None:
    """After the browser's host acted: every wire socket reads until `pred(game)` holds (`pred(None)` in the
    lobby), and the table counts from that state on."""
    state = await table.tv.until_state(lambda m: pred(m.get("game")))
    table.expected = state["state_id"]
    await table.sync()


async def wire_do(table, action: str) -> None:
    """Every wire phone that may do `action` now does it (the table's own choice of card and vote)."""
    while any(action in ((p.game or {}).get("me") or {}).get("can", []) for p in table.phones):
        await table.step()


async def host_plays(host, phase: str) -> None:
    """The browser's host does its part of `phase`: tells, plays a card or votes through the phone's screen."""
    grid = host.locator(".card-grid.selectable")
    if phase == "telling":
        await grid.locator(".grid-card").first.click()
        if not await host.get_by_test_id("conditions").count():
            await host.get_by_test_id("association-input").fill("Grandma's garden")
    else:
        await grid.locator(".grid-card:not(.disabled)").first.click()
    await host.get_by_test_id("confirm").click()


async def test_24_photos_from_the_gallery_make_the_chosen_deck_and_a_round_is_played_with_it(ui, server_process):
    ui.prefix = "photo-deck-390"
    tv, code = await ui.tv("en-US")
    host = await host_phone(ui, code, {"width": 390, "height": 844}, "en-US", "Anna")
    # two more players at the table (a table of three needs 21 cards: RULES.md §1.3)
    async with aiohttp.ClientSession() as session:
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code, 2,
                                   names=["Boris", "Vera"], start=False)
        try:
            await host.get_by_test_id("deck-photos-open").click()
            sheet = host.get_by_test_id("photos")
            await expect(sheet.get_by_test_id("photos-heading")).to_have_text("New deck from photos")
            await expect(sheet.get_by_test_id("photos-file")).to_have_attribute("accept", "image/*")
            assert await sheet.get_by_test_id("photos-file").evaluate("(i) => i.multiple")
            await sheet.get_by_test_id("photos-title").fill("Summer 2026")
            await fits(host, 390, "the photo sheet")
            await ui.shot(host, "sheet")
            await host.evaluate(RECORD)
            await sheet.get_by_test_id("photos-file").set_input_files(gallery())
            cards = sheet.get_by_test_id("photos-card")
            await expect(cards).to_have_count(24)
            await expect(sheet.get_by_test_id("photos-status")).to_have_text("“Summer 2026”: 24 cards added.")
            bar = await host.evaluate("window.__bar")
            assert bar and bar[-1][0] == 100 and any(0 < pct < 100 for pct, _ in bar), bar          # the bar moved
            assert any(0 < shown < 24 for _, shown in bar), bar   # cards appeared while others were still being sent
            await host.wait_for_function("() => [...document.querySelectorAll('[data-testid=photos-card] img')]"
                                         ".every((i) => i.complete && i.naturalWidth > 0)")
            await fits(host, 390, "the deck's cards")
            await ui.shot(host, "cards")
            deck_dir = server_process.data_dir / "decks" / "summer-2026"
            stored = sorted(deck_dir.glob("c*.jpg"))
            assert len(stored) == 24
            with Image.open(deck_dir / "c021.jpg") as im:   # the sideways photo stands up
                assert im.height > im.width and not im.getexif()
            await sheet.get_by_test_id("photos-close").click()
            select = host.get_by_test_id("setting-deck")
            await expect(select).to_have_value("summer-2026")
            await expect(select.locator("option:checked")).to_have_text("Summer 2026 (24 cards)")
            await ui.shot(host, "chosen")

            await host.get_by_test_id("setting-special_cells").uncheck()
            await catch_up(table, lambda g: table.tv.state["room"]["settings"]["special_cells"] is False)
            await host.get_by_test_id("start").click()
            await catch_up(table, lambda g: bool(g) and g["phase"] == "telling")
            assert table.tv.state["room"]["deck"]["id"] == "summer-2026"
            await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "telling")
            await expect(host.get_by_test_id("phone-telling")).to_be_visible()
            tells = await host.get_by_test_id("you-tell").count() > 0   # the host is the storyteller
            for phase, action, after in (("telling", "tell", "playing"), ("playing", "play_card", "voting"),
                                         ("voting", "vote", "scored")):
                await wire_do(table, action)
                if tells == (phase == "telling"):   # the storyteller tells; the others play and vote
                    await expect(host.locator(".card-grid.selectable .grid-card").first).to_be_visible()
                    await host_plays(host, phase)
                    await catch_up(table, lambda g, a=after: g["phase"] in (a, "game_over"))
                assert table.tv.game["phase"] == after
            await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
            shown = tv.locator("[data-testid=table-card] img")
            await expect(shown).to_have_count(5)   # a trio table: three players and two cards from the deck
            for src in await shown.evaluate_all("(imgs) => imgs.map((i) => i.currentSrc || i.src)"):
                assert "/cards/summer-2026/" in src
            await ui.shot(tv, "tv-scored")
        finally:
            for p in table.sockets:
                await p.close()


async def test_the_host_edits_the_deck_from_a_small_phone_in_russian(ui, server_process):
    ui.prefix = "photo-deck-360"
    _tv, code = await ui.tv("ru-RU")
    host = await host_phone(ui, code, {"width": 360, "height": 640}, "ru-RU")
    await host.get_by_test_id("deck-photos-open").click()
    sheet = host.get_by_test_id("photos")
    await expect(sheet.get_by_test_id("photos-heading")).to_have_text("Новая колода из фото")
    await sheet.get_by_test_id("photos-title").fill("Дача")
    files = [{"name": f"IMG_{i}.jpg", "mimeType": "image/jpeg", "buffer": photo(i)} for i in range(5)]
    files.append({"name": "notes.txt", "mimeType": "text/plain", "buffer": b"shopping list"})
    await sheet.get_by_test_id("photos-file").set_input_files(files)
    await expect(sheet.get_by_test_id("photos-card")).to_have_count(5)
    await expect(sheet.get_by_test_id("photos-status")).to_have_text(
        "«Дача»: добавлено 5 карт. Пропущена 1 картинка (отмечена среди карт). Пока не выбрана: столу нужно "
        "карт не меньше, чем 28, а в колоде 5. Добавьте ещё фото.")
    await expect(sheet.get_by_test_id("photos-skipped")).to_contain_text("notes.txt")
    await fits(host, 360, "the new deck's cards")
    await ui.shot(host, "added")
    await sheet.get_by_test_id("photos-close").click()
    # a lone host's table needs more cards: the deck is kept, not chosen; the host picks it to edit it
    select = host.get_by_test_id("setting-deck")
    await select.select_option(await select.locator("option", has_text="Дача").get_attribute("value"))
    deck_id = await select.input_value()
    await host.get_by_test_id("deck-edit-open").click()
    sheet = host.get_by_test_id("photos")
    await expect(sheet.get_by_test_id("photos-heading")).to_have_text("Изменить колоду")
    cards = sheet.get_by_test_id("photos-card")
    await expect(cards).to_have_count(5)
    await cards.nth(1).get_by_test_id("photos-card-out").click()
    await expect(cards).to_have_count(4)
    await expect(sheet.get_by_test_id("photos-status")).to_have_text("В колоде теперь 4 карты.")
    await sheet.get_by_test_id("photos-title").fill("Дача у бабушки")
    await sheet.get_by_test_id("photos-rename").click()
    await expect(sheet.get_by_test_id("photos-status")).to_have_text("Новое название: «Дача у бабушки».")
    await sheet.get_by_test_id("photos-file").set_input_files(
        [{"name": "IMG_9.png", "mimeType": "image/png", "buffer": photo(9, "PNG")}])
    await expect(cards).to_have_count(5)
    await expect(sheet.get_by_test_id("photos-status")).to_contain_text("«Дача у бабушки»: добавлена 1 карта.")
    await fits(host, 360, "the deck being edited")
    await ui.shot(host, "edit")
    ids = sorted(p.stem for p in (server_process.data_dir / "decks" / deck_id).glob("c*.jpg"))
    assert ids == ["c001", "c003", "c004", "c005", "c006"]   # the card taken out keeps its id to itself
    await sheet.get_by_test_id("photos-close").click()
    await expect(select.locator("option:checked")).to_contain_text("Дача у бабушки (5 карт)")
