"""Fair pacing messages (server/engine/pacing.py): `ready` and `next_round` after a reveal, `dispute` while cards are
played. The rules are the engine's (server/engine/pacing.py); the room keeps this turn's record of who
said ready and who disputed, in the record's `pacing` (record.Pacing: round, ready seats, disputes),
which counts only for the game's current round (a new round starts empty).
"""
from __future__ import annotations

from dataclasses import replace

from server import engine
from server.engine import pacing as rules
from server.room.host import game_action
from server.room.record import Pacing, Record
from server.room.refusals import Malformed, Refused, engine_errors
from server.room.state import NO_EFFECTS, Effects, Message, RoomState, play


def this_round(rec: Record) -> Pacing:
    """This round's pacing record (a fresh one when the game moved to another round)."""
    number = rec.game.round if rec.game is not None else 0
    kept = rec.pacing
    return kept if kept is not None and kept.round == number else Pacing(number)


def view(rec: Record) -> dict[str, object] | None:
    """The `pacing` part of the room view: ``{"ready": [seat], "ready_needed": [seat], "disputes":
    [{"seat", "condition"}]}`` for this round, or None outside a game."""
    game = rec.game
    if game is None:
        return None
    kept = this_round(rec)
    return {"ready": list(kept.ready), "ready_needed": rules.ready_needed(game),
            "disputes": [dict(d) for d in kept.disputes]}


def _seat(room: RoomState, actor: str | None) -> tuple[engine.GameState, str]:
    game, seat = room.game, room.record.seat_of(actor)
    if game is None or seat is None:
        raise Refused("wrong_phase")
    return game, seat


def ready(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`ready` (a seat, after a reveal): this seat has read the result. When every active seat but the
    storyteller is ready the round moves on (the engine's `next_round` for the table). Refused with
    `wrong_phase`, `not_allowed` (the storyteller: use `next_round`), `already_ready`."""
    game, seat = _seat(room, actor)
    kept = this_round(room.record)
    with engine_errors():
        rules.check_ready(game, seat, kept.ready)
    rec = replace(room.record, pacing=replace(kept, ready=(*kept.ready, seat)))
    if rules.all_ready(game, (*kept.ready, seat)):
        rec = play(rec, None, {"type": "next_round"})
    return rec, NO_EFFECTS


def next_round(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`next_round`: the storyteller (kids: the adult) moves on; the host may force it from any phone
    (the engine then acts for the table). Others get `not_storyteller` (they send `ready`)."""
    game, seat = _seat(room, actor)
    if actor == room.host and not rules.may_advance(game, seat):
        return play(room.record, None, {"type": "next_round"}), NO_EFFECTS
    return game_action(room, actor, msg)


def dispute(room: RoomState, actor: str | None, msg: Message) -> tuple[Record, Effects]:
    """`dispute` (a seat other than the storyteller, while cards are played), naming the broken
    `condition` (optional when the turn has one). Once per seat per turn; refused with `wrong_phase`,
    `not_allowed`, `no_condition`, `no_such_condition`, `already_disputed`."""
    game, seat = _seat(room, actor)
    condition = msg.get("condition")
    if condition is not None and not isinstance(condition, str):
        raise Malformed("condition must be a string")
    kept = this_round(room.record)
    with engine_errors():
        named = rules.check_dispute(game, seat, condition, kept.disputes)
    # as any game action: the engine judges it
    rec = play(room.record, seat, {k: v for k, v in msg.items() if k != "state_id"})
    return replace(rec, pacing=replace(kept, disputes=(*kept.disputes, {"seat": seat, "condition": named}))), \
        NO_EFFECTS
