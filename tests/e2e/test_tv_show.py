"""The reveal on the TV as a show: the result's cards at least as large as in voting, vote tokens never over a
picture, the standings and the round chip kept on the last round, reduced motion (the browser's or the host's
"calm TV") honoured, and a reload during the reveal landing on the finished result with nothing replayed.
The TV is a real Chromium page; the seats are WebSockets. Screenshots: test-output/tv-show-*.png (one through
a deuteranopia filter: the elephants told apart by their initials).
"""
from __future__ import annotations

import itertools
import re

import pytest
from playwright.async_api import expect

from tests.helpers.browser import resize_tv, run_scene

NAMES = ["Аня", "Борис", "Вика", "Гоша", "Даша", "Егор", "Жанна"]

# Every card picture's width on the screen, by card number.
PICTURES_JS = """() => Object.fromEntries([...document.querySelectorAll('[data-testid=table-card]')]
  .map((c) => [c.dataset.number, c.querySelector('.front').getBoundingClientRect().width]))"""
# Vote tokens whose box meets their own card's picture (or any other's).
OVER_PICTURE_JS = """() => {
  const pics = [...document.querySelectorAll('[data-testid=table-card] .front')].map((f) => f.getBoundingClientRect());
  const bad = [];
  for (const tok of document.querySelectorAll('[data-testid=tv-scored] .vote-token')) {
    const t = tok.getBoundingClientRect();
    for (const p of pics) {
      if (t.left < p.right && t.right > p.left && t.top < p.bottom && t.bottom > p.top) bad.push(tok.textContent);
    }
  }
  return bad;
}"""
# Animations and transitions still to run in the centre and on the board (a finished show has none; the
# storyteller's endless pulse is not the show, nor a picture's fade-in as it loads).
SHOW_RUNNING_JS = """() => document.getAnimations().filter((a) => {
  const el = a.effect && a.effect.target;
  return el && el.closest && el.closest('.tv-main, .board') && !el.closest('.card-img') && a.playState !== 'finished'
    && a.effect.getTiming().iterations !== Infinity;
}).length"""
# What moves, sampled on each of the page's next `frames` frames: every running or waiting animation or
# transition that changes more than opacity.
MOVING_JS = """(frames) => new Promise((done) => {
  const seen = new Set();
  const look = (left) => {
    for (const a of document.getAnimations()) {
      if (a.playState === 'finished') continue;
      const props = a.transitionProperty ? [a.transitionProperty]
        : [].concat(...a.effect.getKeyframes().map((k) => Object.keys(k)))
          .filter((p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p));
      props.filter((p) => p !== 'opacity').forEach((p) => seen.add(`${a.animationName || 'transition'}: ${p}`));
    }
    if (left > 0) requestAnimationFrame(() => look(left - 1)); else done([...seen]);
  };
  look(frames);
})"""
# The board's elephants: their initials, and whether any covers a cell's number or special-cell icon.
BOARD_JS = """() => {
  const marks = [...document.querySelectorAll('.cell-number, .cell-icon')].map((m) => m.getBoundingClientRect());
  return [...document.querySelectorAll('.board-elephant')].map((e) => {
    const r = e.querySelector('.token').getBoundingClientRect();
    const covers = marks.some((m) => r.left < m.right - 1 && r.right > m.left + 1
      && r.top < m.bottom - 1 && r.bottom > m.top + 1);
    const text = e.querySelector('.token-initials');
    return [e.dataset.elephant, text ? text.textContent : '', covers];
  });
}"""
# On a cell of 3 or more elephants, what document.elementFromPoint finds (the elephants made hit-testable for
# it) at the centre and four inner points of each initial, and at the centre of each cell's number and icon:
# [what, where] for each point another element covers, and each initial's letter height on the screen.
CROWD_JS = """() => {
  const style = document.createElement('style');
  style.textContent = '.board-elephant, .board-elephant * { pointer-events: auto !important; }';
  document.head.append(style);
  const perCell = {};
  const toks = [...document.querySelectorAll('.board-elephant')];
  const covered = [], heights = {};
  const at = (x, y) => document.elementFromPoint(x, y);
  const who = (el) => (el ? `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`
    + (el.closest('.board-elephant') ? ` of ${el.closest('.board-elephant').dataset.elephant}` : '') : 'nothing');
  const cellOf = (r) => [...document.querySelectorAll('.cell')].find((c) => {
    const b = c.getBoundingClientRect();
    return r.left + r.width / 2 >= b.left && r.left + r.width / 2 <= b.right && r.top + r.height / 2 >= b.top
      && r.top + r.height / 2 <= b.bottom; });
  for (const e of toks) {
    const cell = cellOf(e.querySelector('.token').getBoundingClientRect());
    const key = cell ? cell.dataset.cell : '?';
    (perCell[key] = perCell[key] || []).push(e);
  }
  for (const [cell, here] of Object.entries(perCell)) {
    if (here.length < 3) continue;
    for (const e of here) {
      const text = e.querySelector('.token-initials');
      const r = text.getBoundingClientRect();
      heights[text.textContent] = r.height;
      for (const [fx, fy] of [[0.5, 0.5], [0.25, 0.3], [0.75, 0.3], [0.25, 0.7], [0.75, 0.7]]) {
        const hit = at(r.left + r.width * fx, r.top + r.height * fy);
        if (!e.contains(hit)) covered.push([`initial ${text.textContent} on cell ${cell}`, who(hit)]);
      }
    }
  }
  for (const m of document.querySelectorAll('.cell-number, .cell-icon')) {
    const r = m.getBoundingClientRect();
    const hit = at(r.left + r.width / 2, r.top + r.height / 2);
    const name = `${m.className} of cell ${m.closest('.cell').dataset.cell}`;
    if (!m.parentElement.contains(hit)) covered.push([name, who(hit)]);
  }
  style.remove();
  return { crowded: Object.values(perCell).filter((h) => h.length >= 3).map((h) => h.length), covered, heights };
}"""
DEUTERANOPIA = """() => {
  // Machado et al. 2009, full deuteranopia, as an SVG colour matrix over the whole page
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('width', '0'); svg.setAttribute('height', '0'); svg.style.position = 'absolute';
  svg.innerHTML = '<filter id="deut"><feColorMatrix type="matrix" values="0.367 0.861 -0.228 0 0  '
    + '0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0"/></filter>';
  document.body.append(svg);
  document.documentElement.style.filter = 'url(#deut)';
}"""


# The points cue, noted as it comes (silenced: this TV's sound was never switched on): how far each points
# count-up (scored.css `roll`) has run then, and its delay, in ms.
CUE_SPY_JS = """() => {
  window.pointsCue = null;
  window.imaginariumSound.silenced.push = function (name) {
    if (name === 'points') {
      window.pointsCue = document.getAnimations().filter((a) => a.animationName === 'roll')
        .map((a) => [a.currentTime, a.effect.getTiming().delay]);
    }
    return Array.prototype.push.apply(this, arguments);
  };
}"""
# A frame or two: a transform animation's clock starts when the compositor takes it.
FRAMES_MS = 150


async def _watching_the_vote(sc):
    """The TV and four seats, the first round's cards on the TV to vote on: (tv page, Table)."""
    tv, table = await sc.table(NAMES[:4])
    await table.act(table.phones[0], "start")
    await table.play_until(lambda g: g["phase"] == "voting")
    await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
    return tv, table


async def _until_scored(table) -> None:
    await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))


# Each points item whose centre is not within its owner's plate: [owner, plate centre x, points centre x].
POINTS_UNDER_OWNER_JS = """() => [...document.querySelectorAll('[data-testid=tv-scored] .owner-plate[data-owner]')]
  .map((plate) => {
  const item = document.querySelector(`.points-item[data-elephant="${plate.dataset.owner}"]`);
  if (!item) return null;
  const a = plate.getBoundingClientRect(), b = item.getBoundingClientRect(), x = (b.left + b.right) / 2;
  return x < a.left || x > a.right ? [plate.dataset.owner, Math.round((a.left + a.right) / 2), Math.round(x)] : null;
}).filter(Boolean)"""


@pytest.mark.parametrize("players", [4, 7])
async def test_result_cards_keep_the_voting_size_and_tokens_stay_off_the_pictures(server_process, launch_options,
                                                                                 output_dir, players):
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES[:players])
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(tv.locator("[data-testid=tv-voting] .table-card.revealed")).to_have_count(players)
        voting = await tv.evaluate(PICTURES_JS)
        # the pictures are asked for under the deck's fingerprint: one cached before a picture changed is never shown
        rev = table.tv.state["room"]["deck"]["rev"]
        assert re.fullmatch(r"[0-9a-f]{12}", rev), rev
        srcs = await tv.locator("[data-testid=tv-voting] .card-img").evaluate_all("(imgs) => imgs.map((i) => i.src)")
        assert len(srcs) == players and all(src.endswith(f"?v={rev}") for src in srcs), srcs
        await _until_scored(table)
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        await tv.wait_for_function(f"({SHOW_RUNNING_JS})() === 0")
        result = await tv.evaluate(PICTURES_JS)
        assert set(result) == set(voting)
        small = {n: (result[n], voting[n]) for n in voting if result[n] < voting[n] - 0.5}
        assert not small, f"result pictures smaller than in voting (result, voting): {small}"
        await expect(tv.locator("[data-testid=tv-scored] .vote-token")).to_have_count(players - 1)
        over = await tv.evaluate(OVER_PICTURE_JS)
        assert not over, f"vote tokens over a picture: {over}"
        if players == 4:   # a row of points under the row of cards: each elephant's under its own card
            misplaced = await tv.evaluate(POINTS_UNDER_OWNER_JS)
            assert not misplaced, f"points not under their owner's card (owner, plate x, points x): {misplaced}"
        board = await tv.evaluate(BOARD_JS)
        assert not [b for b in board if b[2]], f"an elephant covers a cell's number or icon: {board}"
        initials = [b[1] for b in board]
        assert all(initials) and len(set(initials)) == players, initials
        await sc.shot(tv, f"{players}-result")
        await tv.evaluate(DEUTERANOPIA)
        await sc.shot(tv, f"{players}-result-deuteranopia")

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


@pytest.mark.parametrize("players", [4, 7])
async def test_every_initial_shows_on_a_crowded_cell(server_process, launch_options, output_dir, players):
    """At the start every elephant stands on the first cell (the storyteller's ring among them): on a TV at
    1920×1080 and 1280×720 each one's initial is in sight, no other element over any part of it, large enough
    to read, and no elephant covers a cell's number or special-cell icon."""
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES[:players])
        await table.act(table.phones[0], "start")
        await expect(tv.get_by_test_id("tv-telling")).to_be_visible()
        await expect(tv.locator(".board-elephant .token-initials")).to_have_count(players)
        await expect(tv.locator(".board-elephant.storyteller")).to_have_count(1)
        for width, height in ((1920, 1080), (1280, 720)):
            await resize_tv(tv, width, height)
            await tv.wait_for_function(f"({SHOW_RUNNING_JS})() === 0")
            await sc.shot(tv, f"crowd-{players}-{width}x{height}")
            seen = await tv.evaluate(CROWD_JS)
            assert seen["crowded"] == [players], seen
            assert not seen["covered"], f"{width}x{height}: covered: {seen['covered']}"
            # letters at least 12 px high on the 1920 stage (8 px on a 1280×720 TV): an elephant's own letter,
            # shrunk to fit seven on a cell, was 9.5
            small = {k: round(v, 1) for k, v in seen["heights"].items() if v < 12 * width / 1920}
            assert not small, f"{width}x{height}: initials too small (px): {small}"

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


async def _watch_a_short_game(tv, table) -> None:
    """A game to cell 3, the TV watching every vote (so each result is a show), until the last round is scored."""
    await table.act(table.phones[0], "set_settings", settings={"short_game": 3})
    await table.act(table.phones[0], "start")
    while True:
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(tv.get_by_test_id("tv-voting")).to_be_visible()   # this TV watches the vote
        await _until_scored(table)
        if table.tv.game["phase"] == "game_over":
            return
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        await table.play_until(lambda g: g["phase"] == "telling")


async def test_the_last_round_keeps_its_standings_and_round_chip(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES[:4])
        await _watch_a_short_game(tv, table)
        # the last round's result, held before the game-over screen
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        await expect(tv.get_by_test_id("standings")).to_be_visible()
        await expect(tv.locator(".round-chip")).to_be_visible()
        await sc.shot(tv, "last-round")

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


# Every round whose result's headline showed on the TV (seen on the page's own frames, as the few seconds between
# the headline and the game's end can pass between two looks from outside), until the game is over.
HEADLINES_BY_ROUND_JS = """() => {
  window.headlineRounds = {};
  const look = () => {
    const outcome = document.querySelector('[data-testid=tv-scored] [data-testid=outcome]');
    const style = outcome && getComputedStyle(outcome);
    if (style && style.visibility === 'visible' && Number(style.opacity) > 0) {
      window.headlineRounds[document.querySelector('main[data-round]').dataset.round] = true;
    }
    if (!document.querySelector('[data-testid=tv-game-over]')) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


async def test_the_last_round_of_seven_shows_its_headline_before_the_standings(server_process, launch_options,
                                                                              output_dir):
    """Seven cards make the longest show: the last round's result is held until its headline has come (a flat 7 s
    hold ended it first, final-hold.js)."""
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES[:7])
        await tv.evaluate(HEADLINES_BY_ROUND_JS)
        await _watch_a_short_game(tv, table)
        await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
        last = str(table.tv.game["round"])
        assert last in await tv.evaluate("Object.keys(window.headlineRounds)"), "the last round's headline never came"

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


@pytest.mark.parametrize("how", ["prefers-reduced-motion", "calm-tv"])
async def test_reduced_motion_leaves_only_fades(server_process, launch_options, output_dir, how):
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES[:4])
        if how == "calm-tv":
            await table.act(table.phones[0], "set_settings", settings={"calm": True})
        else:
            await tv.emulate_media(reduced_motion="reduce")
        await table.act(table.phones[0], "start")
        await expect(tv.locator("body.calm")).to_have_count(1)
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(tv.locator("[data-testid=tv-voting] .table-card.revealed")).to_have_count(4)
        moving = await tv.evaluate(MOVING_JS, 30)
        await _until_scored(table)
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        moving += await tv.evaluate(MOVING_JS, 240)   # the result's show while it runs, and the elephants' walk
        assert not moving, f"moving with reduced motion ({how}): {sorted(set(moving))}"
        # ... yet the result is still shown step by step, in fades
        await expect(tv.locator(".scored.show")).to_have_count(1)
        await sc.shot(tv, f"calm-{how}")

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


async def test_a_reload_during_the_reveal_lands_on_the_finished_result(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        tv, table = await _watching_the_vote(sc)
        await _until_scored(table)
        await expect(tv.locator(".scored.show")).to_have_count(1)   # the show begins ...
        assert await tv.evaluate(SHOW_RUNNING_JS) > 0
        before = await tv.evaluate("document.querySelector('[data-testid=tv-scored]').innerText")
        await tv.reload()                                             # ... and the TV reloads
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        await expect(tv.locator("[data-testid=tv-scored] .vote-token")).to_have_count(3)
        running = await tv.evaluate("""() => document.getAnimations().filter((a) => a.playState !== 'finished')
          .map((a) => [a.animationName || a.transitionProperty, a.effect.target.className, a.playState])""")
        assert await tv.evaluate(SHOW_RUNNING_JS) == 0, f"the reveal plays again after the reload: {running}"
        await expect(tv.locator(".scored.show")).to_have_count(0)
        # the same result, now with its headline (during the show it waits for the points to count)
        after = await tv.evaluate("document.querySelector('[data-testid=tv-scored]').innerText")
        headline = await tv.get_by_test_id("outcome").inner_text()
        assert headline and headline not in before
        assert after.replace(f"{headline}\n", "", 1) == before
        # the standings at once with the round's points (during the show they wait for the elephants' walk; on
        # a TV that opens on a game they are drawn in the frame after its first)
        await expect(tv.locator(".standing")).to_have_count(4)
        distances = await tv.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.standing')]
          .map((s) => [s.dataset.elephant, Number(s.querySelector('.standing-distance').textContent)]))""")
        assert distances == {e["id"]: e["distance"] for e in table.tv.game["elephants"]}
        await sc.shot(tv, "after-reload")

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


async def test_the_points_cue_comes_as_the_points_count_up(server_process, launch_options, output_dir):
    """The points cue sounds when the result's points count up (late in the show), not as the cards turn."""
    async def body(sc) -> None:
        tv, table = await _watching_the_vote(sc)
        await tv.evaluate(CUE_SPY_JS)
        await _until_scored(table)
        await expect(tv.locator(".scored.show")).to_have_count(1)
        await tv.wait_for_function("window.pointsCue !== null")
        rolls = await tv.evaluate("window.pointsCue")
        assert rolls, "no points counted up"
        early = [r for r in rolls if r[0] < r[1] - FRAMES_MS]
        assert not early, f"the points cue came before the points counted up (ms run, delay): {early}"

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


async def test_a_round_nobody_voted_in_is_not_called_too_hard(server_process, launch_options, output_dir):
    """The voting timer ran out (here: the host's skip, which the timer sends) before anyone voted: the result
    says nobody voted, not that the storyteller's card was too hard, and its points cue comes all the same."""
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES[:4])
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "voting")
        await table.act(table.phones[0], "skip")
        assert table.tv.game["phase"] == "scored" and table.tv.game["result"]["outcome"] == "none"
        await expect(tv.get_by_test_id("outcome")).to_have_text("Nobody voted this round.")
        # no number counts up (nobody scored): the points cue still comes, with the points' own step
        await expect(tv.locator(".scored.show")).to_have_count(1)
        await tv.wait_for_function("window.imaginariumSound.silenced.includes('points')")

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


# On every frame from the result's show on (installed before it, so its first frame is seen) until the headline
# has faded in: whether the TV's cards are still turning, whether the points are still to count (a `roll` in its
# delay), and whether the headline (who found the card) shows.
HEADLINE_WATCH_JS = """() => {
  window.headlineSeen = [];
  const look = () => {
    if (!window.headlineSeen.length && !document.querySelector('.scored.show')) { requestAnimationFrame(look); return; }
    const anims = document.getAnimations();
    const turning = anims.some((a) => a.animationName === 'turn' && a.playState !== 'finished');
    const waiting = anims.some((a) => a.animationName === 'roll' && a.currentTime < a.effect.getTiming().delay);
    const outcome = document.querySelector('[data-testid=outcome]');
    const style = outcome && getComputedStyle(outcome);
    const shown = Boolean(style && style.visibility === 'visible' && Number(style.opacity) > 0);
    window.headlineSeen.push([turning, waiting, shown]);
    const settled = shown && outcome.getAnimations().every((a) => a.playState === 'finished');
    if (document.querySelector('.scored.show') && !settled) requestAnimationFrame(look);
    else window.headlineDone = true;
  };
  requestAnimationFrame(look);
}"""


async def test_the_headline_comes_once_the_points_have_counted(server_process, launch_options, output_dir):
    """The result's headline («Все нашли… слишком просто!») is not there while the cards turn and the points wait
    to count: it comes at the end of the show. A TV that opens on the finished result shows it at once."""
    async def body(sc) -> None:
        tv, table = await _watching_the_vote(sc)
        await resize_tv(tv, 1280, 720)
        await tv.evaluate(HEADLINE_WATCH_JS)
        await _until_scored(table)
        await expect(tv.locator(".scored.show")).to_have_count(1)
        await tv.wait_for_function("window.headlineDone === true")
        seen = await tv.evaluate("window.headlineSeen")
        assert any(turning for turning, _, _ in seen), "no frame caught the cards turning"
        early = [frame for frame in seen if frame[2] and (frame[0] or frame[1])]
        assert not early, f"the headline showed before the points counted (turning, waiting, shown): {early[:3]}"
        assert seen[-1][2], "the headline never came"
        await expect(tv.get_by_test_id("outcome")).to_be_visible()
        await sc.shot(tv, "headline-720")
        await tv.reload()                     # a TV opening on the finished result: the headline at once
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        await expect(tv.get_by_test_id("outcome")).to_be_visible()
        assert await tv.locator("[data-testid=outcome].later").count() == 0

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)


# On every frame from now until the show's count is over: each standing's number as the screen shows it, in its
# order, and each points counter's under the cards. A number that counts (data-roll: scored.css / tv.css `roll`)
# is read from its ::before's step, the line of data-roll its animated transform shows; any other, from its text.
STANDINGS_WATCH_JS = """() => {
  window.standingsSeen = [];
  let after = 0;
  const shownOf = (el) => {
    if (!el.dataset.roll || !el.closest('.scored.show, .standings')) return Number(el.textContent);
    const lines = el.dataset.roll.split('\\n');
    const m = getComputedStyle(el, '::before').transform;
    const ty = m && m !== 'none' ? Number(m.slice(m.indexOf('(') + 1, -1).split(',')[5]) : 0;
    const step = Math.round(-ty / parseFloat(getComputedStyle(el).height));
    return Number(lines[Math.max(0, Math.min(lines.length - 1, step))]);
  };
  const look = () => {
    const rows = [...document.querySelectorAll('.standing')].map((s) => [s.dataset.elephant,
      shownOf(s.querySelector('.standing-distance'))]);
    const points = Object.fromEntries([...document.querySelectorAll('.scored.show .points-value')]
      .map((v) => [v.closest('[data-elephant]').dataset.elephant, shownOf(v)]));
    window.standingsSeen.push([rows, points]);
    // a few frames past the count's end: the standings take its last step in a frame of their own
    const rolling = document.getAnimations().some((a) => a.animationName === 'roll' && a.playState !== 'finished');
    after = rolling ? 0 : after + 1;
    if (document.querySelector('.scored.show') && (rolling || after < 10 || window.standingsSeen.length < 30)) {
      requestAnimationFrame(look);
    }
    else window.standingsDone = true;
  };
  requestAnimationFrame(look);
}"""


async def test_the_standings_count_up_with_the_points_and_stay_in_order(server_process, launch_options, output_dir):
    """The standings count up in step with the points under the cards: on no frame is a row shown above one with
    a bigger number, nor a total the points under the cards have not yet reached; they end on the round's
    totals, in the standings' order (the phones show those at once)."""
    async def body(sc) -> None:
        tv, table = await sc.table(NAMES[:4])
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "voting" and g["round"] == 2)
        await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
        before = {e["id"]: e["distance"] for e in table.tv.game["elephants"]}
        await _until_scored(table)
        await expect(tv.locator(".scored.show")).to_have_count(1)
        await tv.evaluate(STANDINGS_WATCH_JS)
        await tv.wait_for_function("window.standingsDone === true", timeout=30000)
        seen = await tv.evaluate("window.standingsSeen")
        now = {e["id"]: e["distance"] for e in table.tv.game["elephants"]}
        assert any(before[e] != now[e] for e in now), "nobody scored"
        unsorted = [rows for rows, _ in seen if any(a[1] < b[1] for a, b in itertools.pairwise(rows))]
        assert not unsorted, f"standings out of order for the numbers they show: {unsorted[:3]}"
        ahead = [(rows, points) for rows, points in seen for e, shown in rows
                 if e in points and abs(shown - before[e]) > abs(points[e])]
        assert not ahead, f"a total the points under the cards have not reached (before {before}): {ahead[:3]}"
        assert any(points and any(p != 0 for p in points.values()) for _, points in seen), "no points counted"
        outside = [rows for rows, _ in seen for e, shown in rows
                   if not min(before[e], now[e]) <= shown <= max(before[e], now[e])]
        assert not outside, f"a total outside the round's way (before {before}, now {now}): {outside[:3]}"
        # counted a cell at a time: a row that gains two or more shows a number on the way
        far = [e for e in now if abs(now[e] - before[e]) >= 2]
        on_way = {e for rows, _ in seen for e, shown in rows if e in far and shown not in (before[e], now[e])}
        assert on_way == set(far), f"jumped without counting: {set(far) - on_way}"
        order = sorted(now, key=lambda e: -now[e])
        last_rows = seen[-1][0]
        assert dict(last_rows) == now and [n for _, n in last_rows] == [now[e] for e in order]
        await sc.shot(tv, "standings-with-points")

    await run_scene(server_process, launch_options, output_dir, "tv-show", body)
