"""Riichi's part of balance studies (:class:`yakuset._core.studypart.StudyPart`): a "match" is a
whole game (hanchan or tonpuu, as the rule set's ``ending`` says) between bots, ``human`` at
every seat by default (the bot calibrated against Tenhou's houou room: docs/validation.md); one
name seats that bot at every seat of each rule set's table, so that a four- and a three-player
rule set compare with the same names."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..rules.compiled import rules_of
from .bots import find_bots
from .real_play import REAL_PLAY
from .simulation import game_tallies, play_games
from .tally import Tally, compare_paired, figures, paired_measures, summary

if TYPE_CHECKING:
    from ..._core.pairs import Measure, Pairs
    from ..._core.ruleset import RuleSet


class RiichiStudy:
    """Whole Riichi games between bots, counted into a :class:`yakuset.riichi.Tally`."""

    title = "Riichi"
    unit = "games"
    #: About a minute of one core with the default bots (about 7 games a second, bench/README.md).
    cause_matches = 400
    #: Tenhou's houou room (:mod:`yakuset.riichi.study.real_play`).
    real_play = REAL_PLAY

    def default_bots(self, rs: RuleSet) -> tuple[str, ...]:
        """``human`` at every seat: the bot whose rates are people's (docs/validation.md, "Real play")."""
        return ("human",)

    def check_bots(self, rs: RuleSet, bots: Sequence[str]) -> tuple[str, ...]:
        """The bot names, one a seat, checked: each is offered by a plugin
        (:func:`yakuset.riichi.find_bots`). One name, or the same name at every seat of another
        table, seats that bot at every seat of this rule set's table."""
        names = _seated(rs, bots)
        find_bots(rs, names)
        return names

    def new_tally(self) -> Tally:
        """An empty :class:`yakuset.riichi.Tally`."""
        return Tally()

    def play_matches(self, rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[str]) -> Tally:
        """The :class:`yakuset.riichi.Tally` of games ``start .. stop-1`` of a study."""
        return play_games(rs, seed, start, stop, find_bots(rs, _seated(rs, bots)))

    def play_each(self, rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[str]) -> Iterator[Tally]:
        """Games ``start .. stop-1`` of a study, a :class:`yakuset.riichi.Tally` each, in order."""
        return game_tallies(rs, seed, start, stop, find_bots(rs, _seated(rs, bots)))

    def play_measures(self, rs: RuleSet) -> list[Measure]:
        """What ``yakuset diff --play`` compares: the measures a study's comparison sets side by
        side (:func:`yakuset.riichi.study.tally.paired_measures`), by starting seat at ``rs``'s table."""
        return paired_measures(rules_of(rs).table.players)

    def compare_measures(self, rulesets: Sequence[RuleSet]) -> list[Measure]:
        """What a study's comparison sets side by side, by starting seat at the smallest of the
        rule sets' tables (:func:`yakuset.riichi.study.tally.paired_measures`, as ``diff --play``'s)."""
        return paired_measures(min(rules_of(rs).table.players for rs in rulesets))

    def summary(self, tally: Tally) -> dict[str, Any]:
        """The figures of a tally (:func:`yakuset.riichi.summary`)."""
        return summary(tally)

    def compare(self, pairs: Pairs) -> dict[str, Any]:
        """The second rule set's figures against the first's, paired game by game
        (:func:`yakuset.riichi.study.tally.compare_paired`)."""
        return compare_paired(pairs)

    def figures(self, study: dict[str, Any]) -> list[str]:
        """A study's figures as text lines: each rule set's, then each comparison."""
        return figures(study)

    def plot(self, study: dict[str, Any], path: str | os.PathLike[str]) -> None:
        """The study drawn: the differences, the rates, a win's value, places by starting seat."""
        from .plot import plot

        plot(study, path)


def _seated(rs: RuleSet, bots: Sequence[str]) -> tuple[str, ...]:
    """``bots`` one a seat of ``rs``'s table: one name (or one name at every seat) fills them all."""
    names = tuple(bots) if not isinstance(bots, str) else (bots,)
    if names and all(name == names[0] for name in names):
        return (names[0],) * rules_of(rs).table.players
    return names


#: The part the game names (``RiichiGame.study``).
STUDY = RiichiStudy()
