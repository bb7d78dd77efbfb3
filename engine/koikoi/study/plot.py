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

from ..._core.study_plot import average, cumulative, differences, estimates, save
from .tally import shown_figures

#: The share of rounds the points axis covers: the rare large awards would squeeze the rest.
POINTS_SHOWN = 0.99


def plot(study: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Draw ``study`` (the JSON data of a study) into the image file ``path`` (PNG, SVG or PDF
    by its extension)."""
    save(drawn(study), path)


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
    differences(axes["differences"], study, shares, colour)
    for key, label in means:
        average(axes[key], study, key, label, colour)
    estimates(axes["shares"], rows, shares, colour, "shares of rounds or matches, 95% interval")
    cumulative(
        axes["points"],
        rows,
        colour,
        lambda summary: (
            {int(k): v for k, v in summary["points_per_round"]["distribution"].items()},
            summary["rounds"],
        ),
        POINTS_SHOWN,
        (f"points a round awards ({100 * POINTS_SHOWN:.0f}% of rounds shown)", "points (at most)", "% of rounds"),
    )
    for name, panel in axes.items():
        panel.set_label(name)
    return figure
