"""Scoring one round (RULES.md §1.1, §2.3–2.5, case format §5). The game scores through `score`, which
takes the ruleset and mode objects; `score_round` / `score_breakdown` are the same by registered names."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .errors import IllegalAction
from .modes import MODES, Mode
from .results import Breakdown, Outcome
from .rulesets import RULESETS, Ruleset


def score(rs: Ruleset, mode: Mode, storyteller: str, table: Sequence[str], votes: Mapping[str, int],
          positions: Mapping[str, int], inactive: Collection[str] = (),
          absent: Collection[str] | None = None) -> tuple[Breakdown, Outcome]:
    """Breakdown and outcome of one round by the table's scoring family (`mode.family(rs)`), with the
    lines of `inactive` elephants emptied: no score without a seat (Decision D11; votes on such a seat's
    card stay wrong guesses).

    :param table: owner of card 1..N; ``"bot"``, ``"deck"`` or ``"mammoth"`` for nobody's cards
    :param votes: voter -> card number (1-based); a seat at the table with a card but no vote
        abstains: a voter who did not find the card (Decision D13, families.py)
    :param positions: elephant -> distance in cells before the round; an elephant only here (no card,
        no vote) is inactive and scores nothing (D11 made exact)
    :param absent: seats no longer at the table, never voters (default: `inactive`; they differ only
        where an elephant is shared, the duel)
    :returns: ``({elephant: [{"reason", "points"}]}, "all" | "none" | "some")``
    :raises ValueError: the table does not hold exactly one card of the storyteller (duel: of the
        mammoth), or a vote is not a table number.
    """
    size = len(table)
    for voter, number in votes.items():
        if type(number) is not int or not 1 <= number <= size:
            raise ValueError(f"vote of {voter!r} is not a card number 1..{size}: {number!r}")
    gone = inactive if absent is None else absent
    breakdown, outcome = mode.family(rs)(storyteller, table, votes, positions, gone)  # families never mutate
    for e in inactive:
        if e in breakdown:
            breakdown[e] = []
    return breakdown, outcome


def _registered(ruleset: str, mode: str) -> tuple[Ruleset, Mode]:
    rs, m = RULESETS.get(ruleset), MODES.get(mode)
    if rs is None or m is None:
        raise IllegalAction("bad_settings", f"unknown ruleset/mode {ruleset!r}/{mode!r}")
    return rs, m


def score_breakdown(ruleset: str, mode: str, storyteller: str, table: Sequence[str],
                    votes: Mapping[str, int], positions: Mapping[str, int] | None = None,
                    removed: Collection[str] = ()) -> tuple[Breakdown, Outcome]:
    """`score` by registered names: ``({elephant: [{"reason", "points"}]}, outcome)``; outcome is
    ``"all"``, ``"none"`` or ``"some"``. Elephants in `removed` get no points (D11).

    :raises IllegalAction: ``bad_settings`` for an unknown ruleset/mode.
    :raises ValueError: see `score`.
    """
    rs, m = _registered(ruleset, mode)
    return score(rs, m, storyteller, table, votes, positions or {}, removed)


def score_round(ruleset: str, mode: str, storyteller: str, table: Sequence[str], votes: Mapping[str, int],
                positions: Mapping[str, int] | None = None, removed: Collection[str] = ()) -> dict[str, int]:
    """Points (cells moved) per elephant for one round, with exactly the meaning of RULES.md §5.

    :param ruleset: ``imaginarium`` | ``imaginarium-classic`` | ``dixit``
    :param mode: ``standard`` | ``pairs`` | ``trio`` | ``duel`` | ``kids``
    :param storyteller: who told (duel: no effect; kids: the adult)
    :param table: owner of card 1..N; ``"bot"``, ``"deck"`` or ``"mammoth"`` for nobody's cards
    :param votes: voter -> card number (1-based); a player with a card on the table (kids: a child)
        and no vote abstains, a voter who did not find the card (Decision D13)
    :param positions: elephant -> distance before the round (default 0); the classic back-moves
        never go behind the start, kids' catch-up bonus needs the last place (D5); an elephant only
        here, with neither a card nor a vote, scores nothing (D11 made exact; kids: a child here
        without a vote abstains)
    :param removed: elephants whose seats were removed: they score nothing, whatever the outcome (D11;
        the case file's ``removed`` extension, docs/RULES.md §5.1)
    :returns: every elephant -> points (negative only for the classic storyteller's back-moves);
        duel: ``{"elephant", "mammoth"}``; kids: the children, plus the adult with one child.
    :raises IllegalAction: ``bad_settings`` for an unknown ruleset/mode.
    :raises ValueError: for a table or votes that do not fit (see `score`).
    """
    breakdown, _ = score_breakdown(ruleset, mode, storyteller, table, votes, positions, removed)
    return points_of(breakdown)


def points_of(breakdown: Breakdown) -> dict[str, int]:
    """Points per elephant from a breakdown; `score_round` is exactly `points_of(score_breakdown(...)[0])`
    and the game scores each round the same way (it also keeps the reasons and the outcome)."""
    return {e: sum(item["points"] for item in items) for e, items in breakdown.items()}
