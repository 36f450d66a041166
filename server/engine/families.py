"""Scoring of one round, per scoring family (RULES.md §1.1, §2.3–2.5). Pure arithmetic on the case
format of RULES.md §5; `scoring.score_round` picks the family through the registries.

Every function returns ``(breakdown, outcome)``: breakdown maps every elephant to a list of
``{"reason": str, "points": int}`` (points in cells; negative only for the classic back-moves);
outcome is ``"all"``, ``"none"`` or ``"some"`` (did the voters find the card they looked for).
"""
from __future__ import annotations

#: Table owners that are nobody's elephant (trio bot cards, kids' deck cards, the duel's mammoth).
NOBODY = frozenset({"bot", "deck", "mammoth"})


def _card_of(table: list[str], owner: str) -> int:
    numbers = [i + 1 for i, o in enumerate(table) if o == owner]
    if len(numbers) != 1:
        raise ValueError(f"{owner!r} must own exactly one card on the table, owns {len(numbers)}")
    return numbers[0]


def _outcome(found: int, voters: int) -> str:
    if voters and found == voters:
        return "all"
    return "none" if found == 0 else "some"


def _add(bd: dict, who: str, reason: str, points: int) -> None:
    if points:
        bd[who].append({"reason": reason, "points": points})


def standard(style: str, storyteller: str, table: list[str], votes: dict[str, int],
             positions: dict[str, int]) -> tuple[dict, str]:
    """The storyteller's-card families: `style` is ``"imaginarium"``, ``"classic"`` or ``"dixit"``.

    V = the voters in `votes` (the storyteller excluded), c = votes on the storyteller's card. With no
    voter at all nobody scores (outcome "none"; the game never scores such a round).
    """
    target = _card_of(table, storyteller)
    bd: dict[str, list] = {storyteller: []}
    for group in (table, votes, positions):
        for e in group:
            if e not in bd and e not in NOBODY:
                bd[e] = []
    voters = [v for v in votes if v != storyteller]
    found = sum(1 for v in voters if votes[v] == target)
    outcome = _outcome(found, len(voters))
    if not voters:
        return bd, "none"
    received: dict[str, int] = {}
    for v in voters:
        owner = table[votes[v] - 1]
        if owner != storyteller and owner not in NOBODY:
            received[owner] = received.get(owner, 0) + 1
    others = [e for e in bd if e != storyteller]
    if style == "dixit" and outcome != "some":
        for e in others:
            _add(bd, e, "storyteller_failed", 2)
    elif outcome == "some":
        _add(bd, storyteller, "storyteller", 3)
        if style != "dixit":
            _add(bd, storyteller, "votes_on_card", found)
        for v in voters:
            if votes[v] == target:
                _add(bd, v, "guessed", 3)
    elif outcome == "all":
        if style == "imaginarium":
            for v in voters:
                _add(bd, v, "guessed", 3)
        elif style == "classic":  # 004: back 3, never behind the start
            _add(bd, storyteller, "everyone_guessed", -min(3, positions.get(storyteller, 0)))
    elif style == "classic":  # nobody guessed: back 2, never behind the start
        _add(bd, storyteller, "nobody_guessed", -min(2, positions.get(storyteller, 0)))
    for owner, n in received.items():  # empty when everyone guessed
        _add(bd, owner, "votes_on_card", n)
    return bd, outcome


def duel(storyteller: str, table: list[str], votes: dict[str, int],
         positions: dict[str, int]) -> tuple[dict, str]:
    """Two players against the mammoth (RULES.md §2.4): g players found the mammoth's card;
    g = 0 → mammoth +3; g = 1 → elephant +1, mammoth +1; g = 2 → elephant +2."""
    target = _card_of(table, "mammoth")
    g = sum(1 for n in votes.values() if n == target)
    bd: dict[str, list] = {"elephant": [], "mammoth": []}
    if g == 0:
        _add(bd, "mammoth", "nobody_found_mammoth", 3)
    elif g == 1:
        _add(bd, "elephant", "one_found_mammoth", 1)
        _add(bd, "mammoth", "one_found_mammoth", 1)
    else:
        _add(bd, "elephant", "both_found_mammoth", 2)
    return bd, _outcome(g, len(votes))


def kids(storyteller: str, table: list[str], votes: dict[str, int],
         positions: dict[str, int]) -> tuple[dict, str]:
    """The kids' variant (RULES.md §2.5): the storyteller is the adult; the children are everyone in
    `votes` or `positions` but the adult. Right → +1, or +3 when that child's elephant is last
    (Decision D5: at the smallest distance, and not everyone there). With one child the adult has an
    elephant and gets +1 when the child is wrong (never the bonus)."""
    target = _card_of(table, storyteller)
    children = [c for c in dict.fromkeys([*votes, *positions]) if c != storyteller]
    one_child = len(children) == 1
    elephants = [*children, storyteller] if one_child else children
    bd: dict[str, list] = {e: [] for e in elephants}
    at = {e: positions.get(e, 0) for e in elephants}
    low = min(at.values()) if at else 0
    last = {e for e, d in at.items() if d == low} if len(set(at.values())) > 1 else set()
    found = 0
    for child in children:
        if child not in votes:
            continue
        if votes[child] == target:
            found += 1
            if child in last:
                _add(bd, child, "guessed_from_last_place", 3)
            else:
                _add(bd, child, "guessed", 1)
        elif one_child:
            _add(bd, storyteller, "child_missed", 1)
    return bd, _outcome(found, sum(1 for c in children if c in votes))
