"""The text of an fpdf2 PDF, without a PDF library: enough of a reader for the exports' tests.

fpdf2 writes each embedded TrueType font as a Type0 font whose text is 2-byte glyph codes, with a
``/ToUnicode`` CMap (``bfchar`` lines) from codes back to Unicode. This reads the objects, inflates
the streams, maps each page's ``/Fn`` font resources to their CMaps and decodes every string
shown with ``Tj`` or ``TJ`` in the content streams. Each ``BT ... ET`` block becomes one line.
"""

from __future__ import annotations

import re
import zlib

_OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)\s*endobj", re.S)
_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_FONT_REF = re.compile(rb"/(F\d+)\s+(\d+) 0 R")
_TOKEN = re.compile(rb"/(F\d+)\s+[\d.]+\s+Tf|\((?:\\.|[^\\)])*\)|\bET\b", re.S)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _objects(pdf: bytes) -> dict[int, bytes]:
    return {int(number): body for number, body in _OBJECT.findall(pdf)}


def _stream(body: bytes) -> bytes:
    match = _STREAM.search(body)
    if match is None:
        return b""
    data = match.group(1)
    return zlib.decompress(data) if b"/FlateDecode" in body[: match.start()] else data


def _cmap(stream: bytes) -> dict[int, str]:
    """``<0003> <0141>`` lines: glyph code to text (UTF-16BE)."""
    pairs = re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", stream.split(b"endcodespacerange")[-1])
    return {int(code, 16): bytes.fromhex(text.decode()).decode("utf-16-be") for code, text in pairs}


def _unescape(literal: bytes) -> bytes:
    out, i = bytearray(), 0
    while i < len(literal):
        byte = literal[i : i + 1]
        if byte != b"\\":
            out += byte
            i += 1
            continue
        following = literal[i + 1 : i + 2]
        octal = re.match(rb"[0-7]{1,3}", literal[i + 1 : i + 4])
        if octal:
            out.append(int(octal.group(), 8) & 0xFF)
            i += 1 + len(octal.group())
        else:
            out += _ESCAPES.get(following, following)
            i += 2
    return bytes(out)


def pdf_text(pdf: bytes) -> str:
    """Every page's text, one line per text block, in the order the content streams draw it."""
    objects = _objects(pdf)
    cmaps: dict[int, dict[int, str]] = {}
    for number, body in objects.items():
        unicode_ref = re.search(rb"/ToUnicode\s+(\d+) 0 R", body)
        if unicode_ref:
            cmaps[number] = _cmap(_stream(objects[int(unicode_ref.group(1))]))
    fonts = {name.decode(): cmaps.get(int(ref), {}) for name, ref in _FONT_REF.findall(pdf)}
    lines: list[str] = []
    for body in objects.values():
        if b"/Length" not in body or b"/Type /Page" in body:
            continue
        content = _stream(body)
        if b" Tf" not in content:
            continue
        current: dict[int, str] = {}
        line = ""
        for match in _TOKEN.finditer(content):
            token = match.group(0)
            if match.group(1):
                current = fonts[match.group(1).decode()]
            elif token == b"ET":
                if line:
                    lines.append(line)
                line = ""
            else:
                raw = _unescape(token[1:-1])
                codes = [int.from_bytes(raw[k : k + 2], "big") for k in range(0, len(raw) - 1, 2)]
                line += "".join(current.get(code, "\ufffd") for code in codes)
        if line:
            lines.append(line)
    return "\n".join(lines)
