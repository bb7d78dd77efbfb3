"""The YAML side of :mod:`yakuset._core.yamlsource`: parsing text into located data with PyYAML
(libyaml's parser when PyYAML has it, which is ten times faster, else the pure-Python one), safely.

Only a parser and a composer are used: nodes are turned into dicts, lists and scalars here, so
no tag can construct an object. Duplicate keys, unknown tags, YAML merge keys, deep nesting,
oversized files and alias bombs ("billion laughs") are reported as problems with a location. A
text either parser refuses is read again by the pure-Python one, whose messages the hints know.
This module is imported only when a text is parsed: a bundled rule set as it was checked is read
from its parsed form (``yamlsource.from_json``) without PyYAML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from .errors import Location, Problem, RulesetError, ValueLocation
from .scalars import ScalarError, read_bool, read_float, read_int, read_null
from .yamlsource import (
    _BREAK,
    DATA_FILE,
    MAX_DEPTH,
    RULE_FILE,
    Limits,
    Lines,
    LocatedDict,
    LocatedList,
    join_path,
    read_text,
)

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

_CONTENT = re.compile(r"[^ \t\r\n]")  # where a block scalar's text starts


class _Abort(Exception):
    """Stops reading a file whose structure is out of bounds."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def content(lines: Lines, file: str, node: yaml.Node) -> Location:
    """Where a value's text starts: after a quote; on its first line for a block scalar."""
    index = node.start_mark.index
    if not isinstance(node, yaml.ScalarNode):
        return lines.at(file, index)
    end = node.end_mark.index
    if node.style in ("'", '"'):
        index += 1
    elif node.style in ("|", ">"):
        header_end = _BREAK.search(lines.text, index, end)
        if header_end is not None:
            first = _CONTENT.search(lines.text, header_end.end(), end)
            index = first.start() if first is not None else header_end.end()
        body = lines.text[index:end]
        where = lines.at(file, index)
        count = sum(1 for line in _BREAK.split(body) if line.strip())
        return ValueLocation(where.file, where.line, where.col, count <= 1)
    where = lines.at(file, index)
    return ValueLocation(where.file, where.line, where.col, _BREAK.search(lines.text, index, end) is None)


class _Bounded:
    """A composer that refuses nesting deeper than ``MAX_DEPTH`` and more values than the limits
    allow, as the events arrive (before any node of a hostile file is built)."""

    _file: str
    _lines: Lines
    _limits: Limits
    _depth: int
    _nodes: int
    peek_event: Callable[[], Any]

    def _bounded(self, file: str, lines: Lines, limits: Limits) -> None:
        self._file = file
        self._lines = lines
        self._limits = limits
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        self._nodes += 1
        try:
            if self._nodes > self._limits.max_nodes:
                mark = self.peek_event().start_mark
                raise _Abort(
                    Problem(
                        self._lines.at(self._file, mark.index),
                        "",
                        f"the file holds more than {self._limits.max_nodes:,} values",
                        self._limits.hint,
                    )
                )
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise _Abort(
                    Problem(
                        self._lines.at(self._file, mark.index),
                        "",
                        f"nesting deeper than {MAX_DEPTH} levels",
                        "a rule set never needs this; check the brackets and indentation",
                    )
                )
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


class _BoundedLoader(_Bounded, yaml.SafeLoader):
    """PyYAML's pure-Python parser and composer, bounded."""

    def __init__(self, stream: str, file: str, lines: Lines, limits: Limits) -> None:
        yaml.SafeLoader.__init__(self, stream)
        self._bounded(file, lines, limits)


_CParser: Any
try:
    from yaml._yaml import CParser as _CParser
except ImportError:  # PyYAML built without libyaml
    _CParser = None


_C_BASES = (_Bounded, yaml.composer.Composer, *([_CParser] if _CParser else []), yaml.resolver.Resolver)


class _BoundedCLoader(*_C_BASES):  # type: ignore[misc]
    """libyaml's parser with PyYAML's composer (Python, so that it can be bounded), bounded."""

    def __init__(self, stream: str, file: str, lines: Lines, limits: Limits) -> None:
        _CParser.__init__(self, stream)
        yaml.composer.Composer.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self._bounded(file, lines, limits)


def parse(text: str, file: str, limits: Limits = RULE_FILE) -> tuple[Any, list[Problem]]:
    """Parse one YAML document into LocatedDict/LocatedList/scalars.

    Returns the data (``None`` when nothing usable was read) and every problem found.
    """
    if len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        return None, [Problem(Location(file, 1, 1), "", f"text is over {limits.max_bytes} bytes", limits.hint)]
    lines = Lines(text)
    if _CParser is not None:
        try:
            loader: _Bounded = _BoundedCLoader(text, file, lines, limits)
            try:
                node = loader.get_single_node()  # type: ignore[attr-defined]
            finally:
                loader.dispose()  # type: ignore[attr-defined]
        except (yaml.YAMLError, _Abort, RecursionError, MemoryError, ValueError):  # ValueError: a lone surrogate
            pass  # read again below, for the messages and locations the pure-Python parser gives
        else:
            return _built(node, file, lines, limits)
    return _parse_python(text, file, lines, limits)


def _parse_python(text: str, file: str, lines: Lines, limits: Limits) -> tuple[Any, list[Problem]]:
    try:
        loader = _BoundedLoader(text, file, lines, limits)
    except yaml.reader.ReaderError as exc:
        return None, [_reader_problem(exc, lines, file)]
    try:
        node = loader.get_single_node()
    except _Abort as exc:
        return None, [exc.problem]
    except yaml.reader.ReaderError as exc:
        return None, [_reader_problem(exc, lines, file)]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = lines.at(file, min(mark.index, len(text))) if mark is not None else Location(file, 1, 1)
        message = " ".join(filter(None, [exc.context, exc.problem])) or "not valid YAML"
        return None, [Problem(where, "", f"YAML syntax: {message}", _syntax_hint(message))]
    except yaml.YAMLError as exc:
        return None, [Problem(Location(file, 1, 1), "", f"YAML syntax: {exc}")]
    except (RecursionError, MemoryError):
        return None, [Problem(Location(file, 1, 1), "", "the YAML structure is too deep or too large")]
    finally:
        loader.dispose()
    return _built(node, file, lines, limits)


def _built(node: yaml.Node | None, file: str, lines: Lines, limits: Limits) -> tuple[Any, list[Problem]]:
    if node is None:
        return None, [
            Problem(Location(file, 1, 1), "", "the file is empty", "a rule set is a YAML mapping, e.g. `game: koikoi`")
        ]
    builder = _Builder(file, lines, limits.max_nodes)
    try:
        value = builder.build_whole(node, 0, "")
    except _Abort as exc:
        return None, [exc.problem]
    return value, builder.problems


class _Builder:
    def __init__(self, file: str, lines: Lines, max_nodes: int) -> None:
        self.lines = lines
        self.file = file
        self.max_nodes = max_nodes
        self.nodes = 0
        self.problems: list[Problem] = []

    def build_whole(self, node: yaml.Node, depth: int, path: str) -> Any:
        """Build a top-level node (a document, an item of a streamed list), refusing it first if
        its aliases expand past the values left: a dozen aliases can stand for millions of values,
        and building them only to count them would take seconds."""
        expanded = _expanded_size(node, depth, {})
        if expanded is not None and self.nodes + expanded > self.max_nodes:
            raise _Abort(self._multiplied(self.lines.at(self.file, node.start_mark.index)))
        return self.build(node, depth, path)

    def _multiplied(self, where: Location) -> Problem:
        return Problem(
            where,
            "",
            f"aliases expand to more than {self.max_nodes:,} values",
            "anchors and aliases (& and *) may not multiply a document",
        )

    def build(self, node: yaml.Node, depth: int, path: str) -> Any:
        self.nodes += 1
        where = self.lines.at(self.file, node.start_mark.index)
        # The values were counted before building unless aliases nest too deep to count: then
        # this count stops a wide document before the building reaches the deep part.
        if self.nodes > self.max_nodes or depth > MAX_DEPTH:
            raise _Abort(
                self._multiplied(where)
                if self.nodes > self.max_nodes
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
                out.item_locs.append(content(self.lines, self.file, item))
            return out
        reader = _SCALAR_READERS.get(node.tag)
        if reader is None:
            return self._bad_tag(node, where, path)
        try:
            return reader(str(node.value))
        except ScalarError as exc:
            self.problems.append(Problem(content(self.lines, self.file, node), path, str(exc)))
            return None

    def _mapping(self, node: yaml.MappingNode, where: Location, depth: int, path: str) -> Any:
        if node.tag != _MAP:
            return self._bad_tag(node, where, path)
        out = LocatedDict(where)
        for key_node, value_node in node.value:
            key_loc = self.lines.at(self.file, key_node.start_mark.index)
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
            out.value_locs[key] = content(self.lines, self.file, value_node)
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


def _syntax_hint(message: str) -> str | None:
    """What to do about the YAML syntax errors people make most."""
    if "'\\t'" in message or "\t" in message:
        return "YAML indents with spaces, never tabs: replace the tab with spaces"
    if "mapping values are not allowed" in message:
        return "a `key: value` inside a value: indent it under its parent, or quote a value that holds ': '"
    if "expected <block end>" in message or "did not find expected key" in message:
        return "check the indentation: keys of one mapping, and the `-` of one list, line up under each other"
    if "found undefined alias" in message or "found unhashable key" in message:
        return "quote a value that starts with * or contains [ ] { }"
    return None


def _named(character: object) -> str:
    """A character as people can look it up: ``U+001B`` (PyYAML gives its code point)."""
    code = character if isinstance(character, int) else ord(character) if isinstance(character, str) else None
    return f"U+{code:04X}" if isinstance(code, int) else repr(character)


def _reader_problem(exc: yaml.reader.ReaderError, lines: Lines, file: str) -> Problem:
    return Problem(
        lines.at(file, exc.position),
        "",
        f"the character {_named(exc.character)} is not allowed in YAML",
        "remove control characters from the file",
    )


def _expanded_size(node: yaml.Node, depth: int, sizes: dict[int, int]) -> int | None:
    """How many values ``node`` builds into, its aliases expanded (an alias is the very node it
    names, so ``sizes``, by node, counts each node's own values once). ``None`` when its aliases
    nest past ``MAX_DEPTH`` or into the node itself: building it says so, with its location. Keys
    are counted as building counts them: not at all."""
    known = sizes.get(id(node))
    if known is not None:
        return None if known < 0 else known
    if depth > MAX_DEPTH:
        return None
    sizes[id(node)] = -1  # being counted: met again below it, the node contains itself
    total = 1
    if isinstance(node, yaml.SequenceNode):
        children = node.value
    elif isinstance(node, yaml.MappingNode):
        children = [value for _, value in node.value]
    else:
        children = ()
    for child in children:
        size = _expanded_size(child, depth + 1, sizes)
        if size is None:
            return None
        total += size
    sizes[id(node)] = total
    return total


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


def stream_list(path: Path, display: str, key: str, limits: Limits = DATA_FILE) -> Iterator[tuple[Location, Any]]:
    """The items of the one list of a file written ``KEY: [item, item, ...]``, each with where it
    starts, read one at a time: a file of 100,000 items is never held as a whole (only its text).

    Raises :class:`RulesetError` for a file that is not such a mapping, or not valid YAML, or
    past ``limits`` (values are counted over the whole file, aliases expanded).
    """
    text, problems = read_text(path, display, limits)
    if text is None:
        raise RulesetError(problems)
    lines = Lines(text)
    start = Location(display, 1, 1)
    shape = Problem(
        start,
        "",
        f"the file is a mapping with one key, `{key}`: a list",
        f"e.g. `{key}: [{{base: 8, own_calls: 1}}]`",
    )
    loader: _Bounded = (_BoundedCLoader if _CParser is not None else _BoundedLoader)(text, display, lines, limits)
    builder = _Builder(display, lines, limits.max_nodes)
    events: Any = loader
    try:
        try:
            for kind in (yaml.StreamStartEvent, yaml.DocumentStartEvent, yaml.MappingStartEvent):
                if not events.check_event(kind):
                    raise RulesetError([shape])
                events.get_event()
            if not events.check_event(yaml.ScalarEvent) or events.peek_event().value != key:
                raise RulesetError([shape])
            events.get_event()
            if not events.check_event(yaml.SequenceStartEvent):
                raise RulesetError([shape])
            events.get_event()
            index = 0
            while not events.check_event(yaml.SequenceEndEvent):
                node = events.compose_node(None, index)
                value = builder.build_whole(node, 1, f"{key}[{index}]")
                if builder.problems:
                    raise RulesetError(builder.problems)
                yield content(lines, display, node), value
                index += 1
            events.get_event()
            if not events.check_event(yaml.MappingEndEvent):
                raise RulesetError([shape])
        except _Abort as exc:
            raise RulesetError([exc.problem]) from None
        except (yaml.YAMLError, RecursionError, MemoryError, ValueError):
            # Not valid YAML: the whole-file parser names the problem, with the usual hints.
            _, found = parse(text, display, limits)
            raise RulesetError(found or [Problem(start, "", "not valid YAML")]) from None
    finally:
        events.dispose()


def read_document(path: Path, display: str, limits: Limits = RULE_FILE) -> Any:
    """Read and parse a YAML file that is not a rule set (a play script, a cases file).

    Returns its located data, or raises :class:`RulesetError` with every problem found.
    """
    text, problems = read_text(path, display, limits)
    if text is None:
        raise RulesetError(problems)
    data, problems = parse(text, display, limits)
    if problems:
        raise RulesetError(problems)
    return data
