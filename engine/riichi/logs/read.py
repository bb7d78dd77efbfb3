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


#: What a keyword argument not given is (``None`` is a value to refuse, not an absence).
_ABSENT: Any = object()
#: What every log's text begins with, after white space or a byte-order mark: an XML tag (Tenhou)
#: or a JSON object (tenhou.net/6, mjai). A ``str`` given alone that begins so is a text.
_TEXT_STARTS = ("<", "{")


def read_log(source: Any = _ABSENT, /, *, path: Any = _ABSENT, text: Any = _ABSENT) -> GameLog:
    """The game of a log in one of the formats of :data:`yakuset.riichi.LOG_FORMATS`, plain or
    gzip, given one way of three:

    - ``read_log(path=...)``: a file, by a ``str`` or an ``os.PathLike``; never read as a text;
    - ``read_log(text=...)``: the log's content, ``str`` or ``bytes``; never opened as a file;
    - ``read_log(source)``: a ``pathlib.Path`` (any ``os.PathLike``) is a file and ``bytes`` are
      the content; a ``str`` is the content when it begins (after white space or a byte-order
      mark) with ``<`` or ``{`` as every log's text does, and a path otherwise. A ``str`` that
      begins so and also names an existing file (``{game}.json``) is refused as ambiguous with
      an :class:`yakuset.InputError`: say ``path=`` or ``text=``.

    The format is told by the content. A log over :data:`MAX_LOG_BYTES` is refused before it is
    read whole; anything unreadable is a :class:`LogError` (an :class:`yakuset.InputError`)
    naming the file, the hand and the event."""
    data, file = _source_bytes(source, path, text)
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data, file)
    text_bytes = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    found = format_of(text_bytes)
    if found is None:
        titles = [each.title for each in LOG_FORMATS]
        raise LogError(file, 0, None, f"not a game log: neither {', '.join(titles[:-1])} nor {titles[-1]}")
    game = found.read(text_bytes, file)
    if not game.hands:  # nothing was played: no replay, check or rescoring has a hand to read
        raise LogError(file, 0, None, f"the {found.title} log holds no hand")
    return game


def _source_bytes(source: Any, path: Any, text: Any) -> tuple[bytes, str]:
    """The log's bytes and the name its errors give, from the one form :func:`read_log` was given."""
    given = [name for name, value in (("a source", source), ("path=", path), ("text=", text)) if value is not _ABSENT]
    if len(given) != 1:
        raise InputError(
            "read_log takes one of a source, path= or text=, " + (f"got {' and '.join(given)}" if given else "got none")
        )
    if path is not _ABSENT:
        return _file_bytes(_path_of(path, "path"))
    if text is not _ABSENT:
        if not isinstance(text, (str, bytes)):
            raise InputError(f"text must be a log's text (str or bytes), got {shown(text)}")
        return _text_bytes(text)
    if isinstance(source, bytes):
        return _text_bytes(source)
    if isinstance(source, str) and source.lstrip("\ufeff \t\r\n")[:1] in _TEXT_STARTS:
        if os.path.lexists(source):  # False for what no file can be named (too long, a NUL)
            raise InputError(
                f"{_named(source)[:200]!r} is both a file's name and the start of a log's text: "
                "give read_log(path=...) or read_log(text=...)"
            )
        return _text_bytes(source)
    return _file_bytes(_path_of(source, "source"))


def _path_of(value: Any, argument: str) -> str:
    """``value`` as a path's text (``str`` or ``os.PathLike`` giving one), else an InputError."""
    file = os.fspath(value) if isinstance(value, (str, os.PathLike)) else None
    if not isinstance(file, str):
        text = "" if argument == "path" else " or a log's text (str or bytes)"
        raise InputError(f"{argument} must be a path (str or os.PathLike){text}, got {shown(value)}")
    if not file:
        raise LogError("''", 0, None, "an empty path names no file")
    return file


def _text_bytes(text: str | bytes) -> tuple[bytes, str]:
    """A log's text as bytes (at most the bound), named ``<text>`` by its errors."""
    if isinstance(text, str):
        try:
            text = text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise LogError(_TEXT, 0, None, f"not text UTF-8 can hold: {error.reason} at {error.start}") from None
    if len(text) > MAX_LOG_BYTES:
        raise LogError(_TEXT, 0, None, f"the log is over {MAX_LOG_BYTES} bytes")
    return text, _TEXT


def _file_bytes(file: str) -> tuple[bytes, str]:
    """A log file's bytes (at most the bound) and the name its errors give."""
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
