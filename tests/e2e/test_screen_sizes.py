"""Every screen a living room has, in current Chromium on the home-network origin.

TV browsers lay out at 1920×1080, 1280×720 or 960×540 CSS px: the TV page must show the same picture at each,
its smallest must-read text at least 2.2 % of the viewport height. Phones at 360×640, 390×844 and 844×390:
each of the 6 cards of a hand can be brought into view and tapped without the action bar covering it, and the
action button stays on screen. The TV's "press OK for sound" prompt, until answered, covers nothing of the game
(the board's legend, any text but the brand's). Screenshots: test-output/sizes-*.png.
"""
import re

import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.browser import boxes_apart, resize_tv
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

NAMES = [("Аня", "red"), ("Борис", "blue"), ("Вика", "yellow")]
PHONES = [(360, 640), (390, 844), (844, 390)]
TVS = [(1920, 1080), (1280, 720), (960, 540)]
MIN_TEXT_SHARE = 0.022
LONG_NAME = "Дедушка Николай"   # cut as "Деду…" before names could shrink and wrap

# Names in the lobby, the standings, the points and the owner plates (four cards: wide ones) are never cut when
# shrinking and two lines can hold them. A name 1 px too wide already ends in "…" ("★ Дедушка Никол…"); a line's
# height rounds up by a pixel.
CUT_NAMES_JS = """() => [...document.querySelectorAll('.fit')].filter((el) => el.clientWidth
  && (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1)).map((el) => el.textContent)"""

# The smallest font size (in CSS px, after the stage's scaling) among visible text a player must read.
SMALLEST_TEXT_JS = """(limit) => {
  const small = [];
  const app = document.getElementById('app');
  const scale = app.getBoundingClientRect().width / app.offsetWidth;   // the stage's scaling
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden' || el.closest('[hidden]')) continue;
    if (el.closest('.tv-top-right')) continue;   // the connection badge and language switch are for the host, up close
    const size = parseFloat(getComputedStyle(el).fontSize) * scale;
    if (size < limit) small.push(`${el.className} ${size.toFixed(1)}px: ${n.textContent.trim().slice(0, 30)}`);
  }
  return small;
}"""

# What the "press OK for sound" prompt (over every screen until OK is pressed) covers of the stage: text but the
# brand's (hidden while it shows), pictures, cells of the board, buttons. Boxes of the text itself, not its element.
COVERED_JS = """() => {
  const p = document.querySelector('[data-testid="sound-prompt"]').getBoundingClientRect();
  const over = (r) => r.width && r.height && r.left < p.right && p.left < r.right
    && r.top < p.bottom && p.top < r.bottom;
  const covered = [];
  const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || n.parentElement.closest('.brand')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    if ([...range.getClientRects()].some(over)) covered.push(n.textContent.trim().slice(0, 30));
  }
  for (const el of document.querySelectorAll('#app img, #app svg, #app canvas, #app .cell, #app .card, #app button')) {
    if (over(el.getBoundingClientRect())) covered.push(el.getAttribute('class'));
  }
  return covered;
}"""


# Each ready seat's ✓ on the ready line, on the screen: drawn (an SVG, as no font has a bold ✓ and a TV may have no
# emoji font), its height and its stroke's width in viewport px.
READY_MARKS_JS = """() => [...document.querySelectorAll('[data-testid=readiness] .chip.done .chip-mark')].map((m) => {
  const svg = m.querySelector('svg');
  if (!svg) return { drawn: false, text: m.textContent };
  const r = svg.getBoundingClientRect();
  const stroke = parseFloat(getComputedStyle(svg).strokeWidth) * r.height / svg.viewBox.baseVal.height;
  return { drawn: true, height: r.height, stroke };
})"""
MARK_STROKE_SHARE = 0.004   # 4.3 px of a 1080-line screen: a bold stroke, not the font's hairline ✓


async def _table(session, url: str, code: str, names):
    """A TV-role watcher and one WebSocket seat per (name, colour), joined (in the lobby)."""
    return await seated_table(socket_opener(session, url, LivePlayer), code, names=[n for n, _ in names],
                              colours=[c for _, c in names], tv_name="watcher", start=False)


async def _smallest_text(page, height: int, where: str) -> None:
    small = await page.evaluate(SMALLEST_TEXT_JS, MIN_TEXT_SHARE * height - 0.01)
    assert not small, f"{where}: text under 2.2 % of {height} px: {small}"


async def test_tv_reads_the_same_at_every_tv_browser_size(ui, server_process):
    tvs = []
    for w, h in TVS:
        page = await ui.page("/tv", {"width": w, "height": h})
        tvs.append(page)
    code_el = tvs[0].get_by_test_id("room-code")
    await expect(code_el).to_have_text(re.compile(r"^[A-Z]{4}$"))
    code = (await code_el.text_content()).strip()
    for page in tvs[1:]:    # the others opened their own rooms: show the first one
        await page.goto(f"{server_process.page_url}/tv?room={code}")
    async with aiohttp.ClientSession() as session:
        table = await _table(session, server_process.url, code, [*NAMES, (LONG_NAME, "green")])
        phases = [("lobby", lambda g: True), ("voting", lambda g: g["phase"] == "voting"),
                  ("reveal", lambda g: g["phase"] in ("scored", "game_over"))]
        for name, reached in phases:
            if name != "lobby":
                if name == "voting":   # the long name tells: its plate carries the storyteller's star too
                    host = table.phones[0]
                    await table.act(host, "set_settings", settings={"first_storyteller": "host"})
                    await table.act(host, "start", storyteller=table.phones[3].welcome["seat"])
                await table.play_until(reached)
            ready = None
            if name == "reveal" and table.tv.game["phase"] == "scored":   # who is ready, on the TV
                ready = next(p for p in table.phones if "ready" in p.me["can"])
                await table.act(ready, "ready")
            for (w, h), page in zip(TVS, tvs, strict=True):
                if ready is not None:
                    await expect(page.get_by_test_id("readiness").locator(".chip.done")).to_have_count(1)
                    marks = await page.evaluate(READY_MARKS_JS)
                    assert len(marks) == 1 and marks[0]["drawn"], f"TV {w}×{h}: the ready mark is text: {marks}"
                    assert marks[0]["height"] >= MIN_TEXT_SHARE * h and marks[0]["stroke"] >= MARK_STROKE_SHARE * h, \
                        f"TV {w}×{h}: the ready mark is too thin or small to see from the sofa: {marks}"
                    await ui.shot(page, f"tv-{w}x{h}-readiness")
                screen = {"lobby": "tv-lobby", "voting": "tv-voting", "reveal": "tv-scored"}[name]
                await expect(page.get_by_test_id(screen)).to_be_visible()
                if name == "lobby":
                    await expect(page.get_by_test_id("roster-item").filter(has_text=LONG_NAME)).to_be_visible()
                await _smallest_text(page, h, f"TV {w}×{h} {name}")
                # Names shrink, then wrap, and are not cut while they can fit that way.
                cut = await page.evaluate(CUT_NAMES_JS)
                assert not cut, f"TV {w}×{h} {name}: names cut: {cut}"
                # The sound prompt, not yet answered, covers nothing a player reads: the board's legend least of all.
                await expect(page.get_by_test_id("sound-prompt")).to_be_visible()
                if name != "lobby":
                    await expect(page.get_by_test_id("board-legend")).to_be_visible()
                    await boxes_apart(page, "sound-prompt", "board-legend")
                covered = await page.evaluate(COVERED_JS)
                assert not covered, f"TV {w}×{h} {name}: the sound prompt covers {covered}"
                # Nothing of the stage falls outside the screen.
                box = await page.locator("#app").bounding_box()
                assert box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= w + 0.5 \
                    and box["y"] + box["height"] <= h + 0.5, (w, h, box)
                await ui.shot(page, f"tv-{w}x{h}-{name}")


async def _every_card_reachable(page, where: str) -> None:
    cards = page.get_by_test_id("grid-card")
    await expect(cards).to_have_count(6)
    confirm = page.get_by_test_id("confirm")
    for i in range(6):
        card = cards.nth(i)
        await card.scroll_into_view_if_needed()
        hit = await card.evaluate("""(el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return Boolean(top && el.contains(top));
        }""")
        assert hit, f"{where}: card {i + 1} is covered at its centre"
        box = await confirm.bounding_box()
        vp = page.viewport_size
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= vp["height"], f"{where}: the button is off screen"
    await cards.nth(5).click()
    await expect(cards.nth(5)).to_have_class(re.compile("selected"))
    await expect(confirm).to_be_enabled()


async def test_phone_hand_of_six_fits_every_phone(ui, server_process):
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{server_process.url}/api/rooms") as res:
            code = (await res.json())["code"]
        table = await _table(session, server_process.url, code, NAMES)
        phones = []
        for i, (w, h) in enumerate(PHONES):
            phones.append(await ui.phone(code, f"Тел{i}", ["green", "purple", "teal"][i]))
            await phones[-1].set_viewport_size({"width": w, "height": h})
        await table.tv.until_state(lambda s: len(s["room"]["roster"]) == 6)
        table.expected = table.tv.state_id
        host = table.phones[0]
        await table.act(host, "set_settings", settings={"first_storyteller": "host"})
        await table.act(host, "start", storyteller=host.welcome["seat"])
        await table.act(host, "tell", card=host.me["hand"][0], association="Кто съел торт?")
        for (w, h), page in zip(PHONES, phones, strict=True):
            await _every_card_reachable(page, f"phone {w}×{h} playing")
            await page.evaluate("window.scrollTo(0, 0)")
            await ui.shot(page, f"phone-{w}x{h}-hand")


# Real screens of other shapes (a 4:3 projector, a 5:4 monitor, a cheap 1366×768 TV, a 21:9 monitor) letterbox
# the stage; everything the TV shows over its screens must sit on the stage, not in the black bars around it.
SHAPES = [(1024, 768), (1280, 1024), (1366, 768), (2560, 1080), (1920, 1080), (1280, 720)]
SHOT_SHAPES = {(1920, 1080), (1280, 720), (1024, 768), (2560, 1080)}
STAGE_FLOOR_PX = 24   # the stage's smallest must-read text (2.2 % of its 1080 lines)

# Each element named (CSS selector) must lie inside the stage's box on the screen (`textOnly`: its text, for a veil
# over the whole screen), and its text be no smaller than the stage's floor, scaled as the stage is: [problems].
ON_STAGE_JS = """([selectors, floor, textOnly]) => {
  const app = document.getElementById('app');
  const s = app.getBoundingClientRect();
  const scale = s.width / app.offsetWidth;
  const bad = [];
  for (const sel of selectors) {
    const el = document.querySelector(sel);
    if (!el) { bad.push(`${sel}: missing`); continue; }
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const r of textOnly ? range.getClientRects() : [el.getBoundingClientRect()]) {
      if (r.left < s.left - 0.5 || r.top < s.top - 0.5 || r.right > s.right + 0.5 || r.bottom > s.bottom + 0.5) {
        bad.push(`${sel} ${[r.left, r.top, r.right, r.bottom].map(Math.round)} outside the stage `
          + `${[s.left, s.top, s.right, s.bottom].map(Math.round)}`);
      }
    }
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const size = parseFloat(getComputedStyle(n.parentElement).fontSize);
      if (n.textContent.trim() && size < floor * scale - 0.05) {
        bad.push(`${sel} text ${size.toFixed(1)} px under ${(floor * scale).toFixed(1)}: ${n.textContent.trim()}`);
      }
    }
  }
  return bad;
}"""
# A toast (shared/dom.js), shown and measured at once (it fades after four seconds), then taken away. The
# page's own instance of the module, under the versioned URL the page imported it by (server/net/webfiles.py):
# the plain /static/shared/dom.js would be another instance, one that never heard of the TV's stage.
TOAST_JS = """async (message) => {
  const url = performance.getEntriesByType('resource').map((e) => e.name)
    .find((name) => /\\/static\\/shared\\/dom\\.[0-9a-f]{12}\\.js$/.test(name));
  (await import(url)).toast(message);
  return true;
}"""


async def _on_stage(page, selectors: list[str], where: str, text_only: bool = False) -> None:
    bad = await page.evaluate(ON_STAGE_JS, [selectors, STAGE_FLOOR_PX, text_only])
    assert not bad, f"{where}: {bad}"


async def _each_shape(ui, page, name: str, check) -> None:
    """Runs `await check(w, h)` at every screen shape (screenshots of the main ones as <name>-<w>x<h>)."""
    for w, h in SHAPES:
        await resize_tv(page, w, h)
        await check(w, h)
        if (w, h) in SHOT_SHAPES:
            await ui.shot(page, f"{name}-{w}x{h}")


async def test_tv_overlays_sit_on_the_stage_at_every_screen_shape(ui, server_process):
    """The sound prompt (lobby, a round with the timer, the reveal), a toast, the pause, the host's phone away and
    the offline badge, at 4:3, 5:4, 1366×768, 21:9 and 16:9: each inside the letterboxed stage, its text scaled
    with it, and the prompt covering nothing of the game (the QR, the board's legend, the ready line)."""
    page = await ui.page("/tv", {"width": 1024, "height": 768})
    code_el = page.get_by_test_id("room-code")
    await expect(code_el).to_have_text(re.compile(r"^[A-Z]{4}$"))
    code = (await code_el.text_content()).strip()
    prompt = page.get_by_test_id("sound-prompt")

    async def prompt_clear(w: int, h: int, phase: str) -> None:
        await expect(prompt).to_be_visible()
        await _on_stage(page, ['[data-testid="sound-prompt"]', '[data-testid="conn"]'], f"{w}×{h} {phase}")
        covered = await page.evaluate(COVERED_JS)
        assert not covered, f"{w}×{h} {phase}: the sound prompt covers {covered}"

    async with aiohttp.ClientSession() as session:
        table = await _table(session, server_process.url, code, [*NAMES, (LONG_NAME, "green")])
        await expect(page.get_by_test_id("roster-item").filter(has_text=LONG_NAME)).to_be_visible()

        async def lobby(w: int, h: int) -> None:
            await prompt_clear(w, h, "lobby")
            await boxes_apart(page, "sound-prompt", "qr")
            await page.evaluate(TOAST_JS, f"toast {w}×{h}")
            await _on_stage(page, [".toasts .toast:last-child"], f"{w}×{h} toast")
            await page.evaluate("document.querySelectorAll('.toasts .toast').forEach((t) => t.remove())")
        await _each_shape(ui, page, "lobby", lobby)

        host = table.phones[0]
        await table.act(host, "set_settings", settings={"timer": 120})
        await table.act(host, "start")
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(page.get_by_test_id("countdown")).to_be_visible()

        async def voting(w: int, h: int) -> None:
            await prompt_clear(w, h, "voting")
            await boxes_apart(page, "sound-prompt", "board-legend")
            await boxes_apart(page, "sound-prompt", "countdown")
            await _on_stage(page, ['[data-testid="countdown"]', '[data-testid="progress"]'], f"{w}×{h} voting")
        await _each_shape(ui, page, "voting", voting)

        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        assert table.tv.game["phase"] == "scored"
        ready = next(p for p in table.phones if "ready" in p.me["can"])
        await table.act(ready, "ready")
        await expect(page.get_by_test_id("readiness").locator(".chip.done")).to_have_count(1)

        async def reveal(w: int, h: int) -> None:
            await prompt_clear(w, h, "reveal")
            await boxes_apart(page, "sound-prompt", "board-legend")
            await boxes_apart(page, "sound-prompt", "readiness")
            await _on_stage(page, ['[data-testid="readiness"]', '[data-testid="points"]'], f"{w}×{h} reveal")
        await _each_shape(ui, page, "reveal", reveal)

        await table.act(host, "pause")
        await expect(page.get_by_test_id("paused")).to_be_visible()

        async def paused(w: int, h: int) -> None:
            await _on_stage(page, ['[data-testid="paused"]'], f"{w}×{h} paused", text_only=True)
        await _each_shape(ui, page, "paused", paused)
        await table.act(host, "resume")
        await expect(page.get_by_test_id("paused")).to_have_count(0)

        await host.close()
        table.phones.remove(host)
        await expect(page.get_by_test_id("tv-host-away")).to_be_visible()

        async def host_away(w: int, h: int) -> None:
            await _on_stage(page, ['[data-testid="tv-host-away"]'], f"{w}×{h} host away")
        await _each_shape(ui, page, "host-away", host_away)
        for p in table.sockets:
            await p.close()

    server_process.kill()   # the TV loses the server: its offline badge
    await expect(page.get_by_test_id("conn")).to_have_attribute("data-status", "offline")

    async def offline(w: int, h: int) -> None:
        await _on_stage(page, ['[data-testid="conn"]'], f"{w}×{h} offline")
    await _each_shape(ui, page, "offline", offline)
