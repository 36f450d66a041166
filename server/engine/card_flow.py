"""The card flow: drawing (with the reshuffle of the discard when the deck is short), the per-round
deal, the refill after scoring, putting a cancelled round's cards back, and D8's look ahead at whether the
cards last a whole further cycle. Each step carries out a mode's plan (modes/plans.py) on a draft."""
from __future__ import annotations

from collections.abc import Sequence

from .rng import shuffled
from .state import Changes, GameState, evolve, write

#: Why a game ended because its cards ran out (D8 ends these after a full cycle of storytellers).
CARD_ENDS = frozenset({"hands_empty", "no_bot_cards", "deck_empty"})


def draw(s: GameState, n: int, may_reshuffle: bool, partial: bool = False) -> tuple[list[str], Changes] | None:
    """`n` cards off the top of the deck and the changes that takes; when the deck is short and
    `may_reshuffle`, the discard is shuffled in under it first. None (or, with `partial`, what there is)
    when the cards are not there."""
    deck: Sequence[str] = s.deck
    changes: Changes = {}
    if len(deck) < n and may_reshuffle and s.discard:
        fresh, rng = shuffled(s.rng, s.discard)
        deck = fresh + list(deck)
        # The dealt deck could not supply: "while the deck lasts" is over.
        changes["discard"], changes["rng"], changes["deck_ran_out"] = [], rng, True
    if len(deck) < n:
        if not partial:
            return None
        n = len(deck)
    cut = len(deck) - n
    changes["deck"] = deck[:cut]
    if not cut:
        changes["deck_ran_out"] = True
    return list(deck[cut:]), changes


def deal_round(s: GameState) -> GameState | None:
    """Carry out the mode's per-round deal (duel: the mammoth's card and new hands); None when the
    deck (and discard, D3d) cannot supply it."""
    rs, mode = s.ruleset, s.mode
    deal = mode.round_deal(s, rs)
    if deal is None:
        return s
    drawn = draw(s, deal.centre + sum(n for _, n in deal.hands), True)
    if drawn is None:
        return None
    cards, changes = drawn
    centre, at = cards[:deal.centre], deal.centre
    hands = dict(s.hands)
    for seat, n in deal.hands:
        hands[seat] = cards[at:at + n]
        at += n
    changes["hands"], changes["mammoth"] = hands, centre[0] if centre else None
    write(s, changes)
    return s


def refill(s: GameState) -> GameState:
    """Carry out the mode's refill plan (modes/plans.py `Refill`)."""
    rs, mode = s.ruleset, s.mode
    plan = mode.refill(s, rs)
    changes: Changes = {}
    if plan.discard_hands:
        changes["discard"] = [*s.discard, *(c for seat in s.seats for c in s.hands[seat])]
        changes["hands"] = {seat: [] for seat in s.hands}
        write(s, changes)
        changes = {}
    if not plan.draws:
        return s
    drawn = draw(s, sum(n for _, n in plan.draws), plan.may_reshuffle, plan.partial)
    if drawn is None:  # the plan counted the cards: only a partial draw may come up short
        return s
    cards, changes = drawn
    hands = dict(s.hands)
    at = 0
    for seat, n in plan.draws:  # seat order, one pile
        hands[seat] = [*hands[seat], *cards[at:at + n]]
        at += n
    changes["hands"] = hands
    write(s, changes)
    return s


def cards_end_cycle(s: GameState) -> str | None:
    """D8: after a round that completes a cycle of storytellers (the round number a multiple of the
    active seats), the game ends if the cards cannot supply a whole further cycle. Card counts are not
    random, so this plays the next rounds' cards on scratch states with the real steps (each hand that
    feeds the table gives one card, then extras and the refill as in play). Returns ``"equal_turns"``
    when they meet a card end before the cycle's last round, else None."""
    rs, mode = s.ruleset, s.mode
    if not (rs.equal_turns and mode.equal_turns) or s.settings.reshuffle:
        return None
    cycle = len(s.active_seats())
    if s.round % cycle:
        return None
    s = evolve(s, {})  # a scratch copy: the steps below write it, never the draft
    for _ in range(1, cycle):  # the cycle's last round may use the last cards
        hands = dict(s.hands)
        table: list[str] = []
        for seat in mode.plays_from_hand(s):
            table += hands[seat][:1]
            hands[seat] = hands[seat][1:]
        changes: Changes = {"hands": hands}
        if mode.extra_cards:
            drawn = draw(s, mode.extra_cards, mode.may_reshuffle_extras(s))
            if drawn is None:
                return "equal_turns"
            extra, changes = drawn
            changes["hands"] = hands
            table += extra
        changes["discard"] = [*changes.get("discard", s.discard), *table]
        write(s, changes)
        s = refill(s)
        reason = mode.end_reason(s, rs)
        if reason in CARD_ENDS:
            return "equal_turns"
    return None


def cancel_round(s: GameState) -> GameState:
    """Undo the round in progress: submitted and laid-out cards go back to their owners' hands, bot or
    deck cards back on top of the deck; the duel's mammoth card stays for the restarted round."""
    if s.phase not in ("playing", "voting") and not s.played:
        return s
    hands = {seat: list(hand) for seat, hand in s.hands.items()}
    deck = list(s.deck)
    mammoth = s.mammoth
    for owner, cards in s.played.items():
        hands[owner] += cards
    for owner, card in zip(s.owners, s.table, strict=True):
        if owner == "mammoth":
            mammoth = card
        elif owner in hands:
            hands[owner].append(card)
        else:
            deck.append(card)
    write(s, {"hands": hands, "deck": deck, "mammoth": mammoth, "played": {}, "table": [],
               "owners": [], "votes": {}, "entered": [], "association": None, "disputed": False})
    return s
