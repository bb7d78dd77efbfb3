"""The log formats yakuset reads and writes, each behind one small protocol.

A format is a :class:`LogFormat`: its ``name``, its ``title`` in messages, how its bytes begin
(``starts``, and ``marks``: what its first line holds, where the start alone does not tell it
from another format), the function that reads it, ``(data: bytes, file: str) -> GameLog``, and
the one that writes it where yakuset can, ``(game: GameLog) -> str``, each named
``"module:function"`` and imported only when a log of its format is read or written. A format
whose first line is marked is tried before those told by their start alone; among the marked
ones, the order of :data:`LOG_FORMATS` decides (a more particular mark first). A new format is
its module and one entry here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .record import LogError

if TYPE_CHECKING:
    from .record import GameLog


@dataclass(frozen=True)
class LogFormat:
    """One log format: ``name``, ``title`` (in messages), ``starts`` (the bytes a log of it
    begins with, after a byte-order mark and white space), ``marks`` (bytes its first line
    holds; empty: the start tells it), its ``reader`` and its ``writer`` (``None``: yakuset
    reads the format only), each ``"module:function"``."""

    name: str
    title: str
    starts: bytes
    reader: str
    writer: str | None
    marks: bytes = b""

    def sniff(self, data: bytes) -> bool:
        """Whether ``data`` (a log's bytes, after a byte-order mark and white space) is of this
        format."""
        return data.startswith(self.starts) and (not self.marks or self.marks in data.split(b"\n", 1)[0])

    def read(self, data: bytes, file: str) -> GameLog:
        """The game of a log of this format (``data``, ``file`` the name its errors give)."""
        read: Callable[[bytes, str], GameLog] = _function(self.reader)
        return read(data, file)

    def write(self, game: GameLog) -> str:
        """The game written in this format (where it has a ``writer``)."""
        if self.writer is None:
            raise ValueError(f"yakuset reads {self.title} logs and does not write them")
        write: Callable[[GameLog], str] = _function(self.writer)
        return write(game)


def _function(where: str) -> Any:
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


_HERE = __name__.rpartition(".")[0]
#: The formats yakuset reads (``yakuset.riichi.LOG_FORMATS``): each a :class:`LogFormat`.
LOG_FORMATS = (
    LogFormat("tenhou", "Tenhou XML", b"<", f"{_HERE}.tenhou:read_tenhou_xml", None),
    # mjai is JSON lines: its first line is a message, a mapping with a "type".
    LogFormat("mjai", "mjai JSON lines", b"{", f"{_HERE}.mjai:read_mjai", f"{_HERE}.mjai:write_mjai", b'"type"'),
    LogFormat(
        "tenhou6", "tenhou.net/6 JSON", b"{", f"{_HERE}.tenhou6:read_tenhou6", f"{_HERE}.tenhou6_write:write_tenhou6"
    ),
)
#: The order they are tried in: a format told by its first line's marks before one told by its
#: start alone.
_SNIFFED = tuple(sorted(LOG_FORMATS, key=lambda each: not each.marks))


def format_of(data: bytes) -> LogFormat | None:
    """The format of a log's bytes (after a byte-order mark and white space), or ``None``."""
    return next((found for found in _SNIFFED if found.sniff(data)), None)


def utf8_text(data: bytes, file: str) -> str:
    """A JSON log's bytes as text (a log that is not UTF-8 is refused, naming ``file``)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogError(file, 0, None, f"not UTF-8 text: {error}") from None
