"""A fresh tester's findings on names and small phones, in a real browser against a real server process:
the join form says before sending that the TV cannot show emoji in a name (and the server refuses one);
on a 360×640 phone the join button is in sight and the "name taken" toast does not cover it, and the same
toast twice shows once; the storyteller's own name stays readable beside the «Ведущий» badge; the
association box is not left under the sticky confirm bar once a card is chosen. Screenshots at 390×844 and
360×640: test-output/small-phones-*.png.
"""
from __future__ import annotations

import pytest
from playwright.async_api import expect

pytestmark = pytest.mark.asyncio(loop_scope="session")

SMALL = {"width": 360, "height": 640}
USUAL = {"width": 390, "height": 844}
NO_EMOJI = {"ru-RU": "Телевизор не покажет эмодзи: напишите имя буквами",
            "en-US": "The TV cannot show emoji: please write the name in letters"}


def inside(box: dict, viewport: dict) -> bool:
    return box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]


def apart(a: dict, b: dict) -> bool:
    return a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]


@pytest.mark.parametrize("viewport, locale", [(SMALL, "ru-RU"), (USUAL, "en-US")], ids=["360-ru", "390-en"])
async def test_the_join_form_refuses_emoji_before_sending_and_keeps_join_in_sight(ui, viewport, locale):
    ui.prefix = f"small-phones-{viewport['width']}"
    tv, code = await ui.tv(locale)
    phone = await ui.page(f"/join/{code}", viewport, locale, mobile=True)
    name, count, btn = phone.get_by_test_id("name"), phone.get_by_test_id("name-count"), phone.get_by_test_id("join")
    await expect(btn).to_be_visible()
    assert inside(await btn.bounding_box(), viewport)            # «Войти» above the fold, even at 360×640
    for emoji_name in ("🐘🐘🐘", "🐘 Ёжик 🦔✨", "Россия 🇷🇺"):
        await name.fill(emoji_name)
        await expect(count).to_have_text(NO_EMOJI[locale])
        await expect(btn).to_be_disabled()
    await ui.shot(phone, "join-emoji")
    await name.fill("Ёжик ♥")                                    # letters and text-style symbols are fine
    await expect(count).to_have_text("6/24")
    await expect(btn).to_be_enabled()
    await ui.shot(phone, "join-form")

    # "name taken", twice: one toast, under the top bar, not over the join button
    await ui.phone(code, "Мама", "red", locale, USUAL)
    await name.fill("мама")
    toasts = phone.locator(".toast:not(.toast-out)")
    for _ in range(2):
        await btn.click()
        await expect(btn).to_be_enabled()                        # the refusal came back (busy until then)
        await expect(toasts).to_have_count(1)
    assert apart(await toasts.first.bounding_box(), await btn.bounding_box())
    assert inside(await btn.bounding_box(), viewport)
    await ui.shot(phone, "name-taken")
    await expect(tv.get_by_test_id("roster-item")).to_have_count(1)
    await name.fill("Ёжик ♥ ★")
    await btn.click()
    await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
    await expect(tv.get_by_test_id("roster-item")).to_have_count(2)
    await expect(tv.get_by_test_id("roster-item").nth(1)).to_contain_text("Ёжик ♥ ★")
    await ui.shot(tv, "tv-lobby")


async def test_the_storytellers_name_and_association_box_on_a_360_phone(ui):
    ui.prefix = "small-phones-360"
    _tv, code = await ui.tv("ru-RU")
    phones = [await ui.phone(code, n, c, "ru-RU", SMALL) for n, c in (("Мама", "purple"), ("Петя", "orange"),
                                                                     ("Оля", "pink"))]
    storyteller = await ui.start_trio(phones)
    await expect(storyteller.get_by_test_id("storyteller-badge")).to_be_visible()
    me = storyteller.get_by_test_id("me-name")
    # the whole name shows: not cut to «М..» by the badge beside it
    assert await me.evaluate("(e) => e.scrollWidth <= e.clientWidth"), await me.text_content()
    assert apart(await me.bounding_box(), await storyteller.get_by_test_id("storyteller-badge").bounding_box())
    await storyteller.locator(".card-grid.selectable .grid-card").first.click()
    box = storyteller.get_by_test_id("association-input")
    bar = storyteller.locator(".confirm-bar")
    box_rect, bar_rect = await box.bounding_box(), await bar.bounding_box()
    assert box_rect["y"] + box_rect["height"] <= bar_rect["y"], (box_rect, bar_rect)   # not under the bar
    await ui.shot(storyteller, "storyteller")
