"""What last week's tester met on the phones, through the real pages: a 200-letter association keeps a 360×640
phone's voting cards in sight (three lines; a tap shows it whole, and it stays open while others vote; once found
too long it is drawn as its button on each state, never clamped for a frame first); the
kids' lobby says the adult tells every round (RULES.md §2.5) instead of offering a first storyteller, on the
phone and the TV; every switch of the lobby and of the host menu sits the same way, its box at the start of its
row and its words beside it, also at 200 % text. One server and one browser for the run. Screenshots:
test-output/guest-findings-*.png.
"""
import pytest
from playwright.async_api import expect

from tests.e2e.test_modes import play, tell, vote, wait_phase

pytestmark = pytest.mark.asyncio(loop_scope="session")

SMALL = {"width": 360, "height": 640}
# 199 letters: the longest association a storyteller may type is 200 (server/engine/text.py)
LONG = ("Когда бабушка открыла старый сундук на чердаке, оттуда вылетели воспоминания о лете у моря: запах яблок, "
        "смех детей, скрип калитки и песня, которую мы пели у костра до рассвета, пока гасли все звёзды")

# The first card of the hand to vote from, and what covers the screen's bottom (the confirm bar), in px.
FIRST_CARD = """() => {
  const card = document.querySelector('.card-grid.selectable .grid-card').getBoundingClientRect();
  const bar = document.querySelector('.confirm-bar').getBoundingClientRect();
  return { top: card.top, bottom: card.bottom, bar: bar.top, scrolled: scrollY };
}"""
# Counts each association drawn clamped outside its button (window.flickers): the frame before a swap.
WATCH_FLICKER = """() => {
  window.flickers = [];
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => {
    if (n.nodeType !== 1) return;
    const boxes = [n, ...n.querySelectorAll('.p-association.clamped')];
    if (boxes.some((b) => b.matches('.p-association.clamped') && !b.closest('.p-association-toggle')))
      window.flickers.push(document.querySelector('main').dataset.state);
  }))).observe(document.body, { childList: true, subtree: true });
}"""
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
# Each visible switch (checkbox) in `root`: its box and the box of its words (the text of its label).
SWITCHES = """(root) => [...document.querySelector(root).querySelectorAll('input[type=checkbox]')]
  .filter((box) => box.getClientRects().length).map((box) => {
    const label = box.closest('label');
    const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    const rects = [];
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      rects.push(...range.getClientRects());
    }
    const b = box.getBoundingClientRect();
    return { name: box.dataset.testid, left: b.left, right: b.right, middle: (b.top + b.bottom) / 2,
      wordsLeft: Math.min(...rects.map((r) => r.left)), wordsTop: Math.min(...rects.map((r) => r.top)),
      wordsBottom: Math.max(...rects.map((r) => r.bottom)) };
  })"""


def misplaced(switches: list[dict]) -> list[str]:
    """The switches that do not follow the one pattern: every box at the same left edge, before its words and
    level with them."""
    lefts = [s["left"] for s in switches]
    bad = [f"boxes at different left edges: {sorted({round(x) for x in lefts})}"] if max(lefts) - min(lefts) > 1 else []
    for s in switches:
        if s["right"] > s["wordsLeft"]:
            bad.append(f"{s['name']}: its box is not before its words")
        if not s["wordsTop"] <= s["middle"] <= s["wordsBottom"]:
            bad.append(f"{s['name']}: its box is not beside its words")
    return bad


async def test_a_long_association_leaves_the_voting_cards_in_sight(ui):
    ui.prefix = "guest-findings"
    tv, code = await ui.tv("ru-RU")
    people = (("Аня", "red"), ("Борис", "blue"), ("Вика", "green"))
    phones = [await ui.phone(code, name, colour, "ru-RU", SMALL) for name, colour in people]
    st = await ui.start_trio(phones)
    await tell(st, LONG)
    await wait_phase(tv, "playing")
    others = [p for p in phones if p is not st]
    voter = others[0]
    # Found too long once, the association is drawn as its button from then on: on each state (the other's card
    # going down, the voting screen) it had shown clamped for a frame first, then been swapped again.
    await expect(voter.get_by_test_id("association-toggle")).to_be_visible()
    await voter.evaluate(WATCH_FLICKER)
    for p in reversed(others):
        await play(p)
    await wait_phase(tv, "voting")
    await expect(voter.locator(".card-grid.selectable .grid-card")).to_have_count(5)
    await expect(voter.get_by_test_id("association")).to_be_visible()
    await voter.wait_for_function("() => [...document.querySelectorAll('img')].every((i) => i.complete)")
    await voter.evaluate(NEXT_FRAME)     # the association has been drawn and measured (parts.js)
    seen = await voter.evaluate(FIRST_CARD)
    assert seen["scrolled"] == 0 and seen["bottom"] <= seen["bar"], f"the first row of cards is not in sight: {seen}"
    toggle = voter.get_by_test_id("association-toggle")
    await expect(toggle).to_have_attribute("aria-expanded", "false")
    assert LONG in await toggle.text_content()      # a screen reader reads it whole
    assert await voter.evaluate("() => window.flickers") == []
    await ui.shot(voter, "association-closed")

    await toggle.click()
    await expect(toggle).to_have_attribute("aria-expanded", "true")
    text = voter.get_by_test_id("association")
    assert await text.evaluate("el => el.scrollHeight <= el.clientHeight + 1")   # every line shows
    drawn = voter.locator("main.phone-main")
    before = await drawn.get_attribute("data-state")
    other = others[1].locator(".card-grid.selectable .grid-card:not(.disabled)").first
    await vote(others[1], int(await other.get_attribute("data-number")))
    await expect(drawn).not_to_have_attribute("data-state", before)     # the other's vote came: drawn again
    await expect(toggle).to_have_attribute("aria-expanded", "true")     # and the association is still open
    await ui.shot(voter, "association-open")
    await toggle.click()
    await expect(toggle).to_have_attribute("aria-expanded", "false")
    assert await voter.evaluate(FIRST_CARD) == seen


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_kids_lobby_says_the_adult_tells_every_round(ui, lang):
    ui.prefix = "guest-findings"
    locale = {"ru": "ru-RU", "en": "en-US"}[lang]
    said = {"ru": ("Взрослый (вы), каждый ход", "Ведущий каждый ход — взрослый", "ведущ"),
            "en": ("The adult (you), every round", "The adult tells every round", "first storyteller")}[lang]
    tv, code = await ui.tv(locale)
    adult = await ui.phone(code, "Мама", "purple", locale, SMALL)
    await adult.get_by_test_id("setting-mode").select_option("kids")
    await expect(adult.get_by_test_id("kids-storyteller")).to_contain_text(said[0])
    await expect(adult.get_by_test_id("setting-first_storyteller")).to_be_hidden()
    chips = tv.locator(".setting-chip")
    await expect(chips.filter(has_text=said[1])).to_have_count(1)
    assert not [c for c in await chips.all_text_contents() if said[2] in c.lower() and c != said[1]]
    await adult.get_by_test_id("kids-storyteller").scroll_into_view_if_needed()
    await ui.shot(adult, f"kids-lobby-{lang}")
    await ui.shot(tv, f"kids-tv-lobby-{lang}")
    await adult.get_by_test_id("setting-mode").select_option("standard")
    await expect(adult.get_by_test_id("setting-first_storyteller")).to_be_visible()
    await expect(adult.get_by_test_id("kids-storyteller")).to_be_hidden()


async def test_every_switch_sits_the_same_way(ui):
    ui.prefix = "guest-findings"
    _, code = await ui.tv("ru-RU")
    host = await ui.phone(code, "Бабушка Оля", "red", "ru-RU", SMALL)
    await expect(host.get_by_test_id("settings-form")).to_be_visible()
    for size in ("100%", "200%"):
        await host.evaluate(f"document.documentElement.style.fontSize = '{size}'")
        switches = await host.evaluate(SWITCHES, "[data-testid=settings-form]")
        assert len(switches) >= 5, switches      # the short game, reshuffle, special cells, sound, calm TV
        assert not misplaced(switches), f"the lobby at {size} text: {misplaced(switches)}"
        await host.get_by_test_id("host-menu-btn").click()
        menu = await host.evaluate(SWITCHES, "[data-testid=host-menu]")
        assert len(menu) == 2 and not misplaced(menu), f"the host menu at {size} text: {misplaced(menu)}"
        await ui.shot(host, f"switches-menu-{size[:-1]}")
        await host.get_by_test_id("host-menu").click(position={"x": 5, "y": 5})
        await expect(host.get_by_test_id("host-menu")).to_have_count(0)
        await host.get_by_test_id("setting-reshuffle").scroll_into_view_if_needed()
        await ui.shot(host, f"switches-lobby-{size[:-1]}")


async def test_a_child_without_a_phone_fits_the_lobby_at_200_percent_text(ui):
    """A fresh tester's kids' lobby at 200 % text on 360×640: "(без телефона)" after a child's name could not
    wrap, so the page grew to 382 px and the phone zoomed out. The note now wraps with the name."""
    ui.prefix = "guest-findings"
    tv, code = await ui.tv("ru-RU")
    adult = await ui.phone(code, "Мама", "purple", "ru-RU", SMALL)
    await ui.add_children(adult, tv, [("Маша", "orange")])
    await expect(adult.get_by_test_id("no-phone")).to_have_count(1)
    await adult.evaluate("document.documentElement.style.fontSize = '200%'")
    # Against the phone's own width: a mobile page that overflows widens its layout viewport (and innerWidth).
    wide = await adult.evaluate("() => document.documentElement.scrollWidth")
    phone = adult.viewport_size["width"]
    assert wide <= phone, f"the kids' lobby at 200 % text is {wide} px wide on a {phone} px phone"
    await adult.get_by_test_id("no-phone").scroll_into_view_if_needed()
    await ui.shot(adult, "kids-lobby-child-200")
