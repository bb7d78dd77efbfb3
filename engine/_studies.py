"""Balance studies: many simulated matches of one or more rule sets, on this machine or on a
Dask cluster, with the same figures either way.

Matches are independent: match ``i`` of a study is played from a seed derived from (the
study's seed, ``i``) alone, and each rule set's matches are cut into parts whose tallies hold
whole-number counts only. Whatever runs the parts (this process, a local cluster of processes,
a remote cluster) and in whatever order they finish, their sum is the same.

What a match is, what a tally counts and which figures it gives are the game's: a study asks
the rule sets' game for its study part (:class:`yakuset._core.studypart.StudyPart`: Koi-Koi and
Riichi have one) and knows no game itself.

Dask (``dask`` and ``distributed``) is the optional extra ``yakuset[cluster]``; it is imported
only when a study uses it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._core import realism
from ._core.arguments import a_seed, whole_number
from ._core.errors import InputError
from ._core.pairs import Measure, Pairs
from ._core.realism import RealPlay
from ._core.resolve import BUNDLED
from ._core.ruleset import RuleSet
from ._core.studypart import StudyPart, Tally
from ._house import load_ruleset, load_ruleset_text

#: Below this many matches in all, a study runs in this process: a local cluster takes
#: seconds to start, longer than the study itself.
CLUSTER_FROM = 20_000
#: The most matches a study plays per rule set: about an hour of one core's time (a match takes a
#: few milliseconds, bench/README.md); a longer study is refused before it starts.
MAX_MATCHES = 1_000_000
#: Matches per task on a cluster: large enough that scheduling costs little, small enough
#: that progress and Ctrl-C are prompt.
PART_SIZE = 2_000
#: At least this many tasks for a study on a cluster (while each keeps a match): a task plays
#: its matches under every rule set of the study, so 2,000 Riichi games of two rule sets in one
#: task would keep every worker but one idle.
CLUSTER_TASKS = 20

#: How long to try to reach a scheduler given by address.
SCHEDULER_TIMEOUT = "10s"

#: The local cluster's workers run nothing a study reads: no statistical profiler (it samples
#: the playing thread's stack a hundred times a second), and the event-loop and memory checks
#: ten times less often. With Dask's defaults each worker's event loop took about 4.5% of a
#: core beside the playing thread (1.0 s of 21.5 s, 4,000 paired Koi-Koi matches; 0.2 s with
#: these), and the client's in-process scheduler 1.1 s (0.3 s). Dask's own keys, set only while
#: the local cluster starts (its workers take the settings with them).
LOCAL_WORKER_SETTINGS = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
}

CLUSTER_HINT = "pip install 'yakuset[cluster]'"
PLOT_HINT = "pip install 'yakuset[plot]'"


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
    """The outcome of a study: each rule set's tally, each later rule set's moments paired with
    the first's, match by match (:mod:`yakuset._core.pairs`), and how it ran."""

    rulesets: list[str]
    asked: int
    seed: int
    bots: tuple[str, ...]
    tallies: dict[str, Tally]
    runner: str
    part: StudyPart
    pairs: dict[str, Pairs] = field(default_factory=dict)
    interrupted: bool = False
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The study as JSON data: the same whatever ran it, on any number of workers (how it
        ran and how long it took are in :func:`text` only)."""
        first = self.rulesets[0]
        part = self.part
        summaries = {ident: part.summary(self.tallies[ident]) for ident in self.rulesets}
        return {
            "seed": self.seed,
            "bots": list(self.bots),
            "matches_asked": self.asked,
            "interrupted": self.interrupted,
            "rulesets": [
                {"id": ident, "summary": summaries[ident], "counts": self.tallies[ident].as_dict()}
                for ident in self.rulesets
            ],
            "comparisons": [
                {"a": first, "b": ident, "differences": part.compare(self.pairs[ident])} for ident in self.rulesets[1:]
            ],
            "real_play": realism.measured_in_study(part.real_play, summaries),
        }


def parts(matches: int, size: int = PART_SIZE) -> list[tuple[int, int]]:
    """The match indices ``0 .. matches-1`` cut into ``(start, stop)`` parts of at most ``size``."""
    if size < 1:
        raise ValueError(f"a part holds at least one match, got {size}")
    return [(start, min(start + size, matches)) for start in range(0, matches, size)]


Played = tuple[list[Tally], list[Pairs]]


def play_part(rulesets: Sequence[RuleSet], seed: int, start: int, stop: int, bots: Sequence[str]) -> Played:
    """Matches ``start .. stop-1`` under each rule set: each rule set's tally and, for each
    rule set after the first, its moments paired with the first's match by match (none for one
    rule set)."""
    part = study_part(rulesets[0])
    if len(rulesets) == 1:
        return [part.play_matches(rulesets[0], seed, start, stop, bots)], []
    comparisons = [(0, index) for index in range(1, len(rulesets))]
    return play_paired(rulesets, comparisons, part.compare_measures(rulesets), seed, start, stop, bots)


def play_paired(
    rulesets: Sequence[RuleSet],
    comparisons: Sequence[tuple[int, int]],
    measures: Sequence[Measure],
    seed: int,
    start: int,
    stop: int,
    bots: Sequence[str],
) -> Played:
    """Matches ``start .. stop-1`` under each of ``rulesets``: each rule set's tally and, for
    each comparison ``(i, j)``, the ``measures``' moments of ``rulesets[j]`` paired with
    ``rulesets[i]``'s, match by match."""
    part = study_part(rulesets[0])
    keys = [m.key for m in measures]
    tallies = [part.new_tally() for _ in rulesets]
    pairs = [Pairs(keys) for _ in comparisons]
    streams = [part.play_each(rs, seed, start, stop, bots) for rs in rulesets]
    for played in zip(*streams, strict=True):
        read = [{m.key: m.read(one) for m in measures} for one in played]
        for tally, one in zip(tallies, played, strict=True):
            tally.add(one)
        for kept, (i, j) in zip(pairs, comparisons, strict=True):
            kept.observe(read[i], read[j])
    return tallies, pairs


def cluster_parts(matches: int) -> list[tuple[int, int]]:
    """The parts a cluster plays: at most :data:`PART_SIZE` matches each, and at least
    :data:`CLUSTER_TASKS` of them while each keeps a match, so that every worker has some."""
    return parts(matches, min(PART_SIZE, max(1, matches // CLUSTER_TASKS)))


def _part(sources: tuple[RulesetSource, ...], seed: int, start: int, stop: int, bots: tuple[str, ...]) -> Played:
    """A cluster task: load the rule sets and play matches ``start .. stop-1`` under each."""
    return play_part([_loaded(source) for source in sources], seed, start, stop, bots)


_LOADED: dict[RulesetSource, RuleSet] = {}


def _loaded(source: RulesetSource) -> RuleSet:
    """A worker loads each rule set once, however many parts it plays."""
    rs = _LOADED.get(source)
    if rs is None:
        rs = _LOADED[source] = source.load()
    return rs


def study_part(rs: RuleSet) -> StudyPart:
    """The study part of the rule set's game; :class:`InputError` for a game without one."""
    part = rs.part.study
    if part is not None:
        return part
    games = [name for name, game in (rs.registry.games if rs.registry else {}).items() if game.study is not None]
    raise InputError(f"{rs.id!r} is a {rs.game} rule set; `simulate` needs a {' or '.join(games)} rule set")


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
    dealer's first; none: the game's default bots) and tally them.

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
    whole_number("matches", matches, minimum=1, maximum=MAX_MATCHES)
    a_seed("seed", seed)
    if workers is not None:
        whole_number("workers", workers, minimum=1)
    ids = [rs.id for rs in rulesets]
    if len(set(ids)) != len(ids):
        raise InputError(f"a rule set is named twice: {', '.join(ids)}")
    part = study_part(rulesets[0])
    for rs in rulesets[1:]:
        if study_part(rs) is not part:
            raise InputError(f"{rulesets[0].id!r} is a {rulesets[0].game} rule set and {rs.id!r} a {rs.game} one")
    names = tuple(bots) or part.default_bots(rulesets[0])
    for rs in rulesets:
        names = part.check_bots(rs, names)
    notes: list[str] = []
    cluster, workers = where_to_run(matches * len(rulesets), workers, scheduler, notes)
    tallies = {ident: part.new_tally() for ident in ids}
    study = Study(ids, matches, seed, names, tallies, "in-process", part, notes=notes)
    if len(ids) > 1:
        keys = [m.key for m in part.compare_measures(rulesets)]
        study.pairs = {ident: Pairs(keys) for ident in ids[1:]}
    began = time.perf_counter()
    if cluster:
        _on_cluster(study, rulesets, workers, scheduler, progress)
    else:
        _here(study, rulesets, progress)
    study.seconds = time.perf_counter() - began
    return study


def where_to_run(total: int, workers: int | None, scheduler: str | None, notes: list[str]) -> tuple[bool, int | None]:
    """Whether ``total`` matches run on a Dask cluster, and on how many local processes: as
    asked, else on one process per CPU from :data:`CLUSTER_FROM` matches when Dask is installed
    (when it is not, a note in ``notes`` says so). A cluster asked for without Dask is an
    :class:`InputError`."""
    cluster = scheduler is not None or (workers or 1) > 1
    if workers is None and scheduler is None and total >= CLUSTER_FROM:
        if _dask_installed():
            cluster, workers = True, os.cpu_count() or 1
        else:
            notes.append(f"dask is not installed: the study ran in one process ({CLUSTER_HINT} to use every CPU)")
    if cluster and not _dask_installed():
        raise InputError(f"running a study on a Dask cluster needs dask and distributed: {CLUSTER_HINT}")
    return cluster, workers


def _here(study: Study, rulesets: Sequence[RuleSet], progress: Callable[[int, int], None] | None) -> None:
    size = min(PART_SIZE, max(1, study.asked // 100))  # small parts: Ctrl-C keeps what finished
    take = _taker(study, progress)
    for start, stop in parts(study.asked, size):
        try:
            take(play_part(rulesets, study.seed, start, stop, study.bots))
        except KeyboardInterrupt:
            study.interrupted = True
            return


def _on_cluster(
    study: Study,
    rulesets: Sequence[RuleSet],
    workers: int | None,
    scheduler: str | None,
    progress: Callable[[int, int], None] | None,
) -> None:
    sources = tuple(RulesetSource.of(rs) for rs in rulesets)
    tasks = [(sources, study.seed, start, stop, study.bots) for start, stop in cluster_parts(study.asked)]
    study.runner, study.interrupted = on_cluster(_part, tasks, workers, scheduler, _taker(study, progress))


def _taker(study: Study, progress: Callable[[int, int], None] | None) -> Callable[[Played], None]:
    """What adds a part's tallies and paired moments to the study as it finishes, and reports
    progress."""
    total = study.asked * len(study.rulesets)
    done = 0

    def take(result: Played) -> None:
        nonlocal done
        tallies, pairs = result
        for ident, tally in zip(study.rulesets, tallies, strict=True):
            study.tallies[ident].add(tally)
        for ident, kept in zip(study.rulesets[1:], pairs, strict=True):
            study.pairs[ident].add(kept)
        done += tallies[0].matches * len(tallies)
        if progress:
            progress(done, total)

    return take


def on_cluster(
    function: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    workers: int | None,
    scheduler: str | None,
    take: Callable[[Any], None],
) -> tuple[str, bool]:
    """Run ``function(*task)`` for each of ``tasks`` on the Dask cluster at ``scheduler``, or on a
    local cluster of ``workers`` processes, handing each result to ``take`` as it finishes (in
    any order). Returns how it ran and whether Ctrl-C stopped it (what finished was taken)."""
    from importlib import import_module

    dask: Any = import_module("distributed")  # untyped: an optional extra
    dask_config: Any = import_module("dask.config")
    Client, LocalCluster, as_completed = dask.Client, dask.LocalCluster, dask.as_completed

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise InputError(
                f"cannot reach the Dask scheduler at {scheduler}: {' '.join(str(exc).split())} "
                "(start one with `dask scheduler`, and workers with `dask worker ADDRESS`)"
            ) from None
        cluster = None
        runner = f"dask cluster at {scheduler}"
    else:
        with dask_config.set(LOCAL_WORKER_SETTINGS):
            cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
            )
            client = Client(cluster)
        runner = f"local dask cluster of {workers} processes"
    interrupted = False
    try:
        futures = [client.submit(function, *task, pure=False) for task in tasks]
        try:
            for future in as_completed(futures):
                try:
                    result = future.result()
                except (InputError, KeyboardInterrupt):
                    raise
                except Exception as exc:  # a worker's environment, not the study
                    client.cancel(futures)
                    raise InputError(
                        f"a Dask worker failed: {type(exc).__name__}: {' '.join(str(exc).split())} "
                        "(each worker needs yakuset, and the plugins the rule sets use, installed)"
                    ) from None
                take(result)
        except KeyboardInterrupt:
            interrupted = True
            client.cancel(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return runner, interrupted


def _dask_installed() -> bool:
    from importlib.util import find_spec

    try:
        return find_spec("distributed") is not None and find_spec("dask") is not None
    except (ImportError, ValueError):
        return False


class Progress:
    """A one-line progress report on standard error, redrawn at most a few times a second: what
    is done of how many ``unit`` (``per`` for each rule set played), the rate and the time left.

    ``[######........................] 296/800 games (400 for each of 2 rule sets), 1.4/s, 6 min left``
    """

    def __init__(self, unit: str = "matches", per: int | None = None, stream: Any = None) -> None:
        self.unit = unit
        self.per = per
        self.stream = stream if stream is not None else sys.stderr
        self.began = time.perf_counter()
        self.shown = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.shown < 0.2:
            return
        self.shown = now
        self.stream.write("\r" + self.line(done, total, now - self.began) + ("\n" if done >= total else ""))
        self.stream.flush()

    def line(self, done: int, total: int, seconds: float) -> str:
        """The report after ``seconds`` with ``done`` of ``total`` played."""
        width = 30
        filled = width * done // max(total, 1)
        counted = f"{done:,}/{total:,} {self.unit}"
        if self.per and total > self.per and total % self.per == 0:
            counted += f" ({self.per:,} for each of {total // self.per} rule sets)"
        rate = done / seconds if seconds > 0 else 0.0
        shown = f"{rate:,.1f}/s" if rate < 10 else f"{rate:,.0f}/s"
        left = "" if done >= total or not done else f", {_duration((total - done) / rate)} left"
        return f"[{'#' * filled}{'.' * (width - filled)}] {counted}, {shown}{left}"

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    """``45 s``, ``6 min``, ``1 h 20 min``: a time left, rounded as a reader takes it."""
    if seconds < 60:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min"


def text(done: Study) -> str:
    """A study as text: how it ran, then the game's figures (each rule set's, with their 95%
    intervals; then each rule set against the first)."""
    study = done.as_dict()
    lines = [
        f"{study['matches_asked']:,} {done.part.unit} per rule set between {bots_named(study['bots'])} "
        f"(seed {study['seed']}); {done.runner}, {done.seconds:.1f} s"
    ]
    if study["interrupted"]:
        lines.append("interrupted: the figures cover the matches finished before Ctrl-C")
    lines += done.part.figures(study)
    lines += _real_play_lines(done.part.real_play, study)
    for note in done.notes:
        lines.append(f"\nnote: {note}")
    return "\n".join(lines) + "\n"


def _real_play_lines(real: RealPlay | None, study: dict[str, Any]) -> list[str]:
    """How far the study's bots are from real play, and a caution for each significant
    difference of a comparison that acts through a figure they miss."""
    block = study["real_play"]
    lines = realism.study_lines(real, block, ",".join(study["bots"]))
    for comparison in study["comparisons"]:
        moved = {
            name: d["difference"]
            for name, d in comparison["differences"].items()
            if isinstance(d, dict) and d.get("significant")
        }
        between = f"{comparison['b']} against {comparison['a']}"
        lines += [f"note: {note}" for note in realism.cautions(real, block, moved, between)]
    return ["", *lines] if lines else []


def _listed(names: Sequence[str]) -> str:
    """``a and b``; ``a, b, c and d``."""
    return f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names)


def bots_named(names: Sequence[str]) -> str:
    """The bots at the table, as a report names them: ``greedy and random``; one name at every
    seat of three or four: ``efficiency at every seat``, not the name four times."""
    return f"{names[0]} at every seat" if len(names) > 2 and len(set(names)) == 1 else _listed(names)


#: The image files a plot may be written as, by their extension.
PLOT_FORMATS = (".png", ".svg", ".pdf")


def check_plot(path: str | os.PathLike[str] | None = None) -> None:
    """Refuse a plot when matplotlib (the optional extra ``yakuset[plot]``) is not installed, or
    ``path`` cannot be written (a folder that does not exist or is not writable, an extension
    other than PNG, SVG or PDF): checked before a study starts, not after it."""
    from importlib.util import find_spec

    if find_spec("matplotlib") is None:
        raise InputError(f"--plot needs matplotlib: {PLOT_HINT}")
    if path is None:
        return
    text = os.fspath(path)
    suffix = os.path.splitext(text)[1].lower()
    if suffix not in PLOT_FORMATS:
        raise InputError(f"the plot {text!r} must end in {', '.join(PLOT_FORMATS)}, got {suffix or 'no extension'!r}")
    folder = os.path.dirname(text) or "."
    if not os.path.isdir(folder):
        raise InputError(f"cannot write the plot {text!r}: there is no folder {folder!r}")
    if os.path.isdir(text) or not os.access(folder, os.W_OK):
        raise InputError(
            f"cannot write the plot {text!r}: "
            + ("it is a folder" if os.path.isdir(text) else f"the folder {folder!r} is not writable")
        )


def plot(done: Study, path: str | os.PathLike[str]) -> None:
    """Draw the study into the image file ``path`` (PNG, SVG or PDF by its extension), as its
    game draws it."""
    check_plot()
    done.part.plot(done.as_dict(), path)
