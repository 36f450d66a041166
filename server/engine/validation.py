"""Whether a table's settings can be played (RULES.md §1, §2, §4): the checks that need the modes
(a mode's rulesets, seat range, short game), so they live above `modes/`, not on `Settings` (settings.py
sits below the modes: their hooks read a GameState, which holds a Settings)."""
from __future__ import annotations

from .board import Board
from .errors import IllegalAction
from .modes import MODES, mode_seat_range
from .rulesets import RULESETS
from .settings import FIRST_STORYTELLER, WHEN_DECK_EMPTY, Settings


def validate_settings(settings: Settings, n_seats: int | None = None, board: Board | None = None) -> Settings:
    """Check `settings` as a combination (and the seat count, if given; the short game's cell against
    `board`, an `engine.Board`, if given: it must lie on the first lap after the start); returns `settings`.

    :raises IllegalAction: ``bad_settings`` with params `field` and `reason` (``unknown_ruleset``,
        ``unknown_mode``, ``mode_not_in_ruleset``, ``seat_count``, ``no_short_game`` (the ruleset has
        none), ``no_short_game_in_mode``,
        ``short_game_off_board`` {min, max}, ``no_such_condition``, ``bad_value``) naming the problem.
    """
    rs = RULESETS.get(settings.ruleset)
    if rs is None:
        raise IllegalAction("bad_settings", f"unknown ruleset {settings.ruleset!r}", field="ruleset",
                            reason="unknown_ruleset")
    if settings.mode not in MODES:
        raise IllegalAction("bad_settings", f"unknown mode {settings.mode!r}", field="mode",
                            reason="unknown_mode")
    low, high = mode_seat_range(settings.ruleset, settings.mode)
    if n_seats is not None and not low <= n_seats <= high:
        raise IllegalAction("bad_settings", f"{settings.ruleset} {settings.mode} needs {low}-{high} seats, "
                            f"not {n_seats}", field="seats", reason="seat_count", min=low, max=high)
    if settings.short_game is not None:
        if rs.short_game_default is None or not MODES[settings.mode].allows_short_game:
            raise IllegalAction("bad_settings", f"no short game in {settings.ruleset} {settings.mode}",
                                field="short_game", ruleset=settings.ruleset, mode=settings.mode,
                                reason="no_short_game" if rs.short_game_default is None
                                else "no_short_game_in_mode")
        last: int | None
        first, last = (1, None) if board is None else (board.first_number + 1,
                                                       board.first_number + board.length - 1)
        if settings.short_game < first or (last is not None and settings.short_game > last):
            bounds: dict[str, object] = {"min": first} if last is None else {"min": first, "max": last}
            raise IllegalAction("bad_settings", f"cell {settings.short_game} is not on the board's first lap",
                                field="short_game", reason="short_game_off_board", **bounds)
    if settings.restriction is not None and settings.restriction not in rs.conditions:
        raise IllegalAction("bad_settings", f"{settings.ruleset} has no condition {settings.restriction!r}",
                            field="restriction", reason="no_such_condition", ruleset=settings.ruleset)
    if settings.first_storyteller not in FIRST_STORYTELLER:
        raise IllegalAction("bad_settings", f"first_storyteller must be one of {FIRST_STORYTELLER}",
                            field="first_storyteller", reason="bad_value")
    if settings.when_deck_empty not in WHEN_DECK_EMPTY:
        raise IllegalAction("bad_settings", f"when_deck_empty must be one of {WHEN_DECK_EMPTY}",
                            field="when_deck_empty", reason="bad_value")
    return settings


def validate_board(board: Board, ruleset: str | None = None) -> Board:
    """Check that `board`'s special cells use only the conditions of the ruleset it is played with
    (`ruleset`, else the one the board says it was drawn for; none known: nothing to check); returns
    `board` (RULES.md §3's table, Decision D14: exactly like a permanent restriction the ruleset lacks;
    Dixit's track has no special cells, D6).

    :raises ValueError: one sentence naming the cell and the condition, for the first such cell.
    """
    rs = RULESETS.get(ruleset or board.ruleset or "")
    if rs is None:
        return board
    for number, condition in board.special:
        if condition not in rs.conditions:
            allowed = ", ".join(rs.conditions) or "none"
            raise ValueError(f"cell {number} has the condition {condition!r}, which the {rs.id} ruleset does "
                             f"not have (its conditions: {allowed}; RULES.md §3, Decision D14)")
    return board


def settings_from_dict(data: object) -> Settings:
    """Settings from a (possibly partial) dict (`Settings.parse`), checked as a combination
    (`validate_settings`, without a seat count or board). Missing fields take their defaults;
    `short_game` may be ``true`` (the ruleset's default cell: 34, classic 39) or ``false`` (off).

    :raises MalformedAction: not a dict, an unknown key or an ill-typed value.
    :raises IllegalAction: ``bad_settings`` for an impossible value or combination.
    """
    return validate_settings(Settings.parse(data))
