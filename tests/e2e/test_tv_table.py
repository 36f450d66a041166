"""What a family on the sofa sees on the TV, at 1920×1080 and 1280×720: the lobby's second address (the mDNS
name) and the "Room code" label large enough to read from three metres, beside a QR of 400 stage px (its white
frame 432), every line inside the join panel and none over another. Screenshots go to test-output/tv-table-*.png.
"""
from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.async_api import expect

from tests.helpers.browser import PHONE, Scene, resize_tv, run_scene

SIZES = ((1920, 1080), (1280, 720))
NAMES = ["Бабушка Оля", "Аня", "Борис", "Катя"]
# The smallest text a sofa three metres from a 1280×720 TV reads (screen px; 32 on the 1920 stage)
READABLE_720 = 21

# The join panel's parts: [test name, font size on the screen, box] and the panel's box.
JOIN_JS = """() => {
  const panel = document.querySelector('.join-panel');
  const scale = document.getElementById('app').getBoundingClientRect().width / 1920;
  const part = (sel) => {
    const el = panel.querySelector(sel);
    const r = el.getBoundingClientRect();
    return { sel, font: parseFloat(getComputedStyle(el).fontSize) * scale, box: [r.left, r.top, r.right, r.bottom] };
  };
  const r = panel.getBoundingClientRect();
  return { panel: [r.left, r.top, r.right, r.bottom], scale,
    parts: ['.join-title', '.qr-frame', '.join-url', '.join-alt', '.room-code-label', '.room-code'].map(part) };
}"""


async def _with_mdns_address(sc: Scene, tv) -> None:
    """The TV again with /api/info naming an mDNS address, as a server that advertises one does (the test server
    runs with --no-zeroconf): the server's real answer with `mdns_url` set."""
    async def answer(route) -> None:
        query = route.request.url.split("?", 1)[1]
        async with sc.session.get(f"{sc.url}/api/info?{query}") as response:
            body = await response.json()
        body["mdns_url"] = "http://imaginarium.local:8080"
        await route.fulfill(json=body)
    await tv.route("**/api/info*", answer)
    await tv.reload()
    await expect(tv.get_by_test_id("join-alt")).to_be_visible()


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_lobby_join_lines_read_from_the_sofa(server_process, launch_options, output_dir, lang):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(NAMES)
        await table.act(table.phones[0], "set_settings", settings={"lang": lang})
        await _with_mdns_address(sc, tv)
        await expect(tv.get_by_test_id("roster-item")).to_have_count(4)
        for width, height in SIZES:
            await resize_tv(tv, width, height)
            seen = await tv.evaluate(JOIN_JS)
            where = f"{lang} {width}x{height}"
            parts = {p["sel"]: p for p in seen["parts"]}
            small = {s: round(parts[s]["font"], 1) for s in (".join-alt", ".room-code-label")
                     if parts[s]["font"] < READABLE_720 * width / 1280}
            assert not small, f"{where}: too small to read from the sofa (px): {small}"
            qr = parts[".qr-frame"]["box"]
            assert qr[2] - qr[0] >= 432 * seen["scale"] - 1, f"{where}: the QR shrank: {qr}"
            px, py, pr, pb = seen["panel"]
            out = [s for s, p in parts.items() if p["box"][0] < px - 1 or p["box"][1] < py - 1
                   or p["box"][2] > pr + 1 or p["box"][3] > pb + 1]
            assert not out, f"{where}: outside the join panel {seen['panel']}: {out}"
            boxes = [p["box"] for p in seen["parts"]]
            for a, b in pairwise(boxes):
                assert a[3] <= b[1] + 0.5, f"{where}: the join panel's lines overlap: {seen['parts']}"
            await sc.shot(tv, f"lobby-{lang}-{width}")

    await run_scene(server_process, launch_options, output_dir, "tv-table", body)


# The boxes of `sels` (each element of each) that meet test id `who`'s box: [selector, its box].
MEETS_JS = """([who, sels]) => {
  const a = document.querySelector(`[data-testid=${who}]`).getBoundingClientRect();
  const out = [];
  for (const sel of sels) {
    for (const el of document.querySelectorAll(sel)) {
      const b = el.getBoundingClientRect();
      if (b.width && b.height && a.left < b.right - 0.5 && a.right > b.left + 0.5 && a.top < b.bottom - 0.5
          && a.bottom > b.top + 0.5) out.push([sel, [b.left, b.top, b.right, b.bottom].map(Math.round)]);
    }
  }
  return out;
}"""
# Standings rows not wholly inside the standings' box (cut by it), and text cut inside the host-away notice.
CUT_ROWS_JS = """() => {
  const shown = document.querySelector('[data-testid=standings]');
  const list = shown && shown.getBoundingClientRect();
  const rows = [...document.querySelectorAll('.standing')].filter((r) => {
    const b = r.getBoundingClientRect();
    return b.top < list.top - 0.5 || b.bottom > list.bottom + 0.5;
  }).map((r) => r.dataset.elephant);
  const texts = [...document.querySelectorAll('[data-testid=tv-host-away] span')]
    .filter((s) => s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent);
  return { rows, texts };
}"""
SEVEN = ["Бабушка Оля", "Аня", "Борис", "Катя", "Дедушка Коля", "Вика", "Гоша"]


@pytest.mark.parametrize(("where", "players"), [("lobby", 4), ("lobby", 7), ("game", 4), ("game", 7)])
async def test_the_host_away_notice_covers_nothing_the_table_needs(server_process, launch_options, output_dir,
                                                                   where, players):
    """The host's phone goes offline: the TV's notice covers neither the QR nor the room code (what a newcomer
    needs), in the lobby nor in a game, nor the lobby's roster and how to play, nor a game's standings, board or
    centre; its words are whole; in a game every standing stays in sight beside it."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(SEVEN[:players])
        await table.act(table.phones[0], "set_settings", settings={"lang": "ru"})
        await expect(tv.get_by_test_id("roster-item")).to_have_count(players)
        if where == "game":
            await table.act(table.phones[0], "start")
            await expect(tv.get_by_test_id("tv-telling")).to_be_visible()
        await table.phones[0].close()
        await expect(tv.get_by_test_id("tv-host-away")).to_be_visible()
        covered = ([".qr-frame", "[data-testid=room-code]", ".join-panel", ".lobby-side", ".lobby .how", ".brand",
                    ".tv-top-right", "[data-testid=sound-prompt]"] if where == "lobby"
                   else [".side-qr", ".side-code", ".standings", ".tv-main", ".board", ".tv-heading", ".tv-top-right"])
        for width, height in SIZES:
            await resize_tv(tv, width, height)
            await sc.shot(tv, f"host-away-{where}-{players}-{width}")
            met = await tv.evaluate(MEETS_JS, ["tv-host-away", covered])
            assert not met, f"{where} {width}x{height}: the host-away notice covers {met}"
            cut = await tv.evaluate(CUT_ROWS_JS)
            assert not cut["rows"] and not cut["texts"], f"{where} {width}x{height}: cut {cut}"

    await run_scene(server_process, launch_options, output_dir, "tv-table", body)


# The lobby's middle column's parts that end below it (cut by the TV's edge): [test id or class, px below].
SIDE_CUT_JS = """() => {
  const side = document.querySelector('.lobby-side').getBoundingClientRect();
  return [...document.querySelectorAll('.lobby-side > *')].filter((el) => !el.hidden && el.offsetHeight)
    .map((el) => [el.dataset.testid || el.className, Math.round(el.getBoundingClientRect().bottom - side.bottom)])
    .filter(([, below]) => below > 0);
}"""
# How far the how-to-play card runs past its box (the card's text fits itself; its first draw had the dots'
# row still empty, so it fitted to 16 px more than it keeps).
HOW_CUT_JS = """() => {
  const b = document.querySelector('.lobby .how-body');
  return b.scrollHeight - b.clientHeight;
}"""
BUSY_SETTINGS = {"short_game": 20, "reshuffle": True, "restriction": "four_words", "timer": 90}


@pytest.mark.parametrize(("lang", "settings"), [("ru", {}), ("en", {}), ("ru", BUSY_SETTINGS)],
                         ids=["ru", "en", "ru-busy"])
async def test_a_full_lobby_keeps_its_game_length_and_hint_on_the_screen(server_process, launch_options,
                                                                          output_dir, lang, settings):
    """Seven players with two-word names, the built-in deck's long title and (busy) five more settings: the
    lobby's middle column tightens until its roster, settings, game length and host hint all end on the
    screen (the hint «Когда все в сборе…» had run off the bottom at seven), and the how-to-play card beside it
    is whole, at 1920×1080 and 1280×720."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(SEVEN)
        await table.act(table.phones[0], "set_settings", settings={"lang": lang, **settings})
        await expect(tv.get_by_test_id("roster-item")).to_have_count(7)
        await expect(tv.get_by_test_id("tv-game-length")).to_be_visible()
        for width, height in SIZES:
            await resize_tv(tv, width, height)
            await sc.shot(tv, f"lobby-seven-{lang}{'-busy' if settings else ''}-{width}")
            assert await tv.evaluate(SIDE_CUT_JS) == [], f"{lang} {width}x{height}: ends below the screen"
            cut_how = await tv.evaluate(HOW_CUT_JS)
            assert cut_how <= 1, f"{lang} {width}x{height}: how to play's card cut by {cut_how} px"
            await expect(tv.get_by_test_id("lobby-hint")).to_be_visible()

    await run_scene(server_process, launch_options, output_dir, "tv-table", body)


# Points items (under the cards, or on the plates) cut off at the bottom by the points' box or the centre:
# [its text, px cut].
POINTS_CUT_JS = """() => {
  const pts = document.querySelector('[data-testid=points]').getBoundingClientRect();
  const main = document.querySelector('.tv-main').getBoundingClientRect();
  return [...document.querySelectorAll('[data-testid=points] .points-item, .plate-points')].map((i) => {
    const r = i.getBoundingClientRect();
    const edge = i.classList.contains('plate-points') ? main.bottom : Math.min(pts.bottom, main.bottom);
    return [i.innerText.replace(/\\s+/g, ' '), Math.round((r.bottom - edge) * 10) / 10];
  }).filter((c) => c[1] > 0.5);
}"""
# No animation of the show still to run (the storyteller's endless pulse aside).
SHOW_DONE_JS = """() => !document.getAnimations().some((a) => a.playState !== 'finished'
  && a.effect.getTiming().iterations !== Infinity)"""


@pytest.mark.parametrize("players", [3, 4])
async def test_the_points_under_the_cards_are_whole_after_a_voting_timeout(server_process, launch_options,
                                                                           output_dir, players):
    """The voting time runs out (the host's skip, which the timer sends) after one vote: the result's points
    row under the cards is whole on a 1280×720 TV and at 1920×1080 (a storyteller's two reasons made it a few px
    taller than its room, and the cards kept their size)."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["Бабушка Оля", "Дедушка Коля", "Аня", "Борис"][:players])
        await table.act(table.phones[0], "set_settings", settings={"timer": 60})
        await resize_tv(tv, 1280, 720)
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
        # a grandparent (a name on two lines) finds the storyteller's card (who then has two reasons), and the
        # time runs out
        teller = table.seat(table.tv.game["storyteller"])
        card = next(e["number"] for e in table.tv.game["table"] if e["card"] in teller.game["me"]["played"])
        voter = next(p for p in table.phones[:2] if p is not teller)
        await table.act(voter, "vote", card=card)
        await table.act(table.phones[0], "skip")
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        await tv.wait_for_function(SHOW_DONE_JS)
        for width, height in reversed(SIZES):
            await resize_tv(tv, width, height)
            await sc.shot(tv, f"voting-timeout-{players}-{width}")
            cut = await tv.evaluate(POINTS_CUT_JS)
            assert not cut, f"{width}x{height}: points cut off at the bottom (text, px): {cut}"

    await run_scene(server_process, launch_options, output_dir, "tv-table", body)


# Each vote token on the result whose letters differ from its team's elephant's: [team, token's, elephant's].
VOTE_LETTERS_JS = """() => [...document.querySelectorAll('[data-testid=tv-scored] .vote-token')].map((tok) => {
  const row = [...document.querySelectorAll('.standing')].find((s) =>
    s.querySelector('.standing-name').textContent === tok.title);
  const drawn = row && row.querySelector('.token-initials');
  return [tok.title, tok.textContent, drawn ? drawn.textContent : null];
})"""


async def test_a_teams_vote_shows_the_letters_of_its_elephant(server_process, launch_options, output_dir):
    """Pairs (eight people, four teams): each vote on the result shows its team's letters, the ones on the team's
    elephant ("ЖЗ" for Женя & Зина), not its first member's ("Же")."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["Женя", "Зина", "Аня", "Борис", "Вика", "Гоша", "Даша", "Егор"])
        assert table.tv.state["room"]["settings"]["mode"] == "pairs"
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
        await table.play_until(lambda g: g["phase"] == "scored")
        await expect(tv.locator("[data-testid=tv-scored] .vote-token")).to_have_count(3)
        await tv.wait_for_function(SHOW_DONE_JS)
        seen = await tv.evaluate(VOTE_LETTERS_JS)
        assert all(drawn for _, _, drawn in seen), seen
        wrong = [s for s in seen if s[1] != s[2]]
        assert not wrong, f"votes not in their team's letters (team, vote, elephant): {wrong}"
        await sc.shot(tv, "pairs-votes")

    await run_scene(server_process, launch_options, output_dir, "tv-table", body)


# Per points element on the result: [its elephant, the owners of the cards whose column its centre is in].
POINTS_OVER_CARDS_JS = """() => {
  const cards = [...document.querySelectorAll('[data-testid=tv-scored] [data-testid=table-card]')].map((c) => {
    const r = c.querySelector('.front').getBoundingClientRect();
    return [c.querySelector('.owner-plate').dataset.owner, r.left, r.right];
  });
  return [...document.querySelectorAll('[data-testid=tv-scored] .points-item, [data-testid=plate-points]')].map((p) => {
    const r = p.getBoundingClientRect();
    const x = (r.left + r.right) / 2;
    return [p.dataset.elephant, cards.filter((c) => x >= c[1] && x <= c[2]).map((c) => c[0])];
  });
}"""


@pytest.mark.parametrize("mode", ["trio", "duel"])
async def test_points_belong_to_players_not_to_cards_nobody_owns(server_process, launch_options, output_dir, mode):
    """Trio (two bot cards, RULES.md §2.3): each player's points under their own card, none under a bot card.
    Duel (RULES.md §2.4): the shared elephant owns no card and the mammoth's card is no player's, so the points
    are a titled line of their own, not a row that reads as the cards'."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(SEVEN[:3] if mode == "trio" else SEVEN[:2])
        await table.act(table.phones[0], "set_settings", settings={"mode": mode, "lang": "ru"})
        await table.act(table.phones[0], "start")
        await table.play_until(lambda g: g["phase"] == "voting")
        await expect(tv.get_by_test_id("tv-voting")).to_be_visible()
        await table.play_until(lambda g: g["phase"] == "scored")
        await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
        await tv.wait_for_function(SHOW_DONE_JS)
        for width, height in SIZES:
            await resize_tv(tv, width, height)
            await sc.shot(tv, f"{mode}-result-{width}")
            seen = await tv.evaluate(POINTS_OVER_CARDS_JS)
            if mode == "trio":
                assert len(seen) == 3, seen
                wrong = [s for s in seen if s[1] != [s[0]]]
                assert not wrong, f"points not under their player's own card (elephant, cards above): {wrong}"
            else:
                await expect(tv.locator("[data-testid=points].apart .points-title")).to_have_text("За этот ход")
                assert sorted(s[0] for s in seen) == ["elephant", "mammoth"], seen
            cut = await tv.evaluate(POINTS_CUT_JS)
            assert not cut, f"{width}x{height}: points cut off at the bottom (text, px): {cut}"

    await run_scene(server_process, launch_options, output_dir, "tv-table", body)


# The page's visible words, and how many pieces it draws of each kind: [text, {rabbit, elephant}].
WORDS_AND_PIECES_JS = """() => [document.body.innerText, {
  rabbit: document.querySelectorAll('svg.rabbit').length,
  elephant: document.querySelectorAll('svg.elephant:not(.rabbit):not(.mammoth-svg)').length }]"""


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_dixit_speaks_its_own_words_and_draws_rabbits(server_process, launch_options, output_dir, lang):
    """Dixit's terms (RULES.md): its storyteller is «рассказчик» in Russian (English: storyteller still), its
    players' pieces are rabbits: on the TV (lobby, a round, the board and standings) and on a phone, never
    «ведущий» or an elephant; the same words and pieces come back with Imaginarium."""
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(SEVEN[:4])
        await table.act(table.phones[0], "set_settings", settings={"lang": lang, "ruleset": "dixit"})
        player = table.phones[1]
        phone = await sc.page(f"/join/{table.code}", PHONE, player.token, table.code)
        await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
        await expect(tv.get_by_test_id("roster-item")).to_have_count(4)
        await expect(tv.locator(".roster-item svg.rabbit")).to_have_count(4)
        text, pieces = await tv.evaluate(WORDS_AND_PIECES_JS)
        wrong = ["ведущ", "Ведущ", "слон", "Слон"] if lang == "ru" else ["elephant", "Elephant"]
        assert "рассказчик" in text if lang == "ru" else "storyteller" in text, text
        assert not [w for w in wrong if w in text], text
        await sc.shot(tv, f"dixit-lobby-{lang}")
        await table.act(table.phones[0], "start")
        await expect(tv.get_by_test_id("tv-telling")).to_be_visible()
        await expect(tv.locator(".standing svg.rabbit")).to_have_count(4)   # the board: a crowd of discs
        await expect(tv.get_by_test_id("phase-title")).to_have_text(
            "Рассказчик выбирает карту" if lang == "ru" else re.compile("[Ss]toryteller"))
        for page, where in ((tv, "TV"), (phone, "phone")):
            text, pieces = await page.evaluate(WORDS_AND_PIECES_JS)
            assert not [w for w in [*wrong, "elephant", "Elephant"] if w in text], f"{where}: {text}"
            assert pieces["rabbit"] and not pieces["elephant"], f"{where}: {pieces}"
        # the phone speaks its own browser's language (English here), Dixit's words in it
        await expect(phone.get_by_text(re.compile("storyteller", re.I)).first).to_be_visible()
        await sc.shot(tv, f"dixit-telling-{lang}")
        await sc.shot(phone, f"dixit-phone-{lang}")
        for size in SIZES[1:]:
            await resize_tv(tv, *size)
            await sc.shot(tv, f"dixit-telling-{lang}-{size[0]}")

    await run_scene(server_process, launch_options, output_dir, "tv-table", body)
