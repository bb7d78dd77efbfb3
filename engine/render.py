"""Text, Markdown and JSON renderings of what the CLI shows."""

from __future__ import annotations

from typing import Any

import yaml

from .koikoi import AwardTable
from .results import format_number
from .ruleset import RuleSet
from .yamlsource import LocatedDict, LocatedList


def _column_label(table: AwardTable, index: int) -> str:
    calls = table.own_calls[index]
    last = index == len(table.own_calls) - 1
    if last and table.open_ended and calls == 0:
        label = "any calls"
    elif calls == 0:
        label = "no self Koi"
    else:
        label = f"{calls}{'+' if last and table.open_ended else ''} call{'s' if calls != 1 or last and table.open_ended else ''}"
    return f"{label} (x{format_number(table.own_factors[index])})"


def _table_title(table: AwardTable) -> str:
    who = "none" if table.opponent_calls == 0 else f"{table.opponent_calls} or more"
    return f"Opponent Koi-Koi calls: {who} (x{format_number(table.opponent_factor)})"


def _grid(table: AwardTable) -> list[list[str]]:
    header = ["Base points", *(_column_label(table, i) for i in range(len(table.own_calls)))]
    rows = [[str(base), *(format_number(v) for v in values)] for base, values in table.rows]
    return [header, *rows]


def tables_text(rs: RuleSet, tables: list[AwardTable]) -> str:
    """The award tables laid out like the rule document's."""
    out = [f"{rs.name} ({rs.id}): award = base × multipliers", ""]
    for table in tables:
        grid = _grid(table)
        widths = [max(len(row[i]) for row in grid) for i in range(len(grid[0]))]
        out.append(_table_title(table))
        out.append("")
        for row in grid:
            out.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def tables_markdown(rs: RuleSet, tables: list[AwardTable]) -> str:
    """The award tables as Markdown (for a pull request or a wiki)."""
    out = [f"## {rs.name} (`{rs.id}`) award tables", ""]
    for table in tables:
        grid = _grid(table)
        out.append(f"### {_table_title(table)}")
        out.append("")
        out.append("| " + " | ".join(grid[0]) + " |")
        out.append("|" + "|".join("---:" for _ in grid[0]) + "|")
        for row in grid[1:]:
            out.append("| " + " | ".join(row) + " |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def tables_json(rs: RuleSet, tables: list[AwardTable]) -> dict[str, Any]:
    """The award tables as data."""
    return {
        "ruleset": rs.id,
        "tables": [
            {
                "opponent_calls": t.opponent_calls,
                "opponent_factor": t.opponent_factor,
                "columns": [
                    {"own_calls": c, "or_more": t.open_ended and i == len(t.own_calls) - 1,
                     "factor": t.own_factors[i], "label": _column_label(t, i)}
                    for i, c in enumerate(t.own_calls)
                ],
                "rows": [{"base": base, "awards": list(values)} for base, values in t.rows],
            }
            for t in tables
        ],
    }


def _scalar(value: Any) -> str:
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
                    shown = _scalar(value) if not isinstance(value, (dict, list)) else ("{}" if isinstance(value, dict) else "[]")
                    lines.append((f"{lead}{key}: {shown}", f"{where.file}:{where.line}"))
        elif isinstance(node, LocatedList):
            for index, item in enumerate(node):
                where = node.item_locs[index]
                if isinstance(item, LocatedDict) and item:
                    walk(item, indent + "  ", first_prefix=f"{indent}- ")
                else:
                    lines.append((f"{indent}- {_scalar(item)}", f"{where.file}:{where.line}"))

    walk(rs.document, "")
    return lines


def resolved_text(rs: RuleSet) -> str:
    """``show --resolved``: every value followed by ``# file:line``."""
    lines = resolved_lines(rs)
    width = min(max((len(text) for text, _ in lines), default=0), 60)
    out = [f"# {rs.id}: {' -> '.join(f.display for f in rs.files)}"]
    for text, where in lines:
        out.append(f"{text.ljust(width)}  # {where}" if where else text)
    return "\n".join(out) + "\n"
