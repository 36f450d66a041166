"""The elephant colour pickers on the smallest phone (360×640) and the usual one (390×844): the join form's
and the lobby's "Change colour" row lie inside the screen with every colour free (they used to run 14 and
26 px past a 360 px screen, cutting off the last elephant of each row and scrolling the page sideways).
Screenshots: test-output/small-phone-*.png."""
from __future__ import annotations

import re

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
