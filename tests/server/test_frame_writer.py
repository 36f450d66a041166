"""The hand-written text frames of server/net/frame_writer.py, read by aiohttp's own WebSocket client over
a real loopback socket: every length encoding at its edges (125 bytes: the last 7-bit length; 126: the
first 16-bit one; 65,535 and 65,536: the last 16-bit and the first 64-bit), each frame followed by
aiohttp's own ping from the server and a pong to the client's ping, so the frames written beside aiohttp's
writer are seen whole and in order."""
from __future__ import annotations

from aiohttp import WSMsgType, web

from server.net import keys
from server.net.frame_writer import FrameWriter, text_frame

SIZES = [0, 1, 125, 126, 127, 65_535, 65_536, 200_001]
WORD = "слон".encode()   # 8 bytes: a payload's bytes, not its characters, are its length


def payload(size: int) -> bytes:
    """`size` bytes of valid UTF-8 text, mostly two-byte letters."""
    return WORD * (size // len(WORD)) + b"e" * (size % len(WORD))


def test_length_encodings() -> None:
    assert text_frame(payload(125))[:2] == b"\x81\x7d"
    assert text_frame(payload(126))[:4] == b"\x81\x7e\x00\x7e"
    assert text_frame(payload(65_535))[:4] == b"\x81\x7e\xff\xff"
    assert text_frame(payload(65_536))[:10] == b"\x81\x7f\x00\x00\x00\x00\x00\x01\x00\x00"


async def serve(request: web.Request) -> web.WebSocketResponse:
    """Each text `n` from the client: `n` bytes as a hand-written frame, then aiohttp's own ping. A
    client's ping is answered by aiohttp (autoping) inside this loop."""
    ws = web.WebSocketResponse(compress=False)
    await ws.prepare(request)
    writer = request.app[keys.FRAME_WRITER]
    async for msg in ws:
        size = int(msg.data)
        assert writer.write(request.transport, payload(size)), "the transport still held a frame"
        await ws.ping(b"server-%d" % size)
    return ws


async def test_aiohttp_client_reads_every_length_around_pings(aiohttp_client) -> None:
    app = web.Application()
    app[keys.FRAME_WRITER] = FrameWriter()
    app.router.add_get("/ws", serve)
    client = await aiohttp_client(app)
    seen = []
    async with client.ws_connect("/ws", autoping=False, max_msg_size=0) as ws:
        for size in SIZES:
            await ws.send_str(str(size))
            text = await ws.receive(timeout=10)
            ping = await ws.receive(timeout=10)
            await ws.ping(b"client-%d" % size)
            await ws.send_str("0")   # a frame after the pong shows the stream is still in step
            pong = await ws.receive(timeout=10)
            empty = await ws.receive(timeout=10)
            await ws.receive(timeout=10)   # the server's ping after that empty frame
            seen.append((text.type, len(text.data.encode()), text.data.encode() == payload(size), ping.type,
                         ping.data, pong.type, pong.data, empty.type, empty.data))
    assert seen == [(WSMsgType.TEXT, size, True, WSMsgType.PING, b"server-%d" % size, WSMsgType.PONG,
                     b"client-%d" % size, WSMsgType.TEXT, "") for size in SIZES]

