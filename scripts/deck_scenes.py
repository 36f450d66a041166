"""The scenes of the built-in deck (scripts/make_deck.py), part one: the first twenty compositions. Each is
`comp_<name>(canvas, rng, pal, floor, light, s)`: it paints its idea onto the canvas (floor: the y where
things stand, or None; light: the sky's main light (x, y) or None) with the glyphs `s` that the deck's plan
chose for its slots (SLOTS[name]: slot -> (pool, chance it is there, how many)); it draws no glyph of its
own choosing, so scripts/deck_motifs.py counts every glyph a card shows."""
from __future__ import annotations

import math

from deck_ground import bubbles
from deck_paint import (
    MOODS,
    H,
    Palette,
    W,
    _paste_clipped,
    add_light,
    drop_shadow,
    glow,
    glyph,
    glyph_native,
    hsv,
    mix,
    on_back,
    paste,
    silhouette,
    tint,
    vertical_gradient,
)
from deck_sky import draw_clouds
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageOps

# ---- glyph pools (kept free of weapons, flags, brands, faces of real people) -------------------------
CREATURES = [*list("🐋🐳🐙🐢🦉🦊🐈🐘🦒🦋🦢🦌🐇🐉🦄🐌🐍🦀🐝🦩🦚🦔🐺🦁🐁🐸🐬🐧🦇🐞🦥🐎🐫🦭"
                   "🐟🐠🦈🦜🐓🐿🦓🦏🐻🐼🦕🦖🐊🦑🐡🕊🐄🐖🐑🦙"), "🪼", "🐦\u200d⬛", "🦤"]
BIG_CREATURES = list("🐋🐳🐘🦒🐉🦕🐢🐙🦑🐻🦏🐊🦈")
SMALL_CREATURES = list("🐌🐞🐝🦋🐁🐇🐸🐟🐠🐦🦔🐿🦜🕊🐤")
FLYERS = [*list("🦋🕊🐦🦉🦇🐝🦜"), "🐦\u200d⬛"]
SWIMMERS = [*list("🐋🐳🐙🐟🐠🐡🦈🐬🦑🐢🦭"), "🪼"]
OBJECTS = [*list("🗝🚪🕰⏳☂💡📖🕯🏮🎈👑🪞🪑🛁🧭✉🎻🎺🎹🎭🔮🎁🐚🍄🥚👠🎩👓🧶🧩♟🎲"
                 "🪶👁🔔🫖🧸🪁🎠🎡🪆🗿⚓⏰🪄🧵🛎📯🕹🧲🪩🧊🍎🍐🍋🌰"), "🫙"]
CONTAINERS = [*list("☕🍵🫖🛁🥣🧺🪣🪺🎩🥚🐚"), "🫙"]
HOUSES = list("🏠🏡🏰🏘🛖🏛⛺🏯🗼🏚")
PEOPLE = [*list("🚶🧍🏃💃🧙🧚🧜🧗🧘🕴🤹🚣🏄🧑👧🧒🛌"), "🚶\u200d♀️", "🧍\u200d♂️"]
PLANTS = list("🌳🌲🌴🌵🌻🌷🌹🍄🌿🪴🌾🌺🪷🍂🍁🌸")
SKY_THINGS = list("⭐🌙☄🪐🌍🌠⚡❄🌈☁🔥💧")
VEHICLES = list("⛵🛶🚂🚲🛸🚀🎈🚡🛩🚤⛴🪂🚠")
FRUIT_LIKE = list("🕰💡🐟🗝🍎👁🔔🥚🎈⭐🌙🐚💧❄🎲🧸🪶📖🕯✉⏳🌍")


def _floor(floor, default=900):
    return floor if floor is not None else default


def hero_glyph(canvas, rng, pal, ch, height, cx, cy, *, anchor="center", shadow_y=None, glow_col=None, tint_amt=None,
               flip=None, angle=0.0):
    g = glyph(ch, height, flip=rng.random() < .5 if flip is None else flip, angle=angle)
    g = tint(g, pal.light if not pal.dark else pal.sky[1], rng.uniform(.05, .18) if tint_amt is None else tint_amt)
    if glow_col is not None:
        glow(canvas, g, cx, cy, glow_col, radius=max(8, int(height / 10)), anchor=anchor)
    if shadow_y is not None:
        drop_shadow(canvas, g, cx, shadow_y, pal.shadow, alpha=.45)
    paste(canvas, g, cx, cy, anchor=anchor)
    return g


def tiny_people(canvas, rng, pal, y, who, size=None, colour=None, xs=None):
    """Small figures (the glyphs `who`) standing with their feet at `y`, at `xs` or anywhere."""
    for i, ch in enumerate(who):
        s = size or rng.uniform(40, 70)
        x = xs[i] if xs else rng.uniform(80, W - 80)
        g = glyph(ch, s, flip=rng.random() < .5)
        if colour is not None:
            g = silhouette(g, colour)
        drop_shadow(canvas, g, x, y, pal.shadow, alpha=.4, blur=2)
        paste(canvas, g, x, y, anchor="bottom")


def comp_in_container(canvas, rng, pal, floor, light, s):
    """A big creature sitting in a small vessel: a whale in a teacup."""
    y = _floor(floor, 1000)
    cs = rng.uniform(330, 460)
    cg = glyph(s["container"], cs)
    cg = tint(cg, pal.light, .1)
    top = y - cg.height
    hero = s["hero"]
    hs = rng.uniform(330, 480)
    # narrower than the vessel, its lower half inside it: the vessel's front hides it, so it sits *in* it
    native = glyph_native(hero)
    hs = min(hs, .92 * cg.width * native.height / native.width)
    drop_shadow(canvas, cg, W / 2, y, pal.shadow, alpha=.5)
    hero_glyph(canvas, rng, pal, hero, hs, W / 2 + rng.uniform(-40, 40) * .4, top + cg.height * .3 + hs * .25,
               anchor="bottom",
               glow_col=pal.light if pal.dark else None)
    paste(canvas, cg, W / 2, y, anchor="bottom")
    if "watcher" in s:
        tiny_people(canvas, rng, pal, y + 20, [s["watcher"]], size=rng.uniform(45, 65),
                    xs=[rng.choice([110, W - 110])])


def comp_tiny_watcher(canvas, rng, pal, floor, light, s):
    """Something enormous on the horizon and one small figure looking at it."""
    y = _floor(floor, 1000)
    hero = s["hero"]
    hs = rng.uniform(520, 700)
    cx = W / 2 + rng.uniform(-80, 80)
    base = min(y - 80, 860)
    g = hero_glyph(canvas, rng, pal, hero, hs, cx, base, anchor="bottom", tint_amt=rng.uniform(.2, .4),
                   glow_col=pal.light)
    # atmospheric haze over the far giant
    haze = Image.new("RGBA", g.size, (*tuple(mix(pal.sky[2], pal.light, 0.4)), 0))
    haze.putalpha(g.getchannel("A").point(lambda v: int(v * .3)))
    paste(canvas, haze, cx, base, anchor="bottom")
    tiny_people(canvas, rng, pal, min(H - 90, y + 140), [s["watcher"]], size=rng.uniform(55, 85),
                xs=[rng.uniform(150, W - 150)], colour=pal.shadow if rng.random() < .5 else None)


def comp_balloons(canvas, rng, pal, floor, light, s):
    """A heavy thing lifted into the sky by balloons."""
    hero = s["hero"]
    hs = rng.uniform(240, 330)
    cx, cy = W / 2 + rng.uniform(-90, 90), rng.uniform(560, 720)
    bal_y = cy - hs / 2 - rng.uniform(160, 230)
    d = ImageDraw.Draw(canvas, "RGBA")
    balloons = []
    for _ in range(rng.randint(5, 11)):
        bx, by = cx + rng.gauss(0, 75), bal_y + rng.gauss(0, 55)
        balloons.append((bx, by))
        d.line((bx, by + 30, cx + rng.uniform(-20, 20), cy - hs * .4), fill=(240, 240, 240, 160), width=2)
    ch = s["lifter"]
    for bx, by in balloons:
        bal = glyph(ch, rng.uniform(70, 110), angle=rng.uniform(-15, 15))
        if ch == "🎈":
            bal = ImageEnhance.Color(bal).enhance(1.0)
            bal = tint(bal, hsv(rng.uniform(0, 360), .8, .95), rng.uniform(.3, .6))
        paste(canvas, bal, bx, by)
    hero_glyph(canvas, rng, pal, hero, hs, cx, cy)
    if floor is not None:
        g = glyph(hero, hs * .5)
        drop_shadow(canvas, g, cx + rng.uniform(-60, 60), max(floor, cy + hs), pal.shadow, alpha=.25, blur=10)
    for _ in range(rng.randint(1, 4) if "flyer" in s else 0):
        paste(canvas,
              silhouette(glyph(s["flyer"], rng.uniform(22, 40), flip=rng.random() < .5), pal.shadow, .7),
              rng.uniform(40, W - 40), rng.uniform(100, 500))


def comp_wrong_shadow(canvas, rng, pal, floor, light, s):
    """A small creature whose long shadow belongs to something else."""
    y = _floor(floor, 950)
    small, big = s["small"], s["big"]
    hs = rng.uniform(110, 170)
    cx = rng.uniform(200, 420) if rng.random() < .5 else rng.uniform(380, 600)
    # a low light in front throws the shadow up onto the mist behind, where it stands up tall
    add_light(canvas, cx, y - hs / 2, 520, pal.light, .55, 1.2)
    sg = silhouette(glyph(big, rng.uniform(480, 620), flip=rng.random() < .5), mix(pal.shadow, (0, 0, 0), .3), .72)
    sg = sg.filter(ImageFilter.GaussianBlur(2.5))
    sx = cx + rng.choice([-1, 1]) * rng.uniform(50, 130)
    paste(canvas, sg, sx, y - hs * .05, anchor="bottom")
    # a soft pool of shadow joining the small creature's feet to the big shadow
    pool = Image.new("RGBA", (int(abs(sx - cx)) + 160, 70), (*tuple(pal.shadow), 0))
    m = Image.new("L", pool.size, 0)
    ImageDraw.Draw(m).ellipse((20, 20, pool.width - 20, 50), fill=130)
    pool.putalpha(m.filter(ImageFilter.GaussianBlur(10)))
    paste(canvas, pool, (sx + cx) / 2, y - 2)
    hero_glyph(canvas, rng, pal, small, hs, cx, y, anchor="bottom", tint_amt=.05)


def comp_other_reflection(canvas, rng, pal, floor, light, s):
    """Standing at the water's edge; the reflection shows another creature."""
    y = _floor(floor, 820)
    a, b = s["pair"]
    hs = rng.uniform(230, 330)
    cx = W / 2 + rng.uniform(-120, 120)
    hero_glyph(canvas, rng, pal, a, hs, cx, y, anchor="bottom", flip=False)
    rg = glyph(b, hs * rng.uniform(1.2, 1.8))
    rg = ImageOps.flip(tint(rg, pal.ground[1], .45))
    rg.putalpha(rg.getchannel("A").point(lambda v: int(v * .7)))
    # ripple: shift thin horizontal strips
    rip = Image.new("RGBA", rg.size, (0, 0, 0, 0))
    for yy in range(0, rg.height, 6):
        rip.paste(rg.crop((0, yy, rg.width, yy + 6)), (int(4 * math.sin(yy / 9)), yy))
    _paste_clipped(canvas, rip, int(cx - rip.width / 2), int(y + 4))


def comp_portal(canvas, rng, pal, floor, light, s):
    """A door or a frame standing in the landscape, opening on another sky."""
    y = _floor(floor, 950)
    fw, fh = rng.uniform(220, 300), rng.uniform(360, 460)
    cx = W / 2 + rng.uniform(-120, 120)
    x0, y0 = cx - fw / 2, y - fh
    other = Palette(rng, rng.choice([m for m in MOODS if m != pal.mood]))
    inner = vertical_gradient((int(fw), int(fh)), other.sky)
    ic = Image.new("RGBA", inner.size, (0, 0, 0, 0))
    ic.alpha_composite(inner)
    if other.dark:
        d = ImageDraw.Draw(ic)
        for _ in range(40):
            sx, sy = rng.uniform(0, fw), rng.uniform(0, fh)
            d.point((sx, sy), fill=(255, 255, 240))
    paste(ic, glyph(s["inside"], fh * rng.uniform(.25, .4)), fw / 2 + rng.uniform(-30, 30), fh * rng.uniform(.3, .6))
    drop_shadow(canvas, Image.new("RGBA", (int(fw), int(fh)), (0, 0, 0, 255)), cx, y, pal.shadow, squash=.25, alpha=.4)
    glow(canvas, Image.new("RGBA", (int(fw), int(fh)), (0, 0, 0, 255)), cx, y0 + fh / 2, other.light, radius=25,
         strength=.6)
    canvas.alpha_composite(ic, (int(x0), int(y0)))
    d = ImageDraw.Draw(canvas)
    frame = rng.choice([(120, 80, 40), (230, 220, 200), (60, 50, 45), (200, 170, 80)])
    d.rectangle((x0 - 14, y0 - 14, x0 + fw + 14, y0 + fh), outline=frame, width=14)
    if rng.random() < .6:  # the open door leaf
        d.polygon([(x0 + fw + 14, y0 - 14), (x0 + fw + 70, y0 + 10), (x0 + fw + 70, y0 + fh - 6),
                   (x0 + fw + 14, y0 + fh)],
                  fill=mix(frame, (0, 0, 0), .25))
    if "watcher" in s:
        tiny_people(canvas, rng, pal, min(H - 80, y + rng.uniform(60, 140)), [s["watcher"]], size=rng.uniform(60, 90),
                    xs=[cx + rng.choice([-1, 1]) * rng.uniform(180, 260)])


def comp_ladder(canvas, rng, pal, floor, light, s):
    """A ladder from the ground up to the moon (or a star, or a cloud)."""
    y = _floor(floor, 1000)
    target = s["target"]
    tx, ty = rng.uniform(180, W - 180), rng.uniform(150, 260)
    hero_glyph(canvas, rng, pal, target, rng.uniform(170, 240), tx, ty, glow_col=pal.light)
    bx = tx + rng.uniform(-140, 140)
    d = ImageDraw.Draw(canvas)
    colour = rng.choice([(150, 100, 55), (235, 225, 200), (90, 60, 40), (240, 200, 90)])
    w = 46
    for side in (-1, 1):
        d.line((bx + side * w, y, tx + side * w * .4, ty + 70), fill=colour, width=7)
    steps = 18
    for i in range(1, steps):
        t = i / steps
        lx, ly = bx + (tx - bx) * t, y + (ty + 70 - y) * t
        ww = w * (1 - .6 * t)
        d.line((lx - ww, ly, lx + ww, ly), fill=colour, width=max(2, int(6 - 3 * t)))
    if "climber" in s:
        t = rng.uniform(.35, .7)
        g = glyph(s["climber"], 70 - 30 * t)
        paste(canvas, g, bx + (tx - bx) * t, y + (ty + 70 - y) * t, anchor="bottom")


def comp_rain_of(canvas, rng, pal, floor, light, s):
    """It rains keys (or fish, or letters, or feathers) and someone holds an umbrella."""
    y = _floor(floor, 1000)
    draw_clouds(canvas, rng, pal, 40, 230, 5, colour=mix(pal.sky[0], (210, 210, 220), .5), alpha=.9)
    thing = s["thing"]
    for _ in range(rng.randint(24, 45)):
        size = rng.uniform(26, 70)
        gx, gy = rng.uniform(0, W), rng.uniform(200, y - 40)
        g = glyph(thing, size, angle=rng.uniform(-40, 40))
        g.putalpha(g.getchannel("A").point(lambda v: int(v * .92)))
        paste(canvas, g, gx, gy)
    px = rng.uniform(220, W - 220)
    person = glyph(s["person"], rng.uniform(110, 160),
                   flip=rng.random() < .5)
    umb = glyph(s["umbrella"], person.height * .9)
    drop_shadow(canvas, person, px, y, pal.shadow)
    paste(canvas, person, px, y, anchor="bottom")
    paste(canvas, umb, px + 10, y - person.height * .9)


def comp_tree_of(canvas, rng, pal, floor, light, s):
    """A lone tree whose fruit are clocks, lightbulbs or fish."""
    y = _floor(floor, 1000)
    tree = s["tree"]
    ts = rng.uniform(540, 700)
    cx = W / 2 + rng.uniform(-60, 60)
    tg = hero_glyph(canvas, rng, pal, tree, ts, cx, y, anchor="bottom", tint_amt=rng.uniform(.1, .3), shadow_y=y)
    fruit = s["fruit"]
    crown_top, crown_h = y - tg.height, tg.height * (.55 if tree != "🌴" else .35)
    for _ in range(rng.randint(7, 13)):
        fx = cx + rng.gauss(0, tg.width * .22)
        fy = crown_top + crown_h * rng.uniform(.15, .9)
        g = glyph(fruit, rng.uniform(42, 70), angle=rng.uniform(-20, 20))
        glow(canvas, g, fx, fy, pal.light, radius=8, strength=.5 if pal.dark else .25)
        paste(canvas, g, fx, fy)
    if rng.random() < .6:
        for _ in range(rng.randint(1, 3)):
            g = glyph(fruit, rng.uniform(36, 56), angle=rng.uniform(-90, 90))
            paste(canvas, g, cx + rng.uniform(-250, 250), y + rng.uniform(10, 60))


def comp_sky_thing(canvas, rng, pal, floor, light, s):
    """The moon (or the sun) is replaced by an object; a small world below."""
    y = _floor(floor, 1000)
    thing = s["thing"]
    size = rng.uniform(220, 360)
    tx, ty = rng.uniform(220, W - 220), rng.uniform(200, 360)
    add_light(canvas, tx, ty, size * 1.6, pal.light, .7)
    hero_glyph(canvas, rng, pal, thing, size, tx, ty, tint_amt=rng.uniform(.05, .25), glow_col=pal.light)
    n = rng.randint(1, 4)
    xs = sorted(rng.uniform(80, W - 80) for _ in range(n))
    house = s["house"]
    for x in xs:
        g = glyph(house, rng.uniform(70, 130))
        if pal.dark:
            g = tint(g, pal.shadow, .5)
        paste(canvas, g, x, y, anchor="bottom")
    if "watcher" in s:
        tiny_people(canvas, rng, pal, min(H - 80, y + 50), [s["watcher"]], size=50)


def comp_procession(canvas, rng, pal, floor, light, s):
    """A line of creatures walking to the horizon, growing smaller; one carries something odd."""
    y = _floor(floor, 1000)
    walker, load = s["walker"], s.get("load")
    n = rng.randint(5, 8)
    hz = y - rng.uniform(330, 460)
    sx = rng.choice([W * .22, W * .78])
    vx = W - sx + rng.uniform(-60, 60)
    flip = vx > sx
    for i in reversed(range(n)):
        t = (i / (n - 1)) ** 1.3
        x, yy = sx + (vx - sx) * t, y + (hz - y) * t
        size = 230 * (1 - .85 * t)
        g = glyph(walker, size, flip=flip)
        g = tint(g, pal.sky[2], .5 * t)
        drop_shadow(canvas, g, x, yy, pal.shadow, alpha=.35, blur=3)
        paste(canvas, g, x, yy, anchor="bottom")
        if load:
            paste(canvas, glyph(load, size * .5), x, yy - g.height * .92, anchor="bottom")


def comp_carrier(canvas, rng, pal, floor, light, s):
    """A creature carrying a whole village (or a forest, or a lighthouse) on its back."""
    y = _floor(floor, 900)
    hero = s["hero"]
    hs = rng.uniform(320, 440)
    cx = W / 2 + rng.uniform(-60, 60)
    g = hero_glyph(canvas, rng, pal, hero, hs, cx, y + hs * .15, anchor="bottom", shadow_y=y + hs * .15)
    on_back(canvas, rng, g, cx - g.width / 2, y + hs * .15, s["village"], rng.randint(2, 5))


def comp_jar(canvas, rng, pal, floor, light, s):
    """A whole world kept in a glass jar (or a lightbulb, or a bottle)."""
    y = _floor(floor, 1000)
    jar = s["jar"]
    js = rng.uniform(480, 620)
    cx = W / 2 + rng.uniform(-50, 50)
    jg = glyph(jar, js)
    inside = s["inside"]
    ig = glyph(inside, js * .4)
    drop_shadow(canvas, jg, cx, y, pal.shadow, alpha=.4)
    glow(canvas, ig, cx, y - js * .4, pal.light, radius=30, strength=.9)
    paste(canvas, ig, cx, y - js * .4)
    jg.putalpha(jg.getchannel("A").point(lambda v: int(v * .55)))
    paste(canvas, jg, cx, y, anchor="bottom")
    if "watcher" in s:
        tiny_people(canvas, rng, pal, min(H - 70, y + 40), [s["watcher"]], size=70, xs=[cx + rng.choice([-1, 1]) * 260])


def comp_kite(canvas, rng, pal, floor, light, s):
    """Someone flying a creature (or a house) like a kite."""
    y = _floor(floor, 1000)
    kite = s["kite"]
    ks = rng.uniform(200, 300)
    kx, ky = rng.uniform(200, W - 200), rng.uniform(220, 400)
    px = W - kx + rng.uniform(-60, 60)
    d = ImageDraw.Draw(canvas, "RGBA")
    pts = [(kx + (px - kx) * t, ky + ks * .3 + (y - 90 - ky - ks * .3) * t + 80 * math.sin(t * math.pi))
           for t in [i / 30 for i in range(31)]]
    d.line(pts, fill=(250, 250, 250, 170), width=2)
    hero_glyph(canvas, rng, pal, kite, ks, kx, ky, angle=rng.uniform(-25, 25))
    for i in range(5):
        t = .12 + i * .08
        paste(canvas, glyph(s["tail"], 28), *pts[int(t * 30)])
    tiny_people(canvas, rng, pal, y, [s["flyer"]], size=rng.uniform(90, 130), xs=[px])


def comp_spiral(canvas, rng, pal, floor, light, s):
    """A whirl of books (or birds, or leaves) turning around one thing."""
    centre, thing = s["centre"], s["thing"]
    cx, cy = W / 2 + rng.uniform(-60, 60), rng.uniform(480, 620)
    add_light(canvas, cx, cy, 380, pal.light, .6)
    turns, n = rng.uniform(1.8, 2.8), rng.randint(28, 44)
    for i in range(n):
        t = i / n
        a = t * turns * 2 * math.pi + rng.uniform(-.1, .1)
        r = 80 + 320 * t
        g = glyph(thing, 30 + 50 * t, angle=-math.degrees(a) + rng.uniform(-30, 30))
        paste(canvas, g, cx + r * math.cos(a), cy + r * math.sin(a) * .8)
    hero_glyph(canvas, rng, pal, centre, rng.uniform(140, 200), cx, cy, glow_col=pal.light)


def comp_giant_sleeper(canvas, rng, pal, floor, light, s):
    """A sleeping giant creature lying as a hill, with a village on its flank."""
    y = _floor(floor, 950)
    hero = s["hero"]
    hs = rng.uniform(420, 520)
    cx = W / 2
    g = hero_glyph(canvas, rng, pal, hero, hs, cx, y + hs * .2, anchor="bottom", tint_amt=rng.uniform(.25, .4),
                   shadow_y=y + hs * .2)
    top = y + hs * .2 - g.height
    on_back(canvas, rng, g, cx - g.width / 2, y + hs * .2, s["village"], rng.randint(2, 5), size=(36, 64))
    paste(canvas, glyph(s["sleep"], 80), cx + g.width * .35, top - 20)


def comp_fish_sky(canvas, rng, pal, floor, light, s):
    """Creatures of the sea swimming through the air above a town (or birds under water)."""
    y = _floor(floor, 1000)
    school, lead = s["school"], s["lead"]
    flip = rng.random() < .5
    hero_glyph(canvas, rng, pal, lead, rng.uniform(300, 420), rng.uniform(250, W - 250), rng.uniform(330, 480),
               flip=flip,
               glow_col=pal.light if pal.dark else None)
    for _ in range(rng.randint(8, 16)):
        paste(canvas, glyph(school, rng.uniform(40, 90), flip=flip), rng.uniform(30, W - 30), rng.uniform(120, y - 200))
    bubbles(canvas, rng, rng.randint(10, 25), y_range=(100, y - 100))
    for x in sorted(rng.uniform(60, W - 60) for _ in range(rng.randint(2, 5))):
        g = glyph(rng.choice(s["town"]), rng.uniform(60, 110))
        paste(canvas, silhouette(g, mix(pal.shadow, pal.ground[2], .3)) if rng.random() < .5 else g, x, y,
              anchor="bottom")


def comp_lantern(canvas, rng, pal, floor, light, s):
    """In the dark, someone carries a light; the light is something unexpected."""
    y = _floor(floor, 1000)
    dark = Image.new("RGBA", (W, H), (*hsv(rng.choice([225, 240, 260, 200]), 0.7, 0.12), 150))
    canvas.alpha_composite(dark)
    warm = hsv(rng.uniform(25, 55), .55, 1)
    px = rng.uniform(220, W - 220)
    person = glyph(s["person"], rng.uniform(260, 340),
                   flip=rng.random() < .5)
    lamp = s["lamp"]
    lx, ly = px + person.width * .45, y - person.height * .55
    add_light(canvas, lx, ly, 460, warm, .95, 1.3)
    drop_shadow(canvas, person, px, y, pal.shadow, shear=-1.5, alpha=.6, squash=.5)
    paste(canvas, tint(person, warm, .15), px, y, anchor="bottom")
    lg = glyph(lamp, rng.uniform(80, 120))
    glow(canvas, lg, lx, ly, warm, radius=20, strength=1)
    paste(canvas, lg, lx, ly)
    for _ in range(rng.randint(10, 25)):  # fireflies
        fx, fy = rng.uniform(0, W), rng.uniform(300, y + 100)
        add_light(canvas, fx, fy, 12, (255, 240, 150), .9)


def comp_boat(canvas, rng, pal, floor, light, s):
    """A small boat sailing where boats do not sail: across a cup, over clouds, on a leaf, past a giant."""
    y = _floor(floor, 900)
    boat, giant = s["boat"], s["giant"]
    gs = rng.uniform(380, 520)
    gx = rng.uniform(250, W - 250)
    gg = hero_glyph(canvas, rng, pal, giant, gs, gx, y + gs * .35, anchor="bottom", tint_amt=rng.uniform(.15, .35))
    # water line in front of the giant
    d = ImageDraw.Draw(canvas, "RGBA")
    for k in range(6):
        yy = y + gs * .25 + k * 12
        d.line((gx - gg.width * .6, yy, gx + gg.width * .6, yy), fill=(*pal.light, 60), width=2)
    bx = gx + rng.choice([-1, 1]) * rng.uniform(200, 280)
    bx = min(max(bx, 110), W - 110)
    bg = glyph(boat, rng.uniform(90, 130))
    paste(canvas, bg, bx, y + gs * .3, anchor="bottom")


def comp_swing_moon(canvas, rng, pal, floor, light, s):
    """Someone fishing from the crescent moon, sitting on a cloud or swinging on a star."""
    y = _floor(floor, 1000)
    mx, my = rng.uniform(260, W - 260), rng.uniform(260, 420)
    seat = s["seat"]
    sg = glyph(seat, rng.uniform(300, 400), angle=rng.uniform(-15, 15))
    glow(canvas, sg, mx, my, pal.light, radius=30)
    paste(canvas, sg, mx, my)
    who = glyph(s["who"], rng.uniform(110, 150))
    paste(canvas, who, mx + rng.uniform(-40, 40), my - sg.height * .25, anchor="bottom")
    d = ImageDraw.Draw(canvas, "RGBA")
    lx = mx + rng.uniform(90, 160) * rng.choice([-1, 1])
    ly = rng.uniform(my + 250, y - 40)
    d.line((mx, my - sg.height * .3, lx, my - sg.height * .2, lx, ly), fill=(255, 255, 255, 170), width=2)
    paste(canvas, glyph(s["catch"], 56,
                        angle=rng.uniform(-30, 30)), lx, ly + 20)


# groups of glyphs shown together on a creature's back or as a town
VILLAGES = [("🏰",), ("⛺", "🔥"), ("🎪",), ("🏠", "🌳"), ("🗼",), ("🏡", "🌲"), ("🎡", "🎠"), ("🏘", "🌴"),
            ("🛖", "🌵"), ("🏯", "🌸"), ("🏛", "🌿"), ("🏚", "🍂")]
REFLECTIONS = [("🐈", "🦁"), ("🦆", "🦢"), ("🐛", "🦋"), ("🧒", "🧙"), ("🐁", "🐘"), ("🐸", "👑"), ("🥚", "🐉"),
               ("🐟", "🐋"), ("🕯", "☀"), ("🐕", "🐺"), ("🌰", "🌳"), ("🐴", "🦄"), ("🧍", "🦌"), ("🐧", "🦅"),
               ("⛺", "🏰"), ("🌱", "🌲"), ("👧", "🧜"), ("🐓", "🦚"), ("🧑", "🕊"), ("🐑", "☁")]
WATCHERS = PEOPLE


def _slot(pool, chance=1.0, n=1):
    return (list(pool), chance, n)


SLOTS = {
    "in_container": {"container": _slot(CONTAINERS), "hero": _slot(BIG_CREATURES + CREATURES[:10]),
                     "watcher": _slot(WATCHERS, .6)},
    "tiny_watcher": {"hero": _slot(BIG_CREATURES + OBJECTS + HOUSES), "watcher": _slot(WATCHERS)},
    "balloons": {"hero": _slot(HOUSES + BIG_CREATURES + list("🛁🎹🪑🫖⛵🛏")), "lifter": _slot("🎈🫧🪁☁"),
                 "flyer": _slot(FLYERS, .7)},
    "wrong_shadow": {"small": _slot(SMALL_CREATURES + PEOPLE[:6] + ["🐈", "🐁", "🧸", "🕯", "♟"]),
                     "big": _slot(["🐉", "🦁", "🐺", "🦖", "🐘", "🦄", "🧙", "🦅", "🐋", "🏰", "👑", "🦌", "🦉",
                                   "🐻", "🧚", "🧜"])},
    "other_reflection": {"pair": _slot(REFLECTIONS)},
    "portal": {"inside": _slot(SKY_THINGS + FLYERS + SWIMMERS), "watcher": _slot(WATCHERS, .7)},
    "ladder": {"target": _slot(["🌙", "⭐", "☁", "🪐", "🌍", "🍎", "🕰", "🔔", "🏠", "🐋", "💡"]),
               "climber": _slot(["🧗", "🧒", "🐈", "🧑", "🐒", "🐌", "🐢"], .8)},
    "rain_of": {"thing": _slot(FRUIT_LIKE + SMALL_CREATURES[:6] + ["✉", "🍂", "🌸", "🪶", "🔑", "🎵"]),
                "person": _slot(["🧍", "🚶", "🧒", "👧", "🐈", "🐘", "🦒", "🐧"]),
                "umbrella": _slot(["☂", "🌂", "🍄", "🎩", "🪣"])},
    "tree_of": {"tree": _slot(["🌳", "🌲", "🌴", "🍄", "🌵", "🪴"]), "fruit": _slot(FRUIT_LIKE)},
    "sky_thing": {"thing": _slot(["🕰", "🥚", "👁", "🧀", "🍊", "💡", "🔮", "🐚", "🍩", "🧭", "⚽", "🍪", "🪙", "🫧",
                                  "🐡", "🎱", "🔔", "🥝", "🌼"]),
                  "house": _slot(HOUSES), "watcher": _slot(WATCHERS, .5)},
    "procession": {"walker": _slot(["🐌", "🐘", "🐢", "🦆", "🐧", "🐫", "🐜", "🦩", "🐑", "📚", "🕯", "🐈", "🦔",
                                    "🐇", "🐪", "🦙"]),
                   "load": _slot([*HOUSES, "🕯", "📖", "🌙", "⭐", "🎁", "🌳", "🎈", "🫖", "🕰", "🔔"], .92)},
    "carrier": {"hero": _slot(["🐋", "🐳", "🐢", "🐘", "🦕", "🐌", "🐊", "🦏", "🐫", "🦭", "🐙"]),
                "village": _slot(VILLAGES)},
    "jar": {"jar": _slot(["🫙", "💡", "🫧", "🥛", "🥚", "🔮"]),
            "inside": _slot(SKY_THINGS + SWIMMERS + FLYERS + HOUSES + ["🌳", "⛵", "🐋", "🌋", "🏝", "🌊"]),
            "watcher": _slot(WATCHERS, .5)},
    "kite": {"kite": _slot(FLYERS + SWIMMERS + ["🐉", "🏠", "🌙", "🐘", "📖", "🫖", "🪑", "🎩"]),
             "flyer": _slot(WATCHERS), "tail": _slot(["🎀"])},
    "spiral": {"centre": _slot(["🕯", "👁", "🔑", "🌙", "🧒", "🕰", "🌀", "🔮", "🐚", "🎩", "🪞", "🧭"]),
               "thing": _slot(["📖", "🕊", "🍂", "✉", "🐟", "⭐", "🦋", "🃏", "🎵", "🪶", "🌸", "❄", "🗝"])},
    "giant_sleeper": {"hero": _slot(["🐋", "🐘", "🐈", "🦕", "🐻", "🐉", "🦊", "🐖", "🦥", "🐢", "🐊"]),
                      "village": _slot(VILLAGES), "sleep": _slot(["💤"])},
    "fish_sky": {"school": _slot(SWIMMERS), "lead": _slot(SWIMMERS), "town": _slot(VILLAGES)},
    "lantern": {"person": _slot(["🧍", "🚶", "🧙", "🧚", "🦉", "🐈", "🐕", "🦩", "🐧"]),
                "lamp": _slot(["🏮", "🕯", "💡", "⭐", "🌙", "🐟", "🔥", "💎", "🔮", "🪼", "🐚", "❄", "🍄", "🔑", "❤"])},
    "boat": {"boat": _slot(["⛵", "🛶", "⛴", "🚣", "📄", "🍃", "🐚", "🥾", "🎩", "🥄"]),
             "giant": _slot(["🐙", "🦑", "🐋", "🐢", "🧜", "🦆", "🐊", "🦢", "👁", "🐸", "🌋", "🏝", "🗿", "🧊", "🐳"])},
    "swing_moon": {"seat": _slot(["🌙", "☁", "⭐", "🪐", "🌛", "🌜"]),
                   "who": _slot(["🧒", "🐈", "🧙", "🦉", "🐻", "🧚", "🐸", "🦊", "🐒"]),
                   "catch": _slot(["🐟", "⭐", "🗝", "💎", "🔔", "🥾", "❤", "🌍", "🕰", "✉"])},
}
SCENES = {name: globals()[f"comp_{name}"] for name in SLOTS}
