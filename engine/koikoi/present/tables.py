"""The award tables as the rule document lays them out: text, Markdown and JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..._core.numbers import format_number
from ..rules.compiled import rules_of
from ..scoring.award import AwardTable

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


def _column_label(table: AwardTable, index: int) -> str:
    calls = table.own_calls[index]
    last = index == len(table.own_calls) - 1
    if last and table.open_ended and calls == 0:
        label = "any calls"
    elif calls == 0:
        label = "no self Koi"
    else:
        more = last and table.open_ended
        label = f"{calls}{'+' if more else ''} call{'s' if calls != 1 or more else ''}"
    return f"{label} (x{format_number(table.own_factors[index])})"


def _table_title(table: AwardTable) -> str:
    who = "none" if table.opponent_calls == 0 else str(table.opponent_calls)
    if table.opponent_or_more:
        who += " or more"
    return f"Opponent Koi-Koi calls: {who} (x{format_number(table.opponent_factor)})"


def _grid(table: AwardTable) -> list[list[str]]:
    header = ["Base points", *(_column_label(table, i) for i in range(len(table.own_calls)))]
    rows = [[str(base), *(format_number(v) for v in values)] for base, values in table.rows]
    return [header, *rows]


def _formula(rs: RuleSet) -> str:
    """``award = base × multipliers``, with the rule set's cap (``award.max``) if it has one."""
    cap = rules_of(rs).cap
    return "award = base × multipliers" + ("" if cap is None else f", capped at {cap}")


def tables_text(rs: RuleSet, tables: list[AwardTable]) -> str:
    """The award tables laid out like the rule document's."""
    out = [f"{rs.name} ({rs.id}): {_formula(rs)}", ""]
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
    if rules_of(rs).cap is not None:
        out += [f"{_formula(rs)} (`award.max`)", ""]
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
    """The award tables as data; ``max`` is the rule set's cap on an award (``award.max``), or ``None``."""
    return {
        "ruleset": rs.id,
        "max": rules_of(rs).cap,
        "tables": [
            {
                "opponent_calls": t.opponent_calls,
                "opponent_factor": t.opponent_factor,
                "or_more": t.opponent_or_more,
                "label": _table_title(t),
                "columns": [
                    {
                        "own_calls": c,
                        "or_more": t.open_ended and i == len(t.own_calls) - 1,
                        "factor": t.own_factors[i],
                        "label": _column_label(t, i),
                    }
                    for i, c in enumerate(t.own_calls)
                ],
                "rows": [{"base": base, "awards": list(values)} for base, values in t.rows],
            }
            for t in tables
        ],
    }
