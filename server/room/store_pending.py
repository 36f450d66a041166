"""What the store's group commit takes and gives back (server/room/store.py): a `Pending` to store, the
error a refused write raises, and `Once`, a pending for one text awaited by its writer."""
from __future__ import annotations

import asyncio
from typing import Protocol


class StorageError(Exception):
    """The database refused a write (disk full, read-only, corrupted). The action is not accepted."""


class Pending(Protocol):
    """Something waiting to be stored (a room with an accepted action, a new room): see `Store.commit`."""

    @property
    def code(self) -> str:
        """The room code: the row written."""

    def snapshot(self) -> str:
        """The JSON text to store as row `code`, asked for once when the batch is formed."""

    def writing(self) -> None:
        """Called on the loop as the batch goes to a writer, while the disk works (a room renders its states)."""

    def done(self, error: StorageError | None) -> None:
        """Called on the loop once the batch's commit returned: None, it is durable; else the error
        (nothing of the batch was stored)."""


class Once:
    """A `Pending` for one text, resolving an asyncio future (a new room's first row)."""

    def __init__(self, code: str, text: str) -> None:
        self.code, self.text = code, text
        self.future: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def snapshot(self) -> str:
        return self.text

    def writing(self) -> None:
        pass

    def done(self, error: StorageError | None) -> None:
        if error is None:
            self.future.set_result(None)
        else:
            self.future.set_exception(error)
