"""Dixit reads as Dixit in the host's settings and on the result (RULES.md terms: its storyteller is
«рассказчик», its track counts points; §1.1 `dixit`): the host's form, open while the ruleset changes to
Dixit, says «Первый рассказчик» and «Как считаются очки», and a phone's result says «очков за ход» / "points
this round"; the modes Dixit lacks (RULES.md §2: pairs, trio, duel and kids are `imaginarium` modes) are
greyed in the host's picker with the reason and cannot be chosen. Three WebSocket seats; the host's phone
(360×640) is a real Chromium page. Screenshots: test-output/dixit-words-*.png."""
from __future__ import annotations

import pytest
from playwright.async_api import Error, expect

from tests.e2e.test_dixit_outcomes import _round
from tests.helpers.browser import Scene, resize_tv, run_scene

SMALL = {"width": 360, "height": 640}
WORDS = {  # lang -> (first storyteller's label, ruleset help's start, result's label)
    "en": ("First storyteller", "How points are scored", "points this round"),
    "ru": ("Первый рассказчик", "Как считаются очки", "очков за ход"),
}
LACKING = ["pairs", "trio", "duel", "kids"]


async def test_dixit_settings_and_result_say_dixits_words(server_process, launch_options, output_dir):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["Ann", "Boris", "Vika"])
        host = table.phones[0]
        phone = await sc.page(f"/join/{table.code}", SMALL, host.token, table.code)
        form = phone.get_by_test_id("settings-form")
        await expect(form).to_contain_text("First storyteller")
        await phone.get_by_test_id("setting-ruleset").select_option("dixit")   # the form is already drawn
        mode = phone.get_by_test_id("setting-mode")
        await expect(mode).to_have_value("standard")   # three at Dixit's standard table (trio is Imaginarium's)
        for lang in ("en", "ru"):
            if lang == "ru":
                await phone.get_by_test_id("lang").click()
                form = phone.get_by_test_id("settings-form")
            first, help_words, _ = WORDS[lang]
            await expect(form).to_contain_text(first)
            await expect(form).to_contain_text(help_words)
            await expect(form).not_to_contain_text("считаются клетки" if lang == "ru" else "cells are scored")
            for m in LACKING:
                await expect(mode.locator(f'option[value="{m}"]')).to_be_disabled()
            await expect(mode.locator('option[value="standard"]')).to_be_enabled()
            await sc.shot(phone, f"phone-360-lobby-{lang}")
        for width, height in ((1920, 1080), (1280, 720)):   # the TV's lobby lists the Dixit table's settings
            await resize_tv(tv, width, height)
            await sc.shot(tv, f"tv-lobby-{width}")
        # Playwright refuses a disabled option; the room stays a standard Dixit table.
        with pytest.raises(Error):
            await mode.select_option("pairs", timeout=2000)
        await expect(mode).to_have_value("standard")
        await phone.get_by_test_id("lang").click()   # back to English
        await table.act(host, "set_settings", settings={"first_storyteller": "host"})
        await table.act(host, "start", storyteller=table.phones[1].welcome["seat"])
        await _round(table, True)
        label = phone.locator(".my-points-label")
        for lang in ("en", "ru"):
            if lang == "ru":
                await phone.get_by_test_id("lang").click()
            await expect(label).to_have_text(WORDS[lang][2])
            await sc.shot(phone, f"phone-360-scored-{lang}")

    await run_scene(server_process, launch_options, output_dir, "dixit-words", body)
