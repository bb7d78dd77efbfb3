"""What changed in the rules: two rule sets compared key by key, lists of items with an ``id``
matched by id, each change with the file:line of both sides."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .._core.arguments import a_ruleset, true_or_false
from .._core.errors import Location
from .._core.yamlsource import LocatedDict, LocatedList, join_path

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet


#: Sections that describe a rule set without being rules.
DESCRIPTIVE = frozenset({"name", "metadata", "extends"})


def rule_changes(changes: list[Change]) -> list[Change]:
    """The changes that change a rule (not the name, the metadata or `extends`)."""
    return [c for c in changes if not c.descriptive]


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between the rule sets: ``kind`` is added, removed, changed or type_changed."""

    path: str
    kind: str
    old: Any = None
    new: Any = None
    old_at: Location | None = None
    new_at: Location | None = None
    #: Where it is in the resolved document: mapping keys, and ``("id", x)`` for an item of a list
    #: of items with ids (what ``diff`` needs to apply the change alone).
    keys: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    def __hash__(self) -> int:
        # old and new may be a whole mapping or list of the rule set (not hashable); equal changes
        # have equal paths, kinds and locations.
        return hash((self.path, self.kind, self.old_at, self.new_at))

    @property
    def section(self) -> str:
        return self.path.split(".")[0].split("[")[0]

    @property
    def descriptive(self) -> bool:
        """A change of the rule set's name or metadata (or its `extends` as written), which
        changes no rule."""
        return self.section in DESCRIPTIVE

    @property
    def values(self) -> str:
        """The change's values as ``diff`` prints them, each cut short: ``old -> new``, or the
        value added or removed."""
        if self.kind == "added":
            return short(self.new)
        if self.kind == "removed":
            return short(self.old)
        return f"{short(self.old)} -> {short(self.new)}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "kind": self.kind,
            "section": self.section,
            "old": plain(self.old),
            "new": plain(self.new),
            "old_at": _where(self.old_at),
            "new_at": _where(self.new_at),
        }


def _where(location: Location | None) -> str | None:
    return location.at_line() if location else None


def short(value: Any, limit: int = 60) -> str:
    """A value as ``diff`` prints it: JSON (a text quoted), cut to ``limit`` characters."""
    text = json.dumps(plain(value), ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def plain(value: Any) -> Any:
    """Located YAML data as plain dicts and lists."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _category(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    return "mapping" if isinstance(value, dict) else "list"


def _id_list(items: Any) -> bool:
    return (
        isinstance(items, list)
        and bool(items)
        and all(isinstance(i, dict) and isinstance(i.get("id"), str) for i in items)
    )


def structural(a: RuleSet, b: RuleSet, declared: bool = False) -> list[Change]:
    """Every difference between ``a`` and ``b`` (resolved, or as written with ``declared``)."""
    a_ruleset(a)
    a_ruleset(b)
    true_or_false("declared", declared)
    left = a.files[0].data if declared else a.document
    right = b.files[0].data if declared else b.document
    changes: list[Change] = []
    _compare(left, right, "", left.loc, right.loc, changes, ())
    return changes


def _compare(
    old: Any, new: Any, path: str, old_at: Location, new_at: Location, out: list[Change], keys: tuple[Any, ...]
) -> None:
    if isinstance(old, LocatedDict) and isinstance(new, LocatedDict):
        for key in [*old, *(k for k in new if k not in old)]:
            if key == "extends" and path == "":
                if old.get(key) != new.get(key):
                    out.append(
                        Change(
                            "extends",
                            "changed" if key in old and key in new else "added" if key in new else "removed",
                            old.get(key),
                            new.get(key),
                            old.value_locs.get(key),
                            new.value_locs.get(key),
                            (key,),
                        )
                    )
                continue
            sub, at = join_path(path, key), (*keys, key)
            if key not in new:
                out.append(Change(sub, "removed", old[key], None, old.value_locs[key], None, at))
            elif key not in old:
                out.append(Change(sub, "added", None, new[key], None, new.value_locs[key], at))
            else:
                _compare(old[key], new[key], sub, old.value_locs[key], new.value_locs[key], out, at)
        return
    if isinstance(old, LocatedList) and isinstance(new, LocatedList) and _id_list(old) and _id_list(new):
        old_items = {item["id"]: (item, where) for item, where in zip(old, old.item_locs)}
        new_items = {item["id"]: (item, where) for item, where in zip(new, new.item_locs)}
        for ident in [*old_items, *(i for i in new_items if i not in old_items)]:
            sub, at = f"{path}[{ident}]", (*keys, ("id", ident))
            if ident not in new_items:
                out.append(Change(sub, "removed", old_items[ident][0], None, old_items[ident][1], None, at))
            elif ident not in old_items:
                out.append(Change(sub, "added", None, new_items[ident][0], None, new_items[ident][1], at))
            else:
                old_item, new_item = old_items[ident], new_items[ident]
                _compare(old_item[0], new_item[0], sub, old_item[1], new_item[1], out, at)
        return
    if _category(old) != _category(new):
        out.append(Change(path, "type_changed", old, new, old_at, new_at, keys))
    elif plain(old) != plain(new):
        out.append(Change(path, "changed", old, new, old_at, new_at, keys))
