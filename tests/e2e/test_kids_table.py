"""The kids' game (RULES.md §2.5) as a family meets it, from a fresh tester's findings: the TV's result shows
this round's points whole, titled and beside the cards (a row under the cards read as the cards' owners, and the
board covered its bottom when two catch-up bonuses took two lines); a child's own phone says what became of her
guess; the TV and the phones say that the adult enters the guess of a child without a phone; the special cells
show only where they apply (one child: the adult's elephant on the board); and nothing the TV or a child's phone
shows or receives before the reveal tells the adult's card from the deck's. Real server, real Chromium.
Screenshots: test-output/kids-table-*.png."""
from __future__ import annotations

import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.browser import Scene, fits, resize_tv, run_scene
from tests.helpers.leaks import scan
from tests.helpers.oldchrome import Browser
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
CHILDREN = (("Petya", "orange"), ("Olya", "pink"), ("Kolya", "green"))
# The most a kids' table holds (seven elephants in the box), one of them with a long name.
SEVEN = (*CHILDREN, ("Александра-Виктория", "teal"), ("Маша", "yellow"), ("Ваня", "blue"), ("Соня", "purple"))
TITLE = {"en": "This round", "ru": "За этот ход"}

# The result's pieces that lie outside the main area (cut by its edge, under the board) or whose text is cut.
COVERED_JS = """() => {
  const main = document.querySelector('.tv-main').getBoundingClientRect();
  const board = document.querySelector('.board').getBoundingClientRect();
  const bad = [];
  for (const el of document.querySelectorAll('.tv-main .points-item, .tv-main .kids-points-title, '
      + '.tv-main .owner-plate, .tv-main .votes, .tv-main .table-card, .tv-main .outcome')) {
    const r = el.getBoundingClientRect();
    if (r.bottom > Math.min(main.bottom, board.top) + 1 || r.top < main.top - 1 || r.left < main.left - 1
        || r.right > main.right + 1) bad.push(`${el.className} ${Math.round(r.top)}..${Math.round(r.bottom)}`);
  }
  for (const el of document.querySelectorAll('.tv-main .why-part, .tv-main .points-name, .tv-main .cheer-bonus, '
      + '.tv-main .kids-points-title, .tv-main .points-why')) {
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      bad.push(`cut: ${el.textContent}`);
    }
  }
  return bad;
}"""
# Points items that stand under (or over) a card: they share some of its width.
UNDER_A_CARD_JS = """() => {
  const cards = [...document.querySelectorAll('.tv-main .table-card')].map((c) => c.getBoundingClientRect());
  return [...document.querySelectorAll('.tv-main .points-item')].filter((el) => {
    const r = el.getBoundingClientRect();
    return cards.some((c) => r.left < c.right - 1 && r.right > c.left + 1);
  }).map((el) => el.textContent);
}"""
SHOW_OVER_JS = ("() => document.querySelector('.tv-main').getAnimations({ subtree: true })"
                ".every((a) => a.playState === 'finished')")
# Every card picture on `sel` has come (and faded in).
PICTURES_JS = """(sel) => [...document.querySelectorAll(sel + ' img')]
  .every((i) => i.complete && (!i.classList.contains('card-img') || i.classList.contains('loaded')))"""


async def kids_table(sc: Scene, lang: str, children=CHILDREN):
    """A TV page and, over WebSockets, the adult (the host, "Mama") with `children` added (no phones), started."""
    tv, table = await sc.table(["Mama"])
    adult = table.phones[0]
    await table.act(adult, "set_settings", settings={"mode": "kids", "lang": lang})
    for name, colour in children:
        await table.act(adult, "add_child", name=name, colour=colour)
    await table.act(adult, "start")
    return tv, table, adult


async def kids_round(table, adult, finders: set[str]) -> None:
    """One round on the adult's socket: tell, enter every child's guess (`finders` by name find the adult's card,
    the others pick a deck card), reveal."""
    await table.act(adult, "tell", card=adult.me["hand"][0], association="Who ate the cake?")
    game, mine = adult.game, adult.me["played"][0]
    right = next(t["number"] for t in game["table"] if t["card"] == mine)
    wrong = next(t["number"] for t in game["table"] if t["card"] != mine)
    names = {r["seat"]: r["name"] for r in adult.state["room"]["roster"]}
    for seat in list(game["waiting_for"]):
        await table.act(adult, "vote", card=right if names[seat] in finders else wrong, **{"for": seat})
    await table.act(adult, "reveal")


@pytest.mark.parametrize(("lang", "children"), [("en", CHILDREN), ("ru", CHILDREN), ("ru", SEVEN)],
                         ids=["en", "ru", "ru-seven"])
async def test_the_tv_result_shows_the_rounds_points_whole_and_beside_the_cards(server_process, launch_options,
                                                                                output_dir, lang, children):
    """Round 1: Petya alone finds the card. Round 2: all find it, those at 0 from last place: catch-up bonuses,
    whose banners once took two lines and pushed the points rows under the board."""
    async def body(sc: Scene) -> None:
        tv, table, adult = await kids_table(sc, lang, children)
        main = tv.locator("main.tv-main")
        await kids_round(table, adult, {"Petya"})
        await expect(main).to_have_attribute("data-phase", "scored")
        await table.act(adult, "next_round")
        await expect(main).to_have_attribute("data-phase", "telling")
        await kids_round(table, adult, {name for name, _ in children})
        await expect(main).to_have_attribute("data-phase", "scored")
        await expect(tv.get_by_test_id("catch-up")).to_have_count(len(children) - 1)
        await tv.wait_for_function(SHOW_OVER_JS)
        await expect(tv.locator(".tv-main .points-item")).to_have_count(len(children))
        for size in SIZES:
            await resize_tv(tv, size["width"], size["height"])
            await sc.shot(tv, f"tv-result-{lang}-{len(children)}-{size['width']}")
            where = f"{lang} at {size['width']}"
            assert await tv.evaluate(COVERED_JS) == [], f"{where}: covered or cut"
            assert await tv.evaluate(UNDER_A_CARD_JS) == [], f"{where}: a child's points stand under a card"
        await expect(tv.get_by_test_id("kids-points-title")).to_have_text(TITLE[lang])

    await run_scene(server_process, launch_options, output_dir, "kids-table", body)


@pytest.mark.asyncio(loop_scope="session")
async def test_the_adult_enters_a_phoneless_childs_guess_and_each_child_hears_of_her_own(ui):
    """Petya has no phone, Olya (Russian, 360×640) and Kolya (English, 390×844) have their own. While they vote the
    TV and the phones say that Mama enters Petya's guess (not "waiting for Petya"), and Mama's phone starts on
    Petya; after the reveal Olya, who missed, is told kindly that it was not the one, and Kolya is praised."""
    ui.prefix = "kids-table"
    tv, code = await ui.tv()
    adult = await ui.phone(code, "Mama", "purple", viewport={"width": 390, "height": 844})
    await ui.add_children(adult, tv, CHILDREN)
    olya = await ui.child(code, "Olya", "ru-RU", {"width": 360, "height": 640})
    kolya = await ui.child(code, "Kolya", "en-US", {"width": 390, "height": 844})
    await adult.get_by_test_id("start").click()
    grid = adult.locator(".card-grid.selectable")
    card = await grid.locator(".grid-card").first.get_attribute("data-card")
    await grid.locator(".grid-card").first.click()
    await adult.get_by_test_id("association-input").fill("Who ate the cake?")
    await adult.get_by_test_id("confirm").click()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "voting")
    cards = tv.get_by_test_id("table-card")
    await expect(cards).to_have_count(3)
    right = int(await tv.locator(f'.table-card[data-card="{card}"]').get_attribute("data-number"))
    wrong = next(n for n in (1, 2, 3) if n != right)

    # Only Mama can enter Petya's guess: the TV says so, and waits for the two children with phones.
    enters = tv.get_by_test_id("adult-enters")
    await expect(enters).to_contain_text("Mama enters this child's guess:")
    await expect(enters).to_contain_text("Petya")
    await expect(tv.get_by_test_id("progress")).not_to_contain_text("Petya")
    await expect(tv.get_by_test_id("progress")).to_contain_text("Olya")
    await ui.shot(tv, "tv-1080-adult-enters")
    # Mama's phone starts on Petya, with those who guess on their own phone after him.
    chips = adult.get_by_test_id("child-chip")
    await expect(chips).to_have_count(3)
    await expect(chips.first).to_have_text("Petya")
    await expect(chips.first).to_have_attribute("aria-pressed", "true")
    await expect(adult.get_by_test_id("vote-for")).to_contain_text("On their own phone:")
    await expect(adult.get_by_test_id("confirm")).to_have_text("Pick a card for Petya")
    await ui.shot(adult, "phone-390-adult-enters")
    await adult.set_viewport_size({"width": 360, "height": 640})   # a small phone: all of it still on the screen
    await fits(adult, 360, "the adult's guess entry at 360 px")
    await ui.shot(adult, "phone-360-adult-enters")
    await resize_tv(tv, 1280, 720)
    await ui.shot(tv, "tv-720-adult-enters")

    for child, number in ((olya, wrong), (kolya, right)):
        await child.locator(f'.card-grid.selectable .grid-card[data-number="{number}"]').click()
        await child.get_by_test_id("confirm").click()
        await expect(child.get_by_test_id("voted")).to_be_visible()
    await expect(olya.get_by_test_id("adult-enters")).to_contain_text("Ответ этого ребёнка вводит Mama:")
    await expect(olya.get_by_test_id("adult-enters")).to_contain_text("Petya")
    await ui.shot(olya, "phone-360-child-waits-ru")
    await expect(chips).to_have_count(1)
    await adult.locator(f'.card-grid.selectable .grid-card[data-number="{right}"]').click()
    await expect(adult.get_by_test_id("confirm")).to_have_text(f"Vote {right} for Petya")
    await adult.get_by_test_id("confirm").click()
    await expect(tv.get_by_test_id("adult-enters")).to_have_count(0)
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    await adult.get_by_test_id("confirm").click()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "scored")

    # Olya missed: her phone says so kindly, never "Молодцы, нашли!"; Kolya found it: praised.
    await expect(olya.get_by_test_id("guess-wrong")).to_contain_text("Это была не она — в следующий раз!")
    await expect(olya.get_by_test_id("guess-wrong")).to_contain_text(f"Карта ведущего (Mama): {right}")
    await expect(olya.get_by_test_id("phone-scored")).not_to_contain_text("Молодцы")
    await expect(kolya.get_by_test_id("guess-right")).to_contain_text("Yes, that's the one! Well done!")
    await expect(kolya.get_by_test_id("phone-scored")).not_to_contain_text("Well found")
    # the TV's headline names who found it (Petya and Kolya), so the cheer is not Olya's
    outcome = tv.get_by_test_id("outcome")
    for found in ("Petya", "Kolya"):
        await expect(outcome).to_contain_text(found)
    await expect(outcome).not_to_contain_text("Olya")
    await ui.shot(olya, "phone-360-child-missed-ru")
    await ui.shot(kolya, "phone-390-child-found")


async def shown(locator, visible: bool) -> None:
    """Waits until `locator` is visible (`visible`) or hidden."""
    await (expect(locator).to_be_visible() if visible else expect(locator).to_be_hidden())


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("children", [1, 2])
async def test_the_special_cells_show_only_against_one_child(ui, children):
    """RULES.md §3: a special cell sets the condition of the storyteller whose elephant stands on it; §2.5: the
    adult has an elephant only against one child. With one child the lobby offers the special cells, the how-to
    names them and the TV's board marks them with their legend; with two none of that shows (the engine never
    sets a cell's condition then)."""
    ui.prefix = "kids-table"
    tv, code = await ui.tv()
    adult = await ui.phone(code, "Mama", "purple", viewport={"width": 360, "height": 640})
    await ui.add_children(adult, tv, CHILDREN[:children])
    one = children == 1
    await shown(adult.get_by_test_id("setting-special_cells"), one)
    await ui.shot(adult, f"phone-360-lobby-{children}-children")
    await adult.get_by_test_id("host-menu-btn").click()
    await adult.get_by_test_id("how-open").click()
    how = adult.get_by_test_id("phone-how")
    await expect(how).to_have_attribute("data-card", "teller")
    await expect(how).to_contain_text("The adult is the storyteller every round")
    line = "With one child, a special cell under the adult's elephant asks for"
    if one:
        await expect(how).to_contain_text(line)
    else:
        await expect(how).not_to_contain_text(line)
    await ui.shot(adult, f"phone-360-how-{children}-children")
    await adult.get_by_test_id("phone-how-close").click()
    await adult.get_by_test_id("start").click()
    await expect(adult.get_by_test_id("you-tell")).to_be_visible()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "telling")
    await expect(tv.locator(".board .cell")).to_have_count(40)
    await expect(tv.locator(".board .cell.special")).to_have_count(8 if one else 0)
    await shown(tv.get_by_test_id("board-legend"), one)
    await ui.shot(tv, f"tv-1080-board-{children}-children")


# What a card looks like apart from its picture and number: for it and everything in it, the tag, classes and
# the computed styles a frame, a shade or a mark would show in.
LOOK_JS = """(sel) => [...document.querySelectorAll(sel)].map((card) => JSON.stringify(
  [card, ...card.querySelectorAll('*')].map((el) => {
    const s = getComputedStyle(el);
    const cls = [...el.classList].filter((c) => c !== 'selected').join(' ');
    return [el.tagName, cls, s.borderColor, s.borderWidth, s.boxShadow, s.filter, s.opacity, s.outlineStyle,
      s.backgroundColor, s.width, s.height];
  })))"""


@pytest.mark.asyncio(loop_scope="session")
async def test_nothing_on_the_tv_or_a_childs_phone_tells_the_adults_card_before_the_reveal(ui):
    """The darker frames a tester saw on some TV cards are the pictures' own painted borders (the built-in deck
    draws some dark, some light), the same whoever's card it is. Before the reveal the three cards on the TV, on a
    child's phone and on the adult's reveal screen (the children look on) look alike but for their pictures and
    numbers, and no frame the TV, the child's phone or the adult's phone received tells whose card is whose
    (tests.helpers.leaks: no owner, no other's hand)."""
    frames: dict[str, list[str]] = {"tv": [], "adult": [], "olya": []}

    async def listen(page, name: str) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames[name].append(str(payload))))
        await page.reload()   # the socket opened before the listener: open it again under it

    ui.prefix = "kids-table"
    tv, code = await ui.tv()
    await listen(tv, "tv")
    adult = await ui.phone(code, "Mama", "purple")
    await listen(adult, "adult")
    await expect(adult.get_by_test_id("phone-lobby")).to_be_visible()
    await ui.add_children(adult, tv, CHILDREN[:2])
    olya = await ui.child(code, "Olya", "en-US", {"width": 390, "height": 844})
    await listen(olya, "olya")
    await expect(olya.get_by_test_id("phone-lobby")).to_be_visible()
    await adult.get_by_test_id("start").click()
    await adult.locator(".card-grid.selectable .grid-card").first.click()
    await adult.get_by_test_id("association-input").fill("Who ate the cake?")
    await adult.get_by_test_id("confirm").click()
    await expect(tv.locator(".table-card.revealed")).to_have_count(3)
    await expect(olya.locator(".card-grid.selectable .grid-card")).to_have_count(3)
    for page, sel in ((tv, ".table-card"), (olya, ".card-grid.selectable .grid-card")):
        await page.wait_for_function(PICTURES_JS, arg=sel)
        await page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        looks = await page.evaluate(LOOK_JS, sel)
        assert len(looks) == 3 and len(set(looks)) == 1, f"{sel}: the cards differ before the reveal"
    await ui.shot(tv, "tv-1080-voting")
    await ui.shot(olya, "phone-390-child-voting")
    before = scan([(name, list(got)) for name, got in frames.items()])
    assert before.frames > 10 and not before.findings, before.findings
    await olya.locator('.card-grid.selectable .grid-card[data-number="1"]').click()
    await olya.get_by_test_id("confirm").click()
    await expect(adult.get_by_test_id("child-chip")).to_have_count(1)   # Olya's guess is in: Petya's is left
    await adult.get_by_test_id("child-chip").click()
    await adult.locator('.card-grid.selectable .grid-card[data-number="2"]').click()
    await adult.get_by_test_id("confirm").click()
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    # the children look on at the adult's phone too: its three cards alike before the tap
    sel = "[data-testid=reveal-form] .grid-card"
    await adult.wait_for_function(PICTURES_JS, arg=sel)
    # as above: a screen just drawn may be mid-animation (one card's fade caught half-way is no mark)
    await adult.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    looks = await adult.evaluate(LOOK_JS, sel)
    assert len(looks) == 3 and len(set(looks)) == 1, "the adult's reveal screen marks a card"
    await adult.get_by_test_id("confirm").click()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "scored")
    after = scan([(name, list(got)) for name, got in frames.items()])
    assert after.frames > before.frames and not after.findings, after.findings


async def test_the_result_beside_the_cards_in_an_old_tv_browser(server_process, output_dir):
    """The same result in Chromium 69 (a 2020 smart TV: no flex gap, no min(); flex-gap.js and the @supports
    sizes stand in), at its 1280×720: whole, and no child's points under a card."""
    async with aiohttp.ClientSession() as session:
        browser = Browser("69", session)
        await browser.start()
        try:
            tv = await browser.page(1280, 720)
            await tv.goto(f"{server_process.page_url}/tv")
            code = await tv.wait_for("(function () { var el = document.querySelector('[data-testid=room-code]');"
                                     " var c = el && el.textContent.trim(); return /^[A-Z]{4}$/.test(c) && c; })()",
                                     "the room code")
            table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code, names=["Mama"],
                                       tv_name="watcher", start=False)
            adult = table.phones[0]
            await table.act(adult, "set_settings", settings={"mode": "kids"})
            for name, colour in CHILDREN:
                await table.act(adult, "add_child", name=name, colour=colour)
            await table.act(adult, "start")
            await kids_round(table, adult, {"Petya"})
            await table.act(adult, "next_round")
            await kids_round(table, adult, {"Petya", "Olya", "Kolya"})
            # the show is over once the elephants have walked: the standings say Olya's 3
            await tv.wait_for("document.querySelectorAll('[data-testid=catch-up]').length === 2 && "
                              "/Olya\\s*3/.test(document.querySelector('[data-testid=standings]').textContent)",
                              "the result, its show over")
            await tv.screenshot(output_dir / "kids-table-old69-tv-result.png")
            assert await tv.evaluate(f"({COVERED_JS})()") == [], "covered or cut in Chromium 69"
            assert await tv.evaluate(f"({UNDER_A_CARD_JS})()") == [], "a child's points under a card in Chromium 69"
            assert not tv.errors, tv.errors
        finally:
            await browser.close()


@pytest.mark.asyncio(loop_scope="session")
async def test_a_child_the_room_refused_keeps_the_name_typed_for_one_more_tap(ui):
    """The adult changes a setting and taps Add in the same instant: the add is made against the state before the
    setting, so the room refuses it as stale (the game moved on before the tap arrived). The child's name stays in
    the field, so one more tap adds her; it is cleared once the roster shows her."""
    ui.prefix = "kids-table"
    tv, code = await ui.tv()
    adult = await ui.phone(code, "Mama", "purple")
    await ui.add_children(adult, tv, CHILDREN[:1])
    field = adult.get_by_test_id("child-name")
    await field.fill("Olya")
    await adult.get_by_test_id("child-colours").locator('[data-colour="pink"]').click()
    # both sent in one task, so with the same state_id: the setting is taken, the add refused
    await adult.evaluate("""() => {
      const lang = document.querySelector('[data-testid=setting-lang]');
      lang.value = 'ru';
      lang.dispatchEvent(new Event('change', { bubbles: true }));
      document.querySelector('[data-testid=add-child]').click();
    }""")
    await expect(adult.locator(".toast")).to_contain_text("The game moved on")
    await expect(tv.locator("html")).to_have_attribute("lang", "ru")
    await expect(field).to_have_value("Olya")
    await expect(tv.get_by_test_id("roster")).not_to_contain_text("Olya")
    await adult.get_by_test_id("add-child").click()
    await expect(tv.get_by_test_id("roster")).to_contain_text("Olya")
    await expect(field).to_have_value("")
