"""Read a rule-set file safely into plain data that remembers where each value came from.

Only ``yaml.SafeLoader`` is used, and only its composer: nodes are turned into
dicts, lists and scalars here, so no tag can construct an object. Duplicate
keys, unknown tags, YAML merge keys, deep nesting, oversized files and alias
bombs ("billion laughs") are reported as problems with a location.
"""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from .errors import Location, Problem, RulesetError
from .scalars import ScalarError, read_bool, read_float, read_int, read_null

MAX_FILE_BYTES = 1 << 20
MAX_DEPTH = 64
# Counts every node visited while expanding aliases, so a file whose aliases
# multiply into millions of values fails after a bounded amount of work.
MAX_NODES = 50_000

_STR = "tag:yaml.org,2002:str"
_SCALAR_READERS: dict[str, Callable[[str], Any]] = {
    _STR: str,
    "tag:yaml.org,2002:int": read_int,
    "tag:yaml.org,2002:float": read_float,
    "tag:yaml.org,2002:bool": read_bool,
    "tag:yaml.org,2002:null": read_null,
}
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_MERGE = "tag:yaml.org,2002:merge"


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


class _Abort(Exception):
    """Stops reading a file whose structure is out of bounds."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _BoundedLoader(yaml.SafeLoader):
    """SafeLoader whose composer refuses nesting deeper than ``MAX_DEPTH``."""

    def __init__(self, stream: str, file: str) -> None:
        super().__init__(stream)
        self._file = file
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise _Abort(
                    Problem(
                        _loc(self._file, mark),
                        "",
                        f"nesting deeper than {MAX_DEPTH} levels",
                        "a rule set never needs this; check the brackets and indentation",
                    )
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _loc(file: str, mark: Any) -> Location:
    return Location(file, mark.line + 1, mark.column + 1)


def _value_loc(file: str, node: yaml.Node) -> Location:
    # A quoted scalar's text starts after its quote: point there, so a column
    # inside an expression lands on the right character.
    where = _loc(file, node.start_mark)
    if isinstance(node, yaml.ScalarNode) and node.style in ("'", '"'):
        return Location(where.file, where.line, where.col + 1)
    return where


def read_text(path: Path, display: str) -> tuple[str | None, list[Problem]]:
    """Read a rule-set file as UTF-8 text: only a regular file, and never more than ``MAX_FILE_BYTES``."""
    start = Location(display, 1, 1)
    too_big = Problem(
        start, "", f"the file is over {MAX_FILE_BYTES} bytes", "a rule set is a few kilobytes; is this the right file?"
    )
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            return None, [Problem(start, "", "not a regular file", "name a .yaml file")]
        if status.st_size > MAX_FILE_BYTES:
            return None, [too_big]
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)  # the file may have grown since stat
        if len(data) > MAX_FILE_BYTES:
            return None, [too_big]
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return None, [Problem(start, "", f"cannot read the file: {reason}")]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return None, [Problem(Location(display, line, 1), "", "the file is not UTF-8 text")]


def read_document(path: Path, display: str) -> Any:
    """Read and parse a YAML file that is not a rule set (a play script, a cases file).

    Returns its located data, or raises :class:`RulesetError` with every problem found.
    """
    text, problems = read_text(path, display)
    if text is None:
        raise RulesetError(problems)
    data, problems = parse(text, display)
    if problems:
        raise RulesetError(problems)
    return data


def id_items(items: Any) -> list[tuple[int, LocatedDict]]:
    """The items of a located list that are mappings with a text ``id``, with their indexes."""
    if not isinstance(items, LocatedList):
        return []
    return [
        (i, item) for i, item in enumerate(items) if isinstance(item, LocatedDict) and isinstance(item.get("id"), str)
    ]


def parse(text: str, file: str) -> tuple[Any, list[Problem]]:
    """Parse one YAML document into LocatedDict/LocatedList/scalars.

    Returns the data (``None`` when nothing usable was read) and every problem found.
    """
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        return None, [Problem(Location(file, 1, 1), "", f"text is over {MAX_FILE_BYTES} bytes")]
    try:
        loader = _BoundedLoader(text, file)
    except yaml.reader.ReaderError as exc:
        return None, [_reader_problem(exc, text, file)]
    try:
        node = loader.get_single_node()
    except _Abort as exc:
        return None, [exc.problem]
    except yaml.reader.ReaderError as exc:
        return None, [_reader_problem(exc, text, file)]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _loc(file, mark) if mark is not None else Location(file, 1, 1)
        message = " ".join(filter(None, [exc.context, exc.problem])) or "not valid YAML"
        return None, [Problem(where, "", f"YAML syntax: {message}")]
    except yaml.YAMLError as exc:
        return None, [Problem(Location(file, 1, 1), "", f"YAML syntax: {exc}")]
    except (RecursionError, MemoryError):
        return None, [Problem(Location(file, 1, 1), "", "the YAML structure is too deep or too large")]
    finally:
        loader.dispose()
    if node is None:
        return None, [
            Problem(Location(file, 1, 1), "", "the file is empty", "a rule set is a YAML mapping, e.g. `game: koikoi`")
        ]
    builder = _Builder(loader, file)
    try:
        value = builder.build(node, 0, "")
    except _Abort as exc:
        return None, [exc.problem]
    return value, builder.problems


class _Builder:
    def __init__(self, loader: yaml.SafeLoader, file: str) -> None:
        self.loader = loader
        self.file = file
        self.nodes = 0
        self.problems: list[Problem] = []

    def build(self, node: yaml.Node, depth: int, path: str) -> Any:
        self.nodes += 1
        where = _loc(self.file, node.start_mark)
        if self.nodes > MAX_NODES or depth > MAX_DEPTH:
            raise _Abort(
                Problem(
                    where,
                    "",
                    f"aliases expand to more than {MAX_NODES} values",
                    "anchors and aliases (& and *) may not multiply a document",
                )
                if self.nodes > MAX_NODES
                else Problem(
                    where,
                    "",
                    "aliases nest deeper than the document allows",
                    "an anchor may not contain an alias to itself",
                )
            )
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, where, depth, path)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                return self._bad_tag(node, where, path)
            out = LocatedList(where)
            for index, item in enumerate(node.value):
                out.append(self.build(item, depth + 1, f"{path}[{_item_label(item, index)}]"))
                out.item_locs.append(_value_loc(self.file, item))
            return out
        reader = _SCALAR_READERS.get(node.tag)
        if reader is None:
            return self._bad_tag(node, where, path)
        try:
            return reader(str(node.value))
        except ScalarError as exc:
            self.problems.append(Problem(_value_loc(self.file, node), path, str(exc)))
            return None

    def _mapping(self, node: yaml.MappingNode, where: Location, depth: int, path: str) -> Any:
        if node.tag != _MAP:
            return self._bad_tag(node, where, path)
        out = LocatedDict(where)
        for key_node, value_node in node.value:
            key_loc = _loc(self.file, key_node.start_mark)
            if key_node.tag == _MERGE:
                self.problems.append(
                    Problem(
                        key_loc,
                        path,
                        "YAML merge keys (<<) are not supported",
                        "use `extends:` to build on another rule set",
                    )
                )
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != _STR:
                self.problems.append(
                    Problem(
                        key_loc, path, "a key must be plain text", "quote it if it looks like a number or a boolean"
                    )
                )
                continue
            key = key_node.value
            key_path = join_path(path, key)
            if key in out.key_locs:
                first = out.key_locs[key]
                self.problems.append(
                    Problem(
                        key_loc,
                        key_path,
                        f"duplicate key {key!r} (first at line {first.line})",
                        "a key may appear once in a mapping; remove one of them",
                    )
                )
                continue
            out[key] = self.build(value_node, depth + 1, key_path)
            out.key_locs[key] = key_loc
            out.value_locs[key] = _value_loc(self.file, value_node)
        return out

    def _bad_tag(self, node: yaml.Node, where: Location, path: str) -> None:
        self.problems.append(
            Problem(
                where,
                path,
                f"the tag {node.tag!r} is not allowed",
                "rule sets use plain YAML: mappings, lists, text, numbers, booleans",
            )
        )
        return None


def _reader_problem(exc: yaml.reader.ReaderError, text: str, file: str) -> Problem:
    before = text[: exc.position]
    line = before.count("\n") + 1
    col = exc.position - (before.rfind("\n") + 1) + 1
    return Problem(
        Location(file, line, col),
        "",
        f"the character {exc.character!r} is not allowed in YAML",
        "remove control characters from the file",
    )


def join_path(path: str, key: str) -> str:
    """``award`` + ``multipliers`` -> ``award.multipliers``."""
    return f"{path}.{key}" if path else key


def _item_label(node: yaml.Node, index: int) -> str:
    """A list item is named by its ``id`` when it has one, else by its index."""
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if (
                isinstance(key_node, yaml.ScalarNode)
                and key_node.value == "id"
                and isinstance(value_node, yaml.ScalarNode)
                and value_node.tag == _STR
            ):
                return str(value_node.value)
    return str(index)
