"""Balance studies: many simulated matches of one or more rule sets, on this machine or on a
Dask cluster, with the same figures either way.

Matches are independent: match ``i`` of a study is played from a seed derived from (the
study's seed, ``i``) alone, and each rule set's matches are cut into parts whose tallies hold
whole-number counts only. Whatever runs the parts (this process, a local cluster of processes,
a remote cluster) and in whatever order they finish, their sum is the same.

Dask (``dask`` and ``distributed``) is the optional extra ``yakuset[cluster]``; it is imported
only when a study uses it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ._core.errors import InputError
from ._core.resolve import BUNDLED
from ._core.ruleset import RuleSet
from ._house import load_ruleset, load_ruleset_text
from .koikoi import Tally, compare, summary

#: Below this many matches in all, a study runs in this process: a local cluster takes
#: seconds to start, longer than the study itself.
CLUSTER_FROM = 20_000
#: Matches per task on a cluster: large enough that scheduling costs little, small enough
#: that progress and Ctrl-C are prompt.
PART_SIZE = 2_000

#: How long to try to reach a scheduler given by address.
SCHEDULER_TIMEOUT = "10s"

CLUSTER_HINT = "pip install 'yakuset[cluster]'"
PLOT_HINT = "pip install 'yakuset[plot]'"


@runtime_checkable
class PlaysMatches(Protocol):
    """A game that can simulate whole matches (Koi-Koi)."""

    def check_bots(self, rs: RuleSet, bots: Sequence[str]) -> tuple[str, ...]: ...

    def play_matches(self, rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[str]) -> Any: ...


@dataclass(frozen=True)
class RulesetSource:
    """How a worker process gets a rule set: a bundled id, or a file's text and its path (which
    anchors ``extends``: a file that extends another local file needs it on the workers too)."""

    ident: str
    text: str | None = None
    path: str | None = None

    @classmethod
    def of(cls, rs: RuleSet) -> RulesetSource:
        first = rs.files[0]
        if first.display.startswith(BUNDLED):
            return cls(rs.id)
        return cls(rs.id, first.path.read_text(encoding="utf-8"), str(first.path))

    def load(self) -> RuleSet:
        if self.text is None:
            return load_ruleset(self.ident)
        return load_ruleset_text(self.text, self.path or self.ident)


@dataclass
class Study:
    """The outcome of a study: each rule set's tally, and how it ran."""

    rulesets: list[str]
    asked: int
    seed: int
    bots: tuple[str, ...]
    tallies: dict[str, Any]
    runner: str
    interrupted: bool = False
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The study as JSON data: the same whatever ran it, on any number of workers (how it
        ran and how long it took are in :func:`text` only)."""
        first = self.rulesets[0]
        return {
            "seed": self.seed,
            "bots": list(self.bots),
            "matches_asked": self.asked,
            "interrupted": self.interrupted,
            "rulesets": [
                {"id": ident, "summary": summary(self.tallies[ident]), "counts": self.tallies[ident].as_dict()}
                for ident in self.rulesets
            ],
            "comparisons": [
                {"a": first, "b": ident, "differences": compare(self.tallies[first], self.tallies[ident])}
                for ident in self.rulesets[1:]
            ],
        }


def parts(matches: int, size: int = PART_SIZE) -> list[tuple[int, int]]:
    """The match indices ``0 .. matches-1`` cut into ``(start, stop)`` parts of at most ``size``."""
    if size < 1:
        raise ValueError(f"a part holds at least one match, got {size}")
    return [(start, min(start + size, matches)) for start in range(0, matches, size)]


def _part(source: RulesetSource, seed: int, start: int, stop: int, bots: tuple[str, ...]) -> tuple[str, Any]:
    """A cluster task: load the rule set and play matches ``start .. stop-1``."""
    rs = _loaded(source)
    return source.ident, _player(rs).play_matches(rs, seed, start, stop, bots)


_LOADED: dict[RulesetSource, RuleSet] = {}


def _loaded(source: RulesetSource) -> RuleSet:
    """A worker loads each rule set once, however many parts it plays."""
    rs = _LOADED.get(source)
    if rs is None:
        rs = _LOADED[source] = source.load()
    return rs


def _player(rs: RuleSet) -> PlaysMatches:
    part = rs.part
    if not isinstance(part, PlaysMatches):
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; `simulate` plays Koi-Koi matches only")
    return part


def run(
    rulesets: Sequence[RuleSet],
    matches: int,
    seed: int,
    bots: Sequence[str],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Study:
    """Play ``matches`` matches of each rule set between ``bots`` (one name per seat, the first
    dealer's first) and tally them.

    ``scheduler`` (``tcp://host:port``) runs the parts on that Dask cluster; ``workers`` on a
    local cluster of that many processes (1: in this process). By default a study of fewer
    than :data:`CLUSTER_FROM` matches in all runs here, a larger one on a local cluster of one
    process per CPU when Dask is installed. ``progress(done, total)`` is called as matches
    finish. Ctrl-C stops the study: what finished is returned, with ``interrupted`` set.

    A local cluster starts its processes by spawning: a script that runs a study on one must
    call it under ``if __name__ == "__main__":``, as ``multiprocessing`` requires.
    """
    if not rulesets:
        raise ValueError("a study needs at least one rule set")
    if type(matches) is not int or matches < 1:
        raise ValueError(f"matches must be a whole number of at least 1, got {matches!r}")
    if type(seed) is not int:
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a whole number of at least 1, got {workers!r}")
    ids = [rs.id for rs in rulesets]
    if len(set(ids)) != len(ids):
        raise InputError(f"a rule set is named twice: {', '.join(ids)}")
    names = tuple(bots)
    for rs in rulesets:
        names = _player(rs).check_bots(rs, names)
    total = matches * len(rulesets)
    notes: list[str] = []
    cluster = scheduler is not None or (workers or 1) > 1
    if workers is None and scheduler is None and total >= CLUSTER_FROM:
        if _dask_installed():
            cluster, workers = True, os.cpu_count() or 1
        else:
            notes.append(f"dask is not installed: the study ran in one process ({CLUSTER_HINT} to use every CPU)")
    if cluster and not _dask_installed():
        raise InputError(f"running a study on a Dask cluster needs dask and distributed: {CLUSTER_HINT}")
    study = Study(ids, matches, seed, names, {}, "in-process", notes=notes)
    began = time.perf_counter()
    if cluster:
        _on_cluster(study, rulesets, workers, scheduler, progress)
    else:
        _here(study, rulesets, progress)
    study.seconds = time.perf_counter() - began
    return study


def _here(study: Study, rulesets: Sequence[RuleSet], progress: Callable[[int, int], None] | None) -> None:
    total = study.asked * len(rulesets)
    done = 0
    size = min(PART_SIZE, max(1, study.asked // 100)) if progress else PART_SIZE
    for rs in rulesets:
        tally = study.tallies[rs.id] = Tally()
        for start, stop in parts(study.asked, size):
            try:
                tally.add(_player(rs).play_matches(rs, study.seed, start, stop, study.bots))
            except KeyboardInterrupt:
                study.interrupted = True
                return
            done += stop - start
            if progress:
                progress(done, total)


def _on_cluster(
    study: Study,
    rulesets: Sequence[RuleSet],
    workers: int | None,
    scheduler: str | None,
    progress: Callable[[int, int], None] | None,
) -> None:
    from importlib import import_module

    dask: Any = import_module("distributed")  # untyped: an optional extra
    Client, LocalCluster, as_completed = dask.Client, dask.LocalCluster, dask.as_completed

    total = study.asked * len(rulesets)
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise InputError(
                f"cannot reach the Dask scheduler at {scheduler}: {' '.join(str(exc).split())} "
                "(start one with `dask scheduler`, and workers with `dask worker ADDRESS`)"
            ) from None
        cluster = None
        study.runner = f"dask cluster at {scheduler}"
    else:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
        )
        client = Client(cluster)
        study.runner = f"local dask cluster of {workers} processes"
    try:
        for rs in rulesets:
            study.tallies[rs.id] = Tally()
        tasks = [
            (RulesetSource.of(rs), study.seed, start, stop, study.bots)
            for rs in rulesets
            for start, stop in parts(study.asked)
        ]
        futures = [client.submit(_part, *task, pure=False) for task in tasks]
        done = 0
        try:
            for future in as_completed(futures):
                try:
                    ident, tally = future.result()
                except (InputError, KeyboardInterrupt):
                    raise
                except Exception as exc:  # a worker's environment, not the study
                    client.cancel(futures)
                    raise InputError(
                        f"a Dask worker failed: {type(exc).__name__}: {' '.join(str(exc).split())} "
                        "(each worker needs yakuset, and the plugins the rule sets use, installed)"
                    ) from None
                study.tallies[ident].add(tally)
                done += tally.matches
                if progress:
                    progress(done, total)
        except KeyboardInterrupt:
            study.interrupted = True
            client.cancel(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _dask_installed() -> bool:
    from importlib.util import find_spec

    try:
        return find_spec("distributed") is not None and find_spec("dask") is not None
    except (ImportError, ValueError):
        return False


class Progress:
    """A one-line progress report on standard error, redrawn at most a few times a second."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.began = time.perf_counter()
        self.shown = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.shown < 0.2:
            return
        self.shown = now
        rate = done / max(now - self.began, 1e-9)
        width = 30
        filled = width * done // max(total, 1)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} matches, {rate:,.0f}/s"
            + ("\n" if done >= total else "")
        )
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


#: The figures of a study's text, in order: key in the summary, label, and whether it is a share.
_FIGURES = (
    ("points_per_round", "points per round", False),
    ("dealer_wins_round", "dealer wins a round", True),
    ("first_dealer_wins_match", "first dealer wins the match", True),
    ("tied_matches", "tied matches", True),
    ("first_bot_wins_round", "first bot wins a round", True),
    ("first_bot_wins_match", "first bot wins the match", True),
    ("koikoi_call_rate", "Koi-Koi called when offered", True),
    ("koikoi_success_rate", "caller then wins the round", True),
    ("draws", "rounds nobody wins", True),
    ("lucky_hands", "rounds won by a lucky hand", True),
    ("misdealt_field_wins", "rounds the dealer wins at the deal", True),
    ("match_length", "rounds per match", False),
)


_WHERE_RULED = {"lucky_hands", "misdealt_field_wins", "tied_matches"}


def text(done: Study) -> str:
    """A study as text: how it ran, each rule set's figures with their 95% intervals, then each
    rule set against the first, a ``*`` marking a significant difference."""
    study = done.as_dict()
    lines = [
        f"{study['matches_asked']:,} matches per rule set between {' and '.join(study['bots'])} "
        f"(seed {study['seed']}); {done.runner}, {done.seconds:.1f} s"
    ]
    if study["interrupted"]:
        lines.append("interrupted: the figures cover the matches finished before Ctrl-C")
    # A rule no rule set of the study has (lucky hands, a misdealt field won) shows no row.
    figures = [
        (key, label, is_share)
        for key, label, is_share in _FIGURES
        if key not in _WHERE_RULED or any(row["summary"][key]["value"] for row in study["rulesets"])
    ]
    width = max(len(label) for _, label, _ in figures)
    for row in study["rulesets"]:
        s = row["summary"]
        lines.append(f"\n{row['id']}: {s['matches']:,} matches, {s['rounds']:,} rounds")
        for key, label, is_share in figures:
            lines.append(f"  {label:<{width}}  {_estimate(s[key], is_share)}")
        dist = s["points_per_round"]["distribution"]
        rounds = max(s["rounds"], 1)
        common = sorted(dist, key=lambda k: (-dist[k], int(k)))[:8]
        lines.append(
            f"  {'points a round awards':<{width}}  "
            + ", ".join(f"{k}: {100 * dist[k] / rounds:.1f}%" for k in sorted(common, key=int))
            + (" …" if len(dist) > len(common) else "")
        )
        deciding = list(s["deciding_yaku"].items())[:8]
        lines.append(
            f"  {'yaku in the winning hand':<{width}}  "
            + ", ".join(f"{ident} {100 * e['value']:.1f}%" for ident, e in deciding)
            + (" …" if len(s["deciding_yaku"]) > len(deciding) else "")
        )
    for comparison in study["comparisons"]:
        lines.append(f"\n{comparison['b']} against {comparison['a']} (difference, 95% interval; * significant):")
        diffs = comparison["differences"]
        for key, label, is_share in figures:
            if key in diffs:
                lines.append(f"  {label:<{width}}  {_difference(diffs[key], is_share)}")
        moved = [(ident, d) for ident, d in diffs["deciding_yaku"].items() if d["significant"]]
        if moved:
            lines.append(
                f"  {'yaku in the winning hand':<{width}}  "
                + ", ".join(f"{ident} {100 * d['difference']:+.1f} pp" for ident, d in moved)
            )
    for note in done.notes:
        lines.append(f"\nnote: {note}")
    return "\n".join(lines) + "\n"


def _estimate(e: dict[str, Any], is_share: bool) -> str:
    low, high = e["ci95"]
    if is_share:
        return f"{100 * e['value']:5.1f}%  [{100 * low:.1f}, {100 * high:.1f}]  of {e['n']:,}"
    return f"{e['value']:6.2f}  [{low:.2f}, {high:.2f}]"


def _difference(d: dict[str, Any], is_share: bool) -> str:
    low, high = d["ci95"]
    mark = " *" if d["significant"] else ""
    if low is None or high is None:
        return f"{d['difference']:+.2f}  (too few observations){mark}"
    if is_share:
        return f"{100 * d['difference']:+5.1f} pp  [{100 * low:+.1f}, {100 * high:+.1f}]{mark}"
    return f"{d['difference']:+6.2f}  [{low:+.2f}, {high:+.2f}]{mark}"
