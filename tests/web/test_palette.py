"""The elephant colours a table is offered first can be told apart by colour-blind guests: under a full
deuteranopia and protanopia (red–green) every two of the first seven are at least 15 apart in CAM02-UCS,
and at least 10 under tritanopia (blue–yellow), by colorspacious' simulation (Machado et al. 2009, severity
100). Below about 10, two tokens look the same from a sofa. The order is the server's (what a newcomer is
offered, `colours_free`), the shades the pages' (web/shared/colours.js)."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest
from colorspacious import cspace_convert

from server.room.roster import COLOURS

ROOT = Path(__file__).resolve().parents[2]
FIRST = 7
FLOOR = {"deuteranomaly": 15.0, "protanomaly": 15.0, "tritanomaly": 10.0, None: 15.0}


def shades() -> dict[str, str]:
    """Colour name -> "#rrggbb", as web/shared/colours.js draws it."""
    text = (ROOT / "web/shared/colours.js").read_text(encoding="utf-8")
    block = re.search(r"export const COLOURS = \{(.*?)\};", text, re.S).group(1)
    return dict(re.findall(r"(\w+): '(#[0-9a-f]{6})'", block))


def closest_pair(names: list[str], cvd: str | None) -> tuple[float, str, str]:
    """The smallest CAM02-UCS distance between two of `names` as seen with `cvd` (None: normal vision)."""
    hexes = shades()
    rgb = np.array([[int(hexes[n][i:i + 2], 16) / 255 for i in (1, 3, 5)] for n in names])
    if cvd:
        rgb = np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}, "sRGB1"), 0, 1)
    jab = cspace_convert(rgb, "sRGB1", "CAM02-UCS")
    return min((float(np.linalg.norm(jab[i] - jab[j])), names[i], names[j])
               for i, j in itertools.combinations(range(len(names)), 2))


def test_the_pages_draw_every_colour_the_server_offers():
    assert set(shades()) == set(COLOURS) and len(COLOURS) == 14


@pytest.mark.parametrize("cvd", list(FLOOR), ids=[str(c) for c in FLOOR])
def test_the_first_seven_stay_apart(cvd):
    distance, a, b = closest_pair(list(COLOURS[:FIRST]), cvd)
    assert distance >= FLOOR[cvd], f"{a} and {b} are {distance:.1f} apart under {cvd}"


def test_the_check_catches_the_old_palette():
    """The palette before this order: red, orange, yellow, green, teal, blue, purple came within 6 under
    deuteranopia."""
    old = {"red": "#e53935", "orange": "#fb8c00", "yellow": "#fdd835", "green": "#43a047", "teal": "#00a896",
           "blue": "#1e88e5", "purple": "#9c27b0"}
    rgb = np.array([[int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)] for h in old.values()])
    sim = np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100},
                                 "sRGB1"), 0, 1)
    jab = cspace_convert(sim, "sRGB1", "CAM02-UCS")
    assert min(np.linalg.norm(jab[i] - jab[j]) for i, j in itertools.combinations(range(7), 2)) < 10
