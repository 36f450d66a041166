"""A family evening in the real pages, where the other browser tests left gaps: every sound cue at its moment and
none while muted (the TV's mute reached with a remote's arrows and OK, and the host's switch in the host
menu during a game); the kids' adult phone during guess entry at both phone sizes, with the game's
length as a range in the lobby; a dispute and the readiness chips at both TV sizes and both phone sizes (the
dispute's confirmation stays open through another player's move, on the play form and on the wait view);
the TV's countdown while the host's phone is away. Seats are WebSockets (tests.helpers.wire) where the
test is about what a page shows; the pages are Debian's Chromium at http://game.lan:PORT.

The TV's audio calls are observed through a wrapper of AudioContext installed before the page loads
(every oscillator started is counted), beside the page's own record of cue names
(window.imaginariumSound). Screenshots: test-output/evening-*.png.
"""
import re

import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.browser import fits
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")
expect.set_options(timeout=20_000)

TV_1080 = {"width": 1920, "height": 1080}
TV_720 = {"width": 1280, "height": 720}
PHONE_390 = {"width": 390, "height": 844}
PHONE_360 = {"width": 360, "height": 640}
NAMES = ["Бабушка Оля", "Papa", "Петя", "Mia"]
COLOURS = ["red", "blue", "green", "yellow"]

# Counts every oscillator the page starts: a cue that is heard starts some, a silenced one none.
AUDIO_PROBE = """(() => {
  const AC = window.AudioContext || window.webkitAudioContext;
  window.__tones = 0;
  if (!AC) return;
  const create = AC.prototype.createOscillator;
  AC.prototype.createOscillator = function () {
    const osc = create.call(this);
    const start = osc.start;
    osc.start = function (...args) { window.__tones += 1; return start.apply(this, args); };
    return osc;
  };
})();"""

PLAYED = "(name) => window.imaginariumSound.played.filter((c) => c === name).length"
SILENCED = "(name) => window.imaginariumSound.silenced.filter((c) => c === name).length"


async def open_page(ui, path: str, viewport: dict, *, token: str | None = None, code: str | None = None,
                    init: str | None = None, locale: str = "en-US"):
    """A page in a fresh context of the session's browser; with `token`, a tab of that seat."""
    phone = viewport["width"] < 800
    context = await ui.browser.new_context(viewport=viewport, locale=locale, is_mobile=phone, has_touch=phone)
    ui.contexts.append(context)
    if token:
        await context.add_init_script(f"localStorage.setItem('imaginarium.token.{code}', '{token}')")
    if init:
        await context.add_init_script(init)
    page = await context.new_page()
    page.on("pageerror", lambda exc: ui.errors.append(f"{path}: {exc}"))
    await page.goto(f"{ui.base}{path}")
    return page


async def dispute(ui, table, page, vp: dict, shot: str, meanwhile=None) -> None:
    """On a phone `page` (viewport `vp`): tap dispute, check the confirmation names the four-words condition,
    run `meanwhile` (another player's move, which redraws the phone: the open confirmation must stay), check
    it fits and shoot it as `shot`, then dispute and wait until the table has that state (RULES.md §3: any
    player may dispute before voting starts)."""
    await page.get_by_test_id("dispute").click()
    await expect(page.get_by_test_id("dispute-confirm")).to_contain_text("exactly four words")
    if meanwhile is not None:
        await meanwhile()
        await expect(page.get_by_test_id("dispute-confirm")).to_be_visible()
    await fits(page, vp["width"], shot)
    await ui.shot(page, f"phone-{vp['width']}-{shot}")
    await page.get_by_test_id("dispute-condition").click()
    table.expected += 1
    await table.sync()
    await expect(page.get_by_test_id("dispute")).to_have_count(0)


async def tv_code(tv) -> str:
    code_el = tv.get_by_test_id("room-code")
    await expect(code_el).to_have_text(re.compile(r"^[A-HJKMNP-Z]{4}$"))
    return (await code_el.text_content()).strip()


async def cue_heard(tv, name: str, count: int, tones_before: int) -> int:
    """Waits until cue `name` has been played `count` times and more oscillators started; returns the count."""
    await tv.wait_for_function(f"({PLAYED})('{name}') === {count}")
    await tv.wait_for_function(f"window.__tones > {tones_before}")
    return await tv.evaluate("window.__tones")


async def play_round_to_scored(table) -> None:
    """From telling to the reveal: tell, play, vote (the wire's seats)."""
    await table.play_until(lambda g: g["phase"] == "playing")
    await table.play_until(lambda g: g["phase"] == "voting")
    await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))


async def test_every_cue_at_its_moment_and_none_while_muted(ui, server_process):
    ui.prefix = "evening"
    tv = await open_page(ui, "/tv", TV_720, init=AUDIO_PROBE)
    code = await tv_code(tv)
    prompt = tv.get_by_test_id("sound-prompt")
    await expect(prompt).to_be_focused()
    await ui.shot(tv, "tv-720-sound-prompt")
    await tv.keyboard.press("Enter")                          # a remote's OK
    await expect(prompt).to_have_count(0)
    tones = await cue_heard(tv, "join", 1, 0)                  # the first chime says sound works

    async with aiohttp.ClientSession() as session:
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code, names=NAMES,
                                   colours=COLOURS, tv_name="watcher", start=False)
        # a player joins: one cue per person
        tones = await cue_heard(tv, "join", 1 + len(NAMES), tones)
        host = table.phones[0]
        await table.act(host, "set_settings", settings={"first_storyteller": "host", "special_cells": False})
        await table.act(host, "start", storyteller=table.phones[1].welcome["seat"])

        # Round 1, heard: the storyteller has told, everyone has played, the reveal, points added.
        await table.play_until(lambda g: g["phase"] == "playing")
        tones = await cue_heard(tv, "told", 1, tones)
        await table.play_until(lambda g: g["phase"] == "voting")
        tones = await cue_heard(tv, "all_played", 1, tones)
        await table.play_until(lambda g: g["phase"] == "scored")
        tones = await cue_heard(tv, "reveal", 1, tones)
        tones = await cue_heard(tv, "points", 1, tones)         # a moment after the reveal

        # The TV's mute with a remote: ↑ reaches the button (its name shows), OK presses it.
        mute = tv.get_by_test_id("mute")
        await tv.keyboard.press("ArrowUp")
        await expect(mute).to_be_focused()
        await expect(mute).to_have_attribute("aria-label", "Mute")
        await ui.shot(tv, "tv-720-mute-focused")
        await tv.keyboard.press("Enter")
        await expect(mute).to_have_attribute("data-muted", "true")
        await expect(mute).to_have_attribute("aria-label", "Sound on")
        await tv.keyboard.press("ArrowDown")                   # back out of the top bar
        await expect(mute).not_to_be_focused()

        # Round 2, muted: every cue comes and is silenced, no oscillator starts.
        await table.play_until(lambda g: g["round"] == 2)
        await play_round_to_scored(table)
        for name in ("told", "all_played", "reveal", "points"):
            await tv.wait_for_function(f"({SILENCED})('{name}') === 1")
            assert await tv.evaluate(PLAYED, name) == 1, name
        assert await tv.evaluate("window.__tones") == tones

        # Unmuted again with the remote; then the host's switch in the host menu silences it mid-game.
        await tv.keyboard.press("ArrowUp")
        await tv.keyboard.press("Enter")
        await expect(mute).to_have_attribute("data-muted", "false")
        await tv.keyboard.press("ArrowDown")
        sizes = []
        for viewport in (PHONE_390, PHONE_360):
            sizes.append(await open_page(ui, f"/join/{code}", viewport, token=host.token, code=code))
        for page, viewport in zip(sizes, (PHONE_390, PHONE_360), strict=True):
            await page.get_by_test_id("host-menu-btn").click()
            await expect(page.get_by_test_id("host-menu").get_by_test_id("menu-sound")).to_be_checked()
            await fits(page, viewport["width"], "host menu")
            await ui.shot(page, f"phone-{viewport['width']}-host-menu-sound")
        await sizes[0].get_by_test_id("host-menu").get_by_test_id("menu-sound").uncheck()
        table.expected += 1
        await table.sync()
        await expect(mute).to_have_attribute("data-muted", "true")
        assert (await tv.evaluate("window.imaginariumSound.state()"))["roomSound"] is False
        await expect(sizes[1].get_by_test_id("host-menu").get_by_test_id("menu-sound")).not_to_be_checked()
        await table.play_until(lambda g: g["round"] == 3 and g["phase"] == "playing")
        await tv.wait_for_function(f"({SILENCED})('told') === 2")
        if table.tv.game["storyteller"] != host.welcome["seat"]:
            # no condition applies to this turn (no special cells, no restriction): nothing to dispute (item 2)
            await expect(sizes[0].get_by_test_id("phone-playing")).to_be_visible()
            await expect(sizes[0].get_by_test_id("dispute")).to_have_count(0)
        assert await tv.evaluate("window.__tones") == tones

        # The host turns it back on (the menu closed with the new phase) and ends the game: game over is heard.
        await sizes[0].get_by_test_id("host-menu-btn").click()
        await sizes[0].get_by_test_id("host-menu").get_by_test_id("menu-sound").check()
        table.expected += 1
        await table.sync()
        await expect(mute).to_have_attribute("data-muted", "false")
        await table.act(host, "end_game")
        await cue_heard(tv, "game_over", 1, tones)
        await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
        await expect(tv.locator(".storyteller-star")).to_have_count(0)    # nobody tells any more (item 4)
        for p in table.sockets:
            await p.close()


async def test_kids_adult_phone_keeps_the_answer_hidden_at_both_sizes(ui):
    ui.prefix = "evening"
    tv = await open_page(ui, "/tv", TV_720)
    code = await tv_code(tv)
    adult = await open_page(ui, f"/join/{code}", PHONE_360, locale="ru-RU")
    await adult.get_by_test_id("name").fill("Папа")
    await adult.locator('[data-testid="colours"] [data-colour="navy"]').click()
    await adult.get_by_test_id("join").click()
    await expect(adult.get_by_test_id("phone-lobby")).to_be_visible()
    await adult.get_by_test_id("setting-mode").select_option("kids")
    for child in ("Петя", "Оля"):
        await adult.get_by_test_id("child-name").fill(child)
        await adult.get_by_test_id("add-child").click()
        await expect(tv.get_by_test_id("roster")).to_contain_text(child)
    # An honest range in quick rounds, not "60+".
    length = tv.get_by_test_id("tv-game-length")
    await expect(length).to_contain_text(re.compile(
        r"Rounds: \d+(–\d+)? · the adult tells every round · about \d+(–\d+)? min"))
    await expect(length).not_to_contain_text("+")
    await expect(adult.get_by_test_id("phone-game-length")).to_contain_text(re.compile(r"около \d+(–\d+)? мин"))
    await ui.shot(tv, "tv-720-kids-length")
    await ui.shot(adult, "phone-360-kids-length")
    await adult.get_by_test_id("start").click()

    grid = adult.locator(".card-grid.selectable")
    await grid.locator(".grid-card").first.click()
    await adult.get_by_test_id("association-input").fill("Кто съел мой торт?")
    await adult.get_by_test_id("confirm").click()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "voting")

    # The children look on while the adult enters their guesses: all three cards look alike on the phone.
    for viewport in (PHONE_360, PHONE_390):
        await adult.set_viewport_size(viewport)
        cards = grid.locator(".grid-card")
        await expect(cards).to_have_count(3)
        # (the adult's own pick is "selected"; nothing else may tell one card from another)
        classes = {(await c.get_attribute("class")).replace(" selected", "") for c in await cards.all()}
        assert len(classes) == 1, classes
        await expect(adult.locator(".grid-label")).to_have_count(0)
        await expect(adult.get_by_test_id("phone-voting")).not_to_contain_text(
            re.compile("ваша карта|your card|ведущ", re.IGNORECASE))
        if viewport is PHONE_360:   # the adult enters Петя's guess (kept on the larger screen)
            await adult.get_by_test_id("child-chip").filter(has_text="Петя").click()
            await cards.nth(1).click()
        await expect(adult.get_by_test_id("confirm")).to_contain_text("Петя")
        await fits(adult, viewport["width"], "kids guess entry")
        await ui.shot(adult, f"phone-{viewport['width']}-kids-guess-entry")
    await adult.get_by_test_id("confirm").click()
    await expect(adult.get_by_test_id("child-chip").filter(has_text="Петя")).to_have_count(0)
    # One child left: still nothing marks the answer.
    await expect(adult.locator(".grid-label")).to_have_count(0)
    await ui.shot(tv, "tv-720-kids-voting")


async def test_dispute_readiness_and_host_away_at_every_size(ui, server_process):
    ui.prefix = "evening"
    tvs = [await open_page(ui, "/tv", TV_1080)]
    code = await tv_code(tvs[0])
    tvs.append(await open_page(ui, f"/tv?room={code}", TV_720))
    async with aiohttp.ClientSession() as session:
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code, names=NAMES,
                                   colours=COLOURS, tv_name="watcher", start=False)
        host, teller = table.phones[0], table.phones[1]
        await table.act(host, "set_settings", settings={"first_storyteller": "host", "special_cells": False,
                                                        "restriction": "four_words"})
        await table.act(host, "start", storyteller=teller.welcome["seat"])
        told = teller.me["hand"][0]
        await table.act(teller, "tell", card=told, association="Who ate the cake?")
        # A phone at each size disputes in turn (once per player per turn; the storyteller restates between).
        disputers = [table.phones[2], table.phones[3]]
        pages = [await open_page(ui, f"/join/{code}", vp, token=p.token, code=code)
                 for p, vp in zip(disputers, (PHONE_390, PHONE_360), strict=True)]
        restated = ["Cats sleep on windows", "Dogs dream of bones"]
        for i, (page, vp) in enumerate(zip(pages, (PHONE_390, PHONE_360), strict=True)):
            # the page shows the association as it stands now (a restatement redraws the screen)
            current = restated[i - 1] if i else "Who ate the cake?"
            await expect(page.get_by_test_id("association")).to_have_text(current)
            async def host_plays(page=page) -> None:
                await table.act(host, "play_card", card=host.me["hand"][0])
                # the page has drawn the host's move (the play form shows nothing of it: wait for its state)
                await expect(page.locator("main.phone-main")).to_have_attribute("data-state", str(table.expected))

            # the first time, another player's move redraws the phone while the confirmation is open
            await dispute(ui, table, page, vp, "dispute-confirm", host_plays if i == 0 else None)
            for tv, size in zip(tvs, ("1080", "720"), strict=True):
                await expect(tv.get_by_test_id("phase-title")).to_have_text("Association disputed")
                for name in NAMES[2:3 + i]:
                    await expect(tv.get_by_test_id("disputes")).to_contain_text(f"{name} — four words")
                # the waiting line stays above the board
                line = await tv.get_by_test_id("progress").bounding_box()
                board = await tv.get_by_test_id("board").bounding_box()
                assert line["y"] + line["height"] <= board["y"] + 1, (size, line, board)
                await ui.shot(tv, f"tv-{size}-dispute-{i + 1}")
            await table.act(teller, "restate", association=restated[i])
        await expect(pages[0].get_by_test_id("dispute")).to_have_count(0)   # already disputed this turn

        # The reveal: readiness on the TV at both sizes and on both phones. Петя finds the storyteller's card
        # and gets Mia's vote: two reasons beside his points ("guessed +3", "votes +1").
        await table.play_until(lambda g: g["phase"] == "voting")
        number = {t["card"]: t["number"] for t in table.tv.game["table"]}
        petya, mia = table.phones[2], table.phones[3]
        await table.act(petya, "vote", card=number[told])
        await table.act(mia, "vote", card=number[petya.me["played"][0]])
        await table.act(host, "vote", card=number[told])
        await table.act(table.phones[2], "ready")
        for page, vp in zip(pages, (PHONE_390, PHONE_360), strict=True):
            await expect(page.get_by_test_id("ready-done").or_(page.get_by_test_id("ready"))).to_be_visible()
            await ui.shot(page, f"phone-{vp['width']}-readiness")
        for tv, size in zip(tvs, ("1080", "720"), strict=True):
            readiness = tv.get_by_test_id("readiness")
            await expect(readiness.locator(".chip")).to_have_count(3)
            await expect(readiness.locator(".chip.done")).to_have_count(1)
            # the label counts, so a line of chips does not read as "everyone is ready" from the sofa
            await expect(readiness.locator(".waiting-label")).to_have_text(re.compile(r"^\S+ 1 (of|из) 3:$"))
            # The reasons beside the points are whole: no part is hidden or cut.
            hidden = await tv.evaluate("""() => [...document.querySelectorAll('.points-why')].flatMap((box) => {
              const b = box.getBoundingClientRect();
              return [...box.querySelectorAll('.why-part')].filter((p) => {
                const r = p.getBoundingClientRect();
                return r.bottom > b.bottom + 1 || r.right > b.right + 1;
              }).map((p) => p.textContent);
            })""")
            await ui.shot(tv, f"tv-{size}-readiness")
            assert not hidden, f"TV {size}: score reasons cut: {hidden}"

        # Not everyone is ready: a player who is neither the storyteller nor the host only says ready; the host
        # may move on for the table.
        await expect(pages[1].get_by_test_id("ready")).to_be_visible()
        await expect(pages[1].get_by_test_id("next-round")).to_have_count(0)
        host_page = await open_page(ui, f"/join/{code}", PHONE_390, token=host.token, code=code)
        await host_page.get_by_test_id("next-round").click()
        table.expected += 1
        await table.sync()
        for tv in tvs:
            await expect(tv.locator("main.tv-main")).to_have_attribute("data-round", "2")
        ui.contexts.remove(host_page.context)
        await host_page.context.close()

        # Round 2: the dispute confirmation opened from the wait view (this phone has played its card) stays
        # open and usable while another player plays (the wait view is redrawn on every state).
        teller = table.seat(table.tv.game["storyteller"])
        await table.act(teller, "tell", card=teller.me["hand"][0], association="Who ate the cake?")
        page, vp, player = next((pg, vp, p) for pg, vp, p in zip(pages, (PHONE_390, PHONE_360), disputers,
                                                                strict=True) if p is not teller)
        await page.locator(".card-grid.selectable .grid-card").first.click()
        await page.get_by_test_id("confirm").click()
        table.expected += 1
        await table.sync()
        await expect(page.get_by_test_id("played")).to_be_visible()   # the wait view
        other = next(p for p in table.phones if p not in (teller, player))
        other_name = NAMES[table.phones.index(other)]

        async def other_plays() -> None:
            await expect(page.get_by_test_id("waiting")).to_contain_text(other_name)
            await table.act(other, "play_card", card=other.me["hand"][0])
            await expect(page.get_by_test_id("waiting")).not_to_contain_text(other_name)   # the page has it

        await dispute(ui, table, page, vp, "wait-dispute-confirm", other_plays)
        for tv in tvs:
            await expect(tv.get_by_test_id("disputes")).to_contain_text(
                f"{NAMES[table.phones.index(player)]} — four words")
        await table.act(teller, "restate", association="Birds sing at dawn")

        # The host's phone goes away: the TV counts down to when another player may take the host's controls.
        await host.close()
        table.phones.remove(host)
        for tv, size in zip(tvs, ("1080", "720"), strict=True):
            away = tv.get_by_test_id("tv-host-away")
            await expect(away).to_contain_text("Бабушка Оля's phone (the host) is offline")
            await expect(tv.get_by_test_id("tv-host-claim")).to_have_text(
                re.compile(r"^Another player can become host in \d+ seconds?$"))
            await ui.shot(tv, f"tv-{size}-host-away")
        for p in table.sockets:
            await p.close()
