"""Shared places in the final standings: elephants on the same distance share a place in the story's
standings and on the keepsake picture, as the TV numbers them ("1. / 2. / 2. / 4.", never "2. / 3.")."""
from __future__ import annotations

import io

from PIL import Image, ImageChops

from server.room import keepsake
from server.room.story import places


def test_places_are_shared_on_a_tie() -> None:
    assert places([9, 5, 5, 2]) == [1, 2, 2, 4]
    assert places([3, 3, 3]) == [1, 1, 1]
    assert places([7, 6, 5]) == [1, 2, 3]
    assert places([]) == []


def test_the_keepsake_draws_one_place_for_a_tie() -> None:
    # Two standings alike in all but their order (names without descenders, which reach into the next
    # row): with shared places their rows are the same pixels; numbered one by one ("3." then "4.") not.
    distances = [9, 7, 5, 5]
    standings = [{"name": "Anna", "distance": d, "winner": i == 0, "place": p}
                 for i, (d, p) in enumerate(zip(distances, places(distances), strict=True))]
    view = {"room": "ABCD", "deck": "builtin", "over": True, "rounds": [], "standings": standings}
    for lang in ("en", "ru"):
        with Image.open(io.BytesIO(keepsake.render(view, lang, lambda deck, card: None))) as im:
            im.load()
            bottom = im.height - keepsake.MARGIN
            last = im.crop((0, bottom - 64, im.width, bottom))
            before = im.crop((0, bottom - 128, im.width, bottom - 64))
            assert ImageChops.difference(last.convert("RGB"), before.convert("RGB")).getbbox() is None, lang
