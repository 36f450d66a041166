#!/usr/bin/env python3
"""Card picture figures: how long preparing a card takes (cold, per size, both formats) and a cached hit,
and how big the prepared files are. Prints figures; asserts nothing.

Usage: .venv/bin/python scripts/bench_cards.py [--cards 20]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.config import Config
from server.decks import card_images
from server.decks.library import DeckLibrary


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cards", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        library = DeckLibrary(Config().decks_dir, Path(tmp))
        t = time.perf_counter()
        deck = library.get("builtin")
        ms = (time.perf_counter() - t) * 1e3
        print(f"load deck 'builtin' ({deck.size} cards, header check of each): {ms:.1f} ms")
        cards = deck.cards[: args.cards]
        for size in card_images.SIZES:
            t = time.perf_counter()
            for c in cards:
                card_images.prepare(library, "builtin", c, size, "webp")  # makes webp and jpg together
            cold = (time.perf_counter() - t) / len(cards)
            t = time.perf_counter()
            for c in cards:
                card_images.prepare(library, "builtin", c, size, "jpg")
            hit = (time.perf_counter() - t) / len(cards)
            for fmt in card_images.FORMATS:
                sizes = [card_images.cache_path(library, "builtin", c, size, fmt).stat().st_size for c in cards]
                print(f"{size:5} {fmt:4}: mean {sum(sizes) / len(sizes) / 1024:6.1f} KiB")
            print(f"{size:5} cold prepare (both formats): {cold * 1e3:6.1f} ms/card; "
                  f"cached hit {hit * 1e6:6.1f} µs/card")
    return 0


if __name__ == "__main__":
    sys.exit(main())
