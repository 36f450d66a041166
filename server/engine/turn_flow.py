"""The turn flow: begin a turn (its conditions, D1's last card), lay the table out, score it and
refill, end the game. Steps GameState -> GameState that write only the draft (state.write)."""
from __future__ import annotations

from collections.abc import Sequence

from .card_flow import cancel_round, cards_end_cycle, draw, refill
from .modes import MODES
from .results import RoundResult
from .rng import shuffled
from .scoring import points_of, score
from .settings import Settings
from .state import Changes, GameState, write


def special_cells_apply(settings: Settings, n_seats: int) -> bool:
    """Whether a special cell can set a condition in a game of `settings` at a table of `n_seats` seats:
    the setting is on (RULES.md §4) and the storyteller has an elephant on the board (§3; kids: only
    against one child, §2.5). The pages show the cells and their legend only then (views)."""
    return settings.special_cells and MODES[settings.mode].storyteller_on_board(n_seats)


def turn_conditions(s: GameState, storyteller: str | None) -> list[str]:
    """Conditions on this turn's association: the storyteller's special cell at the start of their
    turn (000) and the permanent restriction (RULES.md §3, §4)."""
    settings, found = s.settings, []
    if storyteller is not None and special_cells_apply(settings, len(s.seats)):
        elephant = s.mode.storyteller_elephant(s, storyteller)
        if elephant is not None and elephant in s.elephants:
            condition = s.board.condition_at(s.elephants[elephant])
            if condition:
                found.append(condition)
    if settings.restriction and settings.restriction not in found:
        found.append(settings.restriction)
    return found


def begin_turn(s: GameState, storyteller: str | None, also: Changes | None = None) -> GameState:
    """A new turn for `storyteller` (with `also` changed too): telling, this turn's conditions, D1
    (hands and seats are as the turn begins)."""
    write(s, {**(also or {}), "phase": "telling", "storyteller": storyteller, "association": None,
              "disputed": False, "conditions": turn_conditions(s, storyteller), "played": {}, "table": [],
              "owners": [], "votes": {}, "abstained": [], "entered": [], "result": None, "last_card": is_last_card(s)})
    return s


def is_last_card(s: GameState) -> bool:
    """D1: every active hand that feeds the table holds exactly one card."""
    mode = s.mode
    if not mode.has_playing_phase:
        return False
    hands, holders = s.hands, mode.plays_from_hand(s)
    for seat in holders:
        if len(hands[seat]) != 1:
            return False
    return bool(holders)


def waiting_to_play(s: GameState) -> list[str]:
    """Active seats that still owe cards this round (a seat with an empty hand owes none)."""
    played, hands = s.played, s.hands
    return [seat for seat in s.active_seats() if seat not in played and hands[seat]]


def maybe_lay_out(s: GameState) -> GameState:
    """Lay the table out once every seat that owes cards has played and no dispute holds the reveal."""
    if s.phase != "playing" or s.disputed:
        return s
    played, hands, removed = s.played, s.hands, s.removed
    for seat in s.seats:  # early exit: this runs after every card
        if seat not in played and hands[seat] and seat not in removed:
            return s
    return lay_out(s)


def lay_out(s: GameState) -> GameState:
    """Shuffle the submitted cards (with bot/deck/mammoth cards) and number them 1..N."""
    mode = s.mode
    pairs = [(owner, card) for owner, cards in s.played.items() for card in cards]
    changes: Changes = {}
    if mode.extra_cards:
        drawn = draw(s, mode.extra_cards, mode.may_reshuffle_extras(s))
        if drawn is None:  # D3t "end": two bot cards cannot be drawn
            return finish(cancel_round(s), "no_bot_cards")
        extra, changes = drawn
        pairs += [(mode.extra_owner, card) for card in extra]
    if s.mammoth is not None:
        pairs.append(("mammoth", s.mammoth))
        changes["mammoth"] = None
    order, changes["rng"] = shuffled(changes.get("rng", s.rng), pairs)
    changes["owners"], changes["table"] = [owner for owner, _ in order], [card for _, card in order]
    changes["played"], changes["votes"], changes["abstained"], changes["entered"] = {}, {}, [], []
    changes["phase"] = "voting"
    write(s, changes)
    return maybe_score(s)


def maybe_score(s: GameState) -> GameState:
    """Score the round once every voter has voted (voting only), unless the mode waits for the adult's
    `reveal` then (`Mode.adult_reveals`, kids: RULES.md §2.5)."""
    if s.phase == "voting" and not s.mode.adult_reveals and not s.votes_missing():
        return score_table(s)
    return s


def score_table(s: GameState) -> GameState:
    """Score through `scoring.score`, move the elephants, discard, refill, then the end checks."""
    rs, mode = s.ruleset, s.mode
    table, owners, votes, storyteller = s.table, s.owners, s.votes, s.storyteller
    removed = s.removed
    inactive = [e for e in s.elephants if removed and _all_removed(mode.elephant_seats(s, e), removed)]
    assert storyteller is not None  # a table is only laid out once someone told
    sought = mode.sought_owner or storyteller
    # Voters who cast no vote (the host's skip, the timer) abstain: they did not find the card (D13).
    breakdown, outcome = score(rs, mode, storyteller, owners, votes, s.elephants, inactive, removed)
    points = points_of(breakdown)
    elephants = dict(s.elephants)
    for e, p in points.items():
        elephants[e] = max(0, elephants.get(e, 0) + p)
    target = owners.index(sought) + 1
    voters_of: list[list[str]] = [[] for _ in table]
    for voter, number in votes.items():
        voters_of[number - 1].append(voter)
    result: RoundResult = {
        "table": [{"number": i + 1, "card": card, "owner": owners[i], "votes": voters_of[i]}
                  for i, card in enumerate(table)],
        "storyteller": storyteller,
        "storyteller_card": None if mode.sought_owner else target,
        "target_card": target,
        "points": points, "breakdown": breakdown, "outcome": outcome,
    }
    write(s, {"elephants": elephants, "result": result, "discard": [*s.discard, *table],
              "table": [], "owners": [], "votes": {}, "abstained": [], "entered": [],
              "phase": "scored"})
    s = refill(s)
    reason = mode.end_reason(s, rs) or cards_end_cycle(s)
    return finish(s, reason) if reason else s


def _all_removed(seats: Sequence[str], removed: Sequence[str]) -> bool:
    """An elephant is inactive when it has seats and every one was removed (D11); the mammoth has none."""
    return bool(seats) and all(seat in removed for seat in seats)


def finish(s: GameState, reason: str) -> GameState:
    """End the game for `reason` (docs/architecture.md `end_reason`); the mode names the winners."""
    mode = s.mode
    winners = mode.winners(s, reason)
    write(s, {"phase": "game_over", "end_reason": reason, "winners": winners})
    return s
