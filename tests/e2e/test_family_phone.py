"""A Russian family's phones, as a fresh tester found them at 360×640 (current Chromium, plain http from a LAN name):
a phone that arrives mid-game and watches reads each card's votes as votes («3 голоса», one token per voter),
never as the owner's points, and the standings below say points; the join form hides none of its colours under
the Join button (at 360×640, and at 200 % text wherever it is scrolled); at 200 % text nothing of the page shows
through the confirm bar, which leaves at least half the screen to the page; a colour lost in a race is said once
(the notice, no toast); each card's magnifier lies under its picture, not on it; the lobby's game length reads
«каждый будет ведущим 7 раз» and the host's badge «Хозяин», in English «everyone tells 7 times» (with seven
players, the TV at 1280×720 and a newcomer's join form at 360×640 in the screenshots). Screenshots at 390×844
and 360×640, Russian and English: test-output/family-phone-*.png.
"""
from __future__ import annotations

import asyncio
import re

import aiohttp
import pytest
from playwright.async_api import expect

from server.messages import plural_form
from tests.helpers.bounds import EVENT_S
from tests.helpers.browser import resize_tv
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

SMALL = {"width": 360, "height": 640}
USUAL = {"width": 390, "height": 844}
SIZES = [(SMALL, "ru-RU"), (USUAL, "en-US"), (SMALL, "en-US"), (USUAL, "ru-RU")]
SIZE_IDS = ["360-ru", "390-en", "360-en", "390-ru"]
FAMILY = [("Бабушка", "red"), ("Мама", "blue"), ("Папа", "green"), ("Петя", "yellow")]
# The Russian noun after a count (CLDR: 1, 21 голос; 2–4, 22 голоса; 0, 5–20 голосов).
VOTES_RU = {0: "0 голосов", 1: "1 голос", 2: "2 голоса", 3: "3 голоса", 4: "4 голоса", 5: "5 голосов"}
POINTS_RU = re.compile(r"^\d+ (очко|очка|очков)$")


def votes_said(n: int, locale: str) -> str:
    return VOTES_RU[n] if locale == "ru-RU" else f"{n} vote" if n == 1 else f"{n} votes"


@pytest.mark.parametrize("viewport, locale", SIZES, ids=SIZE_IDS)
async def test_a_watching_phone_tells_votes_from_points(ui, server_process, viewport, locale):
    ui.prefix = f"family-phone-{viewport['width']}-{locale[:2]}"
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{server_process.url}/api/rooms") as res:
            code = (await res.json())["code"]
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                                   names=[n for n, _ in FAMILY], colours=[c for _, c in FAMILY], tv_name="watcher",
                                   settings={"special_cells": False})
        watcher = await ui.page(f"/join/{code}", viewport, locale, mobile=True)
        await expect(watcher.get_by_test_id("watching")).to_be_visible()
        await table.play_until(lambda g: g["phase"] == "scored")
        result = table.tv.game["result"]
        watch = watcher.get_by_test_id("watch")
        cards = watch.get_by_test_id("grid-card")
        await expect(cards).to_have_count(len(result["table"]))
        for entry in result["table"]:
            card = watch.locator(f'[data-testid="grid-card"][data-number="{entry["number"]}"]')
            votes = len(entry.get("votes") or [])
            # the count says "votes" in words, beside one token per voter; the owner's name stands apart
            await expect(card.get_by_test_id("card-votes")).to_have_text(votes_said(votes, locale))
            await expect(card.locator(".vote-token")).to_have_count(votes)
            owner = card.get_by_test_id("card-owner")
            await expect(owner).not_to_contain_text(re.compile(r"\d"))
        heading = watch.get_by_test_id("watch-standings-title")
        await expect(heading).to_have_text("Счёт" if locale == "ru-RU" else "Score")
        points = watch.locator(".p-standing-distance")
        await expect(points).to_have_count(len(FAMILY))
        for text in await points.all_text_contents():
            assert (POINTS_RU.match(text) if locale == "ru-RU" else re.match(r"^\d+ points?$", text)), text
        await ui.shot(watcher, "watching-scored")
        await watcher.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        await ui.shot(watcher, "watching-standings")


# Every colour's box, and the name field's, against the Join button's: [what lies under the button].
UNDER_JOIN_JS = """() => {
  const b = document.querySelector('[data-testid="join"]').getBoundingClientRect();
  const under = [];
  for (const el of document.querySelectorAll('[data-testid="colours"] .colour, [data-testid="name"], .field-label')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.bottom > b.top - 1 && r.top < b.bottom + 12) under.push(el.dataset.colour || el.className);
  }
  return under;
}"""


@pytest.mark.parametrize("viewport, locale", SIZES, ids=SIZE_IDS)
async def test_nothing_of_the_join_form_hides_under_the_join_button(ui, viewport, locale):
    ui.prefix = f"family-phone-{viewport['width']}-{locale[:2]}"
    _tv, code = await ui.tv(locale)
    phone = await ui.page(f"/join/{code}", viewport, locale, mobile=True)
    join = phone.get_by_test_id("join")
    await expect(phone.locator('[data-testid="colours"] .colour')).to_have_count(14)
    await phone.get_by_test_id("name").fill("Бабушка")
    box = await join.bounding_box()
    assert box["y"] + box["height"] <= viewport["height"]          # Join in sight without scrolling
    assert await phone.evaluate(UNDER_JOIN_JS) == []                # and no colour, label or the name under it
    await ui.shot(phone, "join-form")


async def _big_text_phone(ui, server_process, session, locale: str, viewport: dict, big: bool = True):
    """A browser phone (`viewport`, `locale`, the root font at 200 % if `big`) seated with three WebSocket seats;
    the game starts with the browser phone telling. Returns (table, phone page)."""
    async with session.post(f"{server_process.url}/api/rooms") as res:
        code = (await res.json())["code"]
    table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                               names=[n for n, _ in FAMILY[1:]], colours=[c for _, c in FAMILY[1:]],
                               tv_name="watcher", settings={"special_cells": False}, start=False)
    phone = await ui.phone(code, *FAMILY[0], locale, viewport)
    await table.tv.until_state(lambda s: len(s["room"]["roster"]) == 4)
    table.expected = table.tv.state_id
    if big:
        await phone.evaluate("document.documentElement.style.fontSize = '200%'")
    mine = next(r["seat"] for r in table.tv.state["room"]["roster"] if r["name"] == FAMILY[0][0])
    await table.act(table.phones[0], "start", storyteller=mine)
    return table, phone



# The page's content under the confirm bar made invisible (the bar itself and what is above it stay).
HIDE_UNDER_BAR = """() => document.querySelectorAll('.phone-main > section *').forEach((el) => {
  if (!el.closest('.confirm-bar') && !el.querySelector('.confirm-bar')) el.style.visibility = 'hidden';
})"""
SHOW_AGAIN = "() => document.querySelectorAll('[style*=visibility]').forEach((e) => { e.style.visibility = ''; })"
# The space the page's content has between the header's bottom (0 once it has scrolled away) and the bar's top.
ROOM_JS = """() => {
  const top = document.querySelector('.phone-top').getBoundingClientRect();
  return document.querySelector('.confirm-bar').getBoundingClientRect().top - Math.max(0, top.bottom);
}"""


@pytest.mark.parametrize("viewport, locale", SIZES, ids=SIZE_IDS)
async def test_at_200_percent_text_nothing_runs_under_the_bottom_button(ui, server_process, viewport, locale):
    """The storyteller's screen with the root font at 200 %: the instruction stands whole between the header and the
    confirm bar, and whatever of the page lies under the bar does not show through it (the disabled button was
    see-through): the bar's pixels are the same with the content under it hidden. Scrolled to the end, the last
    card is above the bar."""
    ui.prefix = f"family-phone-{viewport['width']}-{locale[:2]}"
    async with aiohttp.ClientSession() as session:
        _table, phone = await _big_text_phone(ui, server_process, session, locale, viewport)
        await expect(phone.get_by_test_id("you-tell")).to_be_visible()
        await phone.wait_for_function("() => [...document.querySelectorAll('img')].every((i) => i.complete)")
        bar = await phone.locator(".confirm-bar").bounding_box()
        told = await phone.get_by_test_id("you-tell").bounding_box()
        assert told["y"] + told["height"] <= bar["y"], (told, bar)
        assert await phone.evaluate(ROOM_JS) >= viewport["height"] / 2   # the bar takes less than half the screen
        await ui.shot(phone, "telling-200")
        for scroll in ("0", "document.scrollingElement.scrollHeight / 3"):
            await phone.evaluate(f"window.scrollTo(0, {scroll})")
            before = await phone.screenshot(clip=bar, animations="disabled")
            await phone.evaluate(HIDE_UNDER_BAR)
            after = await phone.screenshot(clip=bar, animations="disabled")
            assert before == after, f"{scroll}: the page's content shows through the confirm bar"
            await phone.evaluate(SHOW_AGAIN)
        await phone.locator('[data-testid="grid-card"]').first.click()
        await phone.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        last = await phone.locator('[data-testid="grid-card"]').last.bounding_box()
        bar = await phone.locator(".confirm-bar").bounding_box()
        assert last["y"] + last["height"] <= bar["y"], (last, bar)
        await ui.shot(phone, "telling-200-end")



# Records the words of every toast the page shows from now on in window.toastsSeen.
COUNT_TOASTS = """() => {
  window.toastsSeen = [];
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => {
    if (n.nodeType === 1 && n.classList.contains('toast')) window.toastsSeen.push(n.textContent);
  }))).observe(document.body, { childList: true, subtree: true });
}"""


@pytest.mark.parametrize("order, locale", [("state-first", "ru-RU"), ("refusal-first", "en-US")])
async def test_a_colour_lost_in_a_race_is_said_once(ui, order, locale):
    """Two phones join with the same colour at once: the one that loses is told once, by the notice over the
    colours, not by a toast saying the same as well. The server's answers to the losing page are held back so
    that its Join goes out after the other's, whichever of the refusal and the new state reaches it first."""
    ui.prefix = f"family-phone-360-{locale[:2]}"
    tv, code = await ui.tv(locale)
    late = await ui.page(f"/join/{code}", SMALL, locale, mobile=True)
    held: list = []
    holding = False
    refusal = asyncio.Event()

    def hold(ws, message) -> None:
        if not holding:
            ws.send(message)
            return
        held.append((ws, message))
        if '"error"' in str(message):
            refusal.set()

    def relay(ws) -> None:   # the page's socket: frames to the server go on; the server's wait while held
        server = ws.connect_to_server()
        server.on_message(lambda message: hold(ws, message))

    await late.route_web_socket("**/ws", relay)
    await late.reload()
    await late.get_by_test_id("name").fill("Бабушка")
    await late.locator('[data-testid="colours"] [data-colour="red"]').click()
    holding = True
    await ui.phone(code, "Мама", "red", locale, SMALL)          # the other phone is first with red
    await expect(tv.get_by_test_id("roster-item")).to_have_count(1)
    await late.get_by_test_id("join").click()
    await asyncio.wait_for(refusal.wait(), EVENT_S)              # held: the new state, then the refusal
    refused_at = next(i for i, (_ws, message) in enumerate(held) if '"error"' in str(message))
    assert any('"state"' in str(message) for _ws, message in held[:refused_at]), held   # the new state came first
    if order == "refusal-first":
        held.insert(0, held.pop(refused_at))
    await late.evaluate(COUNT_TOASTS)
    released, held[:] = list(held), []
    holding = False
    for ws, message in released:
        ws.send(message)
    lost = late.get_by_test_id("colour-lost")
    await expect(lost).to_be_visible()
    await expect(lost).to_contain_text("красный" if locale == "ru-RU" else "red")
    await expect(late.locator('[data-testid="colours"] [data-colour="red"]')).to_have_count(0)
    await expect(late.get_by_test_id("join")).to_be_disabled()   # nothing chosen for them instead
    assert await late.evaluate("() => window.toastsSeen") == []   # (a toast goes by itself after a while)
    await ui.shot(late, f"colour-lost-{order}")


# Each card of the grid whose magnifier lies over its picture: [(card's number in the grid, overlap in px²)].
ZOOM_OVER_PICTURE = """() => [...document.querySelectorAll('.grid-card')].map((card, i) => {
  const p = card.querySelector('.card').getBoundingClientRect();
  const z = card.querySelector('.zoom').getBoundingClientRect();
  const w = Math.min(p.right, z.right) - Math.max(p.left, z.left);
  const h = Math.min(p.bottom, z.bottom) - Math.max(p.top, z.top);
  return [i + 1, w > 0 && h > 0 ? Math.round(w * h) : 0];
}).filter(([, over]) => over > 0)"""


@pytest.mark.parametrize("viewport, locale", SIZES, ids=SIZE_IDS)
async def test_the_magnifier_leaves_each_picture_whole(ui, server_process, viewport, locale):
    """The magnifier of each card of the hand sits in the card's frame under its picture, not on the picture's
    corner; it still opens the card large."""
    ui.prefix = f"family-phone-{viewport['width']}-{locale[:2]}"
    async with aiohttp.ClientSession() as session:
        _table, phone = await _big_text_phone(ui, server_process, session, locale, viewport, big=False)
        cards = phone.get_by_test_id("grid-card")
        await expect(cards).to_have_count(6)
        assert await phone.evaluate(ZOOM_OVER_PICTURE) == []
        await cards.nth(4).scroll_into_view_if_needed()
        await ui.shot(phone, "hand-magnifiers")
        await cards.nth(4).locator(".zoom").click()
        await expect(phone.get_by_test_id("enlarge")).to_be_visible()
        await phone.get_by_test_id("enlarge").click()
        await expect(phone.get_by_test_id("enlarge")).to_have_count(0)
        await expect(cards.nth(4)).not_to_have_class(re.compile("selected"))   # the magnifier only enlarges


RU_TIMES = {"one": "раз", "few": "раза", "many": "раз"}


async def test_the_lobby_says_in_russian_how_many_times_each_tells(ui):
    """«каждый будет ведущим 6 раз» (the count's own form of «раз»), not «ведущим у каждого: 6»; the host's badge
    «Хозяин» starts with a capital, as «Ведущий» does."""
    ui.prefix = "family-phone-360-ru"
    tv, code = await ui.tv("ru-RU")
    phones = [await ui.phone(code, n, c, "ru-RU", SMALL) for n, c in FAMILY[:3]]
    line = phones[0].get_by_test_id("phone-game-length")
    await expect(line).to_contain_text("каждый будет ведущим")
    said = re.search(r"каждый будет ведущим (\d+(?:–(\d+))?) (\w+) ·", await line.text_content())
    assert said, await line.text_content()
    last = int(said.group(2) or said.group(1))
    assert said.group(3) == RU_TIMES[plural_form(last, ["one", "few", "many"])], said.group(0)
    await expect(tv.get_by_test_id("tv-game-length")).to_contain_text(said.group(0))
    await expect(phones[0].get_by_test_id("me-host")).to_have_text("Хозяин")
    await ui.shot(phones[0], "lobby-length")
    await ui.shot(tv, "tv-lobby-length")


SEVEN = [("Ann", "white"), ("Boris", "orange"), ("Vika", "teal"), ("Gosha", "green"), ("Dasha", "yellow"),
         ("Egor", "blue"), ("Zhanna", "red")]


async def test_the_lobby_says_in_english_how_many_times_everyone_tells(ui):
    """«everyone tells 6 times» (once for one), not «turns as storyteller each: 6»; with seven players the TV at
    1280×720 and an eighth phone's join form at 360×640 are shot."""
    ui.prefix = "family-phone-360-en"
    tv, code = await ui.tv("en-US")
    await resize_tv(tv, 1280, 720)
    phones = [await ui.phone(code, n, c, "en-US", SMALL) for n, c in SEVEN]
    line = phones[0].get_by_test_id("phone-game-length")
    await expect(line).to_contain_text("everyone tells")
    said = re.search(r"everyone tells (once|twice|(\d+(?:–\d+)?) times) ·", await line.text_content())
    assert said and said.group(1) != "1 times", await line.text_content()
    assert "storyteller each" not in await line.text_content()
    await expect(tv.get_by_test_id("tv-game-length")).to_contain_text(said.group(0))
    newcomer = await ui.page(f"/join/{code}", SMALL, "en-US", mobile=True)
    await expect(newcomer.get_by_test_id("colours")).to_be_visible()
    await ui.shot(phones[0], "lobby-length")
    await ui.shot(newcomer, "join-form")
    await ui.shot(tv, "tv-lobby-length-720")


async def test_at_200_percent_text_no_colour_hides_under_join(ui):
    """The join form at 200 % text on a 360×640 phone is taller than the screen: wherever it is scrolled, no colour
    lies under the Join button (a sticky one stood over them)."""
    ui.prefix = "family-phone-360-ru"
    _tv, code = await ui.tv("ru-RU")
    phone = await ui.page(f"/join/{code}", SMALL, "ru-RU", mobile=True)
    await expect(phone.locator('[data-testid="colours"] .colour')).to_have_count(14)
    await phone.evaluate("document.documentElement.style.fontSize = '200%'")
    await expect(phone.locator("html.big-text")).to_have_count(1)
    for scroll in (0, 150, 300):
        await phone.evaluate(f"window.scrollTo(0, {scroll})")
        assert await phone.evaluate(UNDER_JOIN_JS) == [], scroll
    await ui.shot(phone, "join-200")
