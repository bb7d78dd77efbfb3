"""A Koi-Koi balance study drawn as its text reports it: the differences against the first rule
set with their 95% intervals (``*`` where significant), the points per round and the shares of
each rule set with their intervals, and the points a round awards (as a cumulative share of
rounds). Each rule set has one colour throughout; every axis is scaled to the data it shows.

matplotlib is the optional extra ``yakuset[plot]`` (the study checks it is installed); it is
imported only here, when a plot is asked for, and drawn without a display (the Agg backend).
"""

from __future__ import annotations

import os
from typing import Any

from .._core.errors import InputError
from ._tally import shown_figures

#: The share of rounds the points axis covers: the rare large awards would squeeze the rest.
POINTS_SHOWN = 0.99


def plot(study: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Draw ``study`` (the JSON data of a study) into the image file ``path`` (PNG, SVG or PDF
    by its extension)."""
    from matplotlib import pyplot

    figure = drawn(study)
    try:
        figure.savefig(path)
    except (OSError, ValueError) as exc:
        raise InputError(f"could not write the plot to {os.fspath(path)!r}: {exc}") from None
    finally:
        pyplot.close(figure)


def drawn(study: dict[str, Any]) -> Any:
    """The matplotlib figure of ``study``: the panels named ``differences``, ``shares``,
    ``points`` and one per average (``points_per_round``, ``match_length``), by their label."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    rows = study["rulesets"]
    colour = {row["id"]: f"C{index % 10}" for index, row in enumerate(rows)}
    figures = shown_figures(study)
    shares = [(key, label) for key, label, is_share in figures if is_share]
    means = [(key, label) for key, label, is_share in figures if not is_share]
    # Top: the differences, then one panel per average; bottom: the shares, then the points.
    wide = max(len(means), 1)
    mosaic: Any = [
        ["differences"] * 2 + ([key for key, _ in means] or ["points"]),
        ["shares"] * 2 + ["points"] * wide,
    ]
    figure, axes = pyplot.subplot_mosaic(mosaic, figsize=(16, 10), layout="constrained")
    figure.suptitle(
        f"{study['matches_asked']:,} matches per rule set, seed {study['seed']}, bots {' vs '.join(study['bots'])}"
        + (" (interrupted)" if study["interrupted"] else "")
    )
    _differences(axes["differences"], study, shares, colour)
    for key, label in means:
        _average(axes[key], study, key, label, colour)
    _estimates(axes["shares"], rows, shares, colour)
    _points(axes["points"], rows, colour)
    for name, panel in axes.items():
        panel.set_label(name)
    return figure


def _differences(axes: Any, study: dict[str, Any], shares: list[tuple[str, str]], colour: dict[str, str]) -> None:
    """The headline: each rule set's shares against the first's, in percentage points, with the
    interval; a filled dot and a ``*`` where the interval excludes 0, a hollow dot where not."""
    comparisons = study["comparisons"]
    first = study["rulesets"][0]["id"]
    axes.set_title(f"against {first}: difference, 95% interval (* significant)")
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
            if found is None:
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


def _average(axes: Any, study: dict[str, Any], key: str, label: str, colour: dict[str, str]) -> None:
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
            note = f"{found['difference']:+.2f}\n[{d_low:+.2f}, {d_high:+.2f}]" + (" *" if found["significant"] else "")
            axes.annotate(note, (index, high), xytext=(0, 6), textcoords="offset points", ha="center", fontsize=8)
    axes.set_xticks(range(len(rows)), [row["id"] for row in rows], rotation=20)
    axes.set_xlim(-0.6, len(rows) - 0.4)
    axes.margins(y=0.25)
    axes.set_title(f"{label}, 95% interval\n(difference from {rows[0]['id']})", fontsize=10)


def _estimates(axes: Any, rows: list[dict[str, Any]], figures: list[tuple[str, str]], colour: dict[str, str]) -> None:
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
    axes.set_title("shares of rounds or matches, 95% interval")
    axes.set_xlabel("%")
    axes.legend(loc="best")


def _points(axes: Any, rows: list[dict[str, Any]], colour: dict[str, str]) -> None:
    """The share of rounds awarding at most x points, for x up to where ``POINTS_SHOWN`` of every
    rule set's rounds lie."""
    right = 1
    low_share = 1.0
    for row in rows:
        summary = row["summary"]
        dist = {int(k): v for k, v in summary["points_per_round"]["distribution"].items()}
        rounds = max(summary["rounds"], 1)
        xs = sorted(dist)
        running, ys = 0, []
        for x in xs:
            running += dist[x]
            ys.append(running / rounds)
        if not xs:
            continue
        right = max(right, next((x for x, y in zip(xs, ys) if y >= POINTS_SHOWN), xs[-1]))
        low_share = min(low_share, ys[0])
        axes.step(xs, [100 * y for y in ys], where="post", color=colour[row["id"]], label=row["id"])
    axes.set_xlim(0, right * 1.05)
    axes.set_ylim(max(0.0, 100 * low_share - 5), 101)
    axes.set(
        title=f"points a round awards ({100 * POINTS_SHOWN:.0f}% of rounds shown)",
        xlabel="points (at most)",
        ylabel="% of rounds",
    )
    axes.legend(loc="lower right")
