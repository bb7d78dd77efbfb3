"""What a game gives balance studies (``yakuset simulate``, ``yakuset diff --play``, the atlas):
whole matches between bots, counted into a tally, and the figures a tally gives.

This is the contract a game's ``study`` part implements (:class:`StudyPart`); a game without
one sets ``study = None``, and ``simulate`` and ``diff --play`` refuse its rule sets by name.
The studies themselves (``yakuset._studies``, ``yakuset._paired``) know no game: they cut the
matches into parts, run them here or on a Dask cluster, add the parts' tallies and pair the
rule sets' measures match by match; everything about the game is asked of this part.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, Self

if TYPE_CHECKING:
    from .pairs import Measure, Pairs
    from .realism import RealPlay
    from .ruleset import RuleSet


class Tally(Protocol):
    """What a game counts over simulated matches: whole numbers only, so that tallies of any
    partition of the matches add up (in any order) to the same counts."""

    #: How many matches it counts.
    matches: int

    def add(self, other: Self) -> Self:
        """Add ``other``'s counts to this tally, and return it."""
        ...

    def as_dict(self) -> dict[str, Any]:
        """The counts as JSON data."""
        ...


class StudyPart(Protocol):
    """A game's part of balance studies.

    A study asks it, in this order: the bots (:meth:`default_bots` when none are named, then
    :meth:`check_bots` for each rule set), an empty tally per rule set (:meth:`new_tally`), the
    matches (:meth:`play_matches` for one rule set; :meth:`play_each` under several, whose
    measures it pairs match by match: :meth:`compare_measures`, or :meth:`play_measures` for
    ``diff --play``), and at the end the figures (:meth:`summary`, :meth:`compare`,
    :meth:`figures`, :meth:`plot`). Match ``i`` of a study of ``seed`` must depend on (``seed``,
    ``i``) alone, wherever and in whatever part it is played.
    """

    #: The game's name in a study's headings (``Koi-Koi``).
    title: str
    #: What one of its studied plays is called (``matches``; Riichi: ``games``).
    unit: str
    #: The most rule sets times matches ``diff --play`` plays to find the causes in play (each
    #: rule change alone and without the others; each such rule set plays every match once more).
    cause_matches: int
    #: How people play the game's reference rule set (:class:`yakuset._core.realism.RealPlay`), which
    #: a study's bots are measured against when it plays that rule set; ``None`` where nobody
    #: published it.
    real_play: RealPlay | None

    def default_bots(self, rs: RuleSet) -> tuple[str, ...]:
        """Called when a study is given no bots: the bots it seats (one name a seat, or one name
        for every seat)."""
        ...

    def check_bots(self, rs: RuleSet, bots: Sequence[str]) -> tuple[str, ...]:
        """Called once for each rule set of a study before any match is played: the bots'
        names, one a seat of ``rs``'s table, checked (an unknown bot is an :class:`InputError`)."""
        ...

    def new_tally(self) -> Tally:
        """Called for each rule set of a study and each part of one played under several rule
        sets: an empty tally."""
        ...

    def play_matches(self, rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[str]) -> Tally:
        """Called for each part of a study of one rule set (here or on a cluster's worker): the
        tally of matches ``start .. stop-1`` of a study of ``seed`` between ``bots`` (checked)."""
        ...

    def play_each(self, rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[str]) -> Iterator[Any]:
        """Called for each part of a study of several rule sets, once for each rule set: matches
        ``start .. stop-1``, one tally each, in order, each played as :meth:`play_matches`
        plays it (the measures are read from each match's tally under every rule set)."""
        ...

    def play_measures(self, rs: RuleSet) -> list[Measure]:
        """Called by ``diff --play``: the measures it compares, each read from one match's tally
        as (numerator, denominator)."""
        ...

    def compare_measures(self, rulesets: Sequence[RuleSet]) -> list[Measure]:
        """Called by a study of several rule sets: what its comparisons set side by side, each
        read from one match's tally as (numerator, denominator)."""
        ...

    def summary(self, tally: Any) -> dict[str, Any]:
        """Called when a study is reported: one rule set's figures, each with its 95% interval
        (JSON data)."""
        ...

    def compare(self, pairs: Pairs) -> dict[str, Any]:
        """Called when a study of several rule sets is reported: a later rule set's figures
        against the first's from their paired moments over the same matches
        (:meth:`compare_measures`), each difference with its 95% interval and whether it is
        significant (JSON data)."""
        ...

    def figures(self, study: dict[str, Any]) -> list[str]:
        """Called when a study is written as text: the lines after its first, each rule set's
        figures, then each comparison (``study`` is the study's JSON data)."""
        ...

    def plot(self, study: dict[str, Any], path: str | os.PathLike[str]) -> None:
        """Called by ``simulate --plot``: draw the study (its JSON data) into the image file
        ``path`` (matplotlib is installed and ``path`` writable: the caller checked)."""
        ...
