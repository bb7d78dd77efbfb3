"""A Koi-Koi balance study drawn side by side for each rule set: the points a round awards (as
a cumulative share of rounds), the Koi-Koi call rate and its success, and the dealer's
advantage, each share with its 95% interval.

matplotlib is the optional extra ``yakuset[plot]`` (the study checks it is installed); it is
imported only here, when a plot is asked for, and drawn without a display (the Agg backend).
"""

from __future__ import annotations

import os
from typing import Any

from .._core.errors import InputError


def plot(study: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Draw ``study`` (the JSON data of a study) into the image file ``path`` (PNG, SVG or PDF
    by its extension)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    rows = study["rulesets"]
    names = [row["id"] for row in rows]
    figure, (points, calls, dealer) = pyplot.subplots(1, 3, figsize=(15, 4.8), layout="constrained")
    figure.suptitle(
        f"{study['matches_asked']:,} matches per rule set, seed {study['seed']}, bots {' vs '.join(study['bots'])}"
        + (" (interrupted)" if study["interrupted"] else "")
    )

    # Cumulative: the share of rounds awarding at most x points, which stays readable when the
    # points are sparse integers and several rule sets lie on one chart.
    for row in rows:
        summary = row["summary"]
        dist = {int(k): v for k, v in summary["points_per_round"]["distribution"].items()}
        rounds = max(summary["rounds"], 1)
        xs = sorted(dist)
        running, ys = 0, []
        for x in xs:
            running += dist[x]
            ys.append(running / rounds)
        points.step(xs, ys, where="post", label=row["id"])
    points.set(title="points a round awards", xlabel="points (at most)", ylabel="share of rounds", ylim=(0, 1.02))
    points.legend()

    def bars(axes: Any, key: str, title: str, offset: float, label: str | None = None) -> None:
        values = [row["summary"][key] for row in rows]
        xs = [i + offset for i in range(len(rows))]
        heights = [v["value"] for v in values]
        errors = [[v["value"] - v["ci95"][0] for v in values], [v["ci95"][1] - v["value"] for v in values]]
        axes.bar(xs, heights, width=0.38, yerr=errors, capsize=4, label=label or title)
        axes.set_xticks(range(len(rows)), names, rotation=20)
        axes.set_ylim(0, 1)

    bars(calls, "koikoi_call_rate", "call rate (calls / offers)", -0.2)
    bars(calls, "koikoi_success_rate", "success (caller won)", 0.2)
    calls.set(title="Koi-Koi calls", ylabel="share, 95% interval")
    calls.legend()
    bars(dealer, "dealer_wins_round", "rounds won by the dealer", -0.2)
    bars(dealer, "first_dealer_wins_match", "matches won by the first dealer", 0.2)
    dealer.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    dealer.set(title="dealer's advantage", ylabel="share, 95% interval")
    dealer.legend()
    try:
        figure.savefig(path)
    except (OSError, ValueError) as exc:
        raise InputError(f"could not write the plot to {os.fspath(path)!r}: {exc}") from None
    finally:
        pyplot.close(figure)
