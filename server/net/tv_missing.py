"""The TV's "no such room" page: `/tv?room=CODE` for a code this server does not have (a typo, a stale
bookmark, a room forgotten after a month). A page that stays, rather than a redirect with a passing notice:
a TV has no keyboard and the family looks at it from the sofa, so silently (or briefly) switching rooms
would leave the phones in another room than the TV. It says so in Russian and English, sized for a TV
(3 m away: vw units, the TV is 16:9), and offers the way forward: the room in play, or a new room. Links,
so a remote's arrows and OK reach them; the first has the focus."""
from __future__ import annotations

from html import escape

from aiohttp import web

from server.room.room import Room

SHOWN_CODE_CHARS = 12   # a long or odd `?room=` is shown cut short (codes are 4 letters)

_TEXT = {
    "en": {
        "title": "Room {code} is not on this server",
        "why": "It may have been finished and forgotten, or the code has a typo.",
        "play": "Open room {code}, the one in play",
        "new": "Start a new room",
    },
    "ru": {
        "title": "Комнаты {code} нет на этом сервере",
        "why": "Возможно, игра в ней закончилась и комната забыта, или в коде опечатка.",
        "play": "Открыть комнату {code}, где идёт игра",
        "new": "Начать новую комнату",
    },
}

_STYLE = """
body{min-height:100vh;display:flex;flex-direction:column;justify-content:center;align-items:center;
 padding:4vh 6vw;text-align:center;font-size:2.2vw;line-height:1.3}
img{width:6vw;height:6vw}
h1{font-size:3.6vw;margin:.6em 0 .2em;font-weight:800}
h2{font-size:2.6vw;margin:1.2em 0 .2em;font-weight:700;color:var(--muted)}
p{margin:.2em 0}
.other{color:var(--muted);font-size:1.8vw}
.code{color:var(--accent);letter-spacing:.08em;font-weight:800}
nav{display:flex;flex-wrap:wrap;justify-content:center;margin-top:4vh}
a{display:block;margin:0 .8vw 1.5vh;padding:1.4vh 2vw;border-radius:1.2vw;text-decoration:none;font-size:2vw;
 font-weight:700;color:var(--text);background:var(--panel-strong);border:.25vw solid var(--line)}
a.primary{background:var(--accent);color:var(--accent-ink);border-color:var(--accent)}
a.primary .code{color:inherit}
a small{display:block;font-size:1.5vw;font-weight:400;opacity:.85}
a:focus{outline:.4vw solid var(--text);outline-offset:.4vw}
"""


def _lang_order(request: web.Request) -> tuple[str, str]:
    """("ru", "en") when the browser's first language is Russian, else ("en", "ru")."""
    first = request.headers.get("Accept-Language", "").split(",")[0].strip().lower()
    return ("ru", "en") if first.startswith("ru") else ("en", "ru")


def _code(text: str) -> str:
    return f'<span class="code">{escape(text)}</span>'


def page(request: web.Request, asked: str, in_play: Room | None) -> web.Response:
    """The 404 page for `/tv?room=<asked>` (`asked`: the query's text, shown escaped and cut short), with
    links to `/tv?room=<in_play.code>` (the room in play, `Rooms.current`; left out when None) and to
    `/tv?new=1`. The links name no language: each page follows the browser's, as the TV page does."""
    main, other = _lang_order(request)
    shown = asked.strip().upper()[:SHOWN_CODE_CHARS]
    first, second = _TEXT[main], _TEXT[other]
    links = []
    if in_play is not None:
        code = _code(in_play.code)
        links.append(f'<a class="primary" href="/tv?room={in_play.code}" data-testid="room-in-play" autofocus>'
                     f'{first["play"].format(code=code)}<small lang="{other}">{second["play"].format(code=code)}'
                     '</small></a>')
    links.append(f'<a href="/tv?new=1" data-testid="new-room"{"" if links else " autofocus"}>{first["new"]}'
                 f'<small lang="{other}">{second["new"]}</small></a>')
    html = f"""<!doctype html>
<html lang="{main}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Imaginarium — TV</title><link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/static/shared/base.css"><style>{_STYLE}</style></head>
<body class="tv-missing" data-testid="no-such-room">
<img src="/favicon.ico" alt="">
<h1>{first["title"].format(code=_code(shown))}</h1>
<p>{first["why"]}</p>
<h2 lang="{other}">{second["title"].format(code=_code(shown))}</h2>
<p lang="{other}" class="other">{second["why"]}</p>
<nav>{"".join(links)}</nav>
</body></html>
"""
    return web.Response(text=html, status=404, content_type="text/html", headers={"Cache-Control": "no-cache"})
