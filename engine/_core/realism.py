"""How far a study's bots are from real play: the published figures of people playing a bundled
rule set, and the distance of a study's estimates from them.

A game's study part names its reference (``real_play`` of :class:`yakuset._core.studypart.StudyPart`):
the rule set people played, who they were, where the figures come from, and each figure with the
largest distance that still counts as real play (its goal). ``yakuset simulate`` and ``yakuset
diff --play`` measure their bots against it whenever they play that rule set, and
``bench/realism.py`` calibrates the bots on it. The figures are stated once, in each game's
``study/real_play.py``; everything that shows them reads them from there.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Observed:
    """One figure of real play: ``name`` is the key a study's summary gives it (``win_rate``),
    ``label`` how a study's text names it, ``value`` a share as a fraction (0.211) or a mean
    (5647), and ``goal`` the largest distance that still counts as real play: in percentage
    points over 100 for a share (0.02: two points), or, when ``relative``, a fraction of
    ``value`` (0.10: ten per cent)."""

    name: str
    label: str
    value: float
    goal: float
    relative: bool = False

    def off(self, measured: float) -> float:
        """How far ``measured`` is from the real figure, in the goal's terms: a difference of
        shares, or a difference over the real value."""
        difference = measured - self.value
        return difference / self.value if self.relative else difference

    def shown(self, value: float) -> str:
        """``21.1%`` for a share; ``5,647`` for a mean, ``3.31`` or ``0.320`` for a small one."""
        if not self.relative:
            return f"{100 * value:.1f}%"
        return f"{value:,.0f}" if abs(self.value) >= 100 else f"{value:.3g}" if abs(self.value) >= 1 else f"{value:.3f}"

    def shown_off(self, off: float) -> str:
        """``+2.4 points`` for a share, ``-8.1%`` for a mean."""
        return f"{100 * off:+.1f}%" if self.relative else f"{100 * off:+.1f} points"

    def shown_goal(self) -> str:
        """``±2 points`` or ``±10%``."""
        return f"±{100 * self.goal:g}%" if self.relative else f"±{100 * self.goal:g} points"


@dataclass(frozen=True)
class RealPlay:
    """What people do at the table under one bundled rule set: ``ruleset`` its id, ``who`` the
    players and the sample, ``source`` the citation (a page of these docs, then the original),
    ``figures`` each published figure."""

    ruleset: str
    who: str
    source: str
    figures: tuple[Observed, ...]


@dataclass(frozen=True)
class Distance:
    """A study's estimate of one figure of real play and how far it is."""

    figure: Observed
    measured: float

    @property
    def off(self) -> float:
        """The distance, in the goal's terms (:meth:`Observed.off`)."""
        return self.figure.off(self.measured)

    @property
    def within(self) -> bool:
        """Whether the bots play this figure as people do: no further than the goal."""
        return abs(self.off) <= self.figure.goal + 1e-9

    def as_dict(self) -> dict[str, Any]:
        """``{"name", "real", "bots", "off", "goal", "relative", "within"}``."""
        figure = self.figure
        return {
            "name": figure.name,
            "real": figure.value,
            "bots": round(self.measured, 4),
            "off": round(self.off, 4),
            "goal": figure.goal,
            "relative": figure.relative,
            "within": self.within,
        }


def distances(real: RealPlay, measured: Mapping[str, Any]) -> tuple[Distance, ...]:
    """Each figure of ``real`` that ``measured`` estimates, with its distance. ``measured`` maps a
    figure's name to the bots' estimate: a number, or an estimate as a study's summary gives it
    (``{"value": ...}``); a figure it lacks, or whose estimate is ``None``, is left out."""
    found = []
    for figure in real.figures:
        value = measured.get(figure.name)
        if isinstance(value, Mapping):
            value = value.get("value")
        if isinstance(value, (int, float)) and math.isfinite(value):
            found.append(Distance(figure, float(value)))
    return tuple(found)


def as_dict(real: RealPlay, found: Sequence[Distance]) -> dict[str, Any]:
    """The distance of a study's bots from real play as JSON data."""
    return {
        "ruleset": real.ruleset,
        "who": real.who,
        "source": real.source,
        "within": all(d.within for d in found),
        "figures": [d.as_dict() for d in found],
    }


def line(real: RealPlay, found: Sequence[Distance]) -> str:
    """One line: each figure, the bots' estimate beside the real one (with the distance and the
    goal where it is missed), how many are within their goal, then the source."""
    shown = "; ".join(
        f"{d.figure.label} {d.figure.shown(d.measured)} vs {d.figure.shown(d.figure.value)}"
        + ("" if d.within else f" ({d.figure.shown_off(d.off)}, goal {d.figure.shown_goal()})")
        for d in found
    )
    kept = sum(d.within for d in found)
    return (
        f"real play at {real.ruleset} ({real.who}): {kept} of {len(found)} figures within goal: {shown}. "
        f"Source: {real.source}"
    )


def missed(found: Sequence[Distance]) -> dict[str, Distance]:
    """The figures the bots miss by more than their goal, by name."""
    return {d.figure.name: d for d in found if not d.within}


def measured_in_study(real: RealPlay | None, estimates: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """A study's real-play block (its JSON ``real_play``): ``None`` for a game with no reference;
    else the reference and, when the study played its rule set (``estimates``: each rule set's
    estimates by id), the bots' distance from real play there (``measured``: ``True``, with
    ``within`` and ``figures``). A study that did not play it says so (``measured``: ``False``):
    its bots' distance from real play is measured where people's play is known, and nowhere else."""
    if real is None:
        return None
    block: dict[str, Any] = {"ruleset": real.ruleset, "who": real.who, "source": real.source, "measured": False}
    if real.ruleset in estimates:
        block.update(as_dict(real, distances(real, estimates[real.ruleset])), measured=True)
    return block


def study_lines(real: RealPlay | None, block: Mapping[str, Any] | None, bots: str) -> list[str]:
    """A study's text about real play: one line, either the bots' distance from it or how to
    measure it (the bots at the reference rule set, ``bots`` as ``--bots`` names them)."""
    if real is None or block is None:
        return []
    if not block["measured"]:
        return [
            f"real play: not measured here; people's play is known at {real.ruleset} ({real.who}): "
            f"`yakuset simulate {real.ruleset} --bots {bots}` measures these bots against it. Source: {real.source}"
        ]
    found = distances(real, {f["name"]: f["bots"] for f in block["figures"]})
    return [line(real, found)]


def cautions(
    real: RealPlay | None, block: Mapping[str, Any] | None, moved: Mapping[str, float], between: str
) -> list[str]:
    """A note for each figure a rule change moves significantly (``moved``: its name to the
    difference, ``between`` which rule sets) that the study's bots miss by more than the goal at
    the reference: the change acts through a rate the bots do not play as people do."""
    if real is None or block is None or not block["measured"]:
        return []
    found = missed(distances(real, {f["name"]: f["bots"] for f in block["figures"]}))
    notes = []
    for name, difference in moved.items():
        d = found.get(name)
        if d is not None:
            f = d.figure
            by = f"{difference:+,.3g}" if f.relative else f"{100 * difference:+.1f} points"
            notes.append(
                f"{between} moves {f.label} by {by}, a figure these bots miss at {real.ruleset} by "
                f"{f.shown_off(d.off)} (goal {f.shown_goal()}): people's play may move it otherwise"
            )
    return notes
