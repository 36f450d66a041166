"""What a family meets on the phones while voting, from a fresh tester playing in Russian: in the kids' game the
adult corrects a guess their phone entered, until «Открыть карты» (RULES.md §2.5: the adult's phone enters each
phoneless child's guess; one mis-tap used to stand); one's own card is marked «Ваша карта» in the grid and in its
enlarged view, which says why it takes no vote (RULES.md §1.2) instead of offering nothing; a card's number stands
under its picture, never on it; the vote tokens label every voter with as many letters («Маш» «Мар» «Ван», not
«Маш» beside «Ва»); the English game length says "0–1 times" and "twice". Real server, real Chromium, phones
390×844 and 360×640. Screenshots: test-output/voting-phone-*.png."""
from __future__ import annotations

import re

import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.browser import fits
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

SIZES = ({"width": 390, "height": 844}, {"width": 360, "height": 640})
OWN = {"ru-RU": ("Ваша карта", "За свою карту голосовать нельзя.", "Выбрать эту карту"),
       "en-US": ("Your card", "You cannot vote for your own card.", "Choose this card")}
# Grid cards whose number lies over their picture (any overlap at all).
NUMBER_ON_PICTURE_JS = """() => [...document.querySelectorAll('.grid-card')].filter((card) => {
  const n = card.querySelector('.grid-number');
  const p = card.querySelector('.grid-picture').getBoundingClientRect();
  if (!n) return true;
  const r = n.getBoundingClientRect();
  return r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top;
}).map((card) => card.dataset.number)"""
PICTURES_JS = "() => [...document.querySelectorAll('.enlarge img')].every((i) => i.complete)"
# Parts of the enlarged card's view that lie outside the screen.
ENLARGED_OUT_JS = """() => [...document.querySelectorAll('.enlarge-note, .enlarge-card, .enlarge-actions .btn')]
  .filter((el) => { const r = el.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1; })
  .map((el) => el.className)"""




@pytest.mark.parametrize("locale", ["ru-RU", "en-US"])
async def test_ones_own_card_says_so_and_why_it_takes_no_vote(ui, server_process, locale):
    ui.prefix = f"voting-phone-{locale[:2]}"
    label, why, choose = OWN[locale]
    async with aiohttp.ClientSession() as session:
        code, _ = await server_process.new_room(session)
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                                   names=["Маша", "Ваня", "Петя", "Оля"], settings={"special_cells": False})
        await table.play_until(lambda g: g["phase"] == "voting")
        voter = next(p for p in table.phones if "vote" in p.me["can"])
        mine = voter.me["played"][0]
        number = next(e["number"] for e in voter.game["table"] if e["card"] == mine)
        for size in SIZES:
            phone = await ui.seat_page(code, voter.token, locale, size)
            grid = phone.locator(".card-grid.selectable")
            await expect(grid.locator(".grid-card")).to_have_count(4)
            own = grid.locator(f'.grid-card[data-number="{number}"]')
            await expect(own).to_have_class(re.compile(r"\bdisabled\b"))
            await expect(own.get_by_test_id("grid-label")).to_have_text(label)
            await expect(grid.get_by_test_id("grid-label")).to_have_count(1)
            # every number stands beside the picture, none on it
            assert await phone.evaluate(NUMBER_ON_PICTURE_JS) == [], size
            await fits(phone, size["width"], f"voting grid at {size['width']}")
            await ui.shot(phone, f"grid-{size['width']}")
            # a tap on one's own card: the big view says whose it is and why it takes no vote, and offers none
            await own.click()
            big = phone.get_by_test_id("enlarge")
            await expect(big).to_be_visible()
            await expect(big.get_by_test_id("enlarge-label")).to_have_text(label)
            await expect(big.get_by_test_id("enlarge-why")).to_have_text(why)
            await expect(big.get_by_role("button", name=choose)).to_have_count(0)
            await phone.wait_for_function(PICTURES_JS)
            assert await phone.evaluate(ENLARGED_OUT_JS) == [], size
            await ui.shot(phone, f"own-card-{size['width']}")
            await big.get_by_role("button", name=re.compile("Закрыть|Close")).click()
            await expect(big).to_have_count(0)
            # another card's big view still offers the vote, and has no such note
            other = grid.locator(".grid-card:not(.disabled)").first
            await other.locator(".zoom").click()
            await expect(big.get_by_role("button", name=choose)).to_be_visible()
            await expect(big.get_by_test_id("enlarge-note")).to_have_count(0)
            await big.get_by_role("button", name=choose).click()
            await expect(other).to_have_class(re.compile(r"\bselected\b"))
            await phone.context.close()
            ui.contexts.remove(phone.context)
        for p in table.sockets:
            await p.close()


async def test_the_adult_corrects_an_entered_guess_until_the_reveal(ui):
    """Mama's phone (Russian) enters Petya's guess on the wrong card by mistake and corrects it; every guess in, she
    corrects Olya's from the reveal screen; the reveal shows the corrected guesses (both found the card)."""
    ui.prefix = "voting-phone-kids"
    tv, code = await ui.tv("ru-RU")
    adult = await ui.phone(code, "Мама", "purple", "ru-RU", SIZES[0])
    await ui.add_children(adult, tv, (("Петя", "orange"), ("Оля", "pink")))
    await adult.get_by_test_id("start").click()
    hand = adult.locator(".card-grid.selectable .grid-card")
    card = await hand.first.get_attribute("data-card")
    await hand.first.click()
    await adult.get_by_test_id("association-input").fill("Кто съел торт?")
    await adult.get_by_test_id("confirm").click()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "voting")
    right = int(await tv.locator(f'.table-card[data-card="{card}"]').get_attribute("data-number"))
    wrong = next(n for n in (1, 2, 3) if n != right)
    grid = adult.locator(".card-grid.selectable")
    confirm = adult.get_by_test_id("confirm")
    chips = adult.get_by_test_id("child-chip")
    entered = adult.get_by_test_id("entered-chip")

    # Petya's guess goes in on the wrong card: a mis-tap
    await expect(chips.first).to_have_text("Петя")
    await grid.locator(f'.grid-card[data-number="{wrong}"]').click()
    await expect(confirm).to_have_text(f"Голос {wrong} за: Петя")
    await confirm.click()
    await expect(entered).to_have_count(1)
    await expect(entered).to_have_text(f"Петя{wrong}")
    await expect(chips).to_have_count(1)
    await expect(chips.first).to_have_attribute("aria-pressed", "true")   # Olya's turn
    # the adult taps Petya's entered guess: his card is chosen again, to be changed
    await entered.click()
    await expect(entered).to_have_attribute("aria-pressed", "true")
    await expect(adult.get_by_test_id("fix-hint")).to_contain_text("Исправляем ответ за: Петя")
    await expect(grid.locator(".grid-card.selected")).to_have_attribute("data-number", str(wrong))
    await expect(confirm).to_have_text(f"Сейчас {wrong} за: Петя. Нажмите другую карту")
    await expect(confirm).to_be_disabled()
    await grid.locator(f'.grid-card[data-number="{right}"]').click()
    await expect(confirm).to_have_text(f"Исправить на {right} за: Петя")
    await confirm.click()
    await expect(entered).to_have_text(f"Петя{right}")
    await expect(entered).to_have_attribute("aria-pressed", "false")
    await expect(adult.get_by_test_id("fix-hint")).to_have_count(0)
    await expect(chips.first).to_have_text("Оля")
    await expect(chips.first).to_have_attribute("aria-pressed", "true")
    await expect(grid.locator(".grid-card.selected")).to_have_count(0)

    # Olya's guess goes in wrong too; every guess is in: the reveal screen, where it is still corrected
    await grid.locator(f'.grid-card[data-number="{wrong}"]').click()
    await confirm.click()
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    await expect(entered).to_have_count(2)
    await expect(entered.nth(1)).to_have_text(f"Оля{wrong}")
    await entered.nth(1).click()
    await expect(adult.get_by_test_id("fix-hint")).to_contain_text("Оля")
    await grid.locator(f'.grid-card[data-number="{right}"]').click()
    await confirm.click()
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    await expect(entered).to_have_text([f"Петя{right}", f"Оля{right}"])
    await expect(confirm).to_have_text("Открыть карты")
    for size in SIZES:
        await adult.set_viewport_size(size)
        await fits(adult, size["width"], f"the adult's reveal screen at {size['width']}")
        await ui.shot(adult, f"adult-corrected-{size['width']}")
    # a correction taken up and let be: the reveal screen again, nothing changed
    await entered.first.click()
    await expect(adult.get_by_test_id("fix-hint")).to_be_visible()
    await ui.shot(adult, "adult-correcting-360")
    await entered.first.click()
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    await confirm.click()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "scored")
    # both corrected guesses found Mama's card: everyone found it (with the mis-taps, nobody had)
    await expect(tv.get_by_test_id("outcome")).to_contain_text("Все нашли карту")


async def test_vote_tokens_label_every_voter_with_as_many_letters(ui, server_process):
    """Маша and Мария share two first letters: every token of the table takes three («Маш» «Мар» «Ван» «Пет»), on
    the TV's result and the phone's alike (one function, web/shared/roster.js voteLabel)."""
    ui.prefix = "voting-phone-tokens"
    names = ["Маша", "Мария", "Ваня", "Петя"]
    labels = {"Маша": "Маш", "Мария": "Мар", "Ваня": "Ван", "Петя": "Пет"}
    tv, code = await ui.tv("ru-RU")
    async with aiohttp.ClientSession() as session:
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code, names=names,
                                   settings={"special_cells": False})
        await table.play_until(lambda g: g["phase"] == "voting")
        teller = table.seat(table.tv.game["storyteller"])
        phone = await ui.seat_page(code, teller.token, "ru-RU", SIZES[1])
        await table.play_until(lambda g: g["phase"] == "scored")
        await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "scored")
        voters = [n for n in names if n != teller.name]
        for page in (tv, phone):
            tokens = page.locator(".vote-token")
            await expect(tokens).to_have_count(3)
            seen = {await t.get_attribute("aria-label"): await t.text_content() for t in await tokens.all()}
            assert seen == {n: labels[n] for n in voters}, seen
        await ui.shot(phone, "scored-360")
        await ui.shot(tv, "tv-scored")
        # the same function on other tables: two letters where they tell everyone apart, a team its members'
        cases = await phone.evaluate("""async () => {
          const { voteLabel } = await import('/static/shared/roster.js');
          const room = (roster) => ({ roster: roster.map((r, i) => ({ seat: `s${i + 1}`, ...r })) });
          const all = (r) => r.roster.map((e) => voteLabel(r, e.seat));
          return [all(room([{ name: 'Маша' }, { name: 'Ваня' }, { name: 'Миша' }])),
            all(room([{ name: 'Александр' }, { name: 'Александра' }, { name: 'Ян' }])),
            all(room([{ name: 'Женя & Зина', members: 2 }, { name: 'Маша & Миша', members: 2 }]))];
        }""")
        assert cases == [["Ма", "Ва", "Ми"], ["Ал", "Ал2", "Ян"], ["ЖЗ", "ММ"]]
        for p in table.sockets:
            await p.close()


@pytest.mark.parametrize(("locale", "says"), [
    ("en-US", ["everyone tells 0–1 times", "everyone tells once", "everyone tells twice", "everyone tells 5–6 times",
               "everyone tells 3 times"]),
    ("ru-RU", ["каждый будет ведущим 0–1 раз", "каждый будет ведущим 1 раз", "каждый будет ведущим 2 раза",
               "каждый будет ведущим 5–6 раз", "каждый будет ведущим 3 раза"])])
async def test_the_game_length_counts_the_turns_in_words(ui, locale, says):
    """web/shared/length.js: a range ending in 1 is no "once", two turns are "twice"; Russian plurals as before."""
    _tv, code = await ui.tv(locale)
    page = await ui.page(f"/join/{code}", SIZES[1], locale, mobile=True)
    await expect(page.get_by_test_id("name")).to_be_visible()
    lines = await page.evaluate("""async () => {
      const { lengthText } = await import('/static/shared/length.js');
      const at = (low, high) => lengthText({ rounds: 12, turns_min: low, turns_max: high, minutes: 30, seats: 4,
        tellers: 4 });
      return [at(0, 1), at(1, 1), at(2, 2), at(5, 6), at(3, 3)];
    }""")
    for line, said in zip(lines, says, strict=True):
        assert said in line, (line, said)
