"""The TV's phase title is read whole from the sofa: a long one shrinks, then takes two lines, rather than
being cut with an ellipsis ("Взрослый выбирает ка…" in a kids' game, "The storyteller names the ass…" in a
duel; "Find the storyteller's card" lost its end from round 10 on). 1920×1080 and 1280×720 draw the same
picture (the stage is scaled). Screenshots: test-output/titles-*.png."""
from __future__ import annotations

import re

from playwright.async_api import expect

from tests.helpers.browser import TV, run_scene
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

# Nothing of the title's text is hidden: not cut at the end of a line, not clamped off a second line.
CUT_JS = """() => { const el = document.querySelector('.phase-title');
  const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  return cut ? [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight, el.style.fontSize] : null; }"""


async def _title_whole(page, text: str) -> None:
    title = page.get_by_test_id("phase-title")
    await expect(title).to_have_text(text)
    cut = await page.evaluate(CUT_JS)
    assert not cut, f"the title {text!r} is cut (scroll/client width, height, font size): {cut}"
    box = await title.bounding_box()
    top = await page.locator(".tv-top").bounding_box()
    assert box["y"] >= top["y"] - 0.5 and box["y"] + box["height"] <= top["y"] + top["height"] + 0.5, (box, top)


async def test_long_phase_titles_are_not_cut(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        connect = socket_opener(sc.session, sc.url, LivePlayer)
        async with sc.session.post(f"{sc.url}/api/rooms") as res:
            duel = (await res.json())["code"]
        await seated_table(connect, duel, 2, settings={"mode": "duel"})
        tv = await sc.page(f"/tv?room={duel}", TV)
        await _title_whole(tv, "The storyteller names the association")
        await sc.shot(tv, "duel")

        async with sc.session.post(f"{sc.url}/api/rooms") as res:
            kids = (await res.json())["code"]
        table = await seated_table(connect, kids, 1, settings={"mode": "kids", "lang": "ru"}, start=False)
        await table.act(table.phones[0], "add_child", name="Петя", colour="orange")
        await table.act(table.phones[0], "start")
        tv = await sc.page(f"/tv?room={kids}", {"width": 1280, "height": 720})
        await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", re.compile("telling"))
        await _title_whole(tv, "Взрослый выбирает карту")
        await sc.shot(tv, "kids-720")

    await run_scene(server_process, launch_options, output_dir, "titles", body)
