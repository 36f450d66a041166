"""The built-in deck's motifs: what each card shows, the caps that keep the deck varied, and the allocator that
holds them while scripts/make_deck.py plans the deck. Pure Python (no Pillow), so the report and
tests/decks/test_deck_motifs.py read the deck's recorded plan without drawing a card.

A card's record (`deck.json` `generator.cards[<card id>]`):
    {"scene": composition name, "glyphs": [every glyph the scene shows as a subject], "sky": sky kind,
     "ground": ground kind, "mood": palette name}

Motifs, each on at most MOTIF_CAP cards of the deck:
  - `scene:<name>`: the composition, the scene's idea ("ladder": a ladder up to something in the sky);
  - `glyph:<glyph>`: every glyph the scene shows as a subject, the hero and the secondary ones (the
    watcher, the container, the things it rains ...); a glyph that is itself a sky feature counts as that
    feature (🌙 🌛 🌜 are the `sky:crescent moon`, 🪐 the `sky:ringed planet` ...: SKY_GLYPHS);
  - `sky:<feature>`: every sky kind but the clear ones (crescent moon, full moon, sun, aurora, rainbow ...);
  - `ground:<kind>`: the grounds a player names (checker, mirror, cloudsea, underwater: FEATURE_GROUNDS).
Not motifs, the backdrop every card has some of: the clear day or night sky (`day sky`, `night sky`: a
gradient, clouds, and at night the faint dotted starfield), the plain grounds (sea, hills, dunes,
mountains, snow) and the mood (the palette).

Background composition, on at most BACKGROUND_CAP cards: the pair (sky kind, ground kind), e.g.
("night sky", "sea"); an underwater card is ("underwater", "underwater").
"""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

MOTIF_CAP = 4
BACKGROUND_CAP = 10
CLEAR_SKIES = ("day sky", "night sky")
FEATURE_GROUNDS = ("checker", "mirror", "cloudsea", "underwater")
SKY_GLYPHS = {"🌙": "crescent moon", "🌛": "crescent moon", "🌜": "crescent moon", "🪐": "ringed planet",
              "🌍": "earth", "☀": "sun", "☄": "comet", "🌈": "rainbow", "🌠": "shooting stars"}


def glyph_motif(glyph: str) -> str:
    """The motif a glyph shows: `sky:<feature>` for the sky glyphs (SKY_GLYPHS), else `glyph:<glyph>`."""
    return f"sky:{SKY_GLYPHS[glyph]}" if glyph in SKY_GLYPHS else f"glyph:{glyph}"


def card_motifs(card: Mapping[str, Any]) -> set[str]:
    """The motifs of one card record (module docstring), each once."""
    out = {f"scene:{card['scene']}", *(glyph_motif(g) for g in card["glyphs"])}
    if card["sky"] not in CLEAR_SKIES and card["sky"] != "underwater":
        out.add(f"sky:{card['sky']}")
    if card["ground"] in FEATURE_GROUNDS:
        out.add(f"ground:{card['ground']}")
    return out


def background(card: Mapping[str, Any]) -> str:
    """The card's background composition as one string, `<sky kind> × <ground kind>`."""
    return f"{card['sky']} × {card['ground']}"


def report(cards: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts over a deck's card records: `{"cards": n, "motifs": {motif: cards}, "backgrounds":
    {composition: cards}, "max_motif": [motif, cards], "max_background": [composition, cards],
    "over_caps": [motifs above MOTIF_CAP and compositions above BACKGROUND_CAP]}`, counts highest first."""
    cards = list(cards)
    motifs = Counter(m for c in cards for m in card_motifs(c))
    backs = Counter(background(c) for c in cards)
    motif_rows = sorted(motifs.items(), key=lambda kv: (-kv[1], kv[0]))
    back_rows = sorted(backs.items(), key=lambda kv: (-kv[1], kv[0]))
    over = [m for m, n in motif_rows if n > MOTIF_CAP] + [b for b, n in back_rows if n > BACKGROUND_CAP]
    return {"cards": len(cards), "motifs": dict(motif_rows), "backgrounds": dict(back_rows),
            "max_motif": list(motif_rows[0]) if motif_rows else None,
            "max_background": list(back_rows[0]) if back_rows else None, "over_caps": over}


def format_report(counts: Mapping[str, Any]) -> str:
    """`report()` as a readable table (motifs by kind, then background compositions) and a last JSON line."""
    lines = [f"{counts['cards']} cards; caps: a motif on at most {MOTIF_CAP}, a background on at most "
             f"{BACKGROUND_CAP}"]
    for kind in ("scene", "sky", "ground", "glyph"):
        rows = [(m.split(":", 1)[1], n) for m, n in counts["motifs"].items() if m.startswith(kind + ":")]
        lines.append(f"\n{kind} motifs ({len(rows)}):")
        lines += [f"  {n:3d}  {name}{'  OVER' if n > MOTIF_CAP else ''}" for name, n in rows]
    lines.append(f"\nbackground compositions, sky × ground ({len(counts['backgrounds'])}):")
    lines += [f"  {n:3d}  {b}{'  OVER' if n > BACKGROUND_CAP else ''}" for b, n in counts["backgrounds"].items()]
    summary = {k: counts[k] for k in ("cards", "max_motif", "max_background", "over_caps")}
    lines.append(json.dumps(summary, ensure_ascii=False))
    return "\n".join(lines)


class OutOfMotifs(ValueError):
    """No option of a slot is left under the caps (make_deck's pools are too small for the card count)."""


class Allocator:
    """Draws a deck's choices so the caps hold by construction: each pick takes, among the options whose
    motifs are neither at their cap nor already on the card, one with the most room left (ties: the seeded
    `rng`), like dealing from shuffled quotas. Always terminates; raises OutOfMotifs when nothing fits."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.motifs: Counter[str] = Counter()
        self.backgrounds: Counter[str] = Counter()
        self.soft: Counter[str] = Counter()   # choices that are no motif (moods, plain grounds): spread evenly
        self.in_slot: Counter[tuple[str, Any]] = Counter()   # (slot, option): the same pair twice is a twin card
        self.on_card: set[str] = set()

    def new_card(self) -> None:
        """Starts the next card: its motifs may repeat nothing of its own."""
        self.on_card = set()

    def room(self, motifs: Sequence[str]) -> float:
        """The room (0..1) left for a choice showing `motifs`; 0 when one is at its cap or on this card."""
        if any(m in self.on_card for m in motifs):
            return 0.0
        return min((MOTIF_CAP - self.motifs[m]) / MOTIF_CAP for m in motifs) if motifs else 1.0

    def best(self, options: Sequence[Any], room: Mapping[Any, float], what: str) -> Any:
        """The option with the most room (> 0), ties broken by the rng. Raises OutOfMotifs."""
        top = max((room[o] for o in options), default=0.0)
        if top <= 0:
            raise OutOfMotifs(f"nothing left for {what} among {list(options)[:12]}")
        return self.rng.choice([o for o in options if room[o] == top])

    def take(self, motifs: Iterable[str]) -> None:
        """Counts `motifs` on the current card."""
        for m in set(motifs) - self.on_card:
            self.motifs[m] += 1
            self.on_card.add(m)

    def glyphs(self, pool: Sequence[str | tuple[str, ...]], what: str) -> str | tuple[str, ...]:
        """One option of `pool` (a glyph or a group of glyphs shown together) for the slot named `what`,
        counted; an option this slot already had comes after the others with as much room (two cards of
        one scene with the same hero look like twins). Raises OutOfMotifs."""
        options = list(dict.fromkeys(pool))
        room = {o: self.room([glyph_motif(g) for g in ((o,) if isinstance(o, str) else o)])
                * .5 ** self.in_slot[what, o] for o in options}
        choice = self.best(options, room, what)
        self.in_slot[what, choice] += 1
        self.take(glyph_motif(g) for g in ((choice,) if isinstance(choice, str) else choice))
        return choice

    def soft_pick(self, options: Sequence[str], spread: int, what: str) -> str:
        """One of `options` that are no motif (moods, plain grounds), the least used first so they spread."""
        room = {o: (spread - self.soft[o]) / spread + 1 for o in options}
        choice = self.best(options, room, what)
        self.soft[choice] += 1
        return choice
