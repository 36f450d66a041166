"""Every table mode through the real pages (RULES.md §2): headless Chromium drives the TV and the phones
against a real server process, taps the phones' UI as people would, and checks what the TV and the phones
show. Screenshots of each phase go to test-output/<mode>-*.png.

Which card is whose is known to the test the way the players know it: the storyteller saw the card they
told with and each player the card(s) they played; a table card nobody played came from the deck (trio) or
is the mammoth's (duel).
"""
import re

import pytest
from playwright.async_api import expect

pytestmark = pytest.mark.asyncio(loop_scope="session")


# --- helpers: one phase at a time, through the UI ------------------------------------------------------

async def seat_of(phone) -> str:
    """The elephant a phone plays for (pairs: its team), as the page marks it."""
    main = phone.locator("main.phone-main")
    await expect(main).to_have_attribute("data-seat", re.compile(r".+"))
    return await main.get_attribute("data-seat")


async def wait_phase(tv, phase: str, round_no: int | None = None) -> None:
    main = tv.locator("main.tv-main")
    await expect(main).to_have_attribute("data-phase", phase)
    if round_no is not None:
        await expect(main).to_have_attribute("data-round", str(round_no))


async def tellers(phones, round_no: int) -> list:
    """The phones that show the storyteller's form this round (two in pairs: both phones of the team)."""
    for phone in phones:
        await expect(phone.locator("main.phone-main")).to_have_attribute("data-round", str(round_no))
        await expect(phone.get_by_test_id("phone-telling")).to_be_visible()
    return [p for p in phones if await p.get_by_test_id("you-tell").count()]


async def reveal(adult, label: str) -> None:
    """Kids: every guess is in; the adult taps "Reveal!" (RULES.md §2.5)."""
    await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
    button = adult.get_by_test_id("confirm")
    await expect(button).to_have_text(label)
    await button.click()


# Four words and a question: fits every condition the server checks (special cells, restrictions).
ASSOCIATIONS = ["Кто съел мой торт?", "Где спит старый кот?", "Куда летят все сны?", "Что шепчет тихий лес?",
                "Who ate the cake?", "Where do dreams go?", "Why is snow cold?", "What hides the moon?"]


def association(round_no: int) -> str:
    return ASSOCIATIONS[(round_no - 1) % len(ASSOCIATIONS)]


async def tell(phone, association: str) -> str:
    """Selects the first card of the hand, types the association, confirms; returns the card id."""
    grid = phone.locator(".card-grid.selectable")
    card = grid.locator(".grid-card").first
    card_id = await card.get_attribute("data-card")
    await card.click()
    await phone.get_by_test_id("association-input").fill(association)
    await phone.get_by_test_id("confirm").click()
    return card_id


async def play(phone, n: int = 1) -> list[str]:
    """Selects the first n cards of the hand and confirms; returns their ids."""
    grid = phone.locator(".card-grid.selectable")
    await expect(grid.locator(".grid-card")).to_have_count(6)
    cards = grid.locator(".grid-card")
    ids = []
    for i in range(n):
        ids.append(await cards.nth(i).get_attribute("data-card"))
        await cards.nth(i).click()
    await phone.get_by_test_id("confirm").click()
    return ids


async def table_cards(tv, n: int) -> dict[str, int]:
    """card id -> table number, once the TV shows n face-up cards."""
    cards = tv.get_by_test_id("table-card")
    await expect(cards).to_have_count(n)
    await expect(tv.locator(".table-card.revealed")).to_have_count(n)
    return {await c.get_attribute("data-card"): int(await c.get_attribute("data-number")) for c in await cards.all()}


async def vote(phone, number: int) -> None:
    """Selects table card `number` on the phone and confirms."""
    grid = phone.locator(".card-grid.selectable")
    await grid.locator(f'.grid-card[data-number="{number}"]').click()
    confirm = phone.get_by_test_id("confirm")
    await expect(confirm).to_contain_text(str(number))
    await confirm.click()


# --- trio -----------------------------------------------------------------------------------------------

async def test_trio_three_players_and_two_cards_from_the_deck(ui):
    ui.prefix = "trio"
    tv, code = await ui.tv()
    names = [("Аня", "red"), ("Борис", "blue"), ("Вика", "green")]
    phones = [await ui.phone(code, n, c) for n, c in names]
    host = phones[0]
    await host.get_by_test_id("setting-mode").select_option("trio")
    await expect(tv.locator(".settings")).to_contain_text("Trio")
    deck_empty = host.get_by_test_id("setting-when_deck_empty")
    await expect(deck_empty).to_be_visible()        # offered in trio only
    await deck_empty.select_option("end")
    await expect(tv.locator(".settings")).to_contain_text("Bot cards run out: End the game")
    await ui.shot(tv, "tv-lobby")
    await ui.shot(host, "phone-lobby-host")
    await host.get_by_test_id("start").click()

    for round_no in (1, 2, 3):
        await wait_phase(tv, "telling", round_no)
        [st] = await tellers(phones, round_no)
        if round_no == 1:
            await ui.shot(tv, "tv-telling")
        told = await tell(st, association(round_no))
        await wait_phase(tv, "playing")
        voters = [p for p in phones if p is not st]
        # Three players' cards and two slots for the cards from the deck.
        await expect(tv.get_by_test_id("card-backs").locator(".card")).to_have_count(5)
        played = {}
        for i, phone in enumerate(voters):
            [played[i]] = await play(phone)
            if round_no == 1 and i == 0:
                await expect(tv.get_by_test_id("card-backs").locator(".card-back")).to_have_count(2)
                await ui.shot(tv, "tv-playing")
        await wait_phase(tv, "voting")
        table = await table_cards(tv, 5)                 # five cards: three players' and two from the deck
        bots = [n for card, n in table.items() if card not in {told, *played.values()}]
        assert len(bots) == 2
        if round_no == 1:
            await ui.shot(tv, "tv-voting")
            await expect(voters[0].locator(".card-grid.selectable .grid-card")).to_have_count(5)
            await ui.shot(voters[0], "phone-voting")
        # The first voter picks a card from the deck (it scores nothing), the second the storyteller's.
        await vote(voters[0], bots[0])
        await vote(voters[1], table[told])
        await wait_phase(tv, "scored")
        plates = tv.locator(".owner-plate")
        await expect(plates).to_have_count(5)
        await expect(plates.filter(has_text="from the deck")).to_have_count(2)
        nothing = tv.get_by_test_id("scores-nothing")
        await expect(nothing).to_have_count(1)
        bot_card = tv.locator(f'.table-card[data-number="{bots[0]}"]')
        await expect(bot_card.get_by_test_id("scores-nothing")).to_be_visible()
        # Nobody gets a point for the vote on the deck's card: the first voter only guessed wrong (0),
        # and the storyteller's points count one correct voter (3 + 1).
        st_seat = await seat_of(st)
        v0_seat = await seat_of(voters[0])
        points = tv.get_by_test_id("tv-scored")   # each player's under their own card's plate
        await expect(points.locator(f'[data-elephant="{v0_seat}"] .points-value')).to_have_text("0")
        await expect(points.locator(f'[data-elephant="{st_seat}"] .points-value')).to_have_text("+4")
        if round_no == 1:
            await ui.shot(tv, "tv-scored")
            await ui.shot(voters[0], "phone-scored")
        await phones[0].get_by_test_id("next-round").click()
    await wait_phase(tv, "telling", 4)


# --- duel -----------------------------------------------------------------------------------------------

async def test_duel_two_players_race_the_mammoth(ui):
    ui.prefix = "duel"
    tv, code = await ui.tv(locale="ru-RU")
    phones = [await ui.phone(code, "Аня", "red", "ru-RU"), await ui.phone(code, "Борис", "blue")]
    host = phones[0]
    await host.get_by_test_id("setting-mode").select_option("duel")
    await host.get_by_test_id("setting-lang").select_option("ru")          # the TV speaks Russian
    await expect(tv.locator(".settings")).to_contain_text("Вдвоём против мамонта")
    await ui.shot(tv, "tv-lobby")
    await host.get_by_test_id("start").click()
    await expect(tv.get_by_test_id("race-row")).to_have_count(2)

    # Round 1: both miss the mammoth's card (mammoth +3); rounds 2 and 3: both find it (elephant +2 each).
    for round_no in (1, 2, 3):
        await wait_phase(tv, "telling", round_no)
        [st] = await tellers(phones, round_no)
        other = next(p for p in phones if p is not st)
        # The storyteller names the association before seeing any card (RULES.md §2.4).
        await expect(st.get_by_test_id("association-input")).to_be_visible()
        await expect(st.locator(".grid-card")).to_have_count(0)
        await expect(other.locator(".grid-card")).to_have_count(0)
        if round_no == 1:
            await ui.shot(st, "phone-telling")
            await ui.shot(tv, "tv-telling")
        await st.get_by_test_id("association-input").fill(association(round_no))
        await st.get_by_test_id("confirm").click()
        await wait_phase(tv, "playing")
        # Only now both hands show: six new cards each; both choose two.
        played = []
        for i, phone in enumerate(phones):
            confirm = phone.get_by_test_id("confirm")
            grid = phone.locator(".card-grid.selectable")
            await expect(grid.locator(".grid-card")).to_have_count(6)
            await grid.locator(".grid-card").first.click()
            await expect(confirm).to_be_disabled()          # two cards, not one
            await expect(confirm).to_contain_text(re.compile(r"(Choose|Выберите ещё) 1"))
            if round_no == 1 and i == 0:
                await ui.shot(phone, "phone-hand")
            played += await play_second_and_confirm(phone)
            if round_no == 1 and i == 0:
                await ui.shot(tv, "tv-playing")
        await wait_phase(tv, "voting")
        table = await table_cards(tv, 5)
        [mammoth] = [n for card, n in table.items() if card not in played]
        if round_no == 1:
            await ui.shot(tv, "tv-voting")
        for phone in phones:
            mine = set(await played_of(phone))
            await expect(phone.locator(".card-grid.selectable .grid-card.disabled")).to_have_count(2)
            choice = mammoth if round_no > 1 else next(n for c, n in table.items() if n != mammoth and c not in mine)
            if round_no == 1 and phone is phones[0]:
                await expect(phone.locator(".vote-form")).to_contain_text("Какая карта — мамонта?")
                await ui.shot(phone, "phone-voting")
            await vote(phone, choice)
        await wait_phase(tv, "scored")
        mammoth_card = tv.locator(f'.table-card[data-number="{mammoth}"]')
        await expect(mammoth_card).to_have_class(re.compile("storyteller-card"))
        await expect(mammoth_card.locator(".owner-plate")).to_have_text(re.compile("Мамонт"))
        await expect(mammoth_card.locator(".owner-star")).to_have_count(0)      # sought, but nobody told with it
        elephant, beast = ("0", "+3") if round_no == 1 else ("+2", "0")
        await expect(tv.locator('.points-item[data-elephant="elephant"] .points-value')).to_have_text(elephant)
        await expect(tv.locator('.points-item[data-elephant="mammoth"] .points-value')).to_have_text(beast)
        race = tv.get_by_test_id("race-row")
        await expect(race.filter(has_text="Мамонт")).to_contain_text("3/20")
        await expect(race.filter(has_text="Наш слон")).to_contain_text(f"{2 * (round_no - 1)}/20")
        if round_no <= 2:
            await ui.shot(tv, f"tv-scored-{round_no}")
        # The phones show the mammoth's move too (phones[1] speaks English).
        mammoth = 3 if round_no == 1 else 0
        await expect(phones[1].get_by_test_id("mammoth-points")).to_have_text(f"The mammoth: +{mammoth}")
        if round_no == 1:
            await ui.shot(phones[1], "phone-scored")
        await phones[0].get_by_test_id("next-round").click()

    # The race to cell 20 takes more rounds than a test should; the host ends it: the elephant leads 4 to 3.
    await wait_phase(tv, "telling", 4)
    await host.get_by_test_id("host-menu-btn").click()
    await host.get_by_test_id("end-game").click()
    await host.get_by_test_id("end-game").click()
    await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
    await expect(tv.get_by_test_id("winners")).to_contain_text("Вы обогнали мамонта!")
    for phone in phones:
        await expect(phone.get_by_test_id("phone-game-over")).to_be_visible()
        await expect(phone.get_by_test_id("storyteller-badge")).to_have_count(0)   # nobody tells any more
    await expect(phones[1].locator(".final-title")).to_have_text("You beat the mammoth!")
    await ui.shot(tv, "tv-game-over")
    await ui.shot(phones[0], "phone-game-over")


async def play_second_and_confirm(phone) -> list[str]:
    """Duel: the first card is selected already; select the second and confirm. Returns both ids."""
    cards = phone.locator(".card-grid.selectable .grid-card")
    ids = [await cards.nth(0).get_attribute("data-card"), await cards.nth(1).get_attribute("data-card")]
    await cards.nth(1).click()
    confirm = phone.get_by_test_id("confirm")
    await expect(confirm).to_be_enabled()
    await confirm.click()
    await expect(phone.get_by_test_id("played").or_(phone.get_by_test_id("phone-voting"))).to_be_visible()
    return ids


async def played_of(phone) -> list[str]:
    """The cards marked "your card" on the phone's voting grid."""
    grid = phone.locator(".card-grid.selectable")
    return [await c.get_attribute("data-card") for c in await grid.locator(".grid-card.disabled").all()]


# --- kids -----------------------------------------------------------------------------------------------

async def test_kids_the_adults_phone_runs_the_game_for_children_without_phones(ui):
    ui.prefix = "kids"
    tv, code = await ui.tv(locale="ru-RU")
    adult = await ui.phone(code, "Мама", "purple", "ru-RU")
    # Children are added by name and colour on the adult's phone; they have no phone.
    await ui.add_children(adult, tv, (("Петя", "orange"), ("Оля", "pink")))
    await adult.get_by_test_id("setting-lang").select_option("ru")         # the TV speaks Russian
    await expect(tv.locator(".settings")).to_contain_text("Детская")
    await expect(tv.get_by_test_id("roster-item").filter(has_text="Оля").locator(".token")).to_have_css(
        "background-color", "rgb(255, 89, 136)")     # pink
    await ui.shot(tv, "tv-lobby")
    await ui.shot(adult, "phone-lobby")
    await adult.get_by_test_id("start").click()

    child_seat = {}
    for round_no in (1, 2, 3):
        await wait_phase(tv, "telling", round_no)
        await expect(adult.get_by_test_id("you-tell")).to_be_visible()   # the adult tells every round
        if round_no == 1:
            await ui.shot(adult, "phone-telling")
            await ui.shot(tv, "tv-telling")
        told = await tell(adult, association(round_no))
        await wait_phase(tv, "voting")
        table = await table_cards(tv, 3)                    # three big numbered cards
        right = table[told]
        wrong = next(n for n in table.values() if n != right)
        if round_no == 1:
            await ui.shot(tv, "tv-voting")
        # The children look on: the adult's phone marks no card as the adult's before the reveal.
        await expect(adult.locator(".card-grid.selectable .grid-card")).to_have_count(3)
        await expect(adult.locator(".grid-label")).to_have_count(0)
        await expect(adult.locator(".grid-card.disabled")).to_have_count(0)
        await expect(adult.get_by_test_id("phone-voting")).not_to_contain_text(
            re.compile("ваша карта|your card", re.IGNORECASE))
        # Round 1: Петя right, Оля wrong. Round 2: Оля (now last) right. Round 3: both right (Петя now last).
        plan = {1: {"Петя": right, "Оля": wrong}, 2: {"Петя": wrong, "Оля": right}, 3: {"Петя": right, "Оля": right}}
        for name, number in plan[round_no].items():
            chip = adult.get_by_test_id("child-chip").filter(has_text=name)
            await chip.click()
            await expect(chip).to_have_attribute("aria-pressed", "true")
            child_seat[name] = await chip.get_attribute("data-seat")
            await adult.locator(f'.card-grid.selectable .grid-card[data-number="{number}"]').click()
            confirm = adult.get_by_test_id("confirm")
            await expect(confirm).to_contain_text(name)
            if round_no == 1 and name == "Петя":
                await ui.shot(adult, "phone-voting")
            await confirm.click()
            if name == "Петя":
                await expect(adult.get_by_test_id("child-chip").filter(has_text="Петя")).to_have_count(0)
        # Every guess is in: the cards wait for the adult's "Reveal!" (RULES.md §2.5).
        await expect(tv.get_by_test_id("reveal-wait")).to_have_text("Ждём, когда Мама откроет карты")
        if round_no == 1:
            await expect(adult.get_by_test_id("reveal-form")).to_be_visible()
            await ui.shot(adult, "phone-reveal")
            await ui.shot(tv, "tv-waits-for-the-adult")
        await reveal(adult, "Открыть карты")
        await wait_phase(tv, "scored")
        cheer = tv.get_by_test_id("kids-cheer")   # the finders' rows of this round's points, cheered
        winners = [n for n, v in plan[round_no].items() if v == right]
        await expect(cheer).to_have_count(len(winners))
        for name in winners:
            await expect(cheer.filter(has_text=name)).to_have_count(1)
        # Round 2: Оля was last and found the card: 3 cells instead of 1 (RULES.md §2.5); round 3: Петя.
        catch_up = {2: "Оля", 3: "Петя"}.get(round_no)
        await expect(cheer.get_by_test_id("catch-up")).to_have_count(1 if catch_up else 0)
        if catch_up:
            points = tv.locator(f'.points-item[data-elephant="{child_seat[catch_up]}"] .points-value')
            await expect(points).to_have_text("+3")
        if round_no == 2:
            await ui.shot(tv, "tv-scored-catch-up")
        if round_no == 1:
            await ui.shot(tv, "tv-scored")
            await ui.shot(adult, "phone-scored")
        await adult.get_by_test_id("next-round").click()

    # A lap takes many rounds; the adult ends the game from the host menu.
    await wait_phase(tv, "telling", 4)
    await adult.get_by_test_id("host-menu-btn").click()
    # The settings are locked during the game: the host menu shows them, read only.
    await expect(adult.get_by_test_id("locked-settings")).to_contain_text(re.compile("Дет|Kids"))
    await ui.shot(adult, "phone-host-menu")
    await adult.get_by_test_id("end-game").click()
    await adult.get_by_test_id("end-game").click()
    await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
    winners = tv.get_by_test_id("winners")
    for name in ("Оля", "Петя"):                    # 0 + 3 + 1 = 4 and 1 + 0 + 3 = 4: a tie, both win
        await expect(winners).to_contain_text(name)
    await ui.shot(tv, "tv-game-over")


# --- pairs ----------------------------------------------------------------------------------------------

PAIRS = [("Аня", "red"), ("Борис", "blue"), ("Вика", "yellow"), ("Гоша", "green"), ("Даша", "purple"),
         ("Егор", "orange"), ("Женя", "teal"), ("Зоя", "pink")]


async def test_pairs_eight_phones_four_teams(ui):
    ui.prefix = "pairs"
    tv, code = await ui.tv()
    phones = [await ui.phone(code, n, c, "ru-RU" if i % 2 else "en-US") for i, (n, c) in enumerate(PAIRS)]
    host = phones[0]
    # Eight people: the room pairs them by itself, in the order they came (RULES.md §2.2).
    items = tv.get_by_test_id("roster-item")
    await expect(items).to_have_count(4)
    await expect(items.nth(0)).to_contain_text("Аня & Борис")
    await expect(tv.locator(".settings")).to_contain_text("Pairs")
    # The host swaps Борис and Вика: teams Аня & Вика, Борис & Гоша.
    teams = host.get_by_test_id("teams")
    await teams.get_by_test_id("team-person").filter(has_text="Борис").click()
    await expect(teams.locator(".team-person.picked")).to_have_text("Борис")
    await ui.shot(host, "phone-lobby-teams")
    await teams.get_by_test_id("team-person").filter(has_text="Вика").click()
    await expect(items.nth(0)).to_contain_text("Аня & Вика")
    await expect(items.nth(1)).to_contain_text("Борис & Гоша")
    await ui.shot(tv, "tv-lobby")
    await host.get_by_test_id("start").click()

    seats = {}
    for phone in phones:
        seats.setdefault(await seat_of(phone), []).append(phone)
    assert sorted(len(v) for v in seats.values()) == [2, 2, 2, 2]
    partner = {p: next(q for q in seats[s] if q is not p) for s, team in seats.items() for p in team}

    for round_no in (1, 2, 3):
        await wait_phase(tv, "telling", round_no)
        both = await tellers(phones, round_no)
        assert len(both) == 2 and partner[both[0]] is both[1], "both phones of the storyteller's team tell"
        assert await hand(both[0]) == await hand(both[1])        # one hand per team
        teller, mate = both[round_no % 2], both[1 - round_no % 2]
        await mate.locator(".card-grid.selectable .grid-card").nth(1).click()   # the partner is still choosing…
        if round_no == 1:
            await ui.shot(tv, "tv-telling")
            # A team is plural in both languages (the TV speaks English, odd phones Russian).
            await expect(tv.locator(".storyteller-role")).to_contain_text("are the storytellers")
            waiting = [p for p in phones if p not in both]
            for phone in waiting:
                await expect(phone.get_by_test_id("wait-tell")).to_contain_text(
                    re.compile("are the storytellers|Ведущие — .*Пока ведущие думают"))
        await tell(teller, association(round_no))
        # …and sees the choice made on the other phone at once.
        await expect(mate.get_by_test_id("partner-line")).to_contain_text(await name_of(teller))
        await expect(mate.get_by_test_id("confirm")).to_have_count(0)
        await expect(mate.locator(".played-card")).to_have_count(1)
        if round_no == 1:
            await ui.shot(mate, "phone-partner-told")
        await wait_phase(tv, "playing")
        teams = [team for s, team in seats.items() if teller not in team]
        for i, team in enumerate(teams):
            actor, other = team[round_no % 2], team[1 - round_no % 2]
            [card] = await play(actor)
            if i < len(teams) - 1:     # the last card down starts the voting at once
                await expect(other.get_by_test_id("partner-line")).to_contain_text(await name_of(actor))
                await expect(other.locator(f'.played-card img[src*="/{card}."]')).to_have_count(1)
                if round_no == 1 and i == 0:
                    await ui.shot(other, "phone-partner-played")
                    await ui.shot(tv, "tv-playing")
        await wait_phase(tv, "voting")
        await table_cards(tv, 4)
        if round_no == 1:
            await ui.shot(tv, "tv-voting")
        for i, team in enumerate(teams):
            actor, other = team[round_no % 2], team[1 - round_no % 2]
            grid = actor.locator(".card-grid.selectable")
            await expect(grid.locator(".grid-card.disabled")).to_have_count(1)   # the team's own card
            number = int(await grid.locator(".grid-card:not(.disabled)").first.get_attribute("data-number"))
            await vote(actor, number)
            if i < len(teams) - 1:
                await expect(other.get_by_test_id("partner-line")).to_contain_text(str(number))
                if round_no == 1 and i == 0:
                    await ui.shot(other, "phone-partner-voted")
        await wait_phase(tv, "scored")
        # pairs: each team's points under its card's plate, which names the whole team
        points = tv.locator("[data-testid=tv-scored] [data-testid=plate-points]")
        await expect(points).to_have_count(4)
        await expect(tv.locator("[data-testid=tv-scored] .owner-plate", has_text="Аня & Вика")).to_have_count(1)
        if round_no == 1:
            await ui.shot(tv, "tv-scored")
            await ui.shot(phones[3], "phone-scored")
        await both[0].get_by_test_id("next-round").click()   # the storyteller (a phone of the team) moves on
    await wait_phase(tv, "telling", 4)


async def hand(phone) -> list[str]:
    cards = phone.get_by_test_id("phone-telling").locator(".grid-card")
    await expect(cards).to_have_count(6)
    return [await c.get_attribute("data-card") for c in await cards.all()]


async def name_of(phone) -> str:
    return (await phone.locator(".phone-top .me-name").text_content()).strip()


async def test_kids_one_child_plays_against_the_adults_elephant(ui):
    ui.prefix = "kids-one-child"
    tv, code = await ui.tv()
    adult = await ui.phone(code, "Папа", "navy")
    await adult.get_by_test_id("setting-mode").select_option("kids")
    await adult.get_by_test_id("child-name").fill("Петя")
    await adult.get_by_test_id("add-child").click()
    await expect(tv.get_by_test_id("roster")).to_contain_text("Петя")
    await adult.get_by_test_id("start").click()
    await wait_phase(tv, "telling", 1)
    # Two elephants: the child's and the adult's (RULES.md §2.5).
    await expect(tv.get_by_test_id("standings").locator(".standing")).to_have_count(2)
    told = await tell(adult, association(1))
    await wait_phase(tv, "voting")
    table = await table_cards(tv, 3)
    wrong = next(n for c, n in table.items() if c != told)
    await adult.locator(f'.card-grid.selectable .grid-card[data-number="{wrong}"]').click()
    await adult.get_by_test_id("confirm").click()
    await expect(tv.get_by_test_id("reveal-wait")).to_have_text("Waiting for Папа to reveal the cards")
    await reveal(adult, "Reveal!")
    # The child missed: the adult's elephant moves one cell, the child's stays.
    await wait_phase(tv, "scored")
    adult_seat = await seat_of(adult)
    await expect(tv.locator(f'.points-item[data-elephant="{adult_seat}"] .points-value')).to_have_text("+1")
    await expect(tv.get_by_test_id("kids-cheer")).to_have_count(0)
    await ui.shot(tv, "tv-scored")
