"""Text, Markdown and JSON renderings of what the CLI shows."""

from __future__ import annotations

from typing import Any

import yaml

from .koikoi import AwardTable
from .riichi import LimitRow, PaymentGrid
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


_WINS = {(False, False): "Non-dealer ron", (False, True): "Non-dealer tsumo (non-dealers / dealer)",
         (True, False): "Dealer ron", (True, True): "Dealer tsumo (each player)"}


def payment_text(payments: dict[str, int] | None) -> str:
    """``{"dealer": 2600, "non_dealer": 1300}`` -> ``1300/2600``; ``{"each": 2600}`` -> ``2600 all``."""
    if payments is None:
        return "-"
    if "ron" in payments:
        return str(payments["ron"])
    if "each" in payments:
        return f"{payments['each']} all"
    return f"{payments['non_dealer']}/{payments['dealer']}"


def _grid_rows(grid: PaymentGrid) -> list[list[str]]:
    header = ["fu", *(f"{h} han" for h in grid.han)]
    return [header, *([str(fu), *(payment_text(c.payments) for c in cells)] for fu, cells in grid.rows)]


def _limit_rows(limits: list[LimitRow]) -> list[list[str]]:
    header = ["han", "limit", *(_WINS[w].split(" (")[0] for w in _WINS)]
    rows = []
    for row in limits:
        name = row.limit or "-"
        if row.yakuman > 1:
            name = f"{row.yakuman}x yakuman"
        rows.append([str(row.han), name, *(payment_text(row.payments[w]) for w in _WINS)])
    return [header, *rows]


def _aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
            for r in rows]


def grids_text(rs: RuleSet, grids: list[PaymentGrid], limits: list[LimitRow]) -> str:
    """The han × fu payment grids and the limit table, as aligned text."""
    out = [f"{rs.name} ({rs.id}): payments by han and fu", ""]
    for grid in grids:
        out += [_WINS[(grid.dealer, grid.tsumo)], "", *_aligned(_grid_rows(grid)), ""]
    out += ["Limit hands", "", *_aligned(_limit_rows(limits)), ""]
    return "\n".join(out)


def grids_markdown(rs: RuleSet, grids: list[PaymentGrid], limits: list[LimitRow]) -> str:
    """The payment grids as Markdown tables."""
    out = [f"## {rs.name} (`{rs.id}`) payments", ""]
    for title, rows in [*((_WINS[(g.dealer, g.tsumo)], _grid_rows(g)) for g in grids),
                        ("Limit hands", _limit_rows(limits))]:
        out += [f"### {title}", "", "| " + " | ".join(rows[0]) + " |", "|" + "|".join("---:" for _ in rows[0]) + "|"]
        out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        out.append("")
    return "\n".join(out)


def grids_json(rs: RuleSet, grids: list[PaymentGrid], limits: list[LimitRow]) -> dict[str, Any]:
    """The payment grids as data; a cell no hand can have is null."""
    return {
        "ruleset": rs.id,
        "grids": [{"dealer": g.dealer, "tsumo": g.tsumo,
                   "rows": [{"fu": fu, "cells": [{"han": c.han, "payments": c.payments, "limit": c.limit}
                                                  for c in cells]} for fu, cells in g.rows]}
                  for g in grids],
        "limits": [{"han": r.han, "limit": r.limit, "yakuman": r.yakuman,
                    "payments": [{"dealer": d, "tsumo": t, "payments": p} for (d, t), p in r.payments.items()]}
                   for r in limits],
    }
