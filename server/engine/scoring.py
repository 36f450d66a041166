"""The public scoring function (RULES.md §1.1, §2.3–2.5, case format §5). The game scores through it."""
from __future__ import annotations

from .errors import IllegalAction
from .modes import MODES
from .rulesets import RULESETS


def score_breakdown(ruleset: str, mode: str, storyteller: str, table: list[str],
                    votes: dict[str, int], positions: dict[str, int] | None = None,
                    removed=()) -> tuple[dict, str]:
    """Like `score_round`, with the reasons: ``({elephant: [{"reason", "points"}]}, outcome)``;
    outcome is ``"all"``, ``"none"`` or ``"some"``. Elephants in `removed` get no points (D11).

    :raises IllegalAction: ``bad_settings`` for an unknown ruleset/mode.
    :raises ValueError: when the table does not hold exactly one card of the storyteller (duel: of
        the mammoth), or a vote is not a table number.
    """
    rs, m = RULESETS.get(ruleset), MODES.get(mode)
    if rs is None or m is None:
        raise IllegalAction("bad_settings", f"unknown ruleset/mode {ruleset!r}/{mode!r}")
    size = len(table)
    for voter, number in votes.items():
        if type(number) is not int or not 1 <= number <= size:
            raise ValueError(f"vote of {voter!r} is not a card number 1..{len(table)}: {number!r}")
    breakdown, outcome = m.score(rs, storyteller, table, votes, positions or {})  # never mutates
    for e in removed:  # D11: no score without a seat (votes on its card stay wrong guesses)
        if e in breakdown:
            breakdown[e] = []
    return breakdown, outcome


def score_round(ruleset: str, mode: str, storyteller: str, table: list[str], votes: dict[str, int],
                positions: dict[str, int] | None = None, removed=()) -> dict[str, int]:
    """Points (cells moved) per elephant for one round, with exactly the meaning of RULES.md §5.

    :param ruleset: ``imaginarium`` | ``imaginarium-classic`` | ``dixit``
    :param mode: ``standard`` | ``pairs`` | ``trio`` | ``duel`` | ``kids``
    :param storyteller: who told (duel: no effect; kids: the adult)
    :param table: owner of card 1..N; ``"bot"``, ``"deck"`` or ``"mammoth"`` for nobody's cards
    :param votes: voter -> card number (1-based); only players still voting
    :param positions: elephant -> distance before the round (default 0); the classic back-moves
        never go behind the start, kids' catch-up bonus needs the last place (D5)
    :param removed: elephants whose seats were removed: they score nothing, whatever the outcome (D11)
    :returns: every elephant -> points (negative only for the classic storyteller's back-moves);
        duel: ``{"elephant", "mammoth"}``; kids: the children, plus the adult with one child.
    :raises IllegalAction: ``bad_settings`` for an unknown ruleset/mode.
    :raises ValueError: for a table or votes that do not fit (see `score_breakdown`).
    """
    breakdown, _ = score_breakdown(ruleset, mode, storyteller, table, votes, positions, removed)
    return points_of(breakdown)


def points_of(breakdown: dict) -> dict[str, int]:
    """Points per elephant from a breakdown; `score_round` is exactly `points_of(score_breakdown(...)[0])`
    and the game scores each round the same way (it also keeps the reasons and the outcome)."""
    return {e: sum(item["points"] for item in items) for e, items in breakdown.items()}
