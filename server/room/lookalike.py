"""Names that would read the same on the TV: "Anna" and "Аnna" (a Cyrillic А), "P1" and "Pl", "Zoe" with
a full-width Z.

Unicode's answer is UTS #39 (TR39): two strings are confusable when their skeletons match, a skeleton
mapping each character to the prototype of its class in Unicode's confusables.txt. The classes come from
the `confusable-homoglyphs` package (its `confusables_data`: each character with the homoglyphs of its
class; the lists are not always closed, so the classes are joined here), so this module holds no table
of its own; a class's prototype is its smallest single character. Sequences that look like one letter
("rn" for "m") are not folded: a family is not an attacker, and the common cases are single letters of
another script.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs.confusables import confusables_data


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Every character of a confusable class -> the class's prototype (built once, about 50 ms)."""
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.setdefault(ch, ch) != ch:
            parent[ch] = parent[parent[ch]]
            ch = parent[ch]
        return ch

    for ch, homoglyphs in confusables_data.items():
        for h in homoglyphs:
            if len(h["c"]) == 1:
                a, b = root(ch), root(h["c"])
                if a != b:
                    parent[max(a, b)] = min(a, b)   # the smaller character leads the class
    return {ch: root(ch) for ch in parent}


def skeleton(name: str) -> str:
    """UTS #39's skeleton of `name`, single characters only: NFD, each character to its class's
    prototype, NFD again."""
    prototypes = _prototypes()
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", name)))


def looks_alike(a: str, b: str) -> bool:
    """True if the (already cleaned) names `a` and `b` would read the same on the TV: equal when
    case-folded (as `name_taken` always said), or with equal skeletons as written or case-folded (so both
    "Max"/"Маx" with a Cyrillic М and "anna"/"Аnna" match)."""
    fa, fb = a.casefold(), b.casefold()
    return fa == fb or skeleton(a) == skeleton(b) or skeleton(fa) == skeleton(fb)
