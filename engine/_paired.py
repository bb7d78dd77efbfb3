"""What a rule change does to play (``yakuset diff A B --play N``): the same matches played under
both rule sets, each measure's paired difference with its 95% interval, and each rule change
applied alone.

Match ``i`` is played from the seed (the study's seed, ``i``) under every rule set, so both sides
are dealt the same cards (walls) and their bots draw from the same streams: what differs is the
rules, and the per-match differences vary far less than two independent runs would
(``docs/architecture.md``, "Paired studies"). The matches are played by the game's study part, as
``yakuset simulate`` plays them, cut into the same parts, here or on a Dask cluster
(``_studies``); each part returns whole-number moments (``_core.pairs``), so the figures are
the same whatever ran them.

Causes: each rule change applied alone to the first rule set (as ``diff``'s causes build them,
:func:`yakuset.diff.each_change`) is played on the same matches and compared with the first rule
set, and the second rule set with every other change applied without it (what the change adds to
the others: a cap that bites only once another change lifts a limit), when the rule sets they
make times the matches stay within the game's study part's ``cause_matches``.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import diff
from ._core import realism
from ._core.arguments import a_seed, whole_number
from ._core.errors import InputError
from ._core.pairs import Measure, Pairs
from ._core.realism import RealPlay
from ._core.ruleset import RuleSet
from ._core.tallies import shown_difference
from ._studies import (
    MAX_MATCHES,
    PART_SIZE,
    RulesetSource,
    _loaded,
    bots_named,
    check_plot,
    cluster_parts,
    on_cluster,
    parts,
    play_paired,
    study_part,
    where_to_run,
)


@dataclass
class Arm:
    """A rule change played on the same matches: applied alone to the first rule set (against
    it), and the second rule set against every other change without it (what it adds to them)."""

    changes: tuple[diff.Change, ...]
    alone: Pairs | None  # None: not played (the change does not load alone)
    with_others: Pairs | None  # None: not played (the others do not load without it)


@dataclass
class PlayStudy:
    """The outcome of ``diff --play``: the second rule set's paired moments against the first's,
    each rule change's alone, and how it ran."""

    a: str
    b: str
    asked: int
    seed: int
    bots: tuple[str, ...]
    measures: list[Measure]
    versus: Pairs
    causes: list[Arm]
    causes_note: str | None
    unit: str = "matches"  # Riichi: games
    real_play: RealPlay | None = None  # the game's people's play (StudyPart.real_play)
    runner: str = "in-process"
    interrupted: bool = False
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The study as JSON data (the ``play`` member of ``yakuset diff --json``,
        ``schema/diff.schema.json``); how it ran and how long it took are in its text only (:class:`PlaySection`)."""
        measures = [_measure(self.versus, m) for m in self.measures]
        return {
            "matches": self.versus.matches,
            "matches_asked": self.asked,
            "seed": self.seed,
            "bots": list(self.bots),
            "interrupted": self.interrupted,
            "measures": measures,
            "real_play": realism.measured_in_study(
                self.real_play,
                {side: {row["key"]: row[key] for row in measures} for side, key in ((self.a, "a"), (self.b, "b"))},
            ),
            "causes": {
                "played": self.causes_note is None,
                "note": self.causes_note,
                "changes": [
                    {
                        "changes": [c.path for c in arm.changes],
                        "alone": _measures(arm.alone, self.measures),
                        "with_others": _measures(arm.with_others, self.measures),
                    }
                    for arm in self.causes
                ],
            },
        }


def _measures(pairs: Pairs | None, measures: list[Measure]) -> list[dict[str, Any]] | None:
    return None if pairs is None else [_measure(pairs, m) for m in measures]


def _measure(pairs: Pairs, m: Measure) -> dict[str, Any]:
    """One measure's figures under both rule sets and their paired difference (``None`` where a
    side has no observation: no Koi-Koi called, say)."""
    a, b = pairs.ratios(m.key)
    paired, unpaired = pairs.difference(m.key), pairs.difference(m.key, paired=False)
    digits = 4 + len(str(m.scale)) - 1

    def scaled(value: float | None) -> float | None:
        return None if value is None or not math.isfinite(value) else round(value / m.scale, digits)

    return {
        "key": m.key,
        "label": m.label,
        "share": m.share,
        "a": scaled(a),
        "b": scaled(b),
        "difference": None if paired is None else scaled(paired.value),
        "ci95": None if paired is None else [scaled(paired.low), scaled(paired.high)],
        "significant": paired is not None and paired.significant,
        "ci95_unpaired": None if unpaired is None else [scaled(unpaired.low), scaled(unpaired.high)],
    }


def play(
    a: RuleSet,
    b: RuleSet,
    matches: int,
    seed: int = 0,
    bots: Sequence[str] = (),
    *,
    causes: bool = True,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PlayStudy:
    """Play ``matches`` matches (Riichi: games) of ``a`` and ``b`` from the same seeds between
    ``bots`` (none: the game's default) and pair them match by match; with ``causes``, play
    each rule change alone too when the game's ``cause_matches`` allows. Where it runs, progress
    and Ctrl-C are as :func:`yakuset._studies.run`'s."""
    whole_number("matches", matches, minimum=1, maximum=MAX_MATCHES)
    a_seed("seed", seed)
    if a.game != b.game:
        raise InputError(f"{a.id!r} is a {a.game} rule set and {b.id!r} a {b.game} one: they play different games")
    study = study_part(a)
    names = tuple(bots) or study.default_bots(a)
    names = study.check_bots(b, study.check_bots(a, names))
    arms, note = _causes(a, b, matches, causes)
    rulesets, comparisons = _compared(a, b, arms)
    for rs in rulesets[2:]:
        study.check_bots(rs, names)
    done = PlayStudy(a.id, b.id, matches, seed, names, study.play_measures(a), Pairs(()), [], note, notes=[])
    done.unit, done.real_play = study.unit, study.real_play
    results = _run(done, rulesets, comparisons, bool(arms), workers, scheduler, progress)
    done.versus = results[0]
    found = dict(zip(comparisons, results, strict=True))
    done.causes = [
        Arm(
            changes,
            None if alone is None else found[(0, _index(rulesets, alone))],
            None if others is None else found[(_index(rulesets, others), 1)],
        )
        for changes, alone, others in arms
    ]
    return done


def _run(
    done: PlayStudy,
    rulesets: list[RuleSet],
    comparisons: list[tuple[int, int]],
    causes: bool,
    workers: int | None,
    scheduler: str | None,
    progress: Callable[[int, int], None] | None,
) -> list[Pairs]:
    """Play ``done``'s matches under each of ``rulesets`` (the first two ``a`` and ``b``, the
    rest made of the rule changes when ``causes``), here or on a cluster, and give each
    comparison's pairs; ``done`` keeps where they ran, how long it took and whether Ctrl-C
    stopped them."""
    total = done.asked * len(rulesets)
    cluster, workers = where_to_run(total, workers, scheduler, done.notes)
    keys = [m.key for m in done.measures]
    results = [Pairs(keys) for _ in comparisons]
    finished = 0

    def take(result: list[Pairs]) -> None:
        nonlocal finished
        for kept, more in zip(results, result, strict=True):
            kept.add(more)
        finished += result[0].matches * len(rulesets)
        if progress:
            progress(finished, total)

    began = time.perf_counter()
    if cluster:
        sources = (RulesetSource.of(rulesets[0]), RulesetSource.of(rulesets[1]))
        tasks = [(*sources, causes, done.seed, start, stop, done.bots) for start, stop in cluster_parts(done.asked)]
        done.runner, done.interrupted = on_cluster(_part, tasks, workers, scheduler, take)
    else:
        size = min(PART_SIZE, max(1, done.asked // 100))  # small parts: Ctrl-C keeps what finished
        for start, stop in parts(done.asked, size):
            try:
                take(play_part(rulesets, comparisons, done.seed, start, stop, done.bots))
            except KeyboardInterrupt:
                done.interrupted = True
                break
    done.seconds = time.perf_counter() - began
    return results


Arms = list[tuple[tuple[diff.Change, ...], RuleSet | None, RuleSet | None]]


def _causes(a: RuleSet, b: RuleSet, matches: int, wanted: bool) -> tuple[Arms, str | None]:
    """The rule changes to play alone and without, and why none is played when none is."""
    if not wanted:
        return [], "not asked"
    arms = diff.each_change(a, diff.structural(a, b))
    if len(arms) < 2:
        return [], "no rule changes" if not arms else "one rule change: the differences above are its own"
    played = len(_compared(a, b, arms)[0]) - 2
    study = study_part(a)
    if played * matches > study.cause_matches:
        return [], _not_played(len(arms), played, matches, study.cause_matches, study.unit)
    return arms, None


def _not_played(changes: int, played: int, matches: int, cap: int, unit: str) -> str:
    """Why the causes in play were not played, and how to have them: a smaller ``--play``."""
    most = cap // played
    how = (
        f"--play {most:,} or fewer plays them"
        if most
        else "no --play is small enough: compare rule sets nearer each other"
    )
    return (
        f"not played: finding them plays each of the {changes} rule changes alone and without the others, "
        f"{played} more rule sets of {matches:,} {unit} ({played * matches:,} {unit}), over the {cap:,} {unit} "
        f"kept for causes; {how}"
    )


def _compared(a: RuleSet, b: RuleSet, arms: Arms) -> tuple[list[RuleSet], list[tuple[int, int]]]:
    """The rule sets to play (``a``, ``b``, then each change alone and each without it, where it
    loads; a rule set made twice is played once) and the comparisons among them by index: ``b``
    against ``a`` first, then each change alone against ``a``, then ``b`` against the others
    without each change."""
    rulesets = [a, b]
    comparisons = [(0, 1)]
    for _, alone, others in arms:
        for made, pair in ((alone, lambda i: (0, i)), (others, lambda i: (i, 1))):
            if made is None:
                continue
            if not any(made is found for found in rulesets):
                rulesets.append(made)
            comparisons.append(pair(_index(rulesets, made)))
    return rulesets, list(dict.fromkeys(comparisons))


def _index(rulesets: list[RuleSet], rs: RuleSet) -> int:
    return next(index for index, found in enumerate(rulesets) if found is rs)


def play_part(
    rulesets: Sequence[RuleSet],
    comparisons: Sequence[tuple[int, int]],
    seed: int,
    start: int,
    stop: int,
    bots: Sequence[str],
) -> list[Pairs]:
    """Matches ``start .. stop-1`` under each of ``rulesets``, and for each comparison ``(i, j)``
    the moments of ``rulesets[j]`` paired with ``rulesets[i]``'s, match by match."""
    measures = study_part(rulesets[0]).play_measures(rulesets[0])
    return play_paired(rulesets, comparisons, measures, seed, start, stop, bots)[1]


_PLAYED: dict[tuple[RulesetSource, RulesetSource, bool], tuple[list[RuleSet], list[tuple[int, int]]]] = {}


def _part(
    a: RulesetSource, b: RulesetSource, causes: bool, seed: int, start: int, stop: int, bots: tuple[str, ...]
) -> list[Pairs]:
    """A cluster task: load the rule sets (and make each change alone and without, as the caller
    made them) once per worker, and play matches ``start .. stop-1``."""
    found = _PLAYED.get((a, b, causes))
    if found is None:
        first, second = _loaded(a), _loaded(b)
        arms = diff.each_change(first, diff.structural(first, second)) if causes else []
        found = _PLAYED[(a, b, causes)] = _compared(first, second, arms)
    return play_part(*found, seed, start, stop, bots)


@dataclass(frozen=True)
class PlaySection:
    """The Play section of ``yakuset diff``'s report (:class:`yakuset._core.report.Report`): how
    it ran, each measure under both rule sets and its paired difference (``*`` where its 95%
    interval excludes 0), then each rule change alone; ``play`` in JSON."""

    done: PlayStudy

    def text(self, colour: bool) -> list[str]:
        done = self.done
        data = done.as_dict()
        lines = [
            f"Play: {data['matches']:,} {done.unit} under both, paired (the same deals and bot streams), between "
            f"{bots_named(data['bots'])} (seed {data['seed']}); {done.runner}, {done.seconds:.1f} s"
        ]
        if data["interrupted"]:
            lines.append("  interrupted: the figures cover the matches finished before Ctrl-C")
        rows = data["measures"]
        width = max(len(row["label"]) for row in rows)
        lines.append(f"  {'':<{width}}  {done.a[:10]:>10}  {done.b[:10]:>10}  difference [95% interval]  * significant")
        for row in rows:
            lines.append(f"  {row['label']:<{width}}  {_value(row, 'a')}  {_value(row, 'b')}  {_difference(row)}")
        lines += _narrower(rows)
        lines += self._real_play_lines(data)
        lines += self._causes_text(data["causes"], width)
        lines += [f"note: {note}" for note in done.notes]
        return lines

    def _real_play_lines(self, data: dict[str, Any]) -> list[str]:
        """How far the bots are from real play, and a caution for each measure the change moves
        significantly that they miss by more than the goal."""
        done, block = self.done, data["real_play"]
        moved = {row["key"]: row["difference"] for row in data["measures"] if row["significant"]}
        between = f"{done.b} against {done.a}"
        return [
            *(f"  {line}" for line in realism.study_lines(done.real_play, block, ",".join(data["bots"]))),
            *(f"  note: {note}" for note in realism.cautions(done.real_play, block, moved, between)),
        ]

    def _causes_text(self, causes: dict[str, Any], width: int) -> list[str]:
        """Each rule change alone and added to the others: the measures it moves significantly."""
        done = self.done
        if causes["note"] is not None:
            return [f"Causes in play: {causes['note']}"]
        lines = [
            f"Causes in play (the same matches): each rule change applied alone to {done.a}, and {done.b} "
            "against every other change without it"
        ]
        by_path = {c.path: c for arm in done.causes for c in arm.changes}
        for arm in causes["changes"]:
            lines.append("  " + "; ".join(f"{path}: {by_path[path].values}" for path in arm["changes"]))
            for key, what in (("alone", f"alone, against {done.a}"), ("with_others", f"{done.b} against all but it")):
                if arm[key] is None:
                    lines.append(f"    {what}: not played (those rules do not load)")
                    continue
                moved = [row for row in arm[key] if row["significant"]]
                lines.append(f"    {what}: " + ("moves no measure significantly" if not moved else "moves"))
                lines += [f"      {row['label']:<{width}}  {_difference(row)}" for row in moved]
        return lines

    def markdown(self) -> list[str]:
        done = self.done
        data = done.as_dict()
        out = [
            "### Play",
            "",
            f"{data['matches']:,} {done.unit} under both, paired (the same deals and bot streams), between "
            f"{bots_named(data['bots'])} (seed {data['seed']}); 95% intervals, **bold** where significant.",
            "",
            f"| measure | `{done.a}` | `{done.b}` | difference | 95% interval |",
            "|---|---:|---:|---:|---|",
        ]
        for row in data["measures"]:
            diff_text = _difference(row).split("  ")
            shown = diff_text[0] if not row["significant"] else f"**{diff_text[0].strip()}**"
            out.append(
                f"| {row['label']} | {_value(row, 'a').strip()} | {_value(row, 'b').strip()} | {shown} | "
                f"{' '.join(diff_text[1:]).replace(' *', '').strip()} |"
            )
        causes = data["causes"]
        out.append("")
        real = self._real_play_lines(data)
        if real:
            out += [*(line.strip() for line in real), ""]
        if causes["note"] is not None:
            return [*out, f"Causes in play: {causes['note']}."]
        for arm in causes["changes"]:
            named = ", ".join(f"`{path}`" for path in arm["changes"])
            said = []
            for key, what in (("alone", "alone"), ("with_others", "added to the others")):
                moved = [row["label"] for row in arm[key] or [] if row["significant"]]
                said.append(f"{what}: {', '.join(moved) if moved else 'no measure significantly'}")
            out.append(f"- {named} moves, {'; '.join(said)}")
        return out

    def json(self) -> dict[str, Any]:
        return {"play": self.done.as_dict()}

    def github(self) -> list[str]:
        return []


def _narrower(rows: list[dict[str, Any]]) -> list[str]:
    """How much narrower the paired intervals are than two independent runs' (where both exist)."""
    narrower = sorted(
        (row["ci95_unpaired"][1] - row["ci95_unpaired"][0]) / (row["ci95"][1] - row["ci95"][0])
        for row in rows
        if row["ci95"] and row["ci95_unpaired"] and None not in row["ci95"] and row["ci95"][1] > row["ci95"][0]
    )
    if not narrower:
        return []
    return [
        f"  paired intervals are {narrower[0]:.1f}x to {narrower[-1]:.1f}x narrower than two independent runs' "
        f"(median {narrower[len(narrower) // 2]:.1f}x)"
    ]


def _value(row: dict[str, Any], side: str) -> str:
    value = row[side]
    if value is None:
        return f"{'-':>10}"
    return f"{100 * value:9.1f}%" if row["share"] else f"{value:10.2f}"


def _difference(row: dict[str, Any]) -> str:
    if row["difference"] is None:
        return "(no observations on a side)"
    return shown_difference(row, row["share"])


def plot(done: PlayStudy, path: str | os.PathLike[str]) -> None:
    """One figure: each measure's paired difference with its 95% interval, as a share of the
    first rule set's figure (so that points and rates share an axis), ``*`` where significant."""
    check_plot()
    from matplotlib import pyplot

    from ._core.study_plot import save

    rows = [row for row in done.as_dict()["measures"] if row["difference"] is not None and row["a"]]
    figure, axes = pyplot.subplots(figsize=(9, 1.2 + 0.45 * len(rows)), layout="constrained")
    for y, row in enumerate(rows):
        base = abs(row["a"])
        value = 100 * row["difference"] / base
        low, high = (100 * x / base for x in row["ci95"])
        axes.errorbar(
            value,
            y,
            xerr=[[value - low], [high - value]],
            fmt="o",
            color="C0",
            markerfacecolor="C0" if row["significant"] else "white",
            capsize=3,
        )
        axes.annotate(
            _difference(row), (high, y), xytext=(6, -3), textcoords="offset points", fontsize=7, color="dimgrey"
        )
    axes.axvline(0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_yticks(range(len(rows)), [row["label"] for row in rows])
    axes.invert_yaxis()
    axes.set_xlabel(f"difference, % of {done.a}'s figure (95% interval; filled: significant)")
    axes.set_title(f"{done.b} against {done.a}: {done.versus.matches:,} paired matches")
    save(figure, path)
