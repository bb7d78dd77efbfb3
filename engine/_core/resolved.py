"""A resolved rule set as YAML, each value followed by the file:line it came from (``show --resolved``),
and what it turns off (``enabled: false``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .yamlsource import LocatedDict, LocatedList

if TYPE_CHECKING:
    from .ruleset import RuleSet


def _scalar(value: Any) -> str:
    import yaml  # only `show --resolved` writes YAML

    text: str = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000)
    return text.removesuffix("\n...\n").strip()


def resolved_lines(rs: RuleSet) -> list[tuple[str, str]]:
    """The resolved rule set as YAML lines, each with the file:line its value came from."""
    lines: list[tuple[str, str]] = []

    def walk(node: Any, indent: str, first_prefix: str | None = None) -> None:
        prefix_first = first_prefix
        if isinstance(node, LocatedDict):
            for key, value in node.items():
                lead = prefix_first if prefix_first is not None else indent
                prefix_first = None
                where = node.value_locs[key]
                if isinstance(value, (LocatedDict, LocatedList)) and value:
                    lines.append((f"{lead}{key}:", ""))
                    walk(value, indent + "  ")
                else:
                    shown = (
                        _scalar(value)
                        if not isinstance(value, (dict, list))
                        else ("{}" if isinstance(value, dict) else "[]")
                    )
                    lines.append((f"{lead}{key}: {shown}", where.at_line()))
        elif isinstance(node, LocatedList):
            for index, item in enumerate(node):
                where = node.item_locs[index]
                if isinstance(item, LocatedDict) and item:
                    walk(item, indent + "  ", first_prefix=f"{indent}- ")
                else:
                    lines.append((f"{indent}- {_scalar(item)}", where.at_line()))

    walk(rs.document, "")
    return lines


def path_text(path: tuple[str | int, ...]) -> str:
    """A resolved value's path as text: ``award.multipliers[2].factor``."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def resolved_sources(rs: RuleSet) -> dict[str, str]:
    """Every resolved scalar's path (``path_text``) with the ``file:line`` it came from."""
    return {path_text(path): where.at_line() for path, _value, where in rs.leaves()}


def resolved_text(rs: RuleSet) -> str:
    """``show --resolved``: every value followed by ``# file:line``."""
    lines = resolved_lines(rs)
    width = min(max((len(text) for text, _ in lines), default=0), 60)
    out = [f"# {rs.id}: {' -> '.join(f.display for f in rs.files)}"]
    for text, where in lines:
        out.append(f"{text.ljust(width)}  # {where}" if where else text)
    return "\n".join(out) + "\n"


def switched_off(rs: RuleSet) -> list[dict[str, str]]:
    """Every item of an id-keyed list (yaku, multipliers, ...) that the resolved rule set turns
    off with ``enabled: false``: ``{"list", "id", "label"}``, the lists by their paths in
    alphabetical order, each list's items in its order."""
    found: list[dict[str, str]] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, f"{path}.{key}" if path else str(key))
        elif isinstance(node, list):
            for item in node:
                if isinstance(item, dict) and "id" in item and item.get("enabled") is False:
                    found.append({"list": path, "id": str(item["id"]), "label": str(item.get("label", item["id"]))})

    walk(rs.document, "")
    found.sort(key=lambda item: item["list"])  # stable: each list keeps its order
    return found


def switched_off_line(rs: RuleSet) -> str | None:
    """``# off in this rule set: yaku: tsukifuda; ...`` (``show``'s second line), or None."""
    off = switched_off(rs)
    if not off:
        return None
    lists: dict[str, list[str]] = {}
    for item in off:
        lists.setdefault(item["list"], []).append(item["id"])
    return "# off in this rule set: " + "; ".join(f"{name}: {', '.join(ids)}" for name, ids in lists.items())
