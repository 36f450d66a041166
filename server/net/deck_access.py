"""Who may change the decks, and the rooms the deck routes ask: both read off the request's app
(server/net/keys.py `CAN_UPLOAD`, `TABLES`), for the handlers of deck_routes.py and deck_delete.py."""
from __future__ import annotations

import inspect

from aiohttp import web

from server.net import keys
from server.net.deck_http import Tables


async def allowed(request: web.Request) -> bool:
    """Whether `request` may upload, delete or filter decks (the app's `CAN_UPLOAD`: the room host's token
    in headers `X-Room`, `X-Token`); False when the app sets no check."""
    check = request.app.get(keys.CAN_UPLOAD)
    if check is None:
        return False
    result = check(request)
    if inspect.isawaitable(result):
        result = await result
    return bool(result)


def tables(request: web.Request) -> Tables | None:
    """The rooms as the deck routes see them (server/app.py `RoomTables`); None when the app has none
    (a deck server without rooms: no room is asked anything)."""
    return request.app.get(keys.TABLES)
