"""``yakuset diff A B``: what changed between two rule sets (``yakuset.diff``), which scores
change and why, and on request how played games (``--logs``, ``yakuset._replays``) and play
(``--play``, ``yakuset._paired``) change; exit 1 if the rules differ."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from .. import diff
from .._core.commands import count_argument
from .._core.errors import InputError, Problem, RulesetError
from .._core.report import Report, Section
from .._core.ruleset import RuleSet
from .._house import load_ruleset
from ..diff.sections import BehaviourSection, RulesSection, TitleSection
from ._cases import Cases
from ._errors import UsageError
from ._options import add_study_arguments, bot_names, matches_argument
from ._output import EXIT_INTERRUPTED, EXIT_NEGATIVE, EXIT_OK, one_format, warn

if TYPE_CHECKING:
    from .._paired import PlayStudy
    from .._replays import Played

HELP = "what changed between two rule sets, and which scores change (exit 1 if any)"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("a", metavar="A", help="the rule set before (id or file)")
    sub.add_argument("b", metavar="B", help="the rule set after (id or file)")
    sub.add_argument(
        "--format",
        choices=["text", "human", "json", "markdown", "github"],
        default="human",
        help="text or human (two names of the readable text), json, markdown for a pull request, github annotations",
    )
    sub.add_argument("--declared", action="store_true", help="compare the files as written, not resolved")
    sub.add_argument("--structural-only", action="store_true", help="only the rule changes")
    sub.add_argument("--behaviour-only", action="store_true", help="only the score changes")
    sub.add_argument("--cases", metavar="FILE", help="more situations to score: `cases: [{base: 8}, {han: 3, fu: 40}]`")
    sub.add_argument(
        "--logs",
        metavar="DIR",
        help="played games: every hand of these Riichi logs, or every round of these KoiKoi-AI "
        "Koi-Koi records (a folder or a file), settled under both, the placements that change",
    )
    sub.add_argument(
        "--steps", type=count_argument, default=3, metavar="N", help="show the steps of the N largest changes"
    )
    sub.add_argument(
        "--top",
        type=count_argument,
        default=10,
        metavar="N",
        help="list at most N score changes under each cause (0: all)",
    )
    sub.add_argument(
        "--colour", "--color", choices=["auto", "always", "never"], default="auto", help="colour the human output"
    )
    sub.add_argument(
        "--play",
        type=matches_argument,
        metavar="N",
        help="also play N seeded matches (Riichi: games) under both rule sets, paired, and compare the play",
    )
    add_study_arguments(
        sub, "with --play, draw each measure's difference and its interval into FILE (.png, .svg, .pdf)"
    )


@dataclass
class Compared:
    """What ``diff`` found: the rule changes as asked (``None``: not compared), the behaviour
    report, the resolved rule changes the causes are found among, the causes, the played games
    of ``--logs`` and the play of ``--play`` (each ``None`` when not asked for)."""

    a: RuleSet
    b: RuleSet
    changes: list[diff.Change] | None
    report: diff.BehaviourReport | None
    resolved: list[diff.Change]
    causes: list[diff.Cause | None] | None
    logged: Played | None = None
    played: PlayStudy | None = None

    @cached_property
    def all_changes(self) -> list[diff.Change]:
        """The resolved rule changes, found even where no score changes (the played games' causes)."""
        return self.resolved or diff.structural(self.a, self.b)


def run(args: argparse.Namespace) -> int:
    a, b = load_ruleset(args.a), load_ruleset(args.b)
    _check_options(a, b, args)
    found = _compare(a, b, args)
    if args.logs is not None:
        from .. import _replays

        found.logged = _replays.played(a, b, args.logs, found.all_changes)
    if args.play:
        found.played = _play(a, b, args)
    _print(found, args)
    warn(found.report.warnings if found.report is not None else ())
    warn(found.played.notes if found.played is not None else ())
    warn(found.logged.errors if found.logged is not None else ())
    return _exit_code(found)


def _check_options(a: RuleSet, b: RuleSet, args: argparse.Namespace) -> None:
    """Refuse rule sets of two games and options that exclude each other."""
    if a.game != b.game:
        raise InputError(f"{a.id!r} is a {a.game} rule set and {b.id!r} a {b.game} one: they can't be compared")
    if args.structural_only and args.behaviour_only:
        raise UsageError("--structural-only and --behaviour-only exclude each other")
    if args.structural_only and args.logs is not None:
        raise UsageError("--logs compares how played games score: not with --structural-only")
    one_format(args, "human")


def _compare(a: RuleSet, b: RuleSet, args: argparse.Namespace) -> Compared:
    """The rule changes, the score changes (the game's situations and ``--cases``) and their
    causes, found among the resolved rule changes whatever ``--declared`` prints."""
    cases = Cases(args.cases, a.game, a.part.compare) if args.cases else None
    changes = None if args.behaviour_only else diff.structural(a, b, declared=args.declared)
    try:
        report = None if args.structural_only else diff.behaviour(a, b, cases if cases is not None else ())
    except diff.CaseError as exc:
        assert cases is not None  # only a user's case raises it
        raise RulesetError([Problem(cases.where, f"cases[{exc.index}]", str(exc))]) from None
    if cases is not None:
        cases.finish()
    if report is None or not report.changes:
        return Compared(a, b, changes, report, [], None)
    resolved = diff.structural(a, b)
    return Compared(a, b, changes, report, resolved, diff.attribute(a, resolved, report))


def _play(a: RuleSet, b: RuleSet, args: argparse.Namespace) -> PlayStudy:
    """``diff --play``: the same matches played under both rule sets (and each rule change alone)."""
    from .. import _paired, _studies

    if args.plot:
        _studies.check_plot(args.plot)  # before the matches, not after them
    progress = (
        None
        if args.no_progress or not sys.stderr.isatty()
        else _studies.Progress(_studies.study_part(a).unit, args.play)
    )
    played = _paired.play(
        a, b, args.play, args.seed, bot_names(args), workers=args.workers, scheduler=args.scheduler, progress=progress
    )
    if progress is not None and played.interrupted:
        progress.close()
    if args.plot:
        _paired.plot(played, args.plot)
    return played


def _print(found: Compared, args: argparse.Namespace) -> None:
    """The report in the format asked for, on stdout."""
    report = _report(found, args)
    fmt = "json" if args.json else args.format
    if fmt == "json":
        print(json.dumps(report.json(), indent=2, ensure_ascii=False))
    elif fmt == "markdown":
        sys.stdout.write(report.markdown())
    elif fmt == "github":
        sys.stdout.write(report.github())
    else:
        sys.stdout.write(report.text(args.colour == "always" or (args.colour == "auto" and sys.stdout.isatty())))


def _report(found: Compared, args: argparse.Namespace) -> Report:
    """The report's sections: the title, the rule changes, the behaviour, then the play and the
    played games when asked for."""
    a, b = found.a, found.b
    sections: list[Section] = [
        TitleSection(a, b, found.changes, found.report),
        RulesSection(found.changes, args.declared),
        BehaviourSection(
            a, b, found.report, found.causes, args.steps, args.top, [*found.resolved, *(found.changes or [])]
        ),
    ]
    if found.played is not None:
        from .._paired import PlaySection

        sections.append(PlaySection(found.played))
    if found.logged is not None:
        from .._replays import PlayedGamesSection

        sections.append(PlayedGamesSection(a, b, found.logged, args.top, found.all_changes))
    return Report(tuple(sections))


def _exit_code(found: Compared) -> int:
    """Interrupted play: 130; rules or scores that differ: 1. A new name or description changes
    no rule: 0 (the human output says so)."""
    if found.played is not None and found.played.interrupted:
        return EXIT_INTERRUPTED
    report, logged = found.report, found.logged
    different = bool(diff.rule_changes(found.changes or [])) or bool(report and report.changes)
    different = different or bool(logged and (logged.report.changes or logged.placements))
    return EXIT_NEGATIVE if different else EXIT_OK
