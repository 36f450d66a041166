"""The TV's flex rows and columns keep their `gap` in the TV browsers without flex gap (Chromium 69 and 80), where
web/tv/no-flex-gap.css gives the items margins instead (no script measures anything there: web/tv/tv.js).

The TV shows the lobby (six players, the how-to-play cards turned by the remote's arrow), then a round's
screens: the storyteller's, the cards played, the vote and the result. On each, every flex
container with a `gap` is looked at: two items next to each other (in flow, shown) stand at least the gap apart,
or, where an item has a margin of its own on that side (the stylesheets without no-flex-gap.css), as far as
that margin. A container `gap` written in a stylesheet with no rule in no-flex-gap.css fails here.
"""
from __future__ import annotations

import aiohttp
import pytest

from tests.helpers.oldchrome import old_tv
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

NAMES = ["Аня", "Борис", "Вика", "Гоша", "Дедушка Николай", "Ева"]

# [where, gap px, found px] for each pair of neighbouring flex items closer than they should be, under #app.
# Own margins: read with html.no-flex-gap taken off for a moment (the stylesheets' own rules alone).
TOO_CLOSE = """(() => {
  const root = document.documentElement;
  const SVG = 'http://www.w3.org/2000/svg';
  const name = (e) => e.tagName.toLowerCase()
    + (e.getAttribute('class') ? '.' + e.getAttribute('class').trim().split(/\\s+/).join('.') : '');
  const px = (v) => parseFloat(v) || 0;
  const boxes = [];
  const all = document.getElementById('app').getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    if (el.namespaceURI === SVG || !el.firstElementChild || !el.offsetWidth) continue;
    const cs = getComputedStyle(el);
    if (cs.display !== 'flex' && cs.display !== 'inline-flex') continue;
    const rowGap = px(cs.rowGap || cs.gridRowGap), colGap = px(cs.columnGap);
    if (!rowGap && !colGap) continue;
    // a text between two items (an icon and its words) is spaced by the element before it: not measured here
    if ([].some.call(el.childNodes, (n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const items = [].filter.call(el.children, (c) => {
      const s = getComputedStyle(c);
      return s.display !== 'none' && s.position !== 'absolute' && s.position !== 'fixed' && c.offsetWidth;
    });
    if (items.length > 1) boxes.push({ el, column: cs.flexDirection.indexOf('column') === 0, rowGap, colGap, items });
  }
  const had = root.classList.contains('no-flex-gap');
  root.classList.remove('no-flex-gap');
  const own = new Map();
  boxes.forEach((b) => b.items.forEach((c) => {
    const s = getComputedStyle(c);
    own.set(c, [px(s.marginTop), px(s.marginRight), px(s.marginBottom), px(s.marginLeft)]);
  }));
  if (had) root.classList.add('no-flex-gap');
  const out = [];
  boxes.forEach((b) => {
    for (let i = 1; i < b.items.length; i++) {
      const a = b.items[i - 1], c = b.items[i];
      // the main axis, unless the next item starts a new line (a wrapping row)
      const newLine = b.column ? c.offsetTop < a.offsetTop + a.offsetHeight - 1 && c.offsetLeft > a.offsetLeft
        : c.offsetLeft <= a.offsetLeft;
      const alongColumn = b.column !== newLine;
      const gap = alongColumn ? b.rowGap : b.colGap;
      // a wrapping box's negative margins (no-flex-gap.css) take back its items' outer margins: its drawn edge
      const ma = getComputedStyle(a), mc = getComputedStyle(c);
      const neg = (v) => Math.min(0, px(v));
      const found = alongColumn
        ? c.offsetTop - neg(mc.marginTop) - (a.offsetTop + a.offsetHeight + neg(ma.marginBottom))
        : c.offsetLeft - neg(mc.marginLeft) - (a.offsetLeft + a.offsetWidth + neg(ma.marginRight));
      const mine = own.get(c), before = own.get(a);
      const owned = alongColumn ? before[2] || mine[0] : before[1] || mine[3];
      const wanted = owned ? Math.min(gap, owned) : gap;
      if (found < wanted - 1) out.push([name(b.el) + ' > ' + name(c), gap, found]);
    }
  });
  return { marked: had, out, pairs: boxes.reduce((n, b) => n + b.items.length - 1, 0) };
})()"""


async def _check(tv, scene: str, wanted: dict) -> None:
    seen = await tv.evaluate(TOO_CLOSE)
    assert seen["marked"], "a browser without flex gap is marked (html.no-flex-gap)"
    assert seen["pairs"] >= 10, f"{scene}: only {seen['pairs']} neighbouring flex items found"
    wanted[scene] = seen["out"]


@pytest.mark.parametrize("version", ["69", "80"])
async def test_the_tv_keeps_its_flex_gaps_in_a_tv_browser_without_them(server_process, version):
    async with aiohttp.ClientSession() as session, old_tv(version, session, server_process.page_url) as (tv, code):
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code, names=NAMES,
                                   tv_name="watcher", start=False)
        too_close: dict[str, list] = {}
        await tv.wait_for("document.querySelectorAll('[data-testid=roster-item]').length === 6", "six players")
        for card in range(5):
            await tv.wait_for(f"document.querySelector('[data-testid=tv-how]').dataset.index === '{card}'",
                              f"how-to card {card}")
            await _check(tv, f"lobby, how-to card {card}", too_close)
            await tv.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }))")
        await table.act(table.phones[0], "start")
        seen: set[str] = set()
        while table.tv.game["phase"] != "scored":
            phase = table.tv.game["phase"]
            if phase not in seen:
                seen.add(phase)
                await tv.wait_for(f"Boolean(document.querySelector('main[data-phase={phase}]'))", phase)
                await _check(tv, phase, too_close)
            await table.step()
        await tv.wait_for("Boolean(document.querySelector('main[data-phase=scored] [data-testid=points]'))",
                          "the result")
        # its show moves things by transform and opacity only: the layout is the finished one already
        await _check(tv, "scored", too_close)
        for p in table.sockets:
            await p.close()
        assert tv.errors == []
    assert {k: v for k, v in too_close.items() if v} == {}
    assert set(too_close) >= {"telling", "playing", "voting", "scored"}
