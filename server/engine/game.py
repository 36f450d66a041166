"""The pure transition: `new_game` and `apply(state, seat, action) -> (state, events)`.

Order of checks (boardgame.io's master): well-formed action, game not over, who may send it, phase,
then the rule. A refusal raises before anything is built, so the input state is never touched; an
accepted action works on a copy of the field dict and replaces (never mutates) the containers it
changes. Modes and rulesets are asked through their hooks (modes.py, rulesets.py).
"""
from __future__ import annotations

from .association import checked_association
from .families import NOBODY
from .deck import cards_in_play, min_deck_size
from .errors import IllegalAction, MalformedAction
from .modes import MODES, active_seats
from .rng import seed_state, shuffled
from .rulesets import RULESETS
from .scoring import points_of, score_breakdown
from .state import FIELDS, GameState, make_state

TABLE_ACTIONS = frozenset({"end_game", "remove_player", "return_player", "skip"})  # seat=None only
_FIELD_TYPES = {"card": str, "association": (str, type(None)), "for": str, "seat": str, "cards": list}
_VOTE_CARD = int  # `vote`'s `card` is a table number
_REQUIRED = {"vote": ("card",), "restate": ("association",), "remove_player": ("seat",),
             "return_player": ("seat",)}


def _check_fields(kind: str, action: dict) -> None:
    """Well-formedness, before any rule: required fields present, known fields well typed."""
    for key in _REQUIRED.get(kind, ()):
        if action.get(key) is None:
            raise MalformedAction(f"`{kind}` needs `{key}`")
    for key, value in action.items():
        types = _VOTE_CARD if kind == "vote" and key == "card" else _FIELD_TYPES.get(key)
        if types is None or type(value) is types:
            continue  # extra keys (the room's own) are ignored; the exact type is the common case
        if types is _VOTE_CARD or not isinstance(value, types):  # (a bool is no table number)
            raise MalformedAction(f"`{key}` has the wrong type")
    if kind == "play_card":
        if ("card" in action) == ("cards" in action):
            raise MalformedAction("`play_card` needs `card` (duel: `cards`)")
        if "cards" in action and not all(isinstance(c, str) for c in action["cards"]):
            raise MalformedAction("`cards` must be a list of card ids")


# -- building a new game ---------------------------------------------------------------------------

def new_game(settings, seats: list[str], deck: list[str], board, seed: int, *,
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
    seats = list(seats)
    adult = (storyteller or seats[0]) if mode.has_adult else None
    cards, rng = shuffled(seed_state(seed), deck)
    keep = cards_in_play(settings, len(cards), len(seats))
    d = {
        "version": 0, "settings": settings, "board": board, "seats": seats, "removed": [],
        "adult": adult, "elephants": {e: 0 for e in mode.elephant_ids(seats, adult)},
        "hands": {s: [] for s in seats}, "deck": cards[len(cards) - keep:],
        "discard": [], "set_aside": cards[:len(cards) - keep], "mammoth": None,
        "phase": "telling", "round": 1, "storyteller": None, "association": None, "disputed": False,
        "conditions": [], "last_card": False, "played": {}, "table": [], "owners": [], "votes": {},
        "result": None, "first_draw": None, "winners": None, "end_reason": None,
        "deck_ran_out": False, "rng": rng,
    }
    draw = _drawer(d)

    def deal(seat: str, n: int) -> None:
        d["hands"][seat] = d["hands"][seat] + draw(n, False)

    mode.setup(d, rs, deal)
    first = mode.first_storyteller(d, storyteller)
    if first is None and settings.first_storyteller == "host":
        raise IllegalAction("no_such_seat", "the host must pick the first storyteller")
    if first is None and settings.first_storyteller == "draw":
        # 004: each player draws a token 1..n; the highest goes first.
        tokens, d["rng"] = shuffled(d["rng"], range(1, len(seats) + 1))
        d["first_draw"] = dict(zip(seats, tokens))
        first = max(seats, key=d["first_draw"].get)
    d["storyteller"] = first
    if not mode.start_round(d, rs, draw):
        raise IllegalAction("deck_too_small", "the deck cannot supply the first round", needed=needed)
    _begin_turn(d, first)
    return make_state({k: d[k] for k in FIELDS})


# -- apply -----------------------------------------------------------------------------------------

def apply(state: GameState, seat: str | None, action: dict) -> tuple[GameState, list[dict]]:
    """Apply one action by `seat` (None: the table itself, for host actions the room authorised).

    :returns: ``(new_state, events)``; events are dicts with a ``type`` (``told``, ``card_played``,
        ``table_laid_out``, ``voted``, ``round_scored``, ``round_started``, ``round_cancelled``,
        ``player_removed``, ``player_returned``, ``game_over`` ...) and never a hidden card id.
    :raises MalformedAction: not a dict, unknown ``type``, missing or ill-typed field.
    :raises IllegalAction: against the rules; `code` is one of docs/architecture.md's stable codes.
    The input state is never changed.
    """
    if not isinstance(action, dict):
        raise MalformedAction("an action is an object with a `type`")
    kind = action.get("type")
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
    d = dict(state.__dict__)
    events: list[dict] = []
    handler(state, d, seat, action, events)
    d["version"] = state.version + 1
    return make_state(d), events


def _phase(state: GameState, *phases: str) -> None:
    if state.phase not in phases:
        raise IllegalAction("wrong_phase", f"not now: the game is in {state.phase}", phase=state.phase)


def _tell(state, d, seat, action, ev):
    _phase(state, "telling")
    mode = MODES[state.settings.mode]
    conditions = state.conditions
    if state.storyteller is None:  # first to claim an association (002)
        conditions = _conditions(d, seat)
    elif seat != state.storyteller:
        raise IllegalAction("not_storyteller", "only the storyteller tells")
    card = action.get("card")
    if mode.tell_with_card:
        if card is None:
            raise MalformedAction("`tell` needs the storyteller's `card`")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", "that card is not in your hand", card=card)
    elif card is not None:
        raise IllegalAction("not_allowed", "in duel the association comes before looking at the cards")
    d["association"] = checked_association(action.get("association"), conditions)
    d["storyteller"], d["conditions"], d["disputed"] = seat, conditions, False
    ev.append({"type": "told", "seat": seat, "association": d["association"]})
    if card is not None:
        hands = d["hands"] = dict(state.hands)
        hands[seat] = [c for c in hands[seat] if c != card]
        d["played"] = {seat: [card]}
    if not mode.has_playing_phase:
        _lay_out(d, ev)
        return
    d["phase"] = "playing"
    if _is_last_card(state.__dict__):  # D1: the last card is played without choice
        hands = d["hands"] = dict(d["hands"])
        played = d["played"] = dict(d["played"])
        for other in active_seats(d):
            if other not in played:
                played[other], hands[other] = hands[other], []
        ev.append({"type": "last_cards_played"})
    _maybe_lay_out(d, ev)


def _play_card(state, d, seat, action, ev):
    _phase(state, "playing")
    mode = MODES[state.settings.mode]
    cards = action["cards"] if "cards" in action else [action["card"]]
    if seat in state.played:
        raise IllegalAction("already_played", "you have already played this round")
    if len(cards) != mode.cards_each or len(set(cards)) != len(cards):
        raise IllegalAction("wrong_card_count", f"play exactly {mode.cards_each} different card(s)",
                            count=mode.cards_each)
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            raise IllegalAction("not_in_hand", "that card is not in your hand", card=card)
    hands = d["hands"] = dict(state.hands)
    hands[seat] = [c for c in hand if c not in cards]
    played = d["played"] = dict(state.played)
    played[seat] = list(cards)
    ev.append({"type": "card_played", "seat": seat, "count": len(cards)})
    _maybe_lay_out(d, ev)


def _vote(state, d, seat, action, ev):
    _phase(state, "voting")
    mode = MODES[state.settings.mode]
    number = action["card"]
    voter = seat
    if "for" in action:  # kids: the adult enters a child's vote
        voter = action["for"]
        if not mode.proxy_votes or seat != state.adult:
            raise IllegalAction("not_allowed", "only the adult in the kids' game votes for someone")
        if voter not in state.seats:
            raise IllegalAction("no_such_seat", f"no seat {voter!r}", seat=voter)
        if voter in state.removed:
            raise IllegalAction("seat_removed", f"seat {voter!r} was removed", seat=voter)
    if voter == state.storyteller and not mode.storyteller_votes:
        raise IllegalAction("storyteller_cannot_vote", "the storyteller does not vote")
    voters = mode.voters(d)
    if voter not in voters:
        raise IllegalAction("not_your_turn", "this seat does not vote this round")
    if voter in state.votes:
        raise IllegalAction("already_voted", "you have already voted")
    if not 1 <= number <= len(state.table):
        raise IllegalAction("no_such_card", f"choose a card 1..{len(state.table)}", max=len(state.table))
    if state.owners[number - 1] == voter:
        raise IllegalAction("own_card", "you cannot vote for your own card")
    votes = d["votes"] = dict(state.votes)
    votes[voter] = number
    ev.append({"type": "voted", "seat": voter})
    if len(votes) >= len(voters):
        for v in voters:
            if v not in votes:
                return
        _score(d, ev)


def _dispute(state, d, seat, action, ev):
    _phase(state, "playing")
    if seat == state.storyteller:
        raise IllegalAction("not_allowed", "the storyteller cannot dispute their own association")
    if state.disputed:
        raise IllegalAction("not_allowed", "the association is already disputed")
    d["disputed"] = True
    ev.append({"type": "disputed", "seat": seat})


def _restate(state, d, seat, action, ev):
    _phase(state, "playing")
    if seat != state.storyteller:
        raise IllegalAction("not_storyteller", "only the storyteller restates the association")
    if not state.disputed:
        raise IllegalAction("not_allowed", "nobody disputed the association")
    d["association"] = checked_association(action.get("association"), state.conditions, required=True)
    d["disputed"] = False
    ev.append({"type": "restated", "seat": seat, "association": d["association"]})
    _maybe_lay_out(d, ev)


def _next_round(state, d, seat, action, ev):
    _phase(state, "scored")
    rs, mode = RULESETS[state.settings.ruleset], MODES[state.settings.mode]
    d["round"] = state.round + 1
    d["storyteller"] = mode.next_storyteller(d)
    if not mode.start_round(d, rs, _drawer(d)):
        _finish(d, "deck_empty", ev)
        return
    _begin_turn(d, d["storyteller"])
    ev.append({"type": "round_started", "round": d["round"], "storyteller": d["storyteller"]})


def _end_game(state, d, seat, action, ev):
    _cancel_round(d, ev)
    _finish(d, "host", ev)


def _remove_player(state, d, seat, action, ev):
    target = _target(state, action)
    if target in state.removed:
        raise IllegalAction("seat_removed", f"seat {target!r} is already removed", seat=target)
    mode = MODES[state.settings.mode]
    d["removed"] = state.removed + [target]
    if target in state.votes:  # "everyone"/"nobody" counts use only the players still voting
        d["votes"] = {k: v for k, v in state.votes.items() if k != target}
    ev.append({"type": "player_removed", "seat": target})
    if not mode.can_continue(d):
        _cancel_round(d, ev)
        _finish(d, "too_few_players", ev)
    elif target == state.storyteller and state.phase in ("telling", "playing"):
        _cancel_round(d, ev)  # before the reveal: cards go back to hands
        d["storyteller"] = mode.next_storyteller(d)
        _begin_turn(d, d["storyteller"])
        ev.append({"type": "round_started", "round": d["round"], "storyteller": d["storyteller"]})
    else:
        if state.phase == "telling":
            d["last_card"] = _is_last_card(d)
        _maybe_lay_out(d, ev)
        _maybe_score(d, ev)


def _return_player(state, d, seat, action, ev):
    target = _target(state, action)
    if target not in state.removed:
        raise IllegalAction("not_allowed", f"seat {target!r} is not removed", seat=target)
    d["removed"] = [s for s in state.removed if s != target]
    if state.phase == "telling":
        d["last_card"] = _is_last_card(d)
    ev.append({"type": "player_returned", "seat": target})


def _skip(state, d, seat, action, ev):
    """Host: move past whoever the phase waits on. Telling: the turn passes to the next storyteller;
    playing: each waiting seat plays a random card (and a dispute is set aside); voting: waiting
    voters abstain and the round is scored."""
    _phase(state, "telling", "playing", "voting")
    mode = MODES[state.settings.mode]
    ev.append({"type": "skipped", "phase": state.phase})
    if state.phase == "telling":
        if state.storyteller is None or mode.next_storyteller(d) == state.storyteller:
            raise IllegalAction("not_allowed", "nobody else can tell")
        d["storyteller"] = mode.next_storyteller(d)
        _begin_turn(d, d["storyteller"])
    elif state.phase == "playing":
        hands = d["hands"] = dict(state.hands)
        played = d["played"] = dict(state.played)
        for other in active_seats(d):
            if other not in played:
                picks, d["rng"] = shuffled(d["rng"], hands[other])
                played[other] = picks[:mode.cards_each]
                hands[other] = [c for c in hands[other] if c not in played[other]]
        d["disputed"] = False
        _maybe_lay_out(d, ev)
    else:
        _score(d, ev)


def _target(state: GameState, action: dict) -> str:
    target = action.get("seat")
    if target is None:
        raise MalformedAction("`seat` is required")
    if target not in state.seats:
        raise IllegalAction("no_such_seat", f"no seat {target!r}", seat=target)
    return target


_HANDLERS = {"tell": _tell, "play_card": _play_card, "vote": _vote, "dispute": _dispute,
             "restate": _restate, "next_round": _next_round, "end_game": _end_game,
             "remove_player": _remove_player, "return_player": _return_player, "skip": _skip}


# -- the round's machinery (draft-level helpers) ---------------------------------------------------

def _drawer(d: dict):
    """`draw(n, may_reshuffle, partial=False)` taking cards off the top of the draft's deck; when it
    is short and `may_reshuffle`, the discard is shuffled in under it. Returns None (or, with
    `partial`, what there is) when the cards are not there."""

    def draw(n: int, may_reshuffle: bool, partial: bool = False):
        deck = d["deck"]
        if len(deck) < n and may_reshuffle and d["discard"]:
            fresh, d["rng"] = shuffled(d["rng"], d["discard"])
            deck, d["discard"] = fresh + deck, []
            d["deck_ran_out"] = True  # the dealt deck could not supply: "while the deck lasts" is over
        if len(deck) < n:
            if not partial:
                return None
            n = len(deck)
        cut = len(deck) - n
        cards, d["deck"] = deck[cut:], deck[:cut]
        if not cut:
            d["deck_ran_out"] = True
        return cards

    return draw


def _conditions(d: dict, storyteller: str | None) -> list[str]:
    """Conditions on this turn's association: the storyteller's special cell at the start of their
    turn (000) and the permanent restriction (RULES.md §3, §4)."""
    settings, found = d["settings"], []
    if storyteller is not None and settings.special_cells:
        elephant = MODES[settings.mode].storyteller_elephant(d, storyteller)
        if elephant in d["elephants"]:
            condition = d["board"].condition_at(d["elephants"][elephant])
            if condition:
                found.append(condition)
    if settings.restriction and settings.restriction not in found:
        found.append(settings.restriction)
    return found


def _begin_turn(d: dict, storyteller: str | None) -> None:
    mode = MODES[d["settings"].mode]
    d.update(phase="telling", storyteller=storyteller, association=None, disputed=False,
             conditions=_conditions(d, storyteller), played={}, table=[], owners=[], votes={},
             result=None)
    d["last_card"] = _is_last_card(d)


def _is_last_card(d: dict) -> bool:
    """D1: every active hand that feeds the table holds exactly one card."""
    mode = MODES[d["settings"].mode]
    if not mode.has_playing_phase:
        return False
    hands, holders = d["hands"], mode.plays_from_hand(d)
    for seat in holders:
        if len(hands[seat]) != 1:
            return False
    return bool(holders)


def _maybe_lay_out(d: dict, ev: list) -> None:
    if d["phase"] != "playing" or d["disputed"]:
        return
    played, hands, removed = d["played"], d["hands"], d["removed"]
    for seat in d["seats"]:  # early exit: this runs after every card
        if seat not in played and hands[seat] and seat not in removed:
            return
    _lay_out(d, ev)


def waiting_to_play(d: dict) -> list[str]:
    """Active seats that still owe cards this round (a seat with an empty hand owes none)."""
    played, hands = d["played"], d["hands"]
    return [s for s in active_seats(d) if s not in played and hands[s]]


def _lay_out(d: dict, ev: list) -> None:
    """Shuffle the submitted cards (with bot/deck/mammoth cards) and number them 1..N."""
    mode = MODES[d["settings"].mode]
    pairs = [(owner, card) for owner, cards in d["played"].items() for card in cards]
    if mode.extra_cards:
        extra = _drawer(d)(mode.extra_cards, mode.may_reshuffle_extras(d))
        if extra is None:  # D3t "end": two bot cards cannot be drawn
            _cancel_round(d, ev)
            _finish(d, "no_bot_cards", ev)
            return
        pairs += [(mode.extra_owner, card) for card in extra]
    if d["mammoth"] is not None:
        pairs.append(("mammoth", d["mammoth"]))
        d["mammoth"] = None
    order, d["rng"] = shuffled(d["rng"], pairs)
    d["owners"] = [owner for owner, _ in order]
    d["table"] = [card for _, card in order]
    d["played"], d["votes"], d["phase"] = {}, {}, "voting"
    ev.append({"type": "table_laid_out", "cards": len(order)})
    _maybe_score(d, ev)


def _maybe_score(d: dict, ev: list) -> None:
    if d["phase"] == "voting" and all(v in d["votes"] for v in MODES[d["settings"].mode].voters(d)):
        _score(d, ev)


def _score(d: dict, ev: list) -> None:
    """Score through `score_round`'s breakdown, move the elephants, discard and refill, end check."""
    settings = d["settings"]
    rs, mode = RULESETS[settings.ruleset], MODES[settings.mode]
    table, owners, votes, storyteller = d["table"], d["owners"], d["votes"], d["storyteller"]
    removed = d["removed"]
    inactive = [e for e in d["elephants"] if removed and _all_removed(mode.elephant_seats(d, e), removed)]
    breakdown, outcome = score_breakdown(settings.ruleset, settings.mode, storyteller, owners, votes,
                                         d["elephants"], inactive)
    points = points_of(breakdown)  # = score_round(...) for this round
    elephants = d["elephants"] = dict(d["elephants"])
    for e, p in points.items():
        elephants[e] = max(0, elephants.get(e, 0) + p)
    sought = owners.index(mode.sought_owner or storyteller) + 1
    voters_of: list[list[str]] = [[] for _ in table]
    for voter, number in votes.items():
        voters_of[number - 1].append(voter)
    d["result"] = {
        "table": [{"number": i + 1, "card": card, "owner": owners[i], "votes": voters_of[i]}
                  for i, card in enumerate(table)],
        "storyteller": storyteller,
        "storyteller_card": None if mode.sought_owner else sought,
        "target_card": sought,
        "points": points, "breakdown": breakdown, "outcome": outcome,
    }
    d["discard"] = d["discard"] + table
    d["table"], d["owners"], d["votes"], d["phase"] = [], [], {}, "scored"
    emptied = mode.end_of_round(d, rs, _drawer(d))
    ev.append({"type": "round_scored", "round": d["round"], "points": dict(points), "outcome": outcome})
    reason = mode.end_reason(d, rs, emptied) or _cards_end_cycle(d, rs, mode)
    if reason:
        _finish(d, reason, ev)


CARD_ENDS = ("hands_empty", "no_bot_cards", "deck_empty")  # a game ended because cards ran out


def _cards_end_cycle(d: dict, rs, mode) -> str | None:
    """D8: after a round that completes a cycle of storytellers, the game ends if the cards cannot
    supply a whole further cycle. Card counts are not random, so this plays the next rounds on a
    scratch copy with the real hooks (each hand gives one card, extras and refills as in play) and
    returns the card end it meets before the cycle's last round, or None."""
    if not (rs.equal_turns and mode.equal_turns) or d["settings"].reshuffle:
        return None
    cycle = len(active_seats(d))
    if d["round"] % cycle:
        return None
    sim = {**d, "hands": dict(d["hands"]), "deck": list(d["deck"]), "discard": list(d["discard"])}
    draw = _drawer(sim)
    for _ in range(1, cycle):  # the cycle's last round may use the last cards
        hands, table = sim["hands"], []
        for seat in mode.plays_from_hand(sim):
            table += hands[seat][:1]
            hands[seat] = hands[seat][1:]
        if mode.extra_cards:
            extra = draw(mode.extra_cards, mode.may_reshuffle_extras(sim))
            if extra is None:
                return "no_bot_cards"
            table += extra
        sim["discard"] = sim["discard"] + table
        emptied = mode.end_of_round(sim, rs, draw)
        reason = mode.end_reason(sim, rs, emptied)
        if reason in CARD_ENDS:
            return reason
    return None


def _all_removed(seats: list[str], removed: list[str]) -> bool:
    """An elephant is inactive when it has seats and every one was removed (D11); the mammoth has none."""
    return bool(seats) and all(s in removed for s in seats)


def _cancel_round(d: dict, ev: list) -> None:
    """Undo the round in progress: submitted and laid-out cards go back to their owners' hands, bot or
    deck cards back on top of the deck; the duel's mammoth card stays for the restarted round."""
    if d["phase"] not in ("playing", "voting") and not d["played"]:
        return
    hands = d["hands"] = dict(d["hands"])
    deck = list(d["deck"])
    for owner, cards in d["played"].items():
        hands[owner] = hands[owner] + cards
    for owner, card in zip(d["owners"], d["table"]):
        if owner == "mammoth":
            d["mammoth"] = card
        elif owner in hands:
            hands[owner] = hands[owner] + [card]
        else:
            deck.append(card)
    d.update(deck=deck, played={}, table=[], owners=[], votes={}, association=None, disputed=False)
    ev.append({"type": "round_cancelled", "round": d["round"]})


def _finish(d: dict, reason: str, ev: list) -> None:
    mode = MODES[d["settings"].mode]
    d["phase"], d["end_reason"] = "game_over", reason
    d["winners"] = mode.winners(d, reason)
    ev.append({"type": "game_over", "reason": reason, "winners": list(d["winners"]),
               "duel_outcome": mode.outcome(d)})
