"""Read a rule-set file safely into plain data that remembers where each value came from:
:class:`LocatedDict`, :class:`LocatedList` and scalars, each value with its file:line:col.

Files are read within size limits (:class:`Limits`) and parsed by :mod:`.yamlparse` (safely:
nothing in a file is ever constructed or run), which is imported only where a text is parsed.
A bundled file as it was checked is read from its parsed form instead (:func:`from_json`),
which needs no YAML parser.
"""

from __future__ import annotations

import bisect
import re
import stat
from pathlib import Path
from typing import Any, NamedTuple

from .errors import Location, Problem, ValueLocation

MAX_FILE_BYTES = 1 << 20
MAX_DEPTH = 64
# The most values (mappings, lists and scalars) a file may hold, counted while it is read and
# again with its aliases expanded: the largest bundled file holds about 600, and reading,
# checking and compiling this many takes well under a second.
MAX_NODES = 5_000


class Limits(NamedTuple):
    """How big a YAML file may be: bytes, values, and what to say when it is bigger."""

    max_bytes: int
    max_nodes: int
    hint: str


#: A rule set, a play script.
RULE_FILE = Limits(MAX_FILE_BYTES, MAX_NODES, "a rule set states only what differs from the one it extends")
#: A file of data the user gives a command (``diff --cases``): larger, read once, item by item.
DATA_FILE = Limits(32 << 20, 2_000_000, "split it into several files")


class LocatedDict(dict[str, Any]):
    """A mapping from a rule-set file; ``loc`` is where it starts, ``key_locs`` and
    ``value_locs`` where each key and each value stand."""

    __slots__ = ("loc", "key_locs", "value_locs")

    def __init__(self, loc: Location) -> None:
        super().__init__()
        self.loc = loc
        self.key_locs: dict[str, Location] = {}
        self.value_locs: dict[str, Location] = {}


class LocatedList(list[Any]):
    """A sequence from a rule-set file; ``item_locs[i]`` is where item ``i`` stands."""

    __slots__ = ("loc", "item_locs")

    def __init__(self, loc: Location) -> None:
        super().__init__()
        self.loc = loc
        self.item_locs: list[Location] = []


#: What a document shares with the one it was made from (:func:`shared_nodes`): the ids of the
#: mappings and lists, and ``(id(mapping), key)`` for a scalar a mapping holds unchanged.
Shared = frozenset[int | tuple[int, str]]


def shared_nodes(new: Any, old: Any) -> Shared:
    """What document ``new`` shares with ``old`` where it stood there: the ids of the mappings and
    lists that are the very objects of ``old`` at the same place (under the same key of a
    mapping, or among the items of the list at the same place: a change to the list may move
    them), and ``(id(mapping), key)`` for each key of a mapping of ``new`` below the top (one
    walked: it differs from its counterpart) whose scalar is the very one under that key in
    ``old`` (not the top's: the schema's conditions on ``game`` stand there). A document made
    from another (a variant ``diff`` makes, a house file resolved over the rule set it extends)
    shares what it does not change, which needs no filling or checking again; only what
    differs is walked."""
    found: set[int | tuple[int, str]] = set()
    _shared(new, old, found, top=True)
    return frozenset(found)


def _shared(new: Any, old: Any, found: set[int | tuple[int, str]], top: bool = False) -> None:
    pairs: list[tuple[Any, Any, str | None]]
    if isinstance(new, dict) and isinstance(old, dict):
        pairs = [(value, old[key], key) for key, value in new.items() if key in old]
    elif isinstance(new, list) and isinstance(old, list):
        kept = {id(item) for item in old}
        by_id = {item["id"]: item for item in old if isinstance(item, dict) and isinstance(item.get("id"), str)}
        pairs = []
        for index, item in enumerate(new):
            ident = item.get("id") if isinstance(item, dict) else None
            if id(item) in kept:
                pairs.append((item, item, None))
            elif isinstance(ident, str) and ident in by_id:
                pairs.append((item, by_id[ident], None))
            elif index < len(old):
                pairs.append((item, old[index], None))
    else:
        return
    for value, was, key in pairs:
        if value is was:
            if isinstance(value, dict | list):
                found.add(id(value))
            elif key is not None and not top:
                found.add((id(new), key))
        else:
            _shared(value, was, found)


class Lines:
    """Where each line of a text starts, counted as editors count lines: a line ends at LF, CR LF
    or a lone CR (YAML also breaks lines at U+0085, U+2028 and U+2029; editors do not)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(match.end() for match in _BREAK.finditer(text))]

    def at(self, file: str, index: int) -> Location:
        """The location of character ``index``."""
        line = bisect.bisect_right(self.starts, index)
        return Location(file, line, index - self.starts[line - 1] + 1)


_BREAK = re.compile(r"\r\n|\r|\n")


def read_text(path: Path, display: str, limits: Limits = RULE_FILE) -> tuple[str | None, list[Problem]]:
    """Read a file as UTF-8 text: only a regular file, and never more than its limit in bytes."""
    start = Location(display, 1, 1)
    max_bytes = limits.max_bytes
    too_big = Problem(start, "", f"the file is over {max_bytes} bytes", limits.hint)
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            return None, [Problem(start, "", "not a regular file", "name a .yaml file")]
        if status.st_size > max_bytes:
            return None, [too_big]
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)  # the file may have grown since stat
        if len(data) > max_bytes:
            return None, [too_big]
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return None, [Problem(start, "", f"cannot read the file: {reason}")]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8", "replace")
        return None, [Problem(Lines(before).at(display, len(before)), "", "the file is not UTF-8 text")]


def id_items(items: Any) -> list[tuple[int, LocatedDict]]:
    """The items of a located list that are mappings with a text ``id``, with their indexes."""
    if not isinstance(items, LocatedList):
        return []
    return [
        (i, item) for i, item in enumerate(items) if isinstance(item, LocatedDict) and isinstance(item.get("id"), str)
    ]


def join_path(path: str, key: str) -> str:
    """``award`` + ``multipliers`` -> ``award.multipliers``."""
    return f"{path}.{key}" if path else key


# --- the parsed form of a file, as JSON ---------------------------------------------------------
#
# A mapping is ["map", line, col, [[key, key line, key col, value where, value], ...]], a list
# ["list", line, col, [[item where, item], ...]]; a scalar is itself (JSON has every scalar YAML
# gives here). Where a value starts is [line, col] for a mapping or a list, [line, col, one
# line] for a scalar, as :class:`ValueLocation` says.


def to_json(data: Any) -> Any:
    """``data`` (located, as :func:`parse` gives it) as plain JSON data, locations included."""
    if isinstance(data, LocatedDict):
        return [
            "map",
            data.loc.line,
            data.loc.col,
            [
                [key, data.key_locs[key].line, data.key_locs[key].col, _where(data.value_locs[key]), to_json(value)]
                for key, value in data.items()
            ],
        ]
    if isinstance(data, LocatedList):
        return ["list", data.loc.line, data.loc.col, [[_where(w), to_json(v)] for w, v in zip(data.item_locs, data)]]
    return data


def _where(loc: Location) -> list[Any]:
    return [loc.line, loc.col, loc.one_line] if isinstance(loc, ValueLocation) else [loc.line, loc.col]


def from_json(node: Any, file: str) -> Any:
    """The located data :func:`to_json` wrote, its locations in ``file``."""
    if type(node) is not list:
        return node
    if node[0] == "map":
        out = LocatedDict(Location(file, node[1], node[2]))
        key_locs, value_locs = out.key_locs, out.value_locs
        for key, line, col, where, value in node[3]:
            out[key] = from_json(value, file)
            key_locs[key] = Location(file, line, col)
            value_locs[key] = _location(where, file)
        return out
    items = LocatedList(Location(file, node[1], node[2]))
    items.extend(from_json(value, file) for _, value in node[3])
    items.item_locs = [_location(where, file) for where, _ in node[3]]
    return items


def _location(where: list[Any], file: str) -> Location:
    return ValueLocation(file, where[0], where[1], where[2]) if len(where) == 3 else Location(file, where[0], where[1])
