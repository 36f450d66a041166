"""The pure transition: `new_game` and `apply(state, seat, action) -> state`.
No events: the views are the one account of what happened (docs/architecture.md "Events").

Order of checks (boardgame.io's master): well-formed action, game not over, who may send it, phase,
then the rule. A refusal raises before anything is built, so the input state is never touched. An
accepted action gets one *draft* (`state.draft`: a copy with the next version) and runs as a few
steps that write only the draft, through `state.write` (state.py is the one place that writes a
state). Modes and rulesets are asked through their hooks, which only read and return plans (modes.py
`Refill`, `RoundDeal`) that the steps here carry out.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .association import checked_association
from .board import Board
from .deck import cards_in_play, min_deck_size
from .errors import IllegalAction, MalformedAction
from .families import NOBODY
from .modes import MODES, Mode
from .results import RoundResult
from .rng import seed_state, shuffled
from .rulesets import RULESETS, Ruleset
from .scoring import points_of, score
from .settings import Settings
from .state import Changes, GameState, draft, evolve, write

#: An action as it arrives: a JSON object with a ``type`` (docs/architecture.md "Actions"); its values
#: are typed by `_check_fields` before any handler reads them.
Action = Mapping[str, Any]
Handler = Callable[[GameState, str | None, Action], GameState]

TABLE_ACTIONS = frozenset({"end_game", "remove_player", "return_player", "skip"})  # seat=None only
#: Why a game ended because its cards ran out (D8 ends these after a full cycle of storytellers).
CARD_ENDS = frozenset({"hands_empty", "no_bot_cards", "deck_empty"})
_FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "card": str, "association": (str, type(None)), "for": str, "seat": str, "cards": list}
_REQUIRED = {"vote": ("card",), "restate": ("association",), "remove_player": ("seat",),
             "return_player": ("seat",)}


def _check_fields(kind: str, action: Action) -> None:
    """Well-formedness, before any rule: required fields present, known fields well typed."""
    for key in _REQUIRED.get(kind, ()):
        if action.get(key) is None:
            raise MalformedAction(f"`{kind}` needs `{key}`")
    for key, value in action.items():
        types = int if kind == "vote" and key == "card" else _FIELD_TYPES.get(key)
        if types is None or type(value) is types:
            continue  # extra keys (the room's own) are ignored; the exact type is the common case
        if types is int or not isinstance(value, types):  # (a bool is no table number)
            raise MalformedAction(f"`{key}` has the wrong type")
    if kind == "play_card":
        if ("card" in action) == ("cards" in action):
            raise MalformedAction("`play_card` needs `card` (duel: `cards`)")
        if "cards" in action and not all(isinstance(c, str) for c in action["cards"]):
            raise MalformedAction("`cards` must be a list of card ids")


def _ruleset_mode(s: GameState) -> tuple[Ruleset, Mode]:
    settings = s.settings
    return RULESETS[settings.ruleset], MODES[settings.mode]


# -- building a new game ---------------------------------------------------------------------------

def new_game(settings: Settings, seats: Sequence[str], deck: Sequence[str], board: Board, seed: int, *,
             storyteller: str | None = None) -> GameState:
    """A new game, dealt and waiting for the first association (phase ``telling``).

    :param settings: `Settings` (validated here against the seat count)
    :param seats: seat ids in clockwise order (pairs: one seat per team)
    :param deck: the card ids of the chosen deck (kids: already filtered by the adult); the cards in
        play are chosen at random by RULES.md §1.3 / D2 and the rest set aside unseen
    :param board: `Board` (RULES.md §3)
    :param seed: any int; the game's whole randomness follows from it
    :param storyteller: the first storyteller when the host picks (required with
        ``first_storyteller = host``; wins over the draw if given); kids: the adult (default: seats[0])
    :raises IllegalAction: ``bad_settings`` (combination, seat count, short-game cell off the board),
        ``deck_too_small`` (``needed=``), ``no_such_seat`` (unknown or missing chosen storyteller).
    :raises MalformedAction: seats or deck not lists of distinct strings.
    """
    settings.validate(len(seats), board)
    for name, items in (("seats", seats), ("deck", deck)):
        if (not isinstance(items, (list, tuple)) or not all(isinstance(x, str) and x for x in items)
                or len(set(items)) != len(items)):
            raise MalformedAction(f"{name} must be a list of distinct non-empty strings")
    if NOBODY.intersection(seats) or "elephant" in seats:
        raise MalformedAction(f"seat ids {sorted(NOBODY)} and 'elephant' are reserved")
    if storyteller is not None and storyteller not in seats:
        raise IllegalAction("no_such_seat", f"no seat {storyteller!r}", seat=storyteller)
    needed = min_deck_size(settings, len(seats))
    if len(deck) < needed:
        raise IllegalAction("deck_too_small", f"this table needs at least {needed} cards",
                            needed=needed, have=len(deck))
    rs, mode = RULESETS[settings.ruleset], MODES[settings.mode]
    seat_list = list(seats)
    adult = (storyteller or seat_list[0]) if mode.has_adult else None
    cards, rng = shuffled(seed_state(seed), deck)
    keep = cards_in_play(settings, len(cards), len(seat_list))
    pile = cards[len(cards) - keep:]
    hands: dict[str, list[str]] = {}
    for seat, n in mode.opening_hands(seat_list, adult, rs).items():  # off the top, in seat order
        hands[seat] = pile[len(pile) - n:]
        del pile[len(pile) - n:]
    s = GameState(
        version=0, settings=settings, board=board, seats=seat_list, removed=[], adult=adult,
        elephants={e: 0 for e in mode.elephant_ids(seat_list, adult)}, hands=hands, deck=pile,
        discard=[], set_aside=cards[:len(cards) - keep], mammoth=None, phase="telling", round=1,
        storyteller=None, association=None, disputed=False, conditions=[], last_card=False, played={},
        table=[], owners=[], votes={}, result=None, first_draw=None, winners=None, end_reason=None,
        deck_ran_out=not pile, rng=rng)
    first = mode.first_storyteller(adult, storyteller)
    if first is None and settings.first_storyteller == "host":
        raise IllegalAction("no_such_seat", "the host must pick the first storyteller")
    if first is None and settings.first_storyteller == "draw":
        # 004: each player draws a token 1..n; the highest goes first.
        tokens, rng = shuffled(s.rng, range(1, len(seat_list) + 1))
        draw = dict(zip(seat_list, tokens, strict=True))
        first = max(seat_list, key=draw.__getitem__)
        s = write(s, {"first_draw": draw, "rng": rng})
    dealt = _deal_round(write(s, {"storyteller": first}))
    if dealt is None:
        raise IllegalAction("deck_too_small", "the deck cannot supply the first round", needed=needed)
    return _begin_turn(dealt, first)


# -- apply -----------------------------------------------------------------------------------------

def apply(state: GameState, seat: str | None, action: Action) -> GameState:
    """Apply one action by `seat` (None: the table itself, for host actions the room authorised).

    :returns: the new state (a new object; what changed is read from its views, no events).
    :raises MalformedAction: not a dict, unknown ``type``, missing or ill-typed field.
    :raises IllegalAction: against the rules; `code` is one of docs/architecture.md's stable codes.
    The input state is never changed.
    """
    if not isinstance(action, dict):
        raise MalformedAction("an action is an object with a `type`")
    kind: Any = action.get("type")
    handler = _HANDLERS.get(kind) if type(kind) is str else None
    if handler is None:
        raise MalformedAction(f"unknown action type {kind!r}")
    _check_fields(kind, action)
    if seat is not None and not isinstance(seat, str):
        raise MalformedAction("seat must be a string or None")
    if state.phase == "game_over":
        raise IllegalAction("game_over", "the game is over")
    if seat is None:
        if kind not in TABLE_ACTIONS and kind != "next_round":
            raise IllegalAction("not_allowed", f"{kind} needs a seat")
    else:
        if seat not in state.seats:
            raise IllegalAction("no_such_seat", f"no seat {seat!r}", seat=seat)
        if kind in TABLE_ACTIONS:
            raise IllegalAction("not_allowed", f"only the host may {kind}")
        if seat in state.removed:
            raise IllegalAction("seat_removed", f"seat {seat!r} was removed", seat=seat)
    return handler(draft(state), seat, action)  # the steps write only the draft


def _phase(state: GameState, *phases: str) -> None:
    if state.phase not in phases:
        raise IllegalAction("wrong_phase", f"not now: the game is in {state.phase}", phase=state.phase)


def _tell(state: GameState, seat_: str | None, action: Action) -> GameState:
    _phase(state, "telling")
    seat = seat_
    assert seat is not None  # apply: only the table acts without a seat
    mode = MODES[state.settings.mode]
    conditions: Sequence[str] = state.conditions
    if state.storyteller is None:  # first to claim an association (002)
        conditions = _conditions(state, seat)
    elif seat != state.storyteller:
        raise IllegalAction("not_storyteller", "only the storyteller tells")
    card: str | None = action.get("card")
    if mode.tell_with_card:
        if card is None:
            raise MalformedAction("`tell` needs the storyteller's `card`")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", "that card is not in your hand", card=card)
    elif card is not None:
        raise IllegalAction("not_allowed", "in duel the association comes before looking at the cards")
    association = checked_association(action.get("association"), conditions)
    changes: Changes = {"association": association, "storyteller": seat, "conditions": conditions,
                        "disputed": False}
    hands: dict[str, Sequence[str]] = dict(state.hands)
    played: dict[str, Sequence[str]] = {}
    if card is not None:
        hands[seat] = [c for c in hands[seat] if c != card]
        played[seat] = [card]
    if not mode.has_playing_phase:
        return _lay_out(write(state, {**changes, "hands": hands, "played": played}))
    if _is_last_card(state):  # D1: the last card is played without choice
        for other in state.active_seats():
            if other not in played:
                played[other], hands[other] = hands[other], []
    return _maybe_lay_out(write(state, {**changes, "hands": hands, "played": played, "phase": "playing"}))


def _play_card(state: GameState, seat_: str | None, action: Action) -> GameState:
    _phase(state, "playing")
    seat = seat_
    assert seat is not None  # apply: only the table acts without a seat
    mode = MODES[state.settings.mode]
    cards: list[str] = action["cards"] if "cards" in action else [action["card"]]
    if seat in state.played:
        raise IllegalAction("already_played", "you have already played this round")
    if len(cards) != mode.cards_each or len(set(cards)) != len(cards):
        raise IllegalAction("wrong_card_count", f"play exactly {mode.cards_each} different card(s)",
                            count=mode.cards_each)
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            raise IllegalAction("not_in_hand", "that card is not in your hand", card=card)
    hands = dict(state.hands)
    hands[seat] = [c for c in hand if c not in cards]
    played = dict(state.played)
    played[seat] = cards
    return _maybe_lay_out(write(state, {"hands": hands, "played": played}))


def _vote(state: GameState, seat_: str | None, action: Action) -> GameState:
    _phase(state, "voting")
    seat = seat_
    assert seat is not None  # apply: only the table acts without a seat
    mode = MODES[state.settings.mode]
    number: int = action["card"]
    voter = seat
    proxy: str | None = action.get("for")
    if proxy is not None:  # kids: the adult enters a child's vote
        voter = proxy
        if not mode.proxy_votes or seat != state.adult:
            raise IllegalAction("not_allowed", "only the adult in the kids' game votes for someone")
        if voter not in state.seats:
            raise IllegalAction("no_such_seat", f"no seat {voter!r}", seat=voter)
        if voter in state.removed:
            raise IllegalAction("seat_removed", f"seat {voter!r} was removed", seat=voter)
    if voter == state.storyteller and not mode.storyteller_votes:
        raise IllegalAction("storyteller_cannot_vote", "the storyteller does not vote")
    voters = mode.voters(state)
    if voter not in voters:
        raise IllegalAction("not_your_turn", "this seat does not vote this round")
    if voter in state.votes:
        raise IllegalAction("already_voted", "you have already voted")
    if not 1 <= number <= len(state.table):
        raise IllegalAction("no_such_card", f"choose a card 1..{len(state.table)}", max=len(state.table))
    if state.owners[number - 1] == voter:
        raise IllegalAction("own_card", "you cannot vote for your own card")
    votes = dict(state.votes)
    votes[voter] = number
    write(state, {"votes": votes})
    if len(votes) >= len(voters):
        for v in voters:
            if v not in votes:
                return state
        return _score(state)
    return state


def _dispute(state: GameState, seat: str | None, action: Action) -> GameState:
    _phase(state, "playing")
    if seat == state.storyteller:
        raise IllegalAction("not_allowed", "the storyteller cannot dispute their own association")
    if state.disputed:
        raise IllegalAction("not_allowed", "the association is already disputed")
    return write(state, {"disputed": True})


def _restate(state: GameState, seat: str | None, action: Action) -> GameState:
    _phase(state, "playing")
    if seat != state.storyteller:
        raise IllegalAction("not_storyteller", "only the storyteller restates the association")
    if not state.disputed:
        raise IllegalAction("not_allowed", "nobody disputed the association")
    association = checked_association(action.get("association"), state.conditions, required=True)
    return _maybe_lay_out(write(state, {"association": association, "disputed": False}))


def _next_round(state: GameState, seat: str | None, action: Action) -> GameState:
    _phase(state, "scored")
    mode = MODES[state.settings.mode]
    storyteller = mode.next_storyteller(state)
    s = _deal_round(state)
    if s is None:
        return _finish(write(state, {"round": state.round + 1, "storyteller": storyteller}), "deck_empty")
    return _begin_turn(s, storyteller, {"round": state.round + 1})


def _end_game(state: GameState, seat: str | None, action: Action) -> GameState:
    return _finish(_cancel_round(state), "host")


def _remove_player(state: GameState, seat: str | None, action: Action) -> GameState:
    target = _target(state, action)
    if target in state.removed:
        raise IllegalAction("seat_removed", f"seat {target!r} is already removed", seat=target)
    mode = MODES[state.settings.mode]
    changes: Changes = {"removed": [*state.removed, target]}
    if target in state.votes:  # "everyone"/"nobody" counts use only the players still voting
        changes["votes"] = {k: v for k, v in state.votes.items() if k != target}
    s = write(state, changes)
    if not mode.can_continue(s):
        return _finish(_cancel_round(s), "too_few_players")
    if target == state.storyteller and state.phase in ("telling", "playing"):
        s = _cancel_round(s)  # before the reveal: cards go back to hands
        storyteller = mode.next_storyteller(s)
        return _begin_turn(s, storyteller)
    if state.phase == "telling":
        s = write(s, {"last_card": _is_last_card(s)})
    return _maybe_score(_maybe_lay_out(s))


def _return_player(state: GameState, seat: str | None, action: Action) -> GameState:
    target = _target(state, action)
    if target not in state.removed:
        raise IllegalAction("not_allowed", f"seat {target!r} is not removed", seat=target)
    s = write(state, {"removed": [x for x in state.removed if x != target]})
    if state.phase == "telling":
        s = write(s, {"last_card": _is_last_card(s)})
    return s


def _skip(state: GameState, seat: str | None, action: Action) -> GameState:
    """Host: move past whoever the phase waits on. Telling: the turn passes to the next storyteller;
    playing: each waiting seat plays a random card (and a dispute is set aside); voting: waiting
    voters abstain and the round is scored."""
    _phase(state, "telling", "playing", "voting")
    mode = MODES[state.settings.mode]
    if state.phase == "telling":
        storyteller = mode.next_storyteller(state)
        if state.storyteller is None or storyteller == state.storyteller:
            raise IllegalAction("not_allowed", "nobody else can tell")
        return _begin_turn(state, storyteller)
    if state.phase == "playing":
        hands = dict(state.hands)
        played = dict(state.played)
        rng = state.rng
        for other in state.active_seats():
            if other not in played:
                picks, rng = shuffled(rng, hands[other])
                played[other] = picks[:mode.cards_each]
                hands[other] = [c for c in hands[other] if c not in played[other]]
        return _maybe_lay_out(write(state, {"hands": hands, "played": played, "rng": rng,
                                             "disputed": False}))
    return _score(state)


def _target(state: GameState, action: Action) -> str:
    target: str | None = action.get("seat")
    if target is None:
        raise MalformedAction("`seat` is required")
    if target not in state.seats:
        raise IllegalAction("no_such_seat", f"no seat {target!r}", seat=target)
    return target


_HANDLERS: dict[str, Handler] = {
    "tell": _tell, "play_card": _play_card, "vote": _vote, "dispute": _dispute, "restate": _restate,
    "next_round": _next_round, "end_game": _end_game, "remove_player": _remove_player,
    "return_player": _return_player, "skip": _skip}


# -- the round's machinery: steps GameState -> GameState ---------------------------------------------

def _draw(s: GameState, n: int, may_reshuffle: bool, partial: bool = False) -> tuple[list[str], Changes] | None:
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


def _deal_round(s: GameState) -> GameState | None:
    """Carry out the mode's per-round deal (duel: the mammoth's card and new hands); None when the
    deck (and discard, D3d) cannot supply it."""
    rs, mode = _ruleset_mode(s)
    deal = mode.round_deal(s, rs)
    if deal is None:
        return s
    drawn = _draw(s, deal.centre + sum(n for _, n in deal.hands), True)
    if drawn is None:
        return None
    cards, changes = drawn
    centre, at = cards[:deal.centre], deal.centre
    hands = dict(s.hands)
    for seat, n in deal.hands:
        hands[seat] = cards[at:at + n]
        at += n
    changes["hands"], changes["mammoth"] = hands, centre[0] if centre else None
    return write(s, changes)


def _conditions(s: GameState, storyteller: str | None) -> list[str]:
    """Conditions on this turn's association: the storyteller's special cell at the start of their
    turn (000) and the permanent restriction (RULES.md §3, §4)."""
    settings, found = s.settings, []
    if storyteller is not None and settings.special_cells:
        elephant = MODES[settings.mode].storyteller_elephant(s, storyteller)
        if elephant is not None and elephant in s.elephants:
            condition = s.board.condition_at(s.elephants[elephant])
            if condition:
                found.append(condition)
    if settings.restriction and settings.restriction not in found:
        found.append(settings.restriction)
    return found


def _begin_turn(s: GameState, storyteller: str | None, also: Changes | None = None) -> GameState:
    """A new turn for `storyteller` (with `also` changed too): telling, this turn's conditions, D1
    (hands and seats are as the turn begins)."""
    return write(s, {**(also or {}), "phase": "telling", "storyteller": storyteller, "association": None,
                     "disputed": False, "conditions": _conditions(s, storyteller), "played": {}, "table": [],
                     "owners": [], "votes": {}, "result": None, "last_card": _is_last_card(s)})


def _is_last_card(s: GameState) -> bool:
    """D1: every active hand that feeds the table holds exactly one card."""
    mode = MODES[s.settings.mode]
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


def _maybe_lay_out(s: GameState) -> GameState:
    if s.phase != "playing" or s.disputed:
        return s
    played, hands, removed = s.played, s.hands, s.removed
    for seat in s.seats:  # early exit: this runs after every card
        if seat not in played and hands[seat] and seat not in removed:
            return s
    return _lay_out(s)


def _lay_out(s: GameState) -> GameState:
    """Shuffle the submitted cards (with bot/deck/mammoth cards) and number them 1..N."""
    mode = MODES[s.settings.mode]
    pairs = [(owner, card) for owner, cards in s.played.items() for card in cards]
    changes: Changes = {}
    if mode.extra_cards:
        drawn = _draw(s, mode.extra_cards, mode.may_reshuffle_extras(s))
        if drawn is None:  # D3t "end": two bot cards cannot be drawn
            return _finish(_cancel_round(s), "no_bot_cards")
        extra, changes = drawn
        pairs += [(mode.extra_owner, card) for card in extra]
    if s.mammoth is not None:
        pairs.append(("mammoth", s.mammoth))
        changes["mammoth"] = None
    order, changes["rng"] = shuffled(changes.get("rng", s.rng), pairs)
    changes["owners"], changes["table"] = [owner for owner, _ in order], [card for _, card in order]
    changes["played"], changes["votes"], changes["phase"] = {}, {}, "voting"
    return _maybe_score(write(s, changes))


def _maybe_score(s: GameState) -> GameState:
    if s.phase == "voting" and all(v in s.votes for v in MODES[s.settings.mode].voters(s)):
        return _score(s)
    return s


def _score(s: GameState) -> GameState:
    """Score through `scoring.score`, move the elephants, discard, refill, then the end checks."""
    rs, mode = _ruleset_mode(s)
    table, owners, votes, storyteller = s.table, s.owners, s.votes, s.storyteller
    removed = s.removed
    inactive = [e for e in s.elephants if removed and _all_removed(mode.elephant_seats(s, e), removed)]
    assert storyteller is not None  # a table is only laid out once someone told
    sought = mode.sought_owner or storyteller
    breakdown, outcome = score(rs, mode, storyteller, owners, votes, s.elephants, inactive)
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
    s = _refill(write(s, {"elephants": elephants, "result": result, "discard": [*s.discard, *table],
                           "table": [], "owners": [], "votes": {}, "phase": "scored"}))
    reason = mode.end_reason(s, rs) or _cards_end_cycle(s)
    return _finish(s, reason) if reason else s


def _refill(s: GameState) -> GameState:
    """Carry out the mode's refill plan (modes.py `Refill`)."""
    rs, mode = _ruleset_mode(s)
    plan = mode.refill(s, rs)
    changes: Changes = {}
    if plan.discard_hands:
        changes["discard"] = [*s.discard, *(c for seat in s.seats for c in s.hands[seat])]
        changes["hands"] = {seat: [] for seat in s.hands}
        s = write(s, changes)
        changes = {}
    if not plan.draws:
        return s
    drawn = _draw(s, sum(n for _, n in plan.draws), plan.may_reshuffle, plan.partial)
    if drawn is None:  # the plan counted the cards: only a partial draw may come up short
        return s
    cards, changes = drawn
    hands = dict(s.hands)
    at = 0
    for seat, n in plan.draws:  # seat order, one pile
        hands[seat] = [*hands[seat], *cards[at:at + n]]
        at += n
    changes["hands"] = hands
    return write(s, changes)


def _cards_end_cycle(s: GameState) -> str | None:
    """D8: after a round that completes a cycle of storytellers (the round number a multiple of the
    active seats), the game ends if the cards cannot supply a whole further cycle. Card counts are not
    random, so this plays the next rounds' cards on scratch states with the real steps (each hand that
    feeds the table gives one card, then extras and the refill as in play). Returns ``"equal_turns"``
    when they meet a card end before the cycle's last round, else None."""
    rs, mode = _ruleset_mode(s)
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
            drawn = _draw(s, mode.extra_cards, mode.may_reshuffle_extras(s))
            if drawn is None:
                return "equal_turns"
            extra, changes = drawn
            changes["hands"] = hands
            table += extra
        changes["discard"] = [*changes.get("discard", s.discard), *table]
        s = _refill(write(s, changes))
        reason = mode.end_reason(s, rs)
        if reason in CARD_ENDS:
            return "equal_turns"
    return None


def _all_removed(seats: Sequence[str], removed: Sequence[str]) -> bool:
    """An elephant is inactive when it has seats and every one was removed (D11); the mammoth has none."""
    return bool(seats) and all(seat in removed for seat in seats)


def _cancel_round(s: GameState) -> GameState:
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
    return write(s, {"hands": hands, "deck": deck, "mammoth": mammoth, "played": {}, "table": [],
                      "owners": [], "votes": {}, "association": None, "disputed": False})


def _finish(s: GameState, reason: str) -> GameState:
    mode = MODES[s.settings.mode]
    winners = mode.winners(s, reason)
    return write(s, {"phase": "game_over", "end_reason": reason, "winners": winners})
