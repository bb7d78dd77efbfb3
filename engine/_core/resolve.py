"""Follow ``extends`` chains and merge rule-set files into one document.

Mappings merge key by key; lists whose items all carry an ``id`` merge item
by item (same id: merged; new id: appended); any other list replaces the
parent's; ``null`` removes a key. Every value keeps the location it was
written at, so errors, ``show --resolved`` and ``diff`` can point at it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import bundled, prebuilt, validate
from .errors import Location, Problem
from .hints import did_you_mean
from .memo import remembered
from .yamlsource import LocatedDict, LocatedList, from_json, join_path, read_text


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One file of an ``extends`` chain, as written."""

    path: Path
    display: str
    data: LocatedDict
    #: A bundled file read from a record of texts that passed the schema: not checked again.
    checked: bool = False

    @property
    def id(self) -> str:
        return self.path.stem


#: How messages name the folder of bundled rule sets, wherever the package is installed.
BUNDLED = "<bundled>"


def display_name(path: Path) -> str:
    """A path as people read it: a bundled rule set as ``<bundled>/koikoi/nintendo.yaml``, a
    bundled example script as ``<bundled>/examples/….yaml`` (never where the package is
    installed), any other file relative to the working folder when inside it."""
    try:
        real = path.resolve()
        for folder, shown in ((bundled.rulesets_dir(), BUNDLED), (bundled.examples_dir(), f"{BUNDLED}/examples")):
            inside = bundled.resolved_folder(folder)
            if real.is_relative_to(inside):
                return f"{shown}/{real.relative_to(inside).as_posix()}"
    except OSError:
        pass
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if relative.startswith("..") else relative


def locate_ref(ref: str, relative_to: Path | None) -> Path | None:
    """A bundled id (``nintendo``) or a path (``./base.yaml``, relative to the extending file)."""
    if not bundled.looks_like_path(ref):
        return bundled.bundled_files().get(ref)
    base = relative_to.parent if relative_to is not None else Path.cwd()
    return (base / ref).resolve()


def read_file(path: Path, record: prebuilt.Record | None = None) -> tuple[SourceFile | None, list[Problem]]:
    """Read and parse one file (a bundled one from its parsed form when ``record`` has it)."""
    display = display_name(path)
    text, problems = read_text(path, display)
    if text is None:
        return None, problems
    if len(text) > MAX_CACHED_TEXT:
        source, found = read_source(text, path, display, record)
        return source, found
    source, known = _read_once(str(path), display, text, record)
    return source, list(known)


#: The longest text whose parse is remembered: the memo stays small in bytes (a bundled file is
#: about 5 KB), and a big file is read again each time.
MAX_CACHED_TEXT = 64 * 1024
#: The most files an ``extends`` chain may have (the file itself included).
MAX_CHAIN = 16


# The bundled bases are read by every rule set that extends them: a file's text is parsed once.
# Parsed data is never changed after reading, so sharing it is safe.
@remembered("", "parsed files", 256)
def _read_once(
    path: str, display: str, text: str, record: prebuilt.Record | None
) -> tuple[SourceFile | None, tuple[Problem, ...]]:
    source, found = read_source(text, Path(path), display, record)
    return source, tuple(found)


def read_source(
    text: str, path: Path, display: str, record: prebuilt.Record | None = None
) -> tuple[SourceFile | None, list[Problem]]:
    """Parse one file's text; ``path`` anchors relative ``extends``. A bundled file whose text
    ``record`` lists is read from its parsed form (no YAML parser) and marked ``checked``: it
    passed the schema the record is for. Other files are checked once their game is known (the
    loader follows the chain first: ``validate.check_file``)."""
    name = bundled.bundled_name(path) if record is not None else None
    form = record.form(name, text) if record is not None and name is not None else None
    if form is not None:
        return SourceFile(path, display, from_json(form, display), True), []
    from .yamlparse import parse  # PyYAML is imported only when a text is parsed

    data, problems = parse(text, display)
    start = Location(display, 1, 1)
    if data is None:
        return None, problems or [
            Problem(start, "", "the document is empty (null)", "a rule set is a YAML mapping, e.g. `game: koikoi`")
        ]
    if not isinstance(data, LocatedDict):
        return None, [
            *problems,
            Problem(
                start,
                "",
                f"expected a mapping at the top, got {validate.describe_value(data)}",
                "a rule set starts with keys such as `game:` or `extends:`",
            ),
        ]
    return SourceFile(path, display, data), problems


def chain(
    first: SourceFile, bundled_only: bool = False, record: prebuilt.Record | None = None
) -> tuple[list[SourceFile], list[Problem]]:
    """The file and its ancestors, nearest first; problems of any of them. ``bundled_only``: the
    file came from outside (a text sent to ``yakuset serve``), so its ``extends`` may name a
    bundled id only, never a path on this machine. ``record``: as for :func:`read_file`."""
    files = [first]
    problems: list[Problem] = []
    seen = {first.path.resolve()}
    current = first
    while isinstance(ref := current.data.get("extends"), str):
        where = current.data.value_locs["extends"]
        refused = _refused_ref(ref, where, len(files), bundled_only and current is first)
        if refused is not None:
            return files, [*problems, refused]
        parent_path = _parent_path(ref, current.path)
        if parent_path is None:
            return files, [*problems, _not_found(ref, where, files)]
        try:
            resolved = parent_path.resolve()
        except (OSError, RuntimeError):
            resolved = parent_path
        if resolved in seen:
            return files, [*problems, _cycle(files, parent_path, where)]
        seen.add(resolved)
        parent, parent_problems = read_file(parent_path, record)
        problems.extend(parent_problems)
        if parent is None:
            return files, problems
        files.append(parent)
        current = parent
    return files, problems


def _refused_ref(ref: str, where: Location, depth: int, from_outside: bool) -> Problem | None:
    """Why ``extends: ref`` is not followed at all, if it is not: the chain is ``depth`` files
    deep already, a text from outside names a path, or the path is no rule-set file."""
    if depth == MAX_CHAIN:
        return Problem(
            where,
            "extends",
            f"`extends` goes deeper than {MAX_CHAIN} files",
            "extend a rule set closer to the bundled ones",
        )
    if from_outside and bundled.looks_like_path(ref):
        return Problem(
            where,
            "extends",
            f"{ref!r} is a path: a rule set sent as text may extend a bundled rule set only",
            "use a bundled id (" + ", ".join(sorted(bundled.bundled_files())) + ")",
        )
    if ("/" in ref or "\\" in ref) and not ref.endswith((".yaml", ".yml")):
        # Only rule-set files may be extended: never echo some other file's contents.
        return Problem(
            where, "extends", f"{ref!r} is not a .yaml file", "extend a bundled id or a rule-set file ending in .yaml"
        )
    return None


def _parent_path(ref: str, extending: Path) -> Path | None:
    """The file ``extends: ref`` names from the file at ``extending``, if it is one."""
    try:
        parent_path = locate_ref(ref, extending)
        return parent_path if parent_path is not None and parent_path.is_file() else None
    except (OSError, ValueError):  # a name the file system refuses (too long, NUL byte)
        return None


def _not_found(ref: str, where: Location, files: list[SourceFile]) -> Problem:
    """No file is ``ref``: the did-you-mean offers the ids of the game a file of the chain names."""
    game = next((g for g in (f.data.get("game") for f in files) if isinstance(g, str)), None)
    message, hint = bundled.not_found(ref, game, offered=bundled.extendable_ids(game), relative_to="the extending file")
    return Problem(where, "extends", message, hint)


def _cycle(files: list[SourceFile], parent_path: Path, where: Location) -> Problem:
    names = " -> ".join(f.display for f in files) + f" -> {display_name(parent_path)}"
    return Problem(
        where,
        "extends",
        f"`extends` makes a cycle: {names}",
        "a rule set cannot extend itself or one of its descendants",
    )


def game_of(files: list[SourceFile]) -> Any:
    """The ``game`` the chain names: the nearest file's that states one (``None`` if none does)."""
    return next((source.data["game"] for source in files if "game" in source.data), None)


def merge(parent: Any, child: Any) -> Any:
    """Merge ``child`` over ``parent`` (both from :mod:`engine.yamlsource`)."""
    if isinstance(parent, LocatedDict) and isinstance(child, LocatedDict):
        out = LocatedDict(child.loc)
        for key, value in parent.items():
            out[key] = value
            out.key_locs[key] = parent.key_locs[key]
            out.value_locs[key] = parent.value_locs[key]
        for key, value in child.items():
            if key == "extends":
                continue
            if value is None:
                out.pop(key, None)
                out.key_locs.pop(key, None)
                out.value_locs.pop(key, None)
                continue
            out[key] = merge(out[key], value) if key in out else value
            out.key_locs[key] = child.key_locs[key]
            out.value_locs[key] = child.value_locs[key]
        return out
    if isinstance(parent, LocatedList) and isinstance(child, LocatedList) and _by_id(parent) and _by_id(child):
        out_list = LocatedList(child.loc)
        positions: dict[str, int] = {}
        for item, where in zip(parent, parent.item_locs):
            positions[item["id"]] = len(out_list)
            out_list.append(item)
            out_list.item_locs.append(where)
        for item, where in zip(child, child.item_locs):
            if item["id"] in positions:
                index = positions[item["id"]]
                out_list[index] = merge(out_list[index], item)
                out_list.item_locs[index] = where
            else:
                positions[item["id"]] = len(out_list)
                out_list.append(item)
                out_list.item_locs.append(where)
        return out_list
    return child


def _by_id(items: LocatedList) -> bool:
    return bool(items) and all(isinstance(i, dict) and isinstance(i.get("id"), str) for i in items)


#: The key that marks an item of a list merged by id as new on purpose (``new: true``): it says
#: how the file relates to the one it extends, so it is no part of the resolved rule set.
NEW = "new"


def new_id_hints(files: list[SourceFile]) -> list[Problem]:
    """Warnings for list items whose id matches nothing inherited but comes close to an inherited
    id (``own_streek``): a new id adds an item, which is seldom what a near-miss meant. An item
    marked ``new: true`` gets no warning, and is an error (not a warning) where its id is inherited."""
    found: list[Problem] = []
    merged: Any = files[-1].data
    for source in reversed(files[:-1]):
        _near_misses(merged, source.data, "", found)
        merged = merge(merged, source.data)
    return found


def new_id_hints_over(parent: LocatedDict, first: SourceFile) -> list[Problem]:
    """What :func:`new_id_hints` finds in ``first`` for a chain whose files after it resolve to
    ``parent`` (their :func:`resolve`: its ``new`` marks and ``extends`` do not count here)."""
    found: list[Problem] = []
    _near_misses(parent, first.data, "", found)
    return found


def _near_misses(parent: Any, child: Any, path: str, out: list[Problem]) -> None:
    if isinstance(parent, LocatedDict) and isinstance(child, LocatedDict):
        for key, value in child.items():
            if key in parent and key != "extends":
                _near_misses(parent[key], value, join_path(path, key), out)
        return
    if isinstance(parent, LocatedList) and isinstance(child, LocatedList) and _by_id(parent) and _by_id(child):
        inherited = {item["id"]: item for item in parent}
        for item, where in zip(child, child.item_locs):
            ident = item["id"]
            if item.get(NEW) is True:
                if ident in inherited:
                    out.append(
                        Problem(
                            item.value_locs[NEW],
                            f"{path}[{ident}].{NEW}",
                            f"the item is marked new, but an inherited item has the id {ident!r}",
                            f"remove `{NEW}: true` to change the inherited item, or give this one an id of its own",
                        )
                    )
                continue
            if ident in inherited:
                _near_misses(inherited[ident], item, f"{path}[{ident}]", out)
                continue
            hint = did_you_mean(ident, list(inherited))
            if hint:
                out.append(
                    Problem(
                        where,
                        f"{path}[{ident}]",
                        f"no inherited item has the id {ident!r}, so this adds a new item",
                        f"{hint} (an id changes the inherited item of that id; a new id adds an item)",
                        warning=True,
                    )
                )


def resolve(files: Sequence[SourceFile]) -> LocatedDict:
    """Merge a chain (nearest first) from the root ancestor down."""
    merged: Any = files[-1].data
    for source in reversed(files[:-1]):
        merged = merge(merged, source.data)
    return _finished(merged)


def resolve_over(parent: LocatedDict, first: SourceFile) -> LocatedDict:
    """What :func:`resolve` gives for a chain whose files after ``first`` resolve to ``parent``
    (their :func:`resolve`): ``first`` merged over it. The mappings and lists ``first`` does
    not change are ``parent``'s own (merging is associative, and the ``new`` marks ``parent``
    has lost are marks of its own items), so a check of ``parent`` holds for them. Only
    ``first`` is walked for its marks: an item of a list merged by id comes from a list of
    ``first`` merged by id (or taking the parent's place), and ``parent`` has none left."""
    finished = merge(parent, _without_new_marks(first.data))
    assert isinstance(finished, LocatedDict)
    return finished


def _finished(merged: Any) -> LocatedDict:
    if "extends" in merged:
        merged = merge(LocatedDict(merged.loc), merged)  # drops the root's own `extends`
    merged = _without_new_marks(merged)
    assert isinstance(merged, LocatedDict)
    return merged


def _without_new_marks(value: Any) -> Any:
    """``value`` without the ``new`` mark of any item of a list merged by id (the parts without
    one are shared, not copied)."""
    if isinstance(value, LocatedDict):
        kept = {key: _without_new_marks(inner) for key, inner in value.items()}
        if all(kept[key] is inner for key, inner in value.items()):
            return value
        out = LocatedDict(value.loc)
        out.update(kept)
        out.key_locs.update(value.key_locs)
        out.value_locs.update(value.value_locs)
        return out
    if isinstance(value, LocatedList):
        by_id = _by_id(value)
        items = [_without_new_marks(_unmarked(item) if by_id else item) for item in value]
        if all(new is old for new, old in zip(items, value)):
            return value
        out_list = LocatedList(value.loc)
        out_list.extend(items)
        out_list.item_locs.extend(value.item_locs)
        return out_list
    return value


def _unmarked(item: LocatedDict) -> LocatedDict:
    if not isinstance(item.get(NEW), bool):
        return item
    out = LocatedDict(item.loc)
    for key, inner in item.items():
        if key != NEW:
            out[key] = inner
            out.key_locs[key] = item.key_locs[key]
            out.value_locs[key] = item.value_locs[key]
    return out
