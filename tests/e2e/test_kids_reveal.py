"""RULES.md §2.5: in the kids' game "the adult's phone controls everything: ... starting each reveal", also
when the children vote on their own phones. Headless Chromium drives a TV (1920×1080), the adult's phone
(360×640) and two children's phones against a real server process: the last child's vote leaves the cards
face down, the TV and the children's phones say they wait for the adult, and one tap on the adult's
"Reveal!" (a double tap sends it once) turns them; every phone then looks at the TV while it shows the result.
Screenshots: test-output/kids-reveal-*.png."""
import json
import re

import pytest
from playwright.async_api import expect

pytestmark = pytest.mark.asyncio(loop_scope="session")

PHONE_360 = {"width": 360, "height": 640}
# The reveal form's last card ends above the confirm bar (the page scrolled to its bottom).
UNDER_THE_BAR_JS = """() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const cards = [...document.querySelectorAll('[data-testid=reveal-form] .grid-card')];
  const bar = document.querySelector('.confirm-bar').getBoundingClientRect();
  return cards.length > 0 && Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)) <= bar.top + 1;
}"""


async def child_phone(ui, code: str, name: str, locale: str):
    """A child's own phone taking the place the adult added for them (the join page's open places)."""
    phone = await ui.page(f"/join/{code}", {"width": 390, "height": 844}, locale, mobile=True)
    await phone.locator(".seat-btn").filter(has_text=name).click()
    await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
    return phone


async def test_children_vote_on_their_phones_and_the_adult_starts_the_reveal(ui):
    ui.prefix = "kids-reveal"
    tv, code = await ui.tv()
    adult = await ui.phone(code, "Mama", "purple", viewport=PHONE_360)
    sent: list[str] = []   # what the adult's page sent over its socket
    adult.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    await adult.reload()   # the socket opened before the listener: open it again under it
    await expect(adult.get_by_test_id("phone-lobby")).to_be_visible()
    await ui.add_children(adult, tv, (("Petya", "orange"), ("Olya", "pink")))
    petya = await child_phone(ui, code, "Petya", "en-US")
    olya = await child_phone(ui, code, "Olya", "ru-RU")
    await adult.get_by_test_id("start").click()

    grid = adult.locator(".card-grid.selectable")
    await grid.locator(".grid-card").first.click()
    await adult.get_by_test_id("association-input").fill("Who ate the cake?")
    await adult.get_by_test_id("confirm").click()
    main = tv.locator("main.tv-main")
    await expect(main).to_have_attribute("data-phase", "voting")
    # Until every child has voted the adult's phone offers the guesses to enter, never a reveal.
    await expect(adult.get_by_test_id("child-chip")).to_have_count(2)
    await expect(adult.get_by_test_id("reveal-form")).to_have_count(0)

    for n, child in ((1, petya), (2, olya)):
        await child.locator(f'.card-grid.selectable .grid-card[data-number="{n}"]').click()
        await child.get_by_test_id("confirm").click()
        await expect(child.get_by_test_id("voted")).to_be_visible()
        if child is petya:   # one child left: the adult's phone waits for Olya, the TV names her
            await expect(adult.get_by_test_id("child-chip")).to_have_count(1)
            await expect(adult.get_by_test_id("child-chip")).to_contain_text("Olya")
            await expect(tv.get_by_test_id("progress")).to_contain_text("Olya")
            await expect(tv.get_by_test_id("reveal-wait")).to_have_count(0)

    # The last child's vote turns nothing over: everybody waits for the adult.
    await expect(tv.get_by_test_id("reveal-wait")).to_have_text("Waiting for Mama to reveal the cards")
    await expect(main).to_have_attribute("data-phase", "voting")
    await expect(petya.get_by_test_id("voted")).to_contain_text("Waiting for Mama to reveal the cards")
    await expect(olya.get_by_test_id("voted")).to_contain_text("Ждём, когда Mama откроет карты")
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    button = adult.get_by_test_id("confirm")
    await expect(button).to_have_text("Reveal!")
    await expect(button).to_be_enabled()
    # The children look on: before the reveal nothing marks the adult's card (the answer).
    cards = adult.locator("[data-testid=reveal-form] .grid-card")
    await expect(cards).to_have_count(3)
    assert len({await c.get_attribute("class") for c in await cards.all()}) == 1
    await expect(adult.locator(".grid-label")).to_have_count(0)
    box = await button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    await ui.shot(adult, "phone-360-reveal")
    await ui.shot(tv, "tv-1080-waits-for-the-adult")
    await ui.shot(olya, "child-phone-waits-ru")
    # At 200 % text in Russian «Открыть карты» takes two lines: scrolled to the bottom, the cards still end
    # above the bar (a fresh tester found them under it, the page's room for the bar being fixed).
    await adult.get_by_test_id("lang").click()
    await expect(button).to_have_text("Открыть карты")
    await adult.evaluate("document.documentElement.style.fontSize = '200%'")
    await adult.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    await adult.wait_for_function(UNDER_THE_BAR_JS)
    await adult.evaluate("document.documentElement.style.fontSize = ''")
    await adult.get_by_test_id("lang").click()
    await expect(button).to_have_text("Reveal!")
    await tv.set_viewport_size({"width": 1280, "height": 720})   # a smaller TV: the line still shows whole
    # (read once the stage is scaled to the new width: the resize reaches the page a frame later)
    await tv.wait_for_function("(w) => Math.abs(document.getElementById('app').getBoundingClientRect().width - w) < 1",
                               arg=1280)
    line = await tv.get_by_test_id("reveal-wait").bounding_box()
    assert line is not None and line["y"] + line["height"] <= 720
    assert line["x"] >= 0 and line["x"] + line["width"] <= 1280
    await ui.shot(tv, "tv-720-waits-for-the-adult")

    await button.dblclick()   # a double tap: one reveal
    await expect(main).to_have_attribute("data-phase", "scored")
    # While the TV turns the cards every phone says to look at it (a child's "Right!" would give the answer
    # away); the adult keeps "Next round" and may look at once.
    for phone in (adult, petya, olya):
        await expect(phone.get_by_test_id("phone-look")).to_be_visible()
    await expect(petya.locator("[data-testid^=guess-]")).to_have_count(0)
    await expect(adult.get_by_test_id("next-round")).to_be_visible()
    await expect(adult.get_by_test_id("show-now")).to_be_visible()
    await expect(petya.get_by_test_id("show-now")).to_have_count(0)
    await expect(petya.locator("[data-testid^=guess-]")).to_be_visible()   # then each child's own answer
    await expect(adult.get_by_test_id("children-points")).to_be_visible()
    reveals = [f for f in sent if json.loads(f).get("type") == "reveal"]
    assert len(reveals) == 1, reveals
    await expect(tv.get_by_test_id("reveal-wait")).to_have_count(0)
    await expect(adult.locator(".toast-error")).to_have_count(0)
    await ui.shot(tv, "tv-1080-scored")
    await expect(tv.locator(".points-item")).to_have_count(2)
    await expect(tv.locator(".points-item .points-value").first).to_have_text(re.compile(r"^[+]?\d+$"))
