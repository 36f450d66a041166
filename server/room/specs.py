"""Who may send each client message and when (docs/protocol.md): the table the room checks before it
applies anything (boardgame.io's order: known type -> credentials -> staleness -> phase -> action)."""
from __future__ import annotations

from dataclasses import dataclass


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
    "dispute": Spec("seat", "game", True),
    "restate": Spec("seat", "game", True),
    "next_round": Spec("seat", "game", True),
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
