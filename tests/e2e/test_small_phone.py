"""The elephant colour pickers on the smallest phone (360×640) and the usual one (390×844): the join form's
and the lobby's "Change colour" row lie inside the screen with every colour free (they used to run 14 and
26 px past a 360 px screen, cutting off the last elephant of each row and scrolling the page sideways).
Screenshots: test-output/small-phone-*.png."""
from __future__ import annotations

import re

from playwright.async_api import TimeoutError as PlaywrightTimeout
from playwright.async_api import expect

from tests.helpers.browser import PHONE, fits, run_scene

SMALL_PHONE = {"width": 360, "height": 640}


async def test_colour_pickers_fit_small_phones(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        tv = await sc.page("/tv?new=1", {"width": 1280, "height": 720})
        code_el = tv.get_by_test_id("room-code")
        await expect(code_el).to_have_text(re.compile(r"^[A-Z]{4}$"))
        code = (await code_el.text_content()).strip()
        for i, (viewport, size) in enumerate(((SMALL_PHONE, "360"), (PHONE, "390"))):
            page = await sc.page(f"/join/{code}", viewport)
            picker = page.get_by_test_id("colours").locator("[data-colour]")
            await expect(picker).to_have_count(14 - i)
            await fits(page, viewport["width"], f"join form {size}")
            await sc.shot(page, f"join-{size}")
            await page.get_by_test_id("name").fill(f"Player {size}")
            await page.get_by_test_id("join").click()
            await expect(page.get_by_test_id("phone-lobby")).to_be_visible()
            await fits(page, viewport["width"], f"lobby {size}")
            await sc.shot(page, f"lobby-{size}")

    await run_scene(server_process, launch_options, output_dir, "small-phone", body)


# Lines a text takes on screen: the distinct tops of its text's boxes.
LINES_JS = """() => [...document.querySelectorAll('[data-testid=no-phone]')].map((el) => {
  const r = document.createRange(); r.selectNodeContents(el);
  return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size; })"""
# Children's names of every length up to the longest allowed (24 graphemes): one of them leaves «(без
# телефона)» just too little room on a 360 px phone, where ")" used to wrap alone onto its own line.
CHILDREN = [("Маша", "pink"), ("Василиса", "green"), ("Ярослава Мая", "orange"), ("Александра Юрьевна", "purple"),
            ("Святослав Владимирович", "teal"), ("Маргарита Константиновна", "yellow"), ("Ян Петрович Ли", "brown")]


async def test_no_phone_note_stays_whole_beside_each_childs_name(server_process, launch_options, output_dir):
    """The kids' lobby names each child without a phone with «(без телефона)» / "(no phone)": on 360 and 390 px
    phones the note stays on one line (never ")" alone on the next), whatever the name's length."""
    async def body(sc) -> None:
        _tv, table = await sc.table(["Мама"])
        host = table.phones[0]
        await table.act(host, "set_settings", settings={"mode": "kids", "lang": "ru"})
        for name, colour in CHILDREN:
            await table.act(host, "add_child", name=name, colour=colour)
        for viewport, locale in ((SMALL_PHONE, "ru-RU"), (PHONE, "ru-RU"), (SMALL_PHONE, "en-US")):
            page = await sc.page(f"/join/{table.code}", viewport, host.token, table.code)
            if locale == "ru-RU" and await page.get_by_test_id("lang").text_content() == "RU":
                await page.get_by_test_id("lang").click()
            notes = page.get_by_test_id("no-phone")
            await expect(notes).to_have_count(len(CHILDREN))
            await expect(notes.first).to_have_text("(без телефона)" if locale == "ru-RU" else "(no phone)")
            # (polled: a language switch draws the lobby anew, and a note being drawn has no lines yet)
            try:
                await page.wait_for_function(f"() => ({LINES_JS})().join() === '{','.join('1' * len(CHILDREN))}'",
                                             timeout=5000)
            except PlaywrightTimeout:
                lines = await page.evaluate(LINES_JS)
                raise AssertionError(f"{viewport['width']} px {locale}: lines per note {lines}") from None
            await fits(page, viewport["width"], f"kids lobby {viewport['width']} {locale}")
            await page.get_by_test_id("phone-lobby").locator(".p-roster").scroll_into_view_if_needed()
            await sc.shot(page, f"kids-roster-{viewport['width']}-{locale[:2]}")

    await run_scene(server_process, launch_options, output_dir, "small-phone", body)
