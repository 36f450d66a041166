"""Every guest can read and hold the phone: at 200 % text (the root font size doubled) on 360×640 and
390×844 phones, every visible control of the join, lobby (guest and host with the settings form), telling,
playing, voting, scored (the round's result), game over and story screens (the last three in Russian and
English) and the kids' adult's screens (entering the children's guesses, the reveal, their points) stays inside
the screen's width and overlaps no other control, no text anywhere is cut (an ellipsis, a clipped line, a select's
option cut short, lines hidden with no way to open them) and no word breaks inside («проголосов/али»); with the
phone's reduced-motion setting nothing on them moves (no animation of a transform, a selected card does not
lift) and nothing anywhere flashes more than 3 times a second. One server and one browser for the run.
Screenshots: test-output/everyone-sizes-*.png.
"""
import re

import pytest
from playwright.async_api import expect

from tests.e2e.test_modes import tell, vote, wait_phase

pytestmark = pytest.mark.asyncio(loop_scope="session")

BIG_TEXT = "document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '200%'; });"

# Visible controls that overlap another control, run off the screen's width or cut their text. Controls
# inside the same card (the magnifier under its picture) and inside a fixed bar (over the scrolled page) are
# not compared with each other's neighbours.
LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const sel = 'button, input:not([type=hidden]), select, textarea, a[href], [role=button]';
  const seen = [...document.querySelectorAll(sel)].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  const fixedOf = (el) => { for (let e = el; e; e = e.parentElement) {
    const p = getComputedStyle(e).position; if (p === 'fixed' || p === 'sticky') return e; } return null; };
  const name = (el) => `${el.tagName.toLowerCase()}[${el.dataset.testid || el.className || ''}] `
    + `«${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}»`;
  const bad = [];
  const boxes = seen.map((el) => ({ el, r: el.getBoundingClientRect(), fixed: fixedOf(el),
    card: el.closest('.grid-card') }));
  for (const { el, r } of boxes) {
    if (r.left < -0.5 || r.right > width + 0.5)
      bad.push(`${name(el)} runs off the screen: ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
    if (el.tagName !== 'SELECT' && el.tagName !== 'INPUT' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      bad.push(`${name(el)} cuts its text: ${el.scrollWidth} > ${el.clientWidth}`);
  }
  // Text cut short anywhere, not only in controls: an ellipsis or a clipped line, lines a clamp hides with no
  // way to open them (a closed association's button opens it), a select whose chosen option is wider than it.
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;                 // the screen reader's live region
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden') continue;
    const clips = st.textOverflow === 'ellipsis' || (st.overflowX !== 'visible' && st.whiteSpace === 'nowrap');
    if (clips && el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'SELECT')
      bad.push(`${name(el)} cuts its text: ${el.scrollWidth} > ${el.clientWidth}`);
    if (st.webkitLineClamp && st.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1
        && !el.closest('[aria-expanded=false]')) bad.push(`${name(el)} hides lines of its text`);
  }
  // A header that stays over the page while it scrolls may take a quarter of the screen at most.
  const top = document.querySelector('.phone-top');
  if (top && getComputedStyle(top).position === 'sticky' && top.offsetHeight > innerHeight / 4)
    bad.push(`the sticky header takes ${top.offsetHeight} of ${innerHeight} px`);
  const pen = document.createElement('canvas').getContext('2d');
  for (const { el } of boxes) {
    if (el.tagName !== 'SELECT' || getComputedStyle(el).opacity === '0') continue;
    const st = getComputedStyle(el);
    pen.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const option = el.options[el.selectedIndex];
    const room = el.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;   // its arrow
    if (option && pen.measureText(option.textContent).width > room)
      bad.push(`${name(el)} cuts its option «${option.textContent}»`);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.el.contains(b.el) || b.el.contains(a.el) || a.fixed !== b.fixed || (a.card && a.card === b.card)) continue;
    const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (w > 1 && h > 1) bad.push(`${name(a.el)} overlaps ${name(b.el)}`);
  }
  return bad;
}"""

# Words broken inside across two lines (no hyphen: «проголосов/али», «колод/ы»), in every visible text: the layout
# must give every word of the page's own texts and of usual names room to keep whole (a narrow column of three
# result cards a row did not). Only a word longer than 16 letters (a name of 24) may break; a hyphenated word may
# break after its hyphen. A screen reader's hidden text is left out.
BROKEN_WORDS = """() => {
  const bad = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || !el.getClientRects().length || el.closest('.sr-only')) continue;
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || parseFloat(st.fontSize) === 0) continue;
    const words = /[^\\s\\-\u2010\u2011]+/g;
    for (let m = words.exec(n.textContent); m; m = words.exec(n.textContent)) {
      if (m[0].length > 16) continue;
      const range = document.createRange();
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
      if (tops.length && Math.max(...tops) - Math.min(...tops) >= 2)
        bad.push(`«${m[0]}» breaks inside (${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]})`);
    }
  }
  return bad;
}"""

# Animations that move something (under reduced motion there must be none) and any that flash faster than
# three times a second (a flash is one cycle: an alternate animation's cycle is two iterations).
MOTION = """() => document.getAnimations().flatMap((a) => {
  const t = a.effect.getTiming();
  const frames = a.effect.getKeyframes();
  const target = a.effect.target;
  const what = `${a.animationName || a.transitionProperty || 'animation'} on ${target && target.className}`;
  const out = [];
  if (frames.some((f) => 'transform' in f || 'translate' in f || 'rotate' in f || 'scale' in f)
      || a.transitionProperty === 'transform') out.push(`moves: ${what}`);
  const cycle = Number(t.duration) * (String(t.direction).indexOf('alternate') >= 0 ? 2 : 1);
  if (t.iterations > 1 && cycle < 1000 / 3) out.push(`flashes every ${cycle} ms: ${what}`);
  return out;
})"""


class Check:
    """Collects what is wrong, screen by screen, and shoots each screen."""

    def __init__(self, ui, size: str) -> None:
        self.ui, self.size, self.found = ui, size, []

    async def screen(self, page, name: str) -> None:
        await page.wait_for_function("() => [...document.querySelectorAll('img')].every((i) => i.complete)")
        self.found += [f"{self.size} {name}: {line}" for line in await page.evaluate(LAYOUT)]
        self.found += [f"{self.size} {name}: {line}" for line in await page.evaluate(MOTION)]
        self.found += [f"{self.size} {name}: {line}" for line in await page.evaluate(BROKEN_WORDS)]
        await page.screenshot(path=str(self.ui.out / f"everyone-sizes-{self.size}-{name}.png"), full_page=True,
                              animations="disabled")


async def calm_phone(ui, path: str, viewport: dict, locale: str):
    """A phone at 200 % text with reduced motion on."""
    context = await ui.browser.new_context(viewport=viewport, locale=locale, is_mobile=True, has_touch=True,
                                           reduced_motion="reduce")
    ui.contexts.append(context)
    await context.add_init_script(BIG_TEXT)
    page = await context.new_page()
    page.on("pageerror", lambda exc: ui.errors.append(f"{path}: {exc}"))
    await page.goto(f"{ui.base}{path}")
    return page


async def join(page, name: str, colour: str) -> None:
    await page.get_by_test_id("name").fill(name)
    await page.locator(f'[data-testid="colours"] [data-colour="{colour}"]').click()
    await page.get_by_test_id("join").click()
    await expect(page.get_by_test_id("phone-lobby")).to_be_visible()


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 640}, {"width": 390, "height": 844}],
                         ids=["360x640", "390x844"])
async def test_large_text_and_calm_motion(ui, viewport):
    size = f"{viewport['width']}x{viewport['height']}"
    check = Check(ui, size)
    tv, code = await ui.tv("ru-RU")
    phones = []
    for i, (name, colour) in enumerate((("Бабушка Оля", "red"), ("Борис", "blue"), ("Vika", "green"))):
        page = await calm_phone(ui, f"/join/{code}", viewport, "ru-RU" if i != 2 else "en-US")
        await expect(page.get_by_test_id("name")).to_be_visible()
        if i == 0:
            await check.screen(page, "join")
        await join(page, name, colour)
        phones.append(page)
    host = phones[0]
    # the root font size really doubled: the page's text is twice as large as without it
    assert await host.evaluate("() => parseFloat(getComputedStyle(document.documentElement).fontSize)") == 32
    assert await host.evaluate("() => parseFloat(getComputedStyle(document.body).fontSize)") == 36   # 18 px × 2
    # a big button a size down (1.125 rem, not 1.3125) so that its words keep whole: big-text.js saw the large text
    assert await host.evaluate("() => document.documentElement.classList.contains('big-text')")
    assert await host.get_by_test_id("start").evaluate("el => parseFloat(getComputedStyle(el).fontSize)") == 36
    await check.screen(phones[1], "lobby-guest")
    await expect(host.get_by_test_id("settings-form")).to_be_visible()
    await check.screen(host, "lobby-host")
    await host.get_by_test_id("host-menu-btn").click()
    await expect(host.get_by_test_id("host-menu")).to_be_visible()
    await check.screen(host, "host-menu")
    await host.get_by_test_id("host-menu").click(position={"x": 5, "y": 5})
    await expect(host.get_by_test_id("host-menu")).to_have_count(0)
    st = await ui.start_trio(phones)
    await wait_phase(tv, "telling", 1)
    first = st.locator(".card-grid.selectable .grid-card").first
    where = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top + scrollY, r.width, r.height]; }"
    before = await first.evaluate(where)
    await first.click()
    await expect(first).to_have_class(re.compile(r"\bselected\b"))
    assert await first.evaluate("el => getComputedStyle(el).transform") == "none"   # chosen by its ring, not lifted
    assert await first.evaluate(where) == before
    await check.screen(st, "telling")
    await first.click()                              # unselected again: tell() selects it
    await tell(st, "Who ate the cake?")
    await wait_phase(tv, "playing")
    others = [p for p in phones if p is not st]
    await expect(others[0].locator(".card-grid.selectable .grid-card")).to_have_count(6)
    await others[0].locator(".card-grid.selectable .grid-card").first.click()
    await check.screen(others[0], "playing")
    await others[0].get_by_test_id("confirm").click()
    await others[1].locator(".card-grid.selectable .grid-card").first.click()
    await others[1].get_by_test_id("confirm").click()
    await wait_phase(tv, "voting")
    await expect(others[0].locator(".card-grid.selectable .grid-card")).to_have_count(5)
    await check.screen(others[0], "voting")
    for p in others:
        number = await p.locator(".card-grid.selectable .grid-card:not(.disabled)").first.get_attribute("data-number")
        await vote(p, int(number))
    await wait_phase(tv, "scored")
    await the_end(check, phones)
    assert not check.found, "at 200 % text and reduced motion:\n" + "\n".join(check.found)


async def the_end(check: Check, phones: list) -> None:
    """The round's result, game over and the story of the evening on every phone (Russian and English: the
    third phone is in English), the host ending the game from the result."""
    langs = ["ru", "ru", "en"]
    for i, phone in enumerate(phones):
        await expect(phone.get_by_test_id("phone-scored")).to_be_visible()
        await check.screen(phone, f"scored-{i}-{langs[i]}")
    host = phones[0]
    await host.get_by_test_id("host-menu-btn").click()
    await host.get_by_test_id("end-game").click()
    await host.get_by_test_id("end-game").click()
    for i, phone in enumerate(phones):
        await expect(phone.get_by_test_id("final-standings")).to_be_visible()
        await check.screen(phone, f"game-over-{i}-{langs[i]}")
    for i, phone in enumerate(phones[1:], start=1):
        await phone.get_by_test_id("open-story").click()
        await expect(phone.locator("[data-testid=phone-story] .story-round")).to_have_count(1)
        await expect(phone.get_by_test_id("keepsake")).to_be_visible()
        await check.screen(phone, f"story-{i}-{langs[i]}")


async def test_the_kids_adult_at_large_text(ui):
    # The adult's phone in Russian at 200 % text on the smallest phone enters two children's guesses and turns
    # the cards: «Все дети проголосовали» keeps its words whole, and the children's points after the reveal.
    check = Check(ui, "360x640")
    tv, code = await ui.tv("ru-RU")
    adult = await calm_phone(ui, f"/join/{code}", {"width": 360, "height": 640}, "ru-RU")
    await join(adult, "Мама", "purple")
    await ui.add_children(adult, tv, (("Маша", "pink"), ("Петя", "green")))
    await adult.get_by_test_id("start").click()
    await tell(adult, "Кто съел мой торт?")
    await wait_phase(tv, "voting")
    for _ in range(2):
        await expect(adult.get_by_test_id("child-chip").first).to_be_visible()
        await check.screen(adult, "kids-vote-for")
        await vote(adult, 1)
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    await check.screen(adult, "kids-reveal")
    await adult.get_by_test_id("confirm").click()
    await expect(adult.get_by_test_id("children-points")).to_be_visible()
    await check.screen(adult, "kids-scored")
    assert not check.found, "the kids' adult at 200 % text:\n" + "\n".join(check.found)
