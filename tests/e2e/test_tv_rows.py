"""The TV's "waiting for" and "ready" rows name every seat they wait for, readable from the sofa: with seven
seats of family names and one very long name (and with four pairs teams), at 1920×1080 and 1280×720, every
awaited seat has its own chip on the screen (none hidden behind "+N"), above the board, apart from the others
(and the round's points stay whole above the board under two rows of ready chips);
a name of the length families use is never cut (only the one very long name gives up its surplus), a team's
chip names the team, and a chip's mark (… or ✓) stays inside it. Screenshots go to test-output/tv-rows-*.png.
"""
from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.helpers.browser import Scene, fits, run_scene

SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
LONG = "Максимилиан-Александр"
FAMILY = ["Бабушка Валентина", "Дедушка Михаил", "Аня", "Борис", "Катя", "Тётя Света", LONG]
TEAMS = ["Бабушка Валентина", "Дедушка Николай", "Аня", "Борис", "Тётя Маргарита", "Дядя Костя", "Катя", "Петя"]

# Every chip of a row, in stage px (the stage is 1920 wide; the screen scales it).
CHIPS_JS = """(testid) => {
  const k = 1920 / window.innerWidth;
  const line = document.querySelector(`[data-testid=${testid}]`);
  const board = document.querySelector('.board').getBoundingClientRect();
  return [...line.querySelectorAll('.chip')].map((c) => {
    const r = c.getBoundingClientRect();
    const name = c.querySelector('.chip-name');
    const mark = c.querySelector('.chip-mark');
    const m = mark ? mark.getBoundingClientRect() : r;
    return { seat: c.dataset.seat, left: r.left * k, right: r.right * k, top: r.top * k, bottom: r.bottom * k,
      name: name ? name.textContent : null, cut: name ? name.scrollWidth > name.clientWidth + 1 : false,
      shown: name ? name.clientWidth * k : 0, size: name ? parseFloat(getComputedStyle(name).fontSize) : 0,
      markInside: m.left >= r.left - 1 && m.right <= r.right + 1 && m.top >= r.top - 1 && m.bottom <= r.bottom + 1,
      aboveBoard: r.bottom <= board.top, inStage: r.left >= 0 && r.right * k <= 1921 };
  });
}"""

# Points items hidden (partly) by the bottom of their list or lying on the board.
CLIPPED_POINTS_JS = """() => {
  const list = document.querySelector('[data-testid=points]').getBoundingClientRect();
  const board = document.querySelector('.board').getBoundingClientRect();
  return [...document.querySelectorAll('.points-item')].map((e) => [e.textContent, e.getBoundingClientRect().bottom])
    .filter(([, bottom]) => bottom > list.bottom + 1 || bottom > board.top);
}"""


async def check_row(tv, testid: str, seats: list[str], names: dict[str, str], where: str) -> None:
    """Fails unless every seat of `seats` has a visible, named chip in row `testid` as the module says."""
    await expect(tv.get_by_test_id(testid)).to_be_visible()
    await expect(tv.get_by_test_id(testid).locator(".waiting-more")).to_have_count(0)
    chips = await tv.evaluate(CHIPS_JS, testid)
    named = {c["seat"]: c for c in chips if c["name"] is not None}
    missing = [names[s] for s in seats if s not in named]
    assert not missing, f"{where}: no named chip for {missing}: {chips}"
    for c in chips:
        assert c["aboveBoard"] and c["inStage"], f"{where}: chip off its place: {c}"
    for c in named.values():
        assert c["markInside"], f"{where}: the chip's mark spills out of it: {c}"
        assert c["size"] >= 24, f"{where}: name too small for the sofa: {c}"
        if len(c["name"]) > 18:
            assert c["shown"] >= 150, f"{where}: a long name cut to nothing: {c}"   # its first word or so
        else:
            assert not c["cut"], f"{where}: a family-length name is cut: {c}"
    for i, a in enumerate(chips):
        for b in chips[i + 1:]:
            apart = (a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
                     or a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1)
            assert apart, f"{where}: chips overlap: {a} {b}"


async def set_size(tv, size: dict) -> None:
    """Resizes the TV and waits for its stage to be scaled to the new width."""
    await tv.set_viewport_size(size)
    await tv.wait_for_function("(w) => Math.abs(document.getElementById('app').getBoundingClientRect().width - w) < 1",
                               arg=size["width"])


async def at_sizes(sc: Scene, tv, testid: str, seats: list[str], names: dict[str, str], shot: str) -> None:
    for size in SIZES:
        await set_size(tv, size)
        where = f"{shot} at {size['width']}"
        await check_row(tv, testid, seats, names, where)
        await fits(tv, size["width"], where)
        await sc.shot(tv, f"{shot}-{size['width']}")
    await set_size(tv, SIZES[0])


async def test_seven_family_names_each_have_a_whole_chip_while_waiting_and_ready(server_process, launch_options,
                                                                                  output_dir):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(FAMILY)
        host = table.phones[0]
        names = {p.welcome["seat"]: p.name for p in table.phones}
        await table.act(host, "set_settings", settings={"special_cells": False, "lang": "ru",
                                                        "first_storyteller": "host"})
        await table.act(host, "start", storyteller=host.welcome["seat"])
        await expect(tv.get_by_test_id("tv-telling")).to_be_visible()
        await table.act(host, "tell", card=host.me["hand"][0], association="Тихая буря")
        await expect(tv.get_by_test_id("tv-playing")).to_be_visible()
        others = [s for s in names if s != host.welcome["seat"]]
        await at_sizes(sc, tv, "progress", others, names, "playing-none")

        # one card in: its elephant with ✓, the five others still named
        first = table.phones[-1]
        await table.act(first, "play_card", card=first.me["hand"][0])
        await expect(tv.get_by_test_id("progress").locator(".chip.done")).to_have_count(1)
        await at_sizes(sc, tv, "progress", [s for s in others if s != first.welcome["seat"]], names, "playing-one")

        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
        await at_sizes(sc, tv, "progress", others, names, "voting")

        await table.play_until(lambda g: g["phase"] == "scored")
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        needed = table.tv.state["room"]["pacing"]["ready_needed"]
        assert len(needed) >= 6
        await expect(tv.get_by_test_id("readiness").locator(".chip")).to_have_count(len(needed))
        await at_sizes(sc, tv, "readiness", needed, names, "scored")
        for size in SIZES:
            await set_size(tv, size)
            clipped = await tv.evaluate(CLIPPED_POINTS_JS)
            assert not clipped, f"{size['width']}: points cut off under the ready rows: {clipped}"

    await run_scene(server_process, launch_options, output_dir, "tv-rows", body)


async def test_pairs_teams_are_named_on_the_ready_row(server_process, launch_options, output_dir):
    """Pairs of 8 (the tester's four teams): each team waited for has a chip with its name, the … inside it;
    a team of two short names ("Аня & Борис") shows whole."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(TEAMS)
        host = table.phones[0]
        await table.act(host, "set_settings", settings={"special_cells": False, "lang": "ru"})
        roster = table.tv.state["room"]["roster"]
        assert all(r["members"] == 2 for r in roster)
        await table.act(host, "start")
        await table.play_until(lambda g: g["phase"] == "playing")
        names = {r["seat"]: r["name"] for r in roster}
        await expect(tv.get_by_test_id("tv-playing")).to_be_visible()
        await at_sizes(sc, tv, "progress", table.tv.game["waiting_for"], names, "pairs8-playing")
        await table.play_until(lambda g: g["phase"] == "scored")
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        needed = table.tv.state["room"]["pacing"]["ready_needed"]
        await expect(tv.get_by_test_id("readiness").locator(".chip")).to_have_count(len(needed))
        await at_sizes(sc, tv, "readiness", needed, names, "pairs8-scored")

    await run_scene(server_process, launch_options, output_dir, "tv-rows", body)


# The awaited chips of the progress row whose name is cut (ellipsis) or lies (partly) outside the TV's stage.
CUT_AWAITED_JS = """() => {
  const app = document.getElementById('app').getBoundingClientRect();
  return [...document.querySelectorAll('[data-testid=progress] .chip.waiting')].map((c) => {
    const name = c.querySelector('.chip-name');
    const r = (name || c).getBoundingClientRect();
    return { seat: c.dataset.seat, name: name ? name.textContent : null, scroll: name ? name.scrollWidth : 0,
      client: name ? name.clientWidth : 0, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
      width: r.width };
  }).filter((c) => c.name === null || c.scroll > c.client || c.width < 1 || c.left < app.left - 1
    || c.right > app.right + 1 || c.top < app.top - 1 || c.bottom > app.bottom + 1);
}"""
# The longest name is the longest the server allows (24 graphemes).
RELATIVES = ["Бабушка Валентина", "Мама Оля", "Дедушка Коля", "Тётя Констанция Петровна", "Петя"]
assert len(RELATIVES[3]) == 24


async def awaited_whole(sc: Scene, tv, done: int, awaited: list[str], names: dict[str, str], shot: str) -> None:
    """Fails unless, with `done` done chips, each seat of `awaited` has a chip on the progress row whose name is
    whole and inside the TV, at 1920×1080 and 1280×720."""
    row = tv.get_by_test_id("progress")
    await expect(row.locator(".chip.done")).to_have_count(done)
    await expect(row.locator(".chip.waiting")).to_have_count(len(awaited))
    for size in SIZES:
        await set_size(tv, size)
        where = f"{shot} at {size['width']}"
        shown = await tv.evaluate("() => [...document.querySelectorAll('[data-testid=progress] .chip.waiting')]"
                                  ".map((c) => c.dataset.seat)")
        assert sorted(shown) == sorted(awaited), f"{where}: awaited chips {shown}"
        bad = await tv.evaluate(CUT_AWAITED_JS)
        assert not bad, f"{where}: awaited names cut or off the TV: {[(names[c['seat']], c) for c in bad]}"
        await fits(tv, size["width"], where)
        await sc.shot(tv, f"{shot}-{size['width']}")
    await set_size(tv, SIZES[0])


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_every_awaited_name_stays_whole_as_players_play_and_vote(server_process, launch_options, output_dir,
                                                                       lang):
    """Five relatives with long names, in Russian and English: after each card played and each vote, every player still
    awaited has a whole name on the progress row (the row had squeezed into one line once anyone was done,
    cutting «Тётя Констанция Петровна» to «Т…» and, with three done, hiding the last one)."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(RELATIVES)
        host, teller = table.phones[0], table.phones[4]
        names = {p.welcome["seat"]: p.name for p in table.phones}
        await table.act(host, "set_settings", settings={"special_cells": False, "lang": lang,
                                                        "first_storyteller": "host"})
        await table.act(host, "start", storyteller=teller.welcome["seat"])
        await table.act(teller, "tell", card=teller.me["hand"][0], association="Где-то далеко")
        await expect(tv.get_by_test_id("tv-playing")).to_be_visible()
        others = [p for p in table.phones if p is not teller]
        await awaited_whole(sc, tv, 0, [p.welcome["seat"] for p in others], names, f"relatives-{lang}-play0")
        for i, p in enumerate(others[:-1], start=1):
            await table.act(p, "play_card", card=p.me["hand"][0])
            await awaited_whole(sc, tv, i, [q.welcome["seat"] for q in others[i:]], names, f"relatives-{lang}-play{i}")

        last = others[-1]
        await table.act(last, "play_card", card=last.me["hand"][0])
        await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
        await awaited_whole(sc, tv, 0, [p.welcome["seat"] for p in others], names, f"relatives-{lang}-vote0")
        for i, p in enumerate(others[:-1], start=1):
            card = next(e["number"] for e in p.game["table"] if e["card"] not in p.me["played"])
            await table.act(p, "vote", card=card)
            await awaited_whole(sc, tv, i, [q.welcome["seat"] for q in others[i:]], names, f"relatives-{lang}-vote{i}")

    await run_scene(server_process, launch_options, output_dir, "tv-rows", body)
