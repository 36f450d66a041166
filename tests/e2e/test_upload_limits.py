"""Upload limits (docs/protocol.md "Decks") in a real browser against a real server process: the host sees what uploaded
decks use of their quota and which files of a deck were left out and why; a name heavy with marks is
refused by the join page's counter as by the server; a card picture that cannot be loaded is retried,
then shown as a plain face with its table number instead of an empty slot.
Screenshots go to test-output/upload-limits-*.png.
"""
import re

import pytest
from playwright.async_api import expect

from tests.decks.helpers import card_folder, picture

pytestmark = pytest.mark.asyncio(loop_scope="session")

ZALGO = "Zoe" + "\u0301" * 30          # four clusters, the last of 31 code points
# one grapheme of three code points that is no emoji (names refuse emoji: the TV has no emoji font)
HANGUL = "\u1100\u1161\u11a8"   # the conjoining jamo of 각


async def test_the_host_sees_the_quota_and_the_files_left_out(ui, server_process):
    ui.prefix = "upload-limits-deck"
    folder = card_folder(server_process.data_dir / "decks" / "family", 30, fmt="JPEG", suffix=".jpg")
    cut = picture("JPEG", size=(600, 900))
    (folder / "c021.jpg").write_bytes(cut[: len(cut) // 3])      # a JPEG cut to a third of its length
    tv, code = await ui.tv()
    host = await ui.phone(code, "Аня", "red")
    await expect(host.get_by_test_id("deck-storage")).to_have_text(re.compile(r"Uploaded decks use [\d.]+ of 2048 MB"))
    select = host.get_by_test_id("setting-deck")
    await expect(select.locator("option")).to_have_count(2)
    await expect(host.get_by_test_id("deck-left-out")).to_have_text("")
    await select.select_option("family")
    left_out = host.get_by_test_id("deck-left-out")
    await expect(left_out).to_contain_text("1 picture of this deck cannot be shown and is left out")
    await expect(left_out).to_contain_text("c021.jpg — damaged, cannot be read to the end")
    await expect(tv.locator(".settings")).to_contain_text("(29 cards)")
    await left_out.scroll_into_view_if_needed()
    await ui.shot(host, "phone")


async def test_a_name_heavy_with_marks_is_refused_on_the_page(ui):
    ui.prefix = "upload-limits-name"
    _tv, code = await ui.tv()
    phone = await ui.page(f"/join/{code}", {"width": 390, "height": 844}, mobile=True)
    name = phone.get_by_test_id("name")
    await name.fill(ZALGO)
    await expect(phone.get_by_test_id("name-count")).to_have_text(re.compile("Too many marks"))
    await expect(phone.get_by_test_id("join")).to_be_disabled()
    await ui.shot(phone, "phone")
    await name.fill("Zoe " + HANGUL * 3)
    await expect(phone.get_by_test_id("name-count")).to_have_text("7/24")
    await expect(phone.get_by_test_id("join")).to_be_enabled()
    await phone.get_by_test_id("join").click()
    await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()


async def test_a_card_picture_that_never_loads_becomes_a_plain_face_with_its_number(ui):
    ui.prefix = "upload-limits-plain"
    tv, code = await ui.tv()
    phones = [await ui.phone(code, n, c) for n, c in (("Аня", "red"), ("Борис", "blue"), ("Вера", "green"),
                                                       ("Глеб", "teal"))]
    asked: dict[str, int] = {}

    async def refuse(route):
        card = route.request.url.split("/cards/")[1].split("/")[1].split(".")[0]
        asked[card] = asked.get(card, 0) + 1
        await route.abort()

    await tv.route(re.compile(r"/cards/"), refuse)          # the TV's Wi-Fi loses every card picture
    await phones[0].get_by_test_id("start").click()
    for p in phones:
        await expect(p.get_by_test_id("phone-telling")).to_be_visible()
    tellers = [p for p in phones if await p.get_by_test_id("you-tell").count()]
    assert len(tellers) == 1
    teller = tellers[0]
    await teller.locator(".card-grid.selectable .grid-card").first.click()
    if not await teller.get_by_test_id("conditions").count():
        await teller.get_by_test_id("association-input").fill("Who ate the cake?")
    await teller.get_by_test_id("confirm").click()
    for p in phones:
        if p is not teller:
            grid = p.locator(".card-grid.selectable")
            await expect(grid.locator(".grid-card")).to_have_count(6)
            await grid.locator(".grid-card").first.click()
            await p.get_by_test_id("confirm").click()
    table = tv.get_by_test_id("table-card")
    await expect(table).to_have_count(4)
    plain = tv.get_by_test_id("card-plain")
    await expect(plain).to_have_count(4)
    await expect(plain).to_have_text(["1", "2", "3", "4"])
    assert all(n >= 4 for n in asked.values()), asked        # WebP, JPEG, then two retries each
    await ui.shot(tv, "tv")
