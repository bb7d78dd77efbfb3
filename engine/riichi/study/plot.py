"""A Riichi balance study drawn as its text reports it: the differences against the first rule
set with their 95% intervals (``*`` where significant), a win's value and the hands a game with
their intervals, the rates of each rule set, a win's value as a cumulative share of wins, and
the mean place by starting seat. Each rule set has one colour throughout.

matplotlib is the optional extra ``yakuset[plot]`` (the study checks it is installed); it is
imported only here, when a plot is asked for, and drawn without a display (the Agg backend).
"""

from __future__ import annotations

import os
from typing import Any

from ..._core.study_plot import average, cumulative, differences, estimates, save
from .tally import shown_figures

#: The share of wins the value axis covers: the rare yakuman would squeeze the rest.
VALUES_SHOWN = 0.99


def plot(study: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Draw ``study`` (the JSON data of a study) into the image file ``path`` (PNG, SVG or PDF
    by its extension)."""
    save(drawn(study), path)


def drawn(study: dict[str, Any]) -> Any:
    """The matplotlib figure of ``study``: the panels named ``differences``, ``shares``,
    ``values``, ``seats`` and one per average (``win_value``, ``hand_value``, ``hands_per_game``), by
    their label."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    rows = study["rulesets"]
    colour = {row["id"]: f"C{index % 10}" for index, row in enumerate(rows)}
    figures = shown_figures()
    shares = [(key, label) for key, label, is_share in figures if is_share]
    means = [(key, label) for key, label, is_share in figures if not is_share]
    mosaic: Any = [  # the two rows as wide: a column for each average above
        ["differences"] * 2 + [key for key, _ in means],
        ["shares"] * len(means) + ["values", "seats"],
    ]
    figure, axes = pyplot.subplot_mosaic(mosaic, figsize=(16, 10), layout="constrained")
    figure.suptitle(
        f"{study['matches_asked']:,} games per rule set, seed {study['seed']}, bots {', '.join(study['bots'])}"
        + (" (interrupted)" if study["interrupted"] else "")
    )
    differences(axes["differences"], study, shares, colour)
    for key, label in means:
        average(axes[key], study, key, label, colour)
    estimates(axes["shares"], rows, shares, colour, "rates per seat and hand, shares of hands or wins, 95% interval")
    cumulative(
        axes["values"],
        rows,
        colour,
        lambda summary: (
            {int(k): v for k, v in summary["win_value"]["distribution"].items()},
            summary["win_value"]["n"],
        ),
        VALUES_SHOWN,
        (f"a win's value ({100 * VALUES_SHOWN:.0f}% of wins shown)", "points (at most)", "% of wins"),
    )
    _seats(axes["seats"], rows, colour)
    for name, panel in axes.items():
        panel.set_label(name)
    return figure


def _seats(axes: Any, rows: list[dict[str, Any]], colour: dict[str, str]) -> None:
    """Each rule set's mean place by starting seat, with its 95% interval."""
    step = 0.8 / len(rows)
    for index, row in enumerate(rows):
        for seat in row["summary"]["by_seat"]:
            place = seat["place"]
            value, (low, high) = place["value"], place["ci95"]
            axes.errorbar(
                seat["seat"] - 0.4 + step * (index + 0.5),
                value,
                yerr=[[value - low], [high - value]],
                fmt="o",
                color=colour[row["id"]],
                capsize=3,
                label=row["id"] if seat["seat"] == 0 else None,
            )
    axes.set_xticks(range(max(len(row["summary"]["by_seat"]) for row in rows)))
    axes.set(title="mean place by starting seat, 95% interval", xlabel="starting seat (0 deals first)", ylabel="place")
    axes.legend(loc="best")
