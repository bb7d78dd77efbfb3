"""The log formats yakuset reads and writes, each behind one small protocol.

A format is a :class:`LogFormat`: its ``name``, its ``title`` in messages, ``sniff`` (whether a
log's bytes are of this format, told by their start), the function that reads it, ``(data:
bytes, file: str) -> GameLog``, and the one that writes it where yakuset can, ``(game: GameLog)
-> str``, each named ``"module:function"`` and imported only when a log of its format is read
or written. :data:`FORMATS` lists them
in the order :func:`yakuset.riichi.read_log` sniffs; a new format is its module and one entry
here.
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
    """One log format: ``name``, ``title`` (in messages), ``sniff`` (whether a log's bytes,
    after a byte-order mark and white space, are of this format), its ``reader`` and its
    ``writer`` (``None``: yakuset reads the format only), each ``"module:function"``."""

    name: str
    title: str
    sniff: Callable[[bytes], bool]
    reader: str
    writer: str | None

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


def _is_xml(data: bytes) -> bool:
    return data.startswith(b"<")


def _is_mjai(data: bytes) -> bool:
    """mjai is JSON lines: its first line is a message, a mapping with a ``type``."""
    return data.startswith(b"{") and b'"type"' in data.split(b"\n", 1)[0]


def _is_json(data: bytes) -> bool:
    return data.startswith(b"{")


_HERE = __name__.rpartition(".")[0]
#: The formats, in the order a log's bytes are sniffed (mjai lines before a JSON document).
FORMATS = (
    LogFormat("tenhou", "Tenhou XML", _is_xml, f"{_HERE}.tenhou:read_tenhou_xml", None),
    LogFormat("mjai", "mjai JSON lines", _is_mjai, f"{_HERE}.mjai:read_mjai", f"{_HERE}.mjai:write_mjai"),
    LogFormat(
        "tenhou6",
        "tenhou.net/6 JSON",
        _is_json,
        f"{_HERE}.tenhou6:read_tenhou6",
        f"{_HERE}.tenhou6_write:write_tenhou6",
    ),
)


def format_of(data: bytes) -> LogFormat | None:
    """The format of a log's bytes (after a byte-order mark and white space), or ``None``."""
    return next((found for found in FORMATS if found.sniff(data)), None)


def utf8_text(data: bytes, file: str) -> str:
    """A JSON log's bytes as text (a log that is not UTF-8 is refused, naming ``file``)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogError(file, 0, None, f"not UTF-8 text: {error}") from None
