"""The pages in the browsers 2020-2021 smart TVs run: headless Chromium 69 and 80 over the DevTools protocol.

The TV page plays a whole round in each (the phones are WebSocket seats, as the protocol tests use), at a TV
browser's 1280×720 CSS px, on the insecure home-network origin; any page exception fails the test. Then the
phone page in Chromium 69 joins and plays a card with real taps. The connection badge's dot keeps its room from
its words on both pages (flex `gap` does not reach a pseudo-element). Screenshots go to test-output/old*-*.png.
"""
from __future__ import annotations

import re

import aiohttp
import pytest

from tests.helpers.oldchrome import Browser, old_tv
from tests.helpers.page_checks import SPLIT_WORDS_JS
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

NAMES = [("Аня", "red"), ("Борис", "blue"), ("Вика", "yellow"), ("Гоша", "green")]


# The room between the connection badge's dot (its ::before, which flex-gap.js cannot space) and its words, in
# units of its font size: the words' left edge less the dot's right one, where the dot starts the row's content
# (at its padding, or as far from it as the words end from the other side in a centred row); in CSS px of the
# page, the TV's stage being scaled to the screen.
DOT_GAP = """(() => {
  const el = document.querySelector('[data-testid=conn]');
  const text = [].filter.call(el.childNodes, (n) => n.nodeType === 3 && n.textContent.trim())[0];
  if (!text || !el.offsetWidth) return null;
  const range = document.createRange();
  range.selectNodeContents(text);
  const words = range.getBoundingClientRect();
  const box = el.getBoundingClientRect();
  const st = getComputedStyle(el);
  const dot = getComputedStyle(el, '::before');
  const scale = box.width / el.offsetWidth;   // the TV's stage is scaled to the screen
  const left = box.left + (parseFloat(st.borderLeftWidth) + parseFloat(st.paddingLeft)) * scale;
  const right = box.right - (parseFloat(st.borderRightWidth) + parseFloat(st.paddingRight)) * scale;
  const start = st.justifyContent === 'center' ? left + (right - words.right) : left;
  const gap = (words.left - start) / scale - parseFloat(dot.width);
  return { gap: gap / parseFloat(st.fontSize), text: el.textContent };
})()"""


def _text_of(testid: str) -> str:
    return f"(document.querySelector('[data-testid={testid}]') || {{}}).textContent"


async def _seat_phones(session, url: str, code: str, names):
    """A TV-role watcher and one WebSocket seat per name, joined; returns the helpers' Table."""
    return await seated_table(socket_opener(session, url, LivePlayer), code, names=[n for n, _ in names],
                              colours=[c for _, c in names], tv_name="watcher", start=False)


@pytest.mark.parametrize("version", ["69", "80"])
async def test_tv_page_plays_a_round_in_an_old_tv_browser(server_process, output_dir, version):
    async with aiohttp.ClientSession() as session, old_tv(version, session, server_process.page_url) as (tv, code):
        assert "game.lan" in await tv.evaluate("location.host")
        table = await _seat_phones(session, server_process.url, code, NAMES)
        await tv.wait_for("document.querySelectorAll('[data-testid=roster-item]:not(.empty)').length === 4",
                          "four players in the roster")
        roster = await tv.evaluate(_text_of("roster"))
        assert all(name in roster for name, _ in NAMES)
        # How to play beside them: a card of the chosen rules, with its text.
        how = await tv.wait_for("(document.querySelector('[data-testid=tv-how]') || {dataset: {}}).dataset.rules"
                                " === 'imaginarium/standard' && document.querySelectorAll("
                                "'[data-testid=tv-how-card] li').length > 0 && " + _text_of("tv-how-card"),
                                "a how-to-play card")
        assert re.match(r"^[1-5]\. ", how), how
        badge = await tv.evaluate(DOT_GAP)   # "● Connected", never "●Connected"
        assert badge["text"] == "Connected" and badge["gap"] >= 0.4, badge
        await tv.screenshot(output_dir / f"old{version}-tv-lobby.png")

        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "voting")
        # The four cards face up, numbered, their pictures loaded.
        await tv.wait_for("""
            document.querySelectorAll('[data-testid=tv-voting] [data-testid=table-card]').length === 4
            && [].every.call(document.querySelectorAll('[data-testid=table-card] img'),
                             (i) => i.complete && i.naturalWidth > 0)""", "four cards on the TV")
        numbers = await tv.evaluate("[].map.call(document.querySelectorAll('[data-testid=table-card]'), "
                                    "(c) => c.dataset.number)")
        assert sorted(numbers) == ["1", "2", "3", "4"]
        await tv.screenshot(output_dir / f"old{version}-tv-voting.png")

        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        await tv.wait_for("document.querySelector('[data-testid=tv-scored]')", "the reveal")
        # The votes as tokens on the cards (three guessers), and every elephant's points.
        await tv.wait_for("document.querySelectorAll('[data-testid=tv-scored] .vote-token').length === 3",
                          "three vote tokens")
        points = await tv.evaluate("[].map.call(document.querySelectorAll('[data-testid=points] .points-value'),"
                                   " (p) => p.textContent)")
        assert len(points) == 4 and all(re.fullmatch(r"[+-]?\d+", p) for p in points), points
        # the points cue comes with the count's own start (scored.js: a number's roll on its ::before, whose
        # animationstart this browser gives the number); silenced, sound never having been turned on
        await tv.wait_for("window.imaginariumSound.silenced.indexOf('points') >= 0", "the points cue")
        standings = await tv.evaluate(_text_of("standings"))
        assert all(name in standings for name, _ in NAMES), standings
        await tv.screenshot(output_dir / f"old{version}-tv-reveal.png")
        # It remembers its room for a bare /tv (server/net/pages.py), and an unknown room gets its page.
        assert f"tv_room={code}" in await tv.evaluate("document.cookie")
        await tv.goto(f"{server_process.page_url}/tv?room=ZZZZ")
        link = await tv.wait_for(_text_of("room-in-play"), "the no-such-room page's link to the room in play")
        assert f"Open room {code}" in link, link
        await tv.screenshot(output_dir / f"old{version}-tv-no-such-room.png")
        assert not tv.errors, f"Chromium {version} page errors: {tv.errors}"


async def test_phone_page_plays_a_card_in_chromium_69(server_process, output_dir):
    async with aiohttp.ClientSession() as session:
        browser = Browser("69", session)
        await browser.start()
        try:
            async with session.post(f"{server_process.url}/api/rooms") as res:
                code = (await res.json())["code"]
            table = await _seat_phones(session, server_process.url, code, NAMES[1:])
            phone = await browser.page(360, 640, mobile=True)
            # The badge's words under the bar keep their room from its dot too ("● No such room").
            await phone.goto(f"{server_process.page_url}/join/ZZZZ")
            await phone.wait_for("document.querySelector('[data-testid=conn][data-status=no_room]')", "no such room")
            badge = await phone.evaluate(DOT_GAP)
            assert badge["text"] == "No such room" and badge["gap"] >= 0.4, badge
            await phone.screenshot(output_dir / "old69-phone-no-room.png")
            await phone.goto(f"{server_process.page_url}/join/{code}")
            await phone.type("[data-testid=name]", "Аня")
            await phone.click('[data-testid=colours] [data-colour="red"]')
            await phone.click("[data-testid=join]")
            await phone.wait_for("document.querySelector('[data-testid=phone-lobby]')", "the lobby")
            await table.tv.until_state(lambda s: len(s["room"]["roster"]) == 4)
            table.expected = table.tv.state_id
            host = table.phones[0]
            await table.act(host, "set_settings", settings={"first_storyteller": "host"})
            await table.act(host, "start", storyteller=host.welcome["seat"])
            # The host tells over the wire; the phone in Chromium 69 then plays a card with two taps.
            await table.act(host, "tell", card=host.me["hand"][0], association="cake")
            await phone.wait_for("document.querySelectorAll('[data-testid=grid-card]').length === 6", "a hand of 6")
            played = await phone.evaluate("document.querySelector('[data-testid=grid-card]:last-child').dataset.card")
            await phone.click("[data-testid=grid-card]:last-child")
            await phone.screenshot(output_dir / "old69-phone-chosen.png")
            await phone.click("[data-testid=confirm]")
            mine = next(r["seat"] for r in table.tv.state["room"]["roster"] if r["name"] == "Аня")
            state = await table.tv.until_state(
                lambda s: any(x["seat"] == mine and x["has_played"] for x in s["game"]["seats"]))
            assert state["game"]["phase"] == "playing"
            # The phone now shows the card it played (its picture) and no play button.
            await phone.wait_for(f"document.querySelector('[data-testid=played]') && document.querySelector("
                                 f"'.played-card img[src*=\"/{played}.\"]') && "
                                 "!(document.querySelector('[data-testid=confirm]') || {}).offsetParent",
                                 "the played card shown, no play button")
            # Chromium 69 ignores `gap` on flex rows; web/shared/flex-gap.js spaces them: nothing overlaps.
            assert await phone.evaluate("document.documentElement.classList.contains('no-flex-gap')")
            overlaps = await phone.evaluate("""(() => {
              const kids = [].slice.call(document.querySelector('[data-testid=waiting]').children);
              const r = kids.map((k) => k.getBoundingClientRect());
              const bad = [];
              for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
                if (r[i].left < r[j].right - 1 && r[j].left < r[i].right - 1
                    && r[i].top < r[j].bottom - 1 && r[j].top < r[i].bottom - 1) bad.push([i, j]);
              }
              return bad;
            })()""")
            assert not overlaps, f"'waiting for' items overlap in Chromium 69: {overlaps}"
            await phone.screenshot(output_dir / "old69-phone-played.png")
            assert not phone.errors, f"Chromium 69 page errors: {phone.errors}"
        finally:
            await browser.close()


# Six two-word names, each on its own owner plate under six cards (the points under the plates, scored.js).
FAMILY = [("Бабушка Валентина", "red"), ("Дедушка Николай", "blue"), ("Тётя Маргарита", "green"),
          ("Дядя Константин", "teal"), ("Прадедушка Фёдор", "purple"), ("Двоюродный Брат", "pink")]
# An owner plate or a points name whose text the box hides (cut to its first word, or squeezed to a sliver).
CUT_PLATES = """JSON.stringify([].filter.call(document.querySelectorAll('.tv-main .owner-plate, .tv-main .points-name'),
  (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1)
  .map((el) => [el.textContent, el.scrollHeight, el.clientHeight]))"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
async def test_every_owner_plate_shows_its_whole_name_in_chromium_69(server_process, output_dir, size):
    """Chromium 69 lays out a column of flex items by its own rules: a plate, its overflow hidden, shrank below
    its lines to fit the card's column, so «Дедушка Николай» read «Дедушка» and the storyteller's plate was a
    bare 4 px bar; and without min() a smaller card narrowed its plate, breaking «Маргарит/а». With six family
    names every plate shows its whole name, no word split across lines, once the result is on the TV."""
    async with aiohttp.ClientSession() as session, old_tv("69", session, server_process.page_url, size) as (tv, code):
        table = await _seat_phones(session, server_process.url, code, FAMILY)
        await table.act(table.phones[0], "set_settings", settings={"special_cells": False, "lang": "ru"})
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        await tv.wait_for("document.querySelectorAll('[data-testid=tv-scored] .owner-plate').length === 6",
                          "six owner plates")
        await tv.screenshot(output_dir / f"old69-tv-family-plates-{size[0]}.png")
        cut = await tv.evaluate(CUT_PLATES)
        assert cut == "[]", f"{size}: names cut on the result: {cut}"
        # a tightened card's width goes to the gaps, so the plates stay wide enough for whole words
        split = await tv.evaluate(f"({SPLIT_WORDS_JS})()")
        assert not split, f"{size}: words split across lines: {split}"
        assert not tv.errors, tv.errors
