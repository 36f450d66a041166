"""What the deck routes share: the rooms as they see them (`Tables`, given by server/app.py), and errors
for people in the request's language (`error`)."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from aiohttp import web

from server.decks.pictures import PROBLEM_CODES, problem_message
from server.messages import sentence

#: Whether a request may change the decks (upload, kids' filter, delete): the server checks the room host
#: token in headers `X-Room` and `X-Token` (server/app.py `can_upload`); a bool or an awaitable of one.
UploadCheck = Callable[[web.Request], Awaitable[bool] | bool]


class Tables(Protocol):
    """What the deck routes ask of the rooms (server/app.py gives the registry's side; None: no rooms)."""

    def cards_needed(self, request: web.Request) -> int | None:
        """The fewest cards the table of the requesting room (header `X-Room`) needs now, None if unknown."""
        ...

    def holding(self, deck_id: str) -> dict[str, str]:
        """Rooms that still need deck `deck_id`'s pictures: code -> "playing" (a game under way deals from
        it) or "results" (a finished game's results are open on some page); server/room/deck_use.py."""
        ...

    def holders(self, deck_id: str, request: web.Request) -> list[dict[str, Any]]:
        """`holding(deck_id)` as the `deck_in_use` refusal lists it, for the asker of `request` (the host of
        room `X-Room`): one `deck_use.describe` per room (code, reason, names, idle_minutes, open, can_end,
        state_id), in room-code order."""
        ...

    async def end_game(self, code: str, state_id: int, request: web.Request) -> None:
        """End room `code`'s game so its deck may go (Room.end_for_deck; the asker is its host when `X-Room`
        names it). Raises Refused (`no_such_room`, `game_moved`, `game_open`, `storage_failed`) and changes
        nothing then."""
        ...

    def decks_changed(self, deleted: str | None = None) -> None:
        """A deck was added or deleted (`deleted`: its id): every room's pages get the state anew, and every
        lobby whose setting names the deleted deck chooses the built-in one (stored, then told)."""
        ...

    def kids_filter_changed(self, deck_id: str) -> None:
        """Deck `deck_id`'s kids' filter changed: the rooms whose pages show a count it changes (kids' tables
        in the lobby, kids' games with that deck) get the state anew; server/room/deck_use.py."""
        ...


def lang_of(request: web.Request) -> str:
    """"ru" if the request's Accept-Language starts with Russian (the phone sends its page's language), else "en"."""
    return "ru" if request.headers.get("Accept-Language", "").lower().startswith("ru") else "en"


def localized_files(files: list[dict], lang: str) -> list[dict]:
    """Per-file problems (`{"name", "problem", ...}`) with their `message` in `lang`."""
    return [{**f, "message": problem_message(f["problem"], lang)} if f.get("problem") in PROBLEM_CODES else f
            for f in files]


def error(request: web.Request, status: int, code: str, files: list | None = None,
          **extra: Any) -> web.Response:
    """A JSON error for people: `{"error": code, "message": ..., "files": [...], **extra}`; the message is
    the sentence `decks.<code>` (server/messages) in the request's language (`lang_of`), filled with
    `extra` (numbers such as `retry_after`, `minutes`, `used`; a `reason` picks a more specific sentence)."""
    lang = lang_of(request)
    text = sentence(f"decks.{code}", lang, dict(extra))
    return web.json_response({"error": code, "message": text, "files": localized_files(files or [], lang), **extra},
                             status=status)
