"""The table's own actions, sent with seat None once the room has checked the host's token (RULES.md D11):
end the game, remove and return a player, skip whoever the phase waits on (`legal.waiting_for`; legal.py
checked the phase before the handler runs)."""
from __future__ import annotations

from .actions import Action, Handler
from .card_flow import cancel_round
from .errors import IllegalAction, MalformedAction
from .rng import shuffled
from .state import Changes, GameState, write
from .turn_flow import begin_turn, finish, is_last_card, maybe_lay_out, maybe_score, score_table


def _end_game(state: GameState, seat: str | None, action: Action) -> GameState:
    return finish(cancel_round(state), "host")


def _remove_player(state: GameState, seat: str | None, action: Action) -> GameState:
    target = _target(state, action)
    if target in state.removed:
        raise IllegalAction("seat_removed", f"seat {target!r} is already removed", seat=target)
    mode = state.mode
    changes: Changes = {"removed": [*state.removed, target]}
    if target in state.votes:  # "everyone"/"nobody" counts use only the players still voting
        changes["votes"] = {k: v for k, v in state.votes.items() if k != target}
        if target in state.entered:  # kids: no guess of theirs is left for the adult to correct
            changes["entered"] = [k for k in state.entered if k != target]
    write(state, changes)
    if not mode.can_continue(state):
        return finish(cancel_round(state), "too_few_players")
    if target == state.storyteller and state.phase in ("telling", "playing"):
        s = cancel_round(state)  # before the reveal: cards go back to hands
        return begin_turn(s, mode.next_storyteller(s))
    if state.phase == "telling":
        write(state, {"last_card": is_last_card(state)})
    return maybe_score(maybe_lay_out(state))


def _return_player(state: GameState, seat: str | None, action: Action) -> GameState:
    target = _target(state, action)
    if target not in state.removed:
        raise IllegalAction("not_allowed", f"seat {target!r} is not removed", seat=target)
    write(state, {"removed": [x for x in state.removed if x != target]})
    if state.phase == "telling":
        write(state, {"last_card": is_last_card(state)})
    return state


def _skip(state: GameState, seat: str | None, action: Action) -> GameState:
    """Host: move past whoever the phase waits on. Telling: the turn passes to the next storyteller;
    playing: each waiting seat plays a random card (and a dispute is set aside); voting: waiting
    voters abstain and the round is scored (RULES.md D13). Kids (§2.5: the adult's phone starts each
    reveal): the children still to guess abstain and the round waits for the adult's `reveal`; once
    only the reveal is awaited there is nobody to skip.

    :raises IllegalAction: ``not_allowed`` when nobody else can tell; ``reveal_awaited`` in the kids'
        game once every child's guess is in (only the adult reveals)."""
    mode = state.mode
    if state.phase == "telling":
        storyteller = mode.next_storyteller(state)
        if state.storyteller is None or storyteller == state.storyteller:
            raise IllegalAction("not_allowed", "nobody else can tell")
        return begin_turn(state, storyteller)
    if state.phase == "playing":
        hands = dict(state.hands)
        played = dict(state.played)
        rng = state.rng
        for other in state.active_seats():
            if other not in played:
                picks, rng = shuffled(rng, hands[other])
                played[other] = picks[:mode.cards_each]
                hands[other] = [c for c in hands[other] if c not in played[other]]
        write(state, {"hands": hands, "played": played, "rng": rng, "disputed": False})
        return maybe_lay_out(state)
    if mode.adult_reveals:
        missing = state.votes_missing()
        if not missing:
            raise IllegalAction("reveal_awaited", "every guess is in: only the adult starts the reveal")
        write(state, {"abstained": [*state.abstained, *missing]})
        return state
    return score_table(state)


def _target(state: GameState, action: Action) -> str:
    target: str | None = action.get("seat")
    if target is None:
        raise MalformedAction("`seat` is required")
    if target not in state.seats:
        raise IllegalAction("no_such_seat", f"no seat {target!r}", seat=target)
    return target


HOST_ACTIONS: dict[str, Handler] = {
    "end_game": _end_game, "remove_player": _remove_player, "return_player": _return_player, "skip": _skip}
