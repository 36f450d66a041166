"""The board: cells per lap, how they are printed, which are special (RULES.md §3, Decision D6)."""
from __future__ import annotations

from dataclasses import dataclass, field

#: Special-cell conditions (RULES.md §3). Which ruleset uses which: `Ruleset.conditions`.
CONDITIONS: tuple[str, ...] = ("question", "four_words", "person", "screen", "story", "brand")


@dataclass(frozen=True, slots=True)
class Board:
    """One board: `length` cells per lap (L), numbered from `first_number` as printed.

    Cell = distance mod L, lap = distance div L (RULES.md §3). `special` maps a printed cell number to
    its condition, as ``((number, condition), ...)`` sorted by number.

    :raises ValueError: for a length below 2, a special cell off the board or an unknown condition.
    """

    length: int
    """Cells per lap, L (>= 2)."""
    first_number: int = 0
    """The printed number of the start cell (the current board 0, the classic one cloud 1)."""
    special: tuple[tuple[int, str], ...] = ()
    """Special cells as ``((printed number, condition), ...)`` sorted by number (§3)."""
    id: str = "custom"
    """The board file's id."""
    title: str = ""
    """Its title for people."""
    ruleset: str | None = None
    """The ruleset it was drawn for, or None."""
    note: str = ""
    """A note for people (where the layout comes from, D6)."""
    _by_index: dict[int, str] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.length, int) or isinstance(self.length, bool) or self.length < 2:
            raise ValueError(f"board length must be an integer >= 2, not {self.length!r}")
        if not isinstance(self.first_number, int) or isinstance(self.first_number, bool):
            raise ValueError(f"first_number must be an integer, not {self.first_number!r}")
        special = tuple(sorted((int(n), str(c)) for n, c in self.special))
        by_index: dict[int, str] = {}
        for number, condition in special:
            if not self.first_number <= number < self.first_number + self.length:
                raise ValueError(f"special cell {number} is not on the board "
                                 f"({self.first_number}..{self.first_number + self.length - 1})")
            if condition not in CONDITIONS:
                raise ValueError(f"unknown condition {condition!r} on cell {number}")
            by_index[number - self.first_number] = condition
        object.__setattr__(self, "special", special)
        object.__setattr__(self, "_by_index", by_index)

    def cell(self, distance: int) -> int:
        """The printed number of the cell an elephant stands on after `distance` cells."""
        return self.first_number + distance % self.length

    def lap(self, distance: int) -> int:
        """Completed laps after `distance` cells."""
        return distance // self.length

    def place(self, distance: int, laps: bool = True) -> tuple[int, int]:
        """``(printed cell, completed laps)`` of an elephant at `distance`; without `laps` (Dixit's score
        track, D12) a distance past the last cell stays on the last cell, lap 0."""
        if laps:
            return self.cell(distance), self.lap(distance)
        return self.first_number + min(distance, self.length - 1), 0

    def condition_at(self, distance: int) -> str | None:
        """The special-cell condition under an elephant at `distance`, or None."""
        return self._by_index.get(distance % self.length)

    def distance_to(self, number: int) -> int:
        """Distance (cells from the start) of printed cell `number` on the first lap (RULES.md §4: cloud 39
        on the classic board is distance 38)."""
        return number - self.first_number

    def to_dict(self) -> dict[str, object]:
        """JSON shape of a board file: ``{"id","title","ruleset","length","first_number","special","note"}``
        with `special` keyed by the printed cell number as a string."""
        return {"id": self.id, "title": self.title, "ruleset": self.ruleset, "length": self.length,
                "first_number": self.first_number,
                "special": {str(n): c for n, c in self.special}, "note": self.note}

    @classmethod
    def from_dict(cls, data: object) -> Board:
        """Inverse of `to_dict`. :raises ValueError: for a missing or ill-typed field."""
        if not isinstance(data, dict):
            raise ValueError("a board is a JSON object")
        special = data.get("special") or {}
        if not isinstance(special, dict):
            raise ValueError("`special` must map cell numbers to conditions")
        try:
            pairs = tuple((int(k), v) for k, v in special.items())
        except ValueError:
            raise ValueError("`special` keys must be cell numbers") from None
        for key in ("id", "title", "note", "ruleset"):
            if data.get(key) is not None and not isinstance(data[key], str):
                raise ValueError(f"`{key}` must be a string")
        if "length" not in data:
            raise ValueError("a board needs a `length`")
        return cls(length=data["length"], first_number=data.get("first_number", 0), special=pairs,
                   id=data.get("id", "custom"), title=data.get("title", ""),
                   ruleset=data.get("ruleset"), note=data.get("note", ""))
