"""GameState: one game as an immutable typed value (its exact JSON round trip, RNG included: codec.py).

Fields hold JSON-native values (str, int, bool, None, lists, dicts with str keys) plus the frozen `Settings`
and `Board`, so ``from_json(to_json(s)) == s``. The rules objects hang off the state itself: `state.mode`
and `state.ruleset`, properties resolved from the settings' ids (not stored, so the JSON form is unchanged);
the modes' hooks type what they read as `modes.Position`, so this import stays one-way. Fields are typed
read-only (`Sequence`, `Mapping`): nothing may change a container a state holds. `evolve` and `write` are
the one place that writes a state: `evolve` copies the field dict and lays the changes over it (copy-on-
write); `write` changes a *draft*, the copy `apply` made for the action it is building, before anyone else
sees it.

Why not ``slots=True``: a slotted instance cannot be copied in one C-level step, and copying 29 slots one
by one per action cost more than the 10 % of engine speed allowed (scripts/bench_engine.py); a frozen dataclass whose
``__dict__`` is copied whole keeps `scripts/bench_engine.py` where it was. The small values around it
(`Settings`, `Board`, `Ruleset`) are slotted dataclasses; `Refill` and `RoundDeal` NamedTuples.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Literal, TypedDict, cast

from .board import Board
from .modes import MODES, Mode
from .results import RoundResult
from .rulesets import RULESETS, Ruleset
from .settings import Settings

Phase = Literal["telling", "playing", "voting", "scored", "game_over"]

@dataclass(frozen=True)
class GameState:
    """An immutable game state. Card places (each card is in exactly one): `set_aside`, `deck`,
    `hands`, `played`, `mammoth`, `table`, `discard`.

    Predicates in python-chess style: `is_game_over()`, `is_active(seat)`, `has_played(seat)`,
    `has_voted(seat)`, `votes_missing()`. Build one with `engine.new_game`, change it only with `engine.apply`.
    """

    version: int
    """+1 on every accepted action, from 0."""
    settings: Settings
    """The table settings (RULES.md §4)."""
    board: Board
    """The board: cells per lap, printed numbers, special cells (RULES.md §3)."""
    seats: Sequence[str]
    """Seat ids in clockwise order (pairs: one seat per team)."""
    removed: Sequence[str]
    """Seats removed by the host, in removal order (their elephants stay, they never score: D11)."""
    adult: str | None
    """Kids: the adult's seat (the permanent storyteller); else None."""
    elephants: Mapping[str, int]
    """Elephant id -> distance in cells (never negative), in display order."""
    hands: Mapping[str, Sequence[str]]
    """Seat -> card ids in hand (hidden from all but their owner); every seat has an entry."""
    deck: Sequence[str]
    """Draw pile, top card last (hidden)."""
    discard: Sequence[str]
    """Discard pile (face up once, never shown again)."""
    set_aside: Sequence[str]
    """Cards removed unseen before play (RULES.md §1.3, D2)."""
    mammoth: str | None
    """Duel: this round's face-down mammoth card until the table is laid out; else None."""
    phase: Phase
    """``telling`` | ``playing`` | ``voting`` | ``scored`` | ``game_over``."""
    round: int
    """Round number from 1."""
    storyteller: str | None
    """This round's storyteller seat, or None while anyone may claim (first_storyteller = claim)."""
    association: str | None
    """The typed association, or None (spoken aloud, or not told yet)."""
    disputed: bool
    """A player disputed the association; the reveal waits for `restate` (RULES.md §3)."""
    conditions: Sequence[str]
    """Conditions on this turn's association: special cell and permanent restriction (§3, §4)."""
    last_card: bool
    """D1: every hand that feeds the table held exactly one card when this turn began."""
    played: Mapping[str, Sequence[str]]
    """Seat -> cards submitted this round, before the table is laid out (hidden)."""
    table: Sequence[str]
    """Card ids laid out, numbered 1..N in this order (from voting on)."""
    owners: Sequence[str]
    """Owner of each `table` card: a seat, "bot", "deck" or "mammoth" (hidden until scored)."""
    votes: Mapping[str, int]
    """Voter seat -> table number 1..N (hidden until scored)."""
    abstained: Sequence[str]
    """Kids: the children the host's skip left without a guess this round, while the round waits for the
    adult's reveal (RULES.md §2.5, D13); they owe no vote any more. Empty in every other mode and phase."""
    entered: Sequence[str]
    """Kids: the children whose guess the adult's phone entered this round (a `vote` with ``for``), in the order
    they went in; the adult may enter each of these again until the reveal (a mis-tap is corrected, RULES.md
    §2.5: the adult's phone enters the guess of a child without one). Empty in every other mode and phase."""
    result: RoundResult | None
    """The last scored round, until the next turn begins; else None."""
    first_draw: Mapping[str, int] | None
    """Seat -> token 1..n of the random draw that chose the first storyteller (004), or None."""
    winners: Sequence[str] | None
    """Winning elephant ids once the game is over; else None."""
    end_reason: str | None
    """Why the game ended (docs/architecture.md `end_reason`), or None."""
    deck_ran_out: bool
    """The dealt deck could not supply once: "while the deck lasts" refills stop (§1) unless the table
    reshuffles."""
    rng: int
    """PRNG state (rng.py): one 64-bit int."""

    def __repr__(self) -> str:
        return (f"<GameState {self.settings.ruleset}/{self.settings.mode} round {self.round} "
                f"{self.phase} v{self.version}>")

    @property
    def mode(self) -> Mode:
        """The table layout's rules object (RULES.md §2), `MODES[settings.mode]`: the state carries its
        rules, as a python-chess board carries its variant, so no step looks a mode up by name. The modes'
        hooks read a state through `modes.Position`, which keeps this import one-way."""
        return MODES[self.settings.mode]

    @property
    def ruleset(self) -> Ruleset:
        """The scoring family's rules object (RULES.md §1), `RULESETS[settings.ruleset]` (the id is
        ``settings.ruleset``)."""
        return RULESETS[self.settings.ruleset]

    def is_game_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "game_over"

    def is_active(self, seat: str) -> bool:
        """True if `seat` exists and has not been removed."""
        return seat in self.seats and seat not in self.removed

    def has_played(self, seat: str) -> bool:
        """True if `seat` has a card down this round (before or after the table is laid out)."""
        return seat in self.played or seat in self.owners

    def has_voted(self, seat: str) -> bool:
        """True if `seat` has voted this round."""
        return seat in self.votes

    def votes_missing(self) -> list[str]:
        """The voters yet to vote this round (`Mode.voters`: everyone but the storyteller, RULES.md §1.1;
        the children in the kids' game, §2.5), in seat order; the one account of "not every vote is in"
        that scoring at the last vote, the adult's proxy vote and the kids' `reveal` all read. Meaningful
        in ``voting`` (the votes are cleared once the round is scored). A kids' child the host skipped
        (`abstained`) is no longer missing."""
        votes, abstained = self.votes, self.abstained
        if abstained:
            return [v for v in self.mode.voters(self) if v not in votes and v not in abstained]
        return [v for v in self.mode.voters(self) if v not in votes]

    def active_seats(self) -> list[str]:
        """Seats still playing, in seat (clockwise) order."""
        removed = self.removed
        return [s for s in self.seats if s not in removed] if removed else list(self.seats)


class Changes(TypedDict, total=False):
    """Some fields of a GameState and their new values: what `evolve` writes (same names and types)."""

    version: int
    settings: Settings
    board: Board
    seats: Sequence[str]
    removed: Sequence[str]
    adult: str | None
    elephants: Mapping[str, int]
    hands: Mapping[str, Sequence[str]]
    deck: Sequence[str]
    discard: Sequence[str]
    set_aside: Sequence[str]
    mammoth: str | None
    phase: Phase
    round: int
    storyteller: str | None
    association: str | None
    disputed: bool
    conditions: Sequence[str]
    last_card: bool
    played: Mapping[str, Sequence[str]]
    table: Sequence[str]
    owners: Sequence[str]
    votes: Mapping[str, int]
    abstained: Sequence[str]
    entered: Sequence[str]
    result: RoundResult | None
    first_draw: Mapping[str, int] | None
    winners: Sequence[str] | None
    end_reason: str | None
    deck_ran_out: bool
    rng: int


#: Field names in declaration order (the JSON object's keys, besides "format").
FIELDS: tuple[str, ...] = tuple(f.name for f in fields(GameState))


def evolve(state: GameState, changes: Changes) -> GameState:
    """The one writer of game states: `state` with `changes` laid over it (a new state; `state` and
    the containers it shares with the new one are never changed)."""
    values = state.__dict__.copy()
    values.update(changes)
    new = object.__new__(GameState)
    object.__setattr__(new, "__dict__", values)  # the frozen dataclass's own fields, copied whole
    return new


def draft(state: GameState) -> GameState:
    """The draft `apply` builds one action on: a copy of `state` with the next version, for `write`."""
    values = state.__dict__.copy()
    values["version"] = state.version + 1
    new = object.__new__(GameState)
    object.__setattr__(new, "__dict__", values)
    return new


def write(draft: GameState, changes: Changes) -> None:
    """Lay `changes` over `draft` in place; it returns nothing, as the draft itself is what changed. Only
    for a draft: the copy `draft()` made for the action being built, the state `new_game` is dealing, or a
    scratch copy (`evolve`) a step plays ahead on, which no one else holds yet (the steps of game.py's
    `apply`); everything else is a finished, immutable value. Writing the draft's own field dict saves a copy
    of every field per step (engine speed, scripts/bench_engine.py)."""
    draft.__dict__.update(changes)


def make_state(values: Mapping[str, object]) -> GameState:
    """A GameState holding exactly `values` (every field by name), unchecked: for `from_json` and for
    tests that craft a starting position. Game code builds states with `evolve` only."""
    return evolve(_EMPTY, cast(Changes, {k: values[k] for k in FIELDS}))


_EMPTY = object.__new__(GameState)  # evolve's base for a state read whole from JSON
