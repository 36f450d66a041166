"""The optional timer through the real pages: the host chooses it in the lobby (Russian and
English labels) and changes it from the host menu in a game; the TV and every phone count down from the
state's clock, the last ten seconds marked; when it runs out the room skips the phase (the cards nobody
played go down, then nobody's vote), and the countdown goes when the round is scored. The server allows a
short timer for this test only (`--timer-test-seconds`). Screenshots: test-output/timer-*.png (TV 1920×1080
and 1280×720, phones 390×844 and 360×640)."""
import re

import pytest
from playwright.async_api import expect

from tests.helpers.browser import boxes_apart, fits

pytestmark = pytest.mark.asyncio(loop_scope="session")

SHORT_S = 9   # the test's timer: in its last ten seconds from the start
SERVER_ARGS = ("--timer-test-seconds", str(SHORT_S))
DIGITS = re.compile(r"^\d:\d\d$")
# nothing of the phase title is hidden (tests/e2e/test_tv_titles.py)
TITLE_CUT = """() => { const el = document.querySelector('.phase-title');
  return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1; }"""
# The title's font size on the 1080-line stage and its lines (fit-text.js shrinks it, then wraps it).
TITLE_SIZE = """() => { const el = document.querySelector('.phase-title');
  return [parseFloat(getComputedStyle(el).fontSize), el.classList.contains('fit-wrap') ? 2 : 1]; }"""
WATCH_PHASES = """() => {
  const main = document.querySelector('main.tv-main');
  window.timerTestPhases = [];
  new MutationObserver(() => {
    const clock = document.querySelector('[data-testid="countdown"]');
    window.timerTestPhases.push({ phase: main.dataset.phase, clock: !clock.hidden,
      digits: clock.textContent, urgent: clock.classList.contains('urgent') });
  }).observe(main, { attributes: true, attributeFilter: ['data-phase'] });
}"""


async def test_timer(ui):
    tv, code = await ui.tv("ru-RU")
    host = await ui.phone(code, "Ann", "red")   # an English phone; the TV and two phones speak Russian
    phones = [host] + [await ui.phone(code, name, colour, locale)
                       for name, colour, locale in (("Борис", "blue", "ru-RU"), ("Вика", "yellow", "en-US"),
                                                    ("Гоша", "green", "ru-RU"))]
    timer = host.get_by_test_id("setting-timer")
    await expect(host.locator(".setting", has=timer)).to_contain_text("Timer")
    labels = [t.strip() for t in await timer.locator("option").all_text_contents()]
    assert labels == ["off", f"{SHORT_S} s", "60 s", "90 s", "120 s"]
    assert await timer.input_value() == "0"                       # off by default
    await timer.select_option("60")
    await expect(tv.get_by_text("Таймер: 60 сек")).to_be_visible()   # the TV's lobby says it
    await timer.scroll_into_view_if_needed()
    await ui.shot(host, "phone-lobby-setting")
    await host.get_by_test_id("start").click()

    main = tv.locator("main.tv-main")
    await expect(main).to_have_attribute("data-phase", "telling")
    tv_clock = tv.get_by_test_id("countdown")
    await expect(tv_clock).to_be_hidden()                         # telling is never timed
    storyteller = await _storyteller(phones)
    others = [p for p in phones if p is not storyteller]
    await _tell(storyteller)

    await expect(main).to_have_attribute("data-phase", "playing")
    await expect(tv_clock).to_be_visible()
    await expect(tv_clock).to_have_text(DIGITS)
    assert await tv_clock.get_attribute("class") and "urgent" not in await tv_clock.get_attribute("class")
    for phone in phones:
        await expect(phone.get_by_test_id("countdown")).to_have_text(DIGITS)
    await ui.shot(tv, "tv-1920")
    await ui.shot(others[0], "phone-390")
    await tv.set_viewport_size({"width": 1280, "height": 720})
    await others[0].set_viewport_size({"width": 360, "height": 640})
    await expect(others[0].get_by_test_id("countdown")).to_be_visible()
    await fits(others[0], 360, "phone top bar with the countdown")
    await ui.shot(tv, "tv-1280")
    await ui.shot(others[0], "phone-360")
    await tv.set_viewport_size({"width": 1920, "height": 1080})
    await others[0].set_viewport_size({"width": 390, "height": 844})

    # the phases the TV goes through from here, with its countdown as it showed each (the short clock may
    # run out while the screenshots are taken: the record keeps what a wait on the screen could miss)
    await tv.evaluate(WATCH_PHASES)
    # one card down by hand; then the host makes the clock short from the host menu
    played = others[0]
    await played.locator(".card-grid.selectable .grid-card").first.click()
    await played.get_by_test_id("confirm").click()
    await expect(played.get_by_test_id("played")).to_be_visible()
    await host.get_by_test_id("host-menu-btn").click()
    menu = host.get_by_test_id("host-menu")
    await menu.get_by_test_id("setting-timer").select_option(str(SHORT_S))
    await expect(tv_clock).to_have_class(re.compile(r"\burgent\b"))   # its last ten seconds
    await expect(others[1].get_by_test_id("countdown")).to_have_class(re.compile(r"\burgent\b"))
    await ui.shot(tv, "tv-urgent")
    await ui.shot(others[1], "phone-urgent")

    # it runs out in playing (the room skips it: nobody's card is missing), then in voting (nobody votes):
    # the round is scored and the countdown goes
    await expect(main).to_have_attribute("data-phase", "scored")
    await expect(tv.locator(".owner-plate")).to_have_count(4)
    await expect(tv_clock).to_be_hidden()
    for phone in phones:
        await expect(phone.get_by_test_id("countdown")).to_be_hidden()
    await expect(storyteller.get_by_test_id("next-round")).to_be_visible()
    seen = await tv.evaluate("window.timerTestPhases")
    assert [s["phase"] for s in seen] == ["voting", "scored"], seen
    voting, scored = seen
    assert voting["clock"] and DIGITS.match(voting["digits"]) and voting["urgent"]   # the vote's own clock
    assert not scored["clock"]
    await ui.shot(tv, "tv-scored")

    # round 2 with a minute: the vote's countdown beside a longer title, which stays whole (it may shrink)
    await host.get_by_test_id("host-menu-btn").click()
    await menu.get_by_test_id("setting-timer").select_option("60")
    await expect(menu.get_by_test_id("locked-settings")).to_contain_text("Timer: 60 s")   # the server has it
    await host.get_by_test_id("host-menu").locator("button[aria-label]").first.click()
    await storyteller.get_by_test_id("next-round").click()
    await expect(main).to_have_attribute("data-round", "2")
    storyteller = await _storyteller(phones)
    await _tell(storyteller)
    await expect(main).to_have_attribute("data-phase", "playing")
    for phone in (p for p in phones if p is not storyteller):
        await phone.locator(".card-grid.selectable .grid-card").first.click()
        await phone.get_by_test_id("confirm").click()
    await expect(main).to_have_attribute("data-phase", "voting")
    await expect(tv_clock).to_have_text(DIGITS)
    assert "urgent" not in await tv_clock.get_attribute("class")
    for size in ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720}):
        await tv.set_viewport_size(size)
        assert not await tv.evaluate(TITLE_CUT), "the title is cut beside the countdown"
        await ui.shot(tv, f"tv-voting-{size['width']}")


async def _storyteller(phones):
    for phone in phones:
        await expect(phone.get_by_test_id("phone-telling")).to_be_visible()
    tellers = [p for p in phones if await p.get_by_test_id("you-tell").count()]
    assert len(tellers) == 1
    return tellers[0]


async def _tell(storyteller) -> None:
    grid = storyteller.locator(".card-grid.selectable")
    await grid.locator(".grid-card").first.click()
    if not await storyteller.get_by_test_id("conditions").count():
        await storyteller.get_by_test_id("association-input").fill("Тихая буря")
    await storyteller.get_by_test_id("confirm").click()


async def test_the_countdown_and_the_offline_badge_fit_a_small_phone(ui, server_process):
    """While the server is away mid-countdown (a restart), the phone's top bar holds the countdown and the
    long "offline" badge: the badge's words wrap inside the 360 px screen instead of pushing the menu button
    and the page past its right edge (Russian «Нет связи — переподключаемся…», English too). Meanwhile the
    pages' countdowns stand still, as the room's clock does, and run again once the server is back."""
    tv, code = await ui.tv("ru-RU")
    phones = [await ui.phone(code, name, colour, locale) for name, colour, locale in
              (("Аня", "red", "ru-RU"), ("Boris", "blue", "en-US"), ("Вика", "yellow", "ru-RU"),
               ("Гоша", "green", "ru-RU"))]
    await phones[0].get_by_test_id("setting-timer").select_option("60")
    await phones[0].get_by_test_id("start").click()
    storyteller = await _storyteller(phones)
    await _tell(storyteller)
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "playing")
    small = [storyteller, next(p for p in phones[:2] if p is not storyteller)]
    for phone in small:
        await phone.set_viewport_size({"width": 360, "height": 640})
        await expect(phone.get_by_test_id("countdown")).to_have_text(DIGITS)
    # the storyteller's badge beside the countdown (it ran under the clock's digits)
    await boxes_apart(storyteller, "storyteller-badge", "countdown")
    await ui.shot(storyteller, "storyteller-360")
    await expect(tv.get_by_test_id("conn")).to_have_attribute("data-status", "online")
    online_title = await tv.evaluate(TITLE_SIZE)
    server_process.kill()
    for phone, lang in zip(small, ("ru" if storyteller is not phones[1] else "en", "other"), strict=True):
        await expect(phone.get_by_test_id("conn")).to_have_attribute("data-status", "offline")
        # the room's clock stands still while the server is away (it keeps its time): no page runs it out
        await expect(phone.get_by_test_id("countdown")).to_have_class(re.compile(r"\bpaused\b"))
        await ui.shot(phone, f"phone-offline-360-{lang}")
        await fits(phone, 360, f"phone top bar offline with the countdown ({lang})")
    await expect(tv.get_by_test_id("countdown")).to_have_class(re.compile(r"\bpaused\b"))
    # The TV's title beside the countdown and the offline badge stays whole and big enough for the sofa
    # (it shrank to «Все выб…» once the badge's long words took the top bar).
    await expect(tv.get_by_test_id("conn")).to_have_attribute("data-status", "offline")
    for size in ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720}):
        await tv.set_viewport_size(size)
        await expect(tv.get_by_test_id("phase-title")).to_have_text("Все выбирают карту")
        await ui.shot(tv, f"tv-offline-{size['width']}")
        assert not await tv.evaluate(TITLE_CUT), await tv.evaluate(TITLE_SIZE)
        offline_title = await tv.evaluate(TITLE_SIZE)
        # «Нет связи» is a little wider than «На связи», and the title fits the width it is left (a pixel or so
        # less): it must not shrink further than that, nor wrap
        assert offline_title[1] == online_title[1] and offline_title[0] >= online_title[0] - 2, \
            f"the title shrank while offline: {offline_title}, online {online_title}"
        assert offline_title[0] >= 40 and offline_title[1] == 1, offline_title
        await boxes_apart(tv, "phase-title", "conn")
        await boxes_apart(tv, "countdown", "conn")
    server_process.start()
    for page in (tv, *phones):
        await expect(page.get_by_test_id("conn")).to_have_attribute("data-status", "online")
        await expect(page.get_by_test_id("countdown")).not_to_have_class(re.compile(r"\bpaused\b"))



# The TV's title as fitted beside each status its connection badge shows, in order: [status, font px, lines]
# (read in the observer's microtask, after the status change's own fit).
WATCH_BADGE = """() => {
  const badge = document.querySelector('[data-testid="conn"]');
  const title = document.querySelector('.phase-title');
  window.badgeSeen = [];
  new MutationObserver(() => {
    window.badgeSeen.push([badge.dataset.status, parseFloat(getComputedStyle(title).fontSize),
      title.classList.contains('fit-wrap') ? 2 : 1]);
  }).observe(badge, { attributes: true, attributeFilter: ['data-status'] });
}"""
RECONNECT_TRIED = """() => window.badgeSeen.map((s) => s[0]).join(' ').includes('offline connecting offline')"""


async def test_the_tv_title_keeps_its_size_while_the_tv_tries_to_reconnect(ui, server_process):
    """While the server is away the TV tries to reconnect every few seconds; the badge says «Нет связи» through
    each try as between them, so the title beside it (fitted to the room the top bar leaves, fit-text.js) keeps
    its size on one line. A wider «Подключение…» during each try made the title smaller and wrapped it, then
    grew it back: on a loaded machine the previous test's look at the TV came during a try."""
    tv, code = await ui.tv("ru-RU")
    phones = [await ui.phone(code, name, colour, "ru-RU") for name, colour in
              (("Аня", "red"), ("Вика", "yellow"), ("Гоша", "green"))]
    await phones[0].get_by_test_id("setting-timer").select_option("60")
    await phones[0].get_by_test_id("start").click()
    await _tell(await _storyteller(phones))
    await expect(tv.get_by_test_id("phase-title")).to_have_text("Все выбирают карту")
    await expect(tv.get_by_test_id("conn")).to_have_attribute("data-status", "online")
    online_title = await tv.evaluate(TITLE_SIZE)
    await tv.evaluate(WATCH_BADGE)
    server_process.kill()
    await tv.wait_for_function(RECONNECT_TRIED)   # a try came and went
    seen = await tv.evaluate("() => window.badgeSeen")
    assert all(lines == 1 and size >= online_title[0] - 2 for _, size, lines in seen), \
        f"the title changed with the badge: {seen}, online {online_title}"
    await expect(tv.get_by_test_id("conn")).to_have_text("Нет связи")
    await ui.shot(tv, "tv-offline-after-a-try")
