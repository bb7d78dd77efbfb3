"""Koi-Koi's part of balance studies (:class:`yakuset._core.studypart.StudyPart`): whole matches
between bots, ``human`` against ``human`` by default, counted into a tally of whole numbers."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..rules.compiled import rules_of
from .bots import find_bots
from .real_play import REAL_PLAY
from .simulation import match_tallies, play_matches
from .tally import Tally, compare_measures, compare_paired, figures, play_measures, summary

if TYPE_CHECKING:
    from ..._core.pairs import Measure, Pairs
    from ..._core.ruleset import RuleSet


class KoikoiStudy:
    """Whole Koi-Koi matches between bots, counted into a :class:`yakuset.koikoi.Tally`."""

    title = "Koi-Koi"
    unit = "matches"
    #: About four minutes of one core with greedy bots, as many with human bots (bench/README.md).
    cause_matches = 200_000
    #: KoiKoi-AI's human game records (:mod:`yakuset.koikoi.study.real_play`).
    real_play = REAL_PLAY

    def default_bots(self, rs: RuleSet) -> tuple[str, ...]:
        """``human`` against ``human``: the bot whose rates are people's (docs/validation.md)."""
        return ("human", "human")

    def check_bots(self, rs: RuleSet, bots: Sequence[str]) -> tuple[str, ...]:
        """The bot names, checked: each is offered by a plugin (:func:`yakuset.koikoi.find_bots`)."""
        find_bots(rs, bots)
        return tuple(bots)

    def new_tally(self) -> Tally:
        """An empty :class:`yakuset.koikoi.Tally`."""
        return Tally()

    def play_matches(self, rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[str]) -> Tally:
        """The :class:`yakuset.koikoi.Tally` of matches ``start .. stop-1`` of a study."""
        return play_matches(rs, seed, start, stop, find_bots(rs, bots))

    def play_each(self, rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[str]) -> Iterator[Tally]:
        """Matches ``start .. stop-1`` of a study, a :class:`yakuset.koikoi.Tally` each, in order."""
        return match_tallies(rs, seed, start, stop, find_bots(rs, bots))

    def play_measures(self, rs: RuleSet) -> list[Measure]:
        """What ``yakuset diff --play`` compares (:func:`yakuset.koikoi.study.tally.play_measures`)."""
        return play_measures()

    def compare_measures(self, rulesets: Sequence[RuleSet]) -> list[Measure]:
        """What a study's comparison sets side by side, the rule sets' yaku included
        (:func:`yakuset.koikoi.study.tally.compare_measures`)."""
        return compare_measures(yaku.id for rs in rulesets for yaku in rules_of(rs).yaku)

    def summary(self, tally: Tally) -> dict[str, Any]:
        """The figures of a tally (:func:`yakuset.koikoi.summary`)."""
        return summary(tally)

    def compare(self, pairs: Pairs) -> dict[str, Any]:
        """The second rule set's figures against the first's, paired match by match
        (:func:`yakuset.koikoi.study.tally.compare_paired`)."""
        return compare_paired(pairs)

    def figures(self, study: dict[str, Any]) -> list[str]:
        """A study's figures as text lines: each rule set's, then each comparison."""
        return figures(study)

    def plot(self, study: dict[str, Any], path: str | os.PathLike[str]) -> None:
        """The study drawn: points a round awards, Koi-Koi calls, the dealer's advantage."""
        from .plot import plot

        plot(study, path)


#: The part the game names (``KoikoiGame.study``).
STUDY = KoikoiStudy()
