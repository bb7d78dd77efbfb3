"""What the games' study plots share: an image saved, the headline differences against the first
rule set, an average with its interval, shares with their intervals, and a cumulative
distribution. matplotlib (the optional extra ``yakuset[plot]``) is imported by the caller."""

from __future__ import annotations

import os
from typing import Any

from .errors import InputError


def save(figure: Any, path: str | os.PathLike[str]) -> None:
    """Write ``figure`` into the image file ``path`` (PNG, SVG or PDF by its extension), then close it."""
    from matplotlib import pyplot

    try:
        figure.savefig(path)
    except (OSError, ValueError) as exc:
        raise InputError(f"could not write the plot to {os.fspath(path)!r}: {exc}") from None
    finally:
        pyplot.close(figure)


def differences(axes: Any, study: dict[str, Any], shares: list[tuple[str, str]], colour: dict[str, str]) -> None:
    """The headline: each rule set's shares against the first's, in percentage points, with the
    interval; a filled dot and a ``*`` where the interval excludes 0, a hollow dot where not."""
    comparisons = study["comparisons"]
    first = study["rulesets"][0]["id"]
    axes.set_title(f"against {first}, paired: difference, 95% interval (* significant)")
    if not comparisons:
        axes.text(0.5, 0.5, "one rule set: nothing to compare", ha="center", va="center", transform=axes.transAxes)
        axes.set_axis_off()
        return
    shares = [(key, label) for key, label in shares if key in comparisons[0]["differences"]]
    step = 0.8 / len(comparisons)
    for index, comparison in enumerate(comparisons):
        name = comparison["b"]
        for row, (key, _) in enumerate(shares):
            found = comparison["differences"].get(key)
            if found is None or None in found["ci95"]:  # no observation on a side: nothing to draw
                continue
            y = row - 0.4 + step * (index + 0.5)
            value, (low, high) = 100 * found["difference"], (100 * found["ci95"][0], 100 * found["ci95"][1])
            significant = found["significant"]
            axes.errorbar(
                value,
                y,
                xerr=[[value - low], [high - value]],
                fmt="o",
                color=colour[name],
                markerfacecolor=colour[name] if significant else "white",
                capsize=3,
                label=name if row == 0 else None,
            )
            if significant:
                axes.annotate("*", (high, y), xytext=(4, -4), textcoords="offset points", color=colour[name])
    axes.axvline(0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_yticks(range(len(shares)), [label for _, label in shares])
    axes.invert_yaxis()
    axes.set_xlabel(f"percentage points (rule set - {first})")
    axes.legend(loc="best")


def average(axes: Any, study: dict[str, Any], key: str, label: str, colour: dict[str, str]) -> None:
    """One average (points per round, rounds per match): each rule set's value with its 95%
    interval, and above each but the first its difference from the first, ``*`` if significant;
    the axis spans the intervals."""
    rows = study["rulesets"]
    against = {c["b"]: c["differences"].get(key) for c in study["comparisons"]}
    for index, row in enumerate(rows):
        estimate = row["summary"][key]
        value, (low, high) = estimate["value"], estimate["ci95"]
        axes.errorbar(index, value, yerr=[[value - low], [high - value]], fmt="o", color=colour[row["id"]], capsize=4)
        found = against.get(row["id"])
        if found is not None:
            d_low, d_high = found["ci95"]
            shown = "too few" if d_low is None or d_high is None else f"{d_low:+.2f}, {d_high:+.2f}"
            note = f"{found['difference']:+.2f}\n[{shown}]" + (" *" if found["significant"] else "")
            axes.annotate(note, (index, high), xytext=(0, 6), textcoords="offset points", ha="center", fontsize=8)
    axes.set_xticks(range(len(rows)), [row["id"] for row in rows], rotation=20)
    axes.set_xlim(-0.6, len(rows) - 0.4)
    axes.margins(y=0.25)
    axes.set_title(f"{label}, 95% interval\n(difference from {rows[0]['id']})", fontsize=10)


def estimates(
    axes: Any, rows: list[dict[str, Any]], figures: list[tuple[str, str]], colour: dict[str, str], title: str
) -> None:
    """Each rule set's share of each figure with its 95% interval, one row per figure; the axis
    spans the intervals, not 0 to 1."""
    scale = 100
    step = 0.8 / len(rows)
    for index, row in enumerate(rows):
        for place, (key, _) in enumerate(figures):
            estimate = row["summary"][key]
            value, (low, high) = scale * estimate["value"], (scale * estimate["ci95"][0], scale * estimate["ci95"][1])
            axes.errorbar(
                value,
                place - 0.4 + step * (index + 0.5),
                xerr=[[value - low], [high - value]],
                fmt="o",
                color=colour[row["id"]],
                capsize=3,
                label=row["id"] if place == 0 else None,
            )
    axes.set_yticks(range(len(figures)), [label for _, label in figures])
    axes.invert_yaxis()
    axes.set_title(title)
    axes.set_xlabel("%")
    axes.legend(loc="best")


def cumulative(
    axes: Any,
    rows: list[dict[str, Any]],
    colour: dict[str, str],
    read: Any,
    shown: float,
    labels: tuple[str, str, str],
) -> None:
    """The share of observations at most x, for x up to where ``shown`` of every rule set's
    observations lie; ``read(summary)`` gives (distribution: value -> count, observations);
    ``labels``: the title, the x axis's and the y axis's."""
    right = 1
    low_share = 1.0
    drawn = False
    for row in rows:
        dist, total = read(row["summary"])
        total = max(total, 1)
        xs = sorted(dist)
        running, ys = 0, []
        for x in xs:
            running += dist[x]
            ys.append(running / total)
        if not xs:
            continue
        right = max(right, next((x for x, y in zip(xs, ys) if y >= shown), xs[-1]))
        low_share = min(low_share, ys[0])
        axes.step(xs, [100 * y for y in ys], where="post", color=colour[row["id"]], label=row["id"])
        drawn = True
    axes.set_xlim(0, right * 1.05)
    axes.set_ylim(max(0.0, 100 * low_share - 5), 101)
    title, xlabel, ylabel = labels
    axes.set(title=title, xlabel=xlabel, ylabel=ylabel)
    if drawn:
        axes.legend(loc="lower right")
