"""Server-to-client WebSocket text frames written straight to the socket's transport, beside aiohttp's
own writer: the fast path of server/net/ws.py `Connection`, for a socket with nothing queued.

Why: going through `await ws.send_str(...)` costs the writer task a wake-up and an await per frame, for
each of a room's sockets on every action (the bulk of the server's CPU per action after the room's own
work, scripts/bench.py); and the sockets of a room that get the same `state` share one framed copy here.

The frame (RFC 6455 §5.2): FIN + opcode 1 (text), no mask (a server never masks, §5.1), then the payload
length in 7, 7+16 or 7+64 bits, then the UTF-8 payload. What this relies on in aiohttp (3.9 to 3.14,
checked in aiohttp's `_websocket/writer.py` `WebSocketWriter`; tests/server/test_frame_writer.py
decodes these frames with aiohttp's own client around pings):
- the socket was prepared with `web.WebSocketResponse(compress=False)`: no permessage-deflate is
  negotiated, so no frame needs the RSV1 bit or a compressor whose state aiohttp keeps;
- aiohttp writes an uncompressed frame (its pings, pongs, close, `send_str`) to the same transport
  (`request.transport`) with no await between the frame's header and its payload, so a frame written here
  lands between two of aiohttp's, never inside one;
- aiohttp's flow control counts only its own bytes, so the transport's write buffer is checked here: a
  frame is written only when the transport holds nothing unsent, and never buffers more than one frame
  past a peer that stopped reading (the caller queues it for `send_str` instead).
"""
from __future__ import annotations

import asyncio

_TEXT = 0x81   # FIN + opcode 1


def text_frame(payload: bytes) -> bytes:
    """One unmasked, uncompressed WebSocket text frame carrying `payload` (UTF-8 bytes, any length)."""
    size = len(payload)
    if size < 126:
        return bytes((_TEXT, size)) + payload
    if size < 65536:
        return bytes((_TEXT, 126)) + size.to_bytes(2, "big") + payload
    return bytes((_TEXT, 127)) + size.to_bytes(8, "big") + payload


class FrameWriter:
    """One per app (server/net/keys.py `FRAME_WRITER`): writes text frames to transports, keeping the
    frame of the last payload it framed, so the sockets sent the same payload object share one frame."""

    def __init__(self) -> None:
        self._last: tuple[bytes, bytes] = (b"", b"")   # (payload, its frame)

    def write(self, transport: asyncio.Transport | None, payload: bytes) -> bool:
        """Write `payload` (UTF-8 text) as one text frame to `transport` if it is open and holds nothing
        unsent; False, and nothing written, otherwise (None: the socket has no transport any more)."""
        if transport is None or transport.is_closing() \
                or transport.get_write_buffer_size():
            return False
        last_payload, frame = self._last
        if payload is not last_payload:
            frame = text_frame(payload)
            self._last = (payload, frame)
        transport.write(frame)
        return True
