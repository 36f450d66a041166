"""QR codes of join URLs: a PNG for the TV page and block characters for the terminal."""
from __future__ import annotations

import io

import qrcode
from qrcode.constants import ERROR_CORRECT_M


def _code(data: str) -> qrcode.QRCode:
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=4, box_size=10)
    qr.add_data(data)
    qr.make(fit=True)
    return qr


def png(data: str, box_size: int = 10) -> bytes:
    """PNG bytes of a QR code for `data` (black on white, 4-module quiet zone, `box_size` px a module)."""
    qr = _code(data)
    qr.box_size = box_size
    buf = io.BytesIO()
    qr.make_image(fill_color="black", back_color="white").save(buf, format="PNG")
    return buf.getvalue()


def terminal(data: str) -> str:
    """The QR code for `data` as text: half-block characters, two modules a line, light modules and the
    quiet zone drawn as blocks (so it scans on the usual dark terminal)."""
    matrix = _code(data).get_matrix()  # includes the border
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    chars = {(False, False): "█", (True, True): " ", (False, True): "▀", (True, False): "▄"}
    lines = []
    for top, bottom in zip(matrix[0::2], matrix[1::2], strict=True):
        lines.append("".join(chars[(t, b)] for t, b in zip(top, bottom, strict=True)))
    return "\n".join(lines)
