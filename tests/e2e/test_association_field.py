"""The storyteller's association box is on the screen when the telling screen opens on a 360x640 phone: its
label and box whole, between the header and the fixed confirm bar (it sat under the bar, its label cut in
half, with nothing saying it was there). In both languages; screenshots at 360x640."""
import pytest
from playwright.async_api import expect

pytestmark = pytest.mark.asyncio(loop_scope="session")

SMALL = {"width": 360, "height": 640}
LABEL = {"en-US": "Association", "ru-RU": "Ассоциация"}


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
async def test_the_association_box_shows_above_the_bar_on_arrival(ui, locale):
    _tv, code = await ui.tv(locale)
    phones = [await ui.phone(code, n, c, locale, SMALL) for n, c in (("Mama", "purple"), ("Petya", "orange"),
                                                                     ("Olya", "pink"))]
    storyteller = await ui.start_trio(phones)
    form = storyteller.locator(".tell-form")
    label = form.locator(".field .field-label")
    await expect(label).to_contain_text(LABEL[locale])
    box = storyteller.get_by_test_id("association-input")
    bar = await storyteller.locator(".confirm-bar").bounding_box()
    top = await storyteller.locator(".phone-top").bounding_box()
    assert await storyteller.evaluate("window.scrollY") == 0   # as it opened: nothing scrolled
    for what in (label, box):
        rect = await what.bounding_box()
        assert rect["y"] >= top["y"] + top["height"], (what, rect, top)   # not under the header
        assert rect["y"] + rect["height"] <= bar["y"], (what, rect, bar)   # nor under the confirm bar
    # the cards are right under it, the first row in sight
    first = await storyteller.locator(".card-grid.selectable .grid-card").first.bounding_box()
    assert first["y"] < bar["y"]
    await ui.shot(storyteller, f"phone-360-{locale[:2]}")
