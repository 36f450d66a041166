"""Who may send each client message and when (docs/protocol.md), which handler takes it, and `check`, the
order the room checks a message in before it applies anything (boardgame.io's order: known type ->
credentials -> staleness -> phase -> action)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from server.room import host, lobby, pacing
from server.room.refusals import Malformed, Refused
from server.room.settings import set_settings
from server.room.state import Connection, Handler, Message, RoomState


@dataclass(frozen=True)
class Spec:
    """`who`: "anyone" | "seat" (a seated person) | "host"; `phase`: "lobby" | "game" | None (any);
    `game_action`: refused with `paused` while paused, and goes to the engine for the sender's seat."""

    who: str
    phase: str | None
    game_action: bool = False


SPECS: dict[str, Spec] = {
    "join": Spec("anyone", None),
    "set_colour": Spec("seat", "lobby"),
    "rename": Spec("seat", "lobby"),
    "set_settings": Spec("host", None),   # in a game only `lang`; the rest is `settings_locked`
    "start": Spec("host", "lobby"),
    "add_child": Spec("host", "lobby"),
    "set_teams": Spec("host", "lobby"),
    "tell": Spec("seat", "game", True),
    "play_card": Spec("seat", "game", True),
    "vote": Spec("seat", "game", True),
    "reveal": Spec("seat", "game", True),   # kids: the adult (the engine refuses anyone else)
    "dispute": Spec("seat", "game", True),
    "restate": Spec("seat", "game", True),
    "next_round": Spec("seat", "game", True),
    "ready": Spec("seat", "game", True),
    "skip": Spec("host", "game"),
    "pause": Spec("host", "game"),
    "resume": Spec("host", "game"),
    "remove_player": Spec("host", None),
    "return_player": Spec("host", "game"),
    "release_seat": Spec("host", "game"),
    "pass_host": Spec("host", None),
    "claim_host": Spec("seat", None),
    "end_game": Spec("host", "game"),
    "new_game": Spec("host", "game"),
}

HANDLERS: dict[str, Handler] = {
    "join": lobby.join, "set_colour": lobby.set_colour, "rename": lobby.rename, "add_child": lobby.add_child,
    "set_teams": lobby.set_teams, "start": lobby.start, "set_settings": set_settings,
    **dict.fromkeys(("tell", "play_card", "vote", "reveal", "restate"), host.game_action),
    "dispute": pacing.dispute, "next_round": pacing.next_round, "ready": pacing.ready,
    "skip": host.skip, "pause": host.pause, "resume": host.resume, "remove_player": host.remove_player,
    "return_player": host.return_player, "release_seat": host.release_seat, "pass_host": host.pass_host,
    "claim_host": host.claim_host, "end_game": host.end_game, "new_game": host.new_game,
}
assert set(HANDLERS) == set(SPECS), "every message in SPECS has a handler"


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check(room: RoomState, conn: Connection, msg: Message) -> Spec:
    """Check `msg` (a dict with a str `type`) from `conn` against the durable `room`, up to the action
    itself: known type, credentials, staleness (`state_id` against the sender's floor and the epoch),
    room phase and pause. Returns the message's `Spec`; raises Malformed or Refused (`not_seated`,
    `not_host`, `tv_no_seat`, `partner_acted`, `stale_state`, `wrong_phase`, `paused`)."""
    kind = str(msg["type"])
    spec = SPECS.get(kind)
    if spec is None:
        raise Malformed(f"unknown type {kind!r}")
    # 1. credentials
    person = conn.person
    if spec.who == "seat" and person is None:
        raise Refused("not_seated")
    if spec.who == "host" and (person is None or person != room.record.host):
        raise Refused("not_host")
    if kind == "join" and conn.role == "tv":  # the TV shows the game to everyone: it never holds a seat
        raise Refused("tv_no_seat")
    # 2. staleness: made against a state that already shows this actor's last action and this phase
    state_id = msg.get("state_id")
    if not _is_int(state_id):
        raise Malformed("state_id must be an integer")
    # a game action is the seat's (a pairs team acts once per picture, whichever phone taps)
    rec = room.record
    floor_key = rec.seat_of(person) if spec.game_action else person
    floor = rec.floors.get(floor_key, 0) if floor_key else conn.floor
    if state_id > rec.state_id or state_id < max(floor, rec.epoch):
        partner = rec.actors.get(floor_key) if spec.game_action and floor_key else None
        if state_id <= rec.state_id and state_id < floor and partner not in (None, person):
            # pairs: the other phone of the team tapped first; say who, not "the game moved on"
            entry = rec.entry(partner)
            raise Refused("partner_acted", name=entry.name[:64] if entry else "?")
        raise Refused("stale_state")
    # 3. room phase and pause
    if spec.phase is not None and spec.phase != room.phase:
        raise Refused("wrong_phase")
    if spec.game_action and rec.paused:
        raise Refused("paused")
    return spec
