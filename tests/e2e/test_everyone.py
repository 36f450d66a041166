"""Every guest can use the pages: axe-core (the accessibility engine browsers' own audits use) reads every
phone screen (join, the guest's and the host's lobby with the settings form and the deck choice, telling,
playing, voting, scored, game over, the story, the kids' adult screens up to the reveal and its result) and
every TV screen, in English and Russian, and finds no serious or critical violation. One server and one
browser for the whole run. Screenshots: test-output/everyone-*.png.
"""
import pytest
from playwright.async_api import expect

from tests.e2e.conftest import ROOT
from tests.e2e.test_modes import play, tell, vote, wait_phase

pytestmark = pytest.mark.asyncio(loop_scope="session")

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LOCALES = {"en": "en-US", "ru": "ru-RU"}
SPOKEN = {"en": {"turn": "Your turn", "voting": "Round 1: voting", "selected": "Card 1 of 6, selected"},
          "ru": {"turn": "Ваш ход", "voting": "Ход 1: голосование", "selected": "Карта 1 из 6, выбрана"}}


async def play_from_the_keyboard(page) -> None:
    """Selects the hand's first card with Enter and confirms it with Tab and Enter, as without a screen."""
    face = page.locator('.card-grid.selectable .grid-card .card[role="button"]').first
    await face.focus()
    await page.keyboard.press("Enter")
    await expect(face).to_have_attribute("aria-pressed", "true")
    confirm = page.get_by_test_id("confirm")
    await expect(confirm).to_be_enabled()
    for _ in range(30):                       # the hand's six cards and magnifiers, then the confirm bar
        if await confirm.evaluate("b => b === document.activeElement"):
            break
        await page.keyboard.press("Tab")
    await page.keyboard.press("Enter")
    await expect(page.locator(".card-grid.selectable")).to_have_count(0)


async def axe_serious(page) -> list[str]:
    """axe-core's serious and critical violations on what `page` shows now, one line each (rule, impact,
    the first offending elements)."""
    if not await page.evaluate("() => typeof window.axe === 'object'"):
        await page.add_script_tag(path=str(AXE))
    found = await page.evaluate("""async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} :: ` + v.nodes.slice(0, 4).map((n) => n.target.join(' ')
          + ' ' + n.failureSummary.replace(/\\s+/g, ' ')).join(' | '));
    }""")
    return found


# Visible phone controls smaller than a 44 × 44 px tap target (a checkbox counts with its label).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, input:not([type=hidden]), select, a[href], [role=button]')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => [el, (el.closest('label') || el).getBoundingClientRect()])
  .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
  .map(([el, r]) => `${el.tagName.toLowerCase()}[${el.dataset.testid || el.className}] `
    + `${Math.round(r.width)}x${Math.round(r.height)}`)"""


class Audit:
    """Collects violations screen by screen so one run reports every screen that fails."""

    def __init__(self, ui, lang: str) -> None:
        self.ui, self.lang, self.found = ui, lang, []

    async def check(self, page, screen: str) -> None:
        for line in await axe_serious(page):
            self.found.append(f"[{self.lang}] {screen}: {line}")
        if screen.startswith("phone-"):
            for line in await page.evaluate(SMALL_TARGETS):
                self.found.append(f"[{self.lang}] {screen}: tap target under 44 px: {line}")
        await self.ui.shot(page, f"{self.lang}-{screen}")


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_every_screen_passes_axe(ui, lang):
    ui.prefix = "everyone"
    audit = Audit(ui, lang)
    locale = LOCALES[lang]
    tv, code = await ui.tv(locale)
    await audit.check(tv, "tv-lobby-empty")
    join = await ui.page(f"/join/{code}", {"width": 390, "height": 844}, locale, mobile=True)
    await expect(join.get_by_test_id("name")).to_be_visible()
    await audit.check(join, "phone-join")
    phones = [await ui.phone(code, n, c, locale) for n, c in (("Аня", "red"), ("Борис", "blue"), ("Вика", "green"))]
    host = phones[0]
    await expect(tv.get_by_test_id("roster")).to_contain_text("Вика")
    await audit.check(tv, "tv-lobby")
    await audit.check(phones[1], "phone-lobby-guest")
    await expect(host.get_by_test_id("settings-form")).to_be_visible()
    await audit.check(host, "phone-lobby-host")
    await host.get_by_test_id("setting-deck").scroll_into_view_if_needed()
    await audit.check(host, "phone-lobby-deck")
    await host.get_by_test_id("host-menu-btn").click()
    await expect(host.get_by_test_id("host-menu")).to_be_visible()
    await audit.check(host, "phone-host-menu-lobby")
    await host.keyboard.press("Escape")
    await host.get_by_test_id("host-menu").click(position={"x": 5, "y": 5})
    await expect(host.get_by_test_id("host-menu")).to_have_count(0)

    st = await ui.start_trio(phones)
    await wait_phase(tv, "telling", 1)
    await audit.check(tv, "tv-telling")
    await audit.check(st, "phone-telling-storyteller")
    others = [p for p in phones if p is not st]
    await audit.check(others[0], "phone-telling-waiting")
    await tell(st, "Who ate the cake?")
    await wait_phase(tv, "playing")
    await expect(others[0].locator(".card-grid.selectable .grid-card")).to_have_count(6)
    await audit.check(tv, "tv-playing")
    await audit.check(others[0], "phone-playing")
    await audit.check(st, "phone-playing-storyteller")
    spoken = SPOKEN[lang]
    await expect(others[0].get_by_test_id("announce")).to_contain_text(spoken["turn"])
    await others[0].locator('.card-grid.selectable .card[role="button"]').first.press("Enter")
    await expect(others[0].locator(".card-grid.selectable [aria-pressed=true]")).to_have_attribute(
        "aria-label", spoken["selected"])
    await others[0].locator('.card-grid.selectable .card[role="button"]').first.press("Enter")   # unselects
    await play_from_the_keyboard(others[0])
    await play(others[1])
    await wait_phase(tv, "voting")
    await expect(others[0].locator(".card-grid.selectable .grid-card")).to_have_count(5)
    await expect(others[0].get_by_test_id("announce")).to_contain_text(spoken["voting"])
    await audit.check(tv, "tv-voting")
    await audit.check(others[0], "phone-voting")
    await audit.check(st, "phone-voting-storyteller")
    for p in others:
        number = await p.locator(".card-grid.selectable .grid-card:not(.disabled)").first.get_attribute("data-number")
        await vote(p, int(number))
    await wait_phase(tv, "scored")
    await audit.check(tv, "tv-scored")
    await audit.check(others[0], "phone-scored")
    await host.get_by_test_id("host-menu-btn").click()
    await expect(host.get_by_test_id("host-menu")).to_be_visible()
    await audit.check(host, "phone-host-menu-game")
    await host.get_by_test_id("end-game").click()
    await host.get_by_test_id("end-game").click()
    await wait_phase(tv, "game_over")
    await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
    await audit.check(tv, "tv-game-over")
    await expect(others[0].get_by_test_id("phone-game-over")).to_be_visible()
    await audit.check(others[0], "phone-game-over")
    await audit.check(host, "phone-game-over-host")
    await others[0].get_by_test_id("open-story").click()
    await expect(others[0].get_by_test_id("phone-story")).to_be_visible()
    await audit.check(others[0], "phone-story")

    # The kids' table: one adult's phone plays for the children.
    tv2, code2 = await ui.tv(locale)
    adult = await ui.phone(code2, "Mum", "purple", locale)
    await adult.get_by_test_id("setting-mode").select_option("kids")
    for name, colour in (("Petya", "orange"), ("Olya", "pink")):
        await adult.get_by_test_id("child-name").fill(name)
        await adult.get_by_test_id("child-colours").locator(f'[data-colour="{colour}"]').click()
        await adult.get_by_test_id("add-child").click()
        await expect(tv2.get_by_test_id("roster")).to_contain_text(name)
    await audit.check(adult, "phone-kids-lobby")
    await audit.check(tv2, "tv-kids-lobby")
    await adult.get_by_test_id("kids-filter-open").click()
    await audit.check(adult, "phone-kids-filter")
    await adult.keyboard.press("Escape")
    await adult.goto(adult.url)
    await expect(adult.get_by_test_id("start")).to_be_visible()
    await adult.get_by_test_id("start").click()
    await expect(adult.get_by_test_id("you-tell")).to_be_visible()
    await audit.check(adult, "phone-kids-telling")
    await audit.check(tv2, "tv-kids-telling")
    # The adult enters each child's guess, then turns the cards with «Открыть карты» / "Reveal!" (RULES.md §2.5).
    await tell(adult, "Who ate the cake?")
    await wait_phase(tv2, "voting")
    await expect(adult.get_by_test_id("child-chip")).to_have_count(2)
    await audit.check(adult, "phone-kids-voting")
    await audit.check(tv2, "tv-kids-voting")
    for n in (1, 2):
        await adult.get_by_test_id("child-chip").first.click()
        await vote(adult, n)
        await expect(adult.get_by_test_id("child-chip")).to_have_count(2 - n)
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    await expect(tv2.get_by_test_id("reveal-wait")).to_be_visible()
    await audit.check(adult, "phone-kids-reveal")
    await audit.check(tv2, "tv-kids-reveal")
    await adult.get_by_test_id("confirm").click()
    await wait_phase(tv2, "scored")
    await expect(adult.get_by_test_id("next-round")).to_be_visible()
    await audit.check(adult, "phone-kids-scored")
    await audit.check(tv2, "tv-kids-scored")
    assert not audit.found, "axe-core found serious or critical violations:\n" + "\n".join(audit.found)
