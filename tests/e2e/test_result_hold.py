"""The phones hold a round's result while the TV shows it (web/phone/result-hold.js): a phone that watched the vote
says "Look at the TV!" for as long as the TV's cards turn and its points count up (result-show.js, the one pace
both read), then shows its own result; never the points before the TV's cards have turned. The storyteller and the
host keep their "Next round" and may tap "Show now". No TV watching (the phones are the only screens): the result
at once. A phone that reloads during the hold lands on the finished result, as a late TV does. The TV is a real
Chromium page, the phones real Chromium pages on the seats' tokens, the seats' moves WebSockets.
Screenshots: test-output/result-hold-*.png."""
from __future__ import annotations

import pytest
from playwright.async_api import expect
from yarl import URL

from tests.helpers.browser import PHONE, Scene, run_scene, socket_opener
from tests.helpers.lan import lan_url
from tests.helpers.wire import LivePlayer, Table

NAMES = ["Аня", "Борис", "Вика", "Гоша"]
SMALL = {"width": 360, "height": 640}
# Whether the TV's cards are still turning (scored.css `turn`).
TURNING_JS = """() => document.getAnimations().some((a) => a.animationName === 'turn' && a.playState !== 'finished')"""
# From now on, whether the page ever showed the hold screen.
WATCH_LOOK_JS = """() => {
  window.sawLook = false;
  const look = () => { if (document.querySelector('[data-testid=phone-look]')) window.sawLook = true; };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  look();
}"""


async def _phone(sc: Scene, table: Table, i: int, viewport: dict = PHONE):
    """A browser phone on seat `i`'s token (a second tab of that seat), showing the game."""
    page = await sc.page(f"/join/{table.code}", viewport, table.phones[i].token, table.code)
    await expect(page.locator("main.phone-main")).to_have_attribute("data-screen", "telling")
    return page


async def _to_the_vote(tv, table: Table, phones: list) -> None:
    """Plays on until this round's vote; the TV and every phone page show it (they watch the vote)."""
    await table.play_until(lambda g: g["phase"] == "voting")
    await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
    for page in phones:
        await expect(page.locator("main.phone-main")).to_have_attribute("data-screen", "voting")


async def _shot_held(sc: Scene, page, name: str) -> bool:
    """A screenshot of the hold screen, its bar part-filled as seen; False when the hold had ended by then."""
    await page.screenshot(path=str(sc.out / f"{sc.prefix}-{name}.png"))
    return await page.locator("main.phone-main").get_attribute("data-screen") == "look"


async def test_the_phones_look_at_the_tv_until_its_cards_have_turned(server_process, launch_options, output_dir):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(NAMES)
        await table.act(table.phones[0], "start")
        host = await _phone(sc, table, 0)
        big = await _phone(sc, table, 1)
        small = await _phone(sc, table, 2, SMALL)
        pages = {host: table.phones[0], big: table.phones[1], small: table.phones[2]}
        wanted = {"390-en", "360-en", "390-ru", "360-ru"}
        shots: set[str] = set()
        for round_no in range(1, 6):
            lang = "ru" if round_no % 2 == 0 else "en"
            for page in (big, small):
                if await page.locator("html").get_attribute("lang") != lang:
                    await page.get_by_test_id("lang").click()
                    await expect(page.locator("html")).to_have_attribute("lang", lang)
            await _to_the_vote(tv, table, list(pages))
            await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
            teller = table.tv.game["storyteller"]
            if round_no == 3:
                # "Show now": the host's phone shows its result at once
                await host.get_by_test_id("show-now").click()
                await expect(host.get_by_test_id("phone-scored")).to_be_visible()
            for page in (big, small):
                await expect(page.get_by_test_id("phone-look")).to_be_visible()
                await expect(page.get_by_test_id("my-points")).to_have_count(0)
                # the storyteller moves on as on the result, or looks at once; the others wait with the table
                if pages[page].welcome["seat"] == teller:
                    await expect(page.get_by_test_id("next-round")).to_be_visible()
                    await expect(page.get_by_test_id("show-now")).to_be_visible()
                else:
                    await expect(page.get_by_test_id("show-now")).to_have_count(0)
                    await expect(page.get_by_test_id("ready")).to_have_count(0)
            if round_no != 3:
                # the host too ("Next round now" beside another storyteller's)
                await expect(host.get_by_test_id("phone-look")).to_be_visible()
                await expect(host.get_by_test_id("next-round")).to_be_visible()
                await expect(host.get_by_test_id("show-now")).to_be_visible()
            if round_no == 1:
                await _shot_held(sc, host, "phone-390-host")
            for page, size in ((big, "390"), (small, "360")):
                if f"{size}-{lang}" not in shots and await _shot_held(sc, page, f"phone-{size}-{lang}"):
                    shots.add(f"{size}-{lang}")
            # then each its own result, never before the TV's cards have turned
            await expect(big.get_by_test_id("my-points")).to_be_visible()
            assert not await tv.evaluate(TURNING_JS), "a phone showed its points while the TV's cards turned"
            await expect(small.get_by_test_id("my-points")).to_be_visible()
            await expect(host.get_by_test_id("my-points")).to_be_visible()
            if shots >= wanted and round_no >= 3:
                break
            await table.play_until(lambda g: g["phase"] == "telling")
        assert shots >= wanted, f"the hold ended before its screenshots: {shots}"

    await run_scene(server_process, launch_options, output_dir, "result-hold", body)


async def _no_tv(sc: Scene, tv, table: Table) -> None:
    """The TV goes: its page closes, and the table's TV socket gives way to a phone with no seat (which reads the
    room's states as the TV's did, and is no TV)."""
    await tv.context.close()
    watcher = await socket_opener(sc.session, sc.url, LivePlayer)("watcher phone")
    await watcher.hello(table.code)
    old, table.tv = table.tv, watcher
    await old.close()
    await watcher.until_state(lambda s: s["room"]["tvs"] == 0)


async def test_a_phone_holds_only_while_a_tv_watches(server_process, launch_options, output_dir):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(NAMES)
        await table.act(table.phones[0], "start")
        teller = table.tv.game["storyteller"]
        guesser = next(i for i, p in enumerate(table.phones) if p.welcome["seat"] != teller)
        page = await _phone(sc, table, guesser)
        await _to_the_vote(tv, table, [page])
        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        await expect(page.get_by_test_id("phone-look")).to_be_visible()
        await expect(page.get_by_test_id("my-points")).to_be_visible()
        await table.play_until(lambda g: g["phase"] == "telling")
        await _no_tv(sc, tv, table)
        # the phones are the only screens: the result at once
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(page.locator("main.phone-main")).to_have_attribute("data-screen", "voting")
        await page.evaluate(WATCH_LOOK_JS)
        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        await expect(page.get_by_test_id("my-points")).to_be_visible()
        assert not await page.evaluate("window.sawLook"), "a phone held the result with no TV watching"

    await run_scene(server_process, launch_options, output_dir, "result-hold", body)


# Set before a page's scripts run: whether it ever draws the hold screen.
WATCH_FROM_START_JS = """window.sawLook = false;
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => { if (document.querySelector('[data-testid=phone-look]')) window.sawLook = true; })
    .observe(document.body, { childList: true, subtree: true });
});"""


@pytest.mark.parametrize("how", ["reload", "late"])
async def test_a_phone_that_opens_on_the_result_shows_it_at_once(server_process, launch_options, output_dir, how):
    """A phone reloaded during the hold, or one opened while the TV shows the result, shows the finished result."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(NAMES)
        await table.act(table.phones[0], "start")
        teller = table.tv.game["storyteller"]
        guessers = [i for i, p in enumerate(table.phones) if p.welcome["seat"] != teller]
        page = await _phone(sc, table, guessers[0])
        await _to_the_vote(tv, table, [page])
        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        await expect(page.get_by_test_id("phone-look")).to_be_visible()
        if how == "reload":
            await page.context.add_init_script(WATCH_FROM_START_JS)
            await page.reload()
        else:
            context = await sc.browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
            await context.add_init_script(
                f"localStorage.setItem('imaginarium.token.{table.code}', '{table.phones[guessers[1]].token}')")
            await context.add_init_script(WATCH_FROM_START_JS)
            page = await context.new_page()
            page.on("pageerror", lambda exc: sc.errors.append(f"late phone: {exc}"))
            await page.goto(f"{lan_url(URL(sc.url).port)}/join/{table.code}")
        await expect(page.get_by_test_id("my-points")).to_be_visible()
        assert not await page.evaluate("window.sawLook"), f"the {how} phone held a result the TV had begun to show"

    await run_scene(server_process, launch_options, output_dir, "result-hold", body)
