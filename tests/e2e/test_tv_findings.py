"""A fresh tester's TV findings, at 1920×1080 and 1280×720 (the lobby at 960×540 too): the join address wraps
only between the server and "/join/CODE"; the host-away banner keeps clear of the QR panel and how to play;
the game-over screen shows no round chip and its standings once; a duel the mammoth wins by overshooting the
finish (18 + 3) shows it at the finish ("20/20", flagged, on the finish cell), and the mammoth's reason on the
last result is whole. Screenshots go to test-output/tv-findings-*.png.
"""
from __future__ import annotations

from playwright.async_api import expect

from tests.helpers.browser import Scene, fits, run_scene

SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})

# Per piece of the join address: how many lines its text takes.
URL_LINES_JS = """(testid) => [...document.querySelectorAll(`[data-testid=${testid}] .url-part`)].map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return [el.textContent, tops.size];
})"""
# Text cut by its box (an ellipsis or overflow) among `sel`.
CUT_JS = """(sel) => [...document.querySelectorAll(sel)]
  .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => [el.textContent, el.scrollWidth, el.clientWidth])"""
# The centre of a board piece lies inside the finish cell.
ON_FINISH_JS = """(id) => {
  const tok = document.querySelector(`.board-elephant[data-elephant=${id}]`).getBoundingClientRect();
  const cell = document.querySelector('.cell.finish').getBoundingClientRect();
  const x = tok.left + tok.width / 2;
  const y = tok.top + tok.height / 2;
  return x >= cell.left && x <= cell.right && y >= cell.top && y <= cell.bottom;
}"""


# 200 graphemes of wide letters, the most the server takes: four lines and more at the sizes a long association
# starts at (in voting its last line was clamped off, on the result all but its first).
WIDE_ASSOCIATION = ("Широкошумные шишкоборцы шушукаются, жужжа " * 6)[:200]
# Text of `sel` clamped off or cut: [its start, scroll and client width, scroll and client height].
HIDDEN_JS = """(sel) => [...document.querySelectorAll(sel)]
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  .map((el) => [el.textContent.slice(0, 16), el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight])"""
EDGE_JS = ("([sel, edge]) => Math.{0}(...[...document.querySelectorAll(sel)]"
           ".map((e) => e.getBoundingClientRect()[edge]))")


async def set_size(tv, size: dict) -> None:
    """Resizes the TV and waits for its stage to be scaled to the new width."""
    await tv.set_viewport_size(size)
    await tv.wait_for_function("(w) => Math.abs(document.getElementById('app').getBoundingClientRect().width - w) < 1",
                               arg=size["width"])


def apart(a: dict, b: dict) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


async def test_lobby_address_breaks_before_join_and_host_away_keeps_clear(server_process, launch_options,
                                                                          output_dir):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["Бабушка Оля", "Аня", "Борис", "Катя"])
        await expect(tv.get_by_test_id("roster-item")).to_have_count(4)
        await table.phones[0].close()
        table.phones.pop(0)
        await expect(tv.get_by_test_id("tv-host-away")).to_be_visible()
        for size in ({"width": 960, "height": 540}, *SIZES):
            await set_size(tv, size)
            where = f"lobby at {size['width']}"
            lines = await tv.evaluate(URL_LINES_JS, "join-url")
            assert [p for p, _ in lines] and lines[-1][0].startswith("/join/"), f"{where}: {lines}"
            assert all(n == 1 for _, n in lines), f"{where}: a piece of the address wraps inside: {lines}"
            banner = await tv.get_by_test_id("tv-host-away").bounding_box()
            for other in (".join-panel", ".lobby .how"):
                box = await tv.locator(other).bounding_box()
                assert apart(banner, box), f"{where}: the host-away banner {banner} overlaps {other} {box}"
            await sc.shot(tv, f"lobby-host-away-{size['width']}")
        for p in table.sockets:
            await p.close()

    await run_scene(server_process, launch_options, output_dir, "tv-findings", body)


async def test_game_over_shows_no_round_and_its_standings_once(server_process, launch_options, output_dir):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["Вика", "Гоша", "Борис", "Даша"])
        await table.act(table.phones[0], "set_settings", settings={"short_game": 3, "lang": "ru"})
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "game_over")
        await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
        await expect(tv.get_by_test_id("final-standings")).to_be_visible()
        for size in SIZES:
            await set_size(tv, size)
            await expect(tv.locator(".round-chip")).to_be_hidden()
            await expect(tv.get_by_test_id("standings")).to_be_hidden()
            await expect(tv.locator(".side-join")).to_be_visible()   # still a way to join the next game
            await sc.shot(tv, f"game-over-{size['width']}")

    await run_scene(server_process, launch_options, output_dir, "tv-findings", body)


async def test_duel_mammoth_past_the_finish_is_shown_at_it(server_process, launch_options, output_dir):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["Аня", "Борис"])
        await table.act(table.phones[0], "set_settings", settings={"mode": "duel", "lang": "ru"})
        await table.act(table.phones[0], "start")
        checked_result = False
        # Each player votes for a card of the other's: nobody finds the mammoth's, +3 a round, 18 then 21.
        while table.tv.game["phase"] != "game_over":
            g = table.tv.game
            voter = next((p for p in table.phones if "vote" in p.me["can"]), None)
            if g["phase"] == "voting" and voter is not None:
                other = next(p for p in table.phones if p is not voter)
                number = next(c["number"] for c in voter.game["table"] if c["card"] in other.me["played"])
                await table.act(voter, "vote", card=number)
                continue
            if g["phase"] == "scored" and not checked_result:
                await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
                await expect(tv.locator(".points-item[data-elephant=mammoth] .why-part")).to_have_count(1)
                cut = await tv.evaluate(CUT_JS, ".points-why, .why-part")
                assert not cut, f"the mammoth's reason is cut: {cut}"
                checked_result = True
            assert await table.step()
        mammoth = next(e for e in table.tv.game["elephants"] if e["id"] == "mammoth")
        assert mammoth["distance"] == 21   # past the finish: the case shown
        await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
        for size in SIZES:
            await set_size(tv, size)
            rows = tv.get_by_test_id("race-row")
            await expect(rows.filter(has=tv.locator(".race-finished"))).to_have_count(1)
            await expect(tv.locator(".race-mammoth .standing-distance")).to_have_text("20/20")
            await expect(tv.locator(".race-mammoth .race-finished")).to_be_visible()
            # The elephants walk after the result (the show), so the mammoth reaches the flag a moment after
            # game over is on screen: wait for it there; a mammoth past the flag never gets there.
            await tv.wait_for_function(ON_FINISH_JS, arg="mammoth")
            await expect(tv.get_by_test_id("final-standings")).to_contain_text("20")
            await expect(tv.get_by_test_id("final-standings")).not_to_contain_text("21")
            cut = await tv.evaluate(CUT_JS, ".race-row .standing-name")
            assert not cut, f"a name in the race is cut: {cut}"
            await sc.shot(tv, f"duel-over-{size['width']}")

    await run_scene(server_process, launch_options, output_dir, "tv-findings", body)


async def _whole_at_both_sizes(sc: Scene, tv, screen: str, said: str, above: tuple[str, str]) -> None:
    """The association `said` (a selector) on `screen`, at 1920×1080 and 1280×720: every line of it shows, no
    smaller than 24 px, and it or what is under it ends above `above` = (what, what is under it)."""
    for size in SIZES:
        await set_size(tv, size)
        await expect(tv.locator(said)).to_have_text(WIDE_ASSOCIATION)
        assert not await tv.evaluate(HIDDEN_JS, said), f"{screen} at {size['width']}: the association is cut"
        assert await tv.locator(said).evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)") >= 24
        assert (await tv.evaluate(EDGE_JS.format("max"), [above[0], "bottom"])
                <= await tv.evaluate(EDGE_JS.format("min"), [above[1], "top"])), f"{screen}: {above} overlap"
        await sc.shot(tv, f"long-association-{screen}-{size['width']}")


async def test_a_long_association_is_shown_whole_in_voting_and_on_the_result(server_process, launch_options,
                                                                             output_dir):
    """The storyteller's typed association, 200 wide letters: in voting and on the result every line of it shows
    (smaller, never under 24 px on the stage), above the cards, the points above the board."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["Аня", "Борис", "Вика", "Гоша"])
        host, teller = table.phones[0], table.phones[1]
        await table.act(host, "set_settings", settings={"special_cells": False, "first_storyteller": "host"})
        await table.act(host, "start", storyteller=teller.welcome["seat"])
        await table.act(teller, "tell", card=teller.me["hand"][0], association=WIDE_ASSOCIATION)
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
        await _whole_at_both_sizes(sc, tv, "voting", "[data-testid=association]",
                                   ("[data-testid=association]", ".card-number"))
        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        await _whole_at_both_sizes(sc, tv, "result", ".scored-head .association", (".points-item", ".board"))

    await run_scene(server_process, launch_options, output_dir, "tv-findings", body)


async def test_the_longest_name_is_whole_on_its_owner_plate(server_process, launch_options, output_dir):
    """Six players, one called 24 unbroken letters (the most a name may have): on the result its card's owner
    plate shows it all, on as many lines as it takes (it was cut after two), no smaller than 24 px on the stage,
    with everything on the screen and the points above the board. Борис tells: the first storyteller drawn at
    random was the long name one game in six, and its plate then read "★ WWW…" (the storyteller's card)."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["W" * 24, "Борис", "Вика", "Гоша", "Даша", "Егор"])
        host, teller = table.phones[0], table.phones[1]
        await table.act(host, "set_settings", settings={"first_storyteller": "host"})
        await table.act(host, "start", storyteller=teller.welcome["seat"])
        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        plate = tv.locator(".owner-plate", has_text="W" * 10)
        for size in SIZES:
            await set_size(tv, size)
            await expect(plate).to_have_text("W" * 24)
            assert not await tv.evaluate(HIDDEN_JS, ".owner-plate"), f"{size['width']}: a name on its plate is cut"
            assert await plate.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)") >= 24
            await fits(tv, size["width"], "TV result with the longest name")
            assert (await tv.evaluate(EDGE_JS.format("max"), ["[data-testid=plate-points], .points-item", "bottom"])
                    <= await tv.evaluate(EDGE_JS.format("min"), [".board", "top"]))
            await sc.shot(tv, f"longest-name-plate-{size['width']}")

    await run_scene(server_process, launch_options, output_dir, "tv-findings", body)
