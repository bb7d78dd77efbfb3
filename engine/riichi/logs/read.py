"""``read_log``: a game log's file or text, in any of the three formats, as a :class:`GameLog`."""

from __future__ import annotations

import gzip
import io
import os
import stat
import zlib
from typing import Any

from ..._core.arguments import shown
from ..._core.errors import InputError
from .formats import LOG_FORMATS, format_of
from .record import GameLog, LogError

#: The largest log read (after gunzip): a whole hanchan is 20-60 kB in any of the formats.
MAX_LOG_BYTES = 4 * 1024 * 1024
_TEXT = "<text>"


def read_log(path_or_text: Any) -> GameLog:
    """The game of a log: a path (``str`` or ``os.PathLike``) to a log in one of the formats of
    :data:`yakuset.riichi.LOG_FORMATS`, plain or gzip, or such a log's text (``str`` or
    ``bytes``). The format is told by the content. A log over :data:`MAX_LOG_BYTES` is refused
    before it is read whole; anything unreadable is a :class:`LogError` (an
    :class:`yakuset.InputError`) naming the file, the hand and the event."""
    data, file = _bytes(path_or_text)
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data, file)
    text = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    found = format_of(text)
    if found is None:
        titles = [each.title for each in LOG_FORMATS]
        raise LogError(file, 0, None, f"not a game log: neither {', '.join(titles[:-1])} nor {titles[-1]}")
    game = found.read(text, file)
    if not game.hands:  # nothing was played: no replay, check or rescoring has a hand to read
        raise LogError(file, 0, None, f"the {found.title} log holds no hand")
    return game


def _bytes(source: Any) -> tuple[bytes, str]:
    """A log's bytes (at most the bound) and the name its errors give."""
    if isinstance(source, bytes):
        if len(source) > MAX_LOG_BYTES:
            raise LogError(_TEXT, 0, None, f"the log is over {MAX_LOG_BYTES} bytes")
        return source, _TEXT
    if isinstance(source, str) and (source.lstrip()[:1] in ("<", "{") or "\n" in source):
        try:
            data = source.encode("utf-8")
        except UnicodeEncodeError as error:
            raise LogError(_TEXT, 0, None, f"not text UTF-8 can hold: {error.reason} at {error.start}") from None
        if len(data) > MAX_LOG_BYTES:
            raise LogError(_TEXT, 0, None, f"the log is over {MAX_LOG_BYTES} bytes")
        return data, _TEXT
    if not isinstance(source, (str, os.PathLike)):
        raise InputError(f"path_or_text must be a path or a log's text (str or bytes), got {shown(source)}")
    file = os.fspath(source)
    if not isinstance(file, str):
        raise InputError(f"path_or_text must be a path or a log's text (str or bytes), got {shown(source)}")
    try:
        regular = stat.S_ISREG(os.stat(file).st_mode)
        # A pipe or a device given by name would block open() or never end: only files are read.
        if regular:
            with open(file, "rb") as handle:
                data = handle.read(MAX_LOG_BYTES + 1)
    except OSError as error:
        raise LogError(_named(file), 0, None, f"cannot read: {error.strerror or error}") from None
    except (UnicodeError, ValueError) as error:  # a NUL or a lone surrogate: no file has that name
        raise LogError(_named(file), 0, None, f"not a file name: {error}") from None
    if not regular:
        raise LogError(_named(file), 0, None, "not a regular file (a folder, a pipe or a device)")
    if len(data) > MAX_LOG_BYTES:
        raise LogError(_named(file), 0, None, f"the log is over {MAX_LOG_BYTES} bytes")
    return data, _named(file)


def _named(file: str) -> str:
    """``file`` as its errors name it: printable whatever it holds (a NUL, a lone surrogate or
    another unprintable character written as its escape)."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in file)


def _gunzip(data: bytes, file: str) -> bytes:
    """Decompressed, refused once it passes the bound (a small gzip can unpack to gigabytes)."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
            out = packed.read(MAX_LOG_BYTES + 1)
    except (OSError, EOFError, zlib.error) as error:
        raise LogError(file, 0, None, f"a broken gzip file: {error}") from None
    if len(out) > MAX_LOG_BYTES:
        raise LogError(file, 0, None, f"the log is over {MAX_LOG_BYTES} bytes once unpacked")
    return out
