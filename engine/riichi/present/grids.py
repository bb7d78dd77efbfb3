"""The han × fu payment grids and the limit table: text, Markdown and JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..scoring.grid import LimitRow, PaymentGrid

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


_WINS = {
    (False, False): "Non-dealer ron",
    (False, True): "Non-dealer tsumo (non-dealers / dealer)",
    (True, False): "Dealer ron",
    (True, True): "Dealer tsumo (each player)",
}


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
    return [
        "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip() for r in rows
    ]


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
    for title, rows in [
        *((_WINS[(g.dealer, g.tsumo)], _grid_rows(g)) for g in grids),
        ("Limit hands", _limit_rows(limits)),
    ]:
        out += [f"### {title}", "", "| " + " | ".join(rows[0]) + " |", "|" + "|".join("---:" for _ in rows[0]) + "|"]
        out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        out.append("")
    return "\n".join(out)


def grids_json(rs: RuleSet, grids: list[PaymentGrid], limits: list[LimitRow]) -> dict[str, Any]:
    """The payment grids as data; a cell no hand can have is null."""
    return {
        "ruleset": rs.id,
        "grids": [
            {
                "dealer": g.dealer,
                "tsumo": g.tsumo,
                "rows": [
                    {"fu": fu, "cells": [{"han": c.han, "payments": c.payments, "limit": c.limit} for c in cells]}
                    for fu, cells in g.rows
                ],
            }
            for g in grids
        ],
        "limits": [
            {
                "han": r.han,
                "limit": r.limit,
                "yakuman": r.yakuman,
                "payments": [{"dealer": d, "tsumo": t, "payments": p} for (d, t), p in r.payments.items()],
            }
            for r in limits
        ],
    }
