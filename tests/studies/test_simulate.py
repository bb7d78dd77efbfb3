"""`yakuset simulate` and `yakuset._studies.run`: a balance study's figures, the same on one
process and on a local Dask cluster, with clear messages for what it cannot do."""

from __future__ import annotations

import json
import math
import socket
import statistics
from pathlib import Path

import pytest
import yakuset
from yakuset import _studies, koikoi

from ..helpers import run


def test_simulate_prints_each_figure_with_its_interval_and_compares_rule_sets(capsys):
    code, out, err = run(capsys, "simulate", "nintendo", "tournament", "--matches", "60", "--no-progress")
    assert code == 0, err
    assert "60 matches per rule set between human and human (seed 0)" in out
    assert "nintendo: 60 matches, 720 rounds" in out and "tournament: 60 matches, 720 rounds" in out
    assert "Koi-Koi called when offered" in out and "tournament against nintendo" in out


def test_simulate_json_counts_agree_with_the_matches_played(capsys):
    code, out, _ = run(
        capsys, "simulate", "fudawiki", "--matches", "25", "--seed", "4", "--bots", "random,steady", "--json"
    )
    assert code == 0
    study = json.loads(out)
    assert study["bots"] == ["random", "steady"] and study["seed"] == 4 and not study["interrupted"]
    (row,) = study["rulesets"]
    rs = yakuset.load_ruleset("fudawiki")
    expected = koikoi.play_matches(rs, 4, 0, 25, koikoi.find_bots(rs, ["random", "steady"]))
    assert row["counts"] == expected.as_dict()
    summary = row["summary"]
    assert summary["rounds"] == 25 * 12 and sum(summary["points_per_round"]["distribution"].values()) == 300
    low, high = summary["koikoi_call_rate"]["ci95"]
    assert low <= summary["koikoi_call_rate"]["value"] <= high


def test_a_study_is_the_same_however_its_matches_are_split(monkeypatch):
    rulesets = [yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("tournament")]
    whole = _studies.run(rulesets, 30, 9, ["greedy", "random"]).as_dict()
    monkeypatch.setattr(_studies, "PART_SIZE", 7)
    assert _studies.run(rulesets, 30, 9, ["greedy", "random"]).as_dict() == whole
    alone = _studies.run(rulesets[:1], 30, 9, ["greedy", "random"]).as_dict()
    assert alone["rulesets"] == whole["rulesets"][:1]  # played alone or beside another: the same matches


#: Student's t, the 97.5% quantile for 39 degrees of freedom (a published table, three decimals).
T_39 = 2.023


def test_a_study_compares_rule_sets_match_by_match_a_ratio_by_the_delta_method():
    # Points per round is a ratio of sums over the matches (BGA plays 6 rounds, Nintendo 12): its
    # paired interval is t over the per-match linearised differences, worked out here from each
    # match played alone under each rule set.
    nintendo, bga = yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("bga")
    study = _studies.run([nintendo, bga], 40, 4, ["greedy", "greedy"], workers=1).as_dict()
    found = study["comparisons"][0]["differences"]["points_per_round"]
    sides = []
    for rs in (nintendo, bga):
        bots = koikoi.find_bots(rs, ["greedy", "greedy"])
        matches = [koikoi.play_matches(rs, 4, i, i + 1, bots) for i in range(40)]
        sides.append([(sum(p * n for p, n in t.points.items()), t.rounds) for t in matches])
    ratios = [sum(x for x, _ in side) / sum(d for _, d in side) for side in sides]
    means = [statistics.mean(d for _, d in side) for side in sides]
    linear = [
        (xb - ratios[1] * db) / means[1] - (xa - ratios[0] * da) / means[0]
        for (xa, da), (xb, db) in zip(*sides, strict=True)
    ]
    half = T_39 * statistics.stdev(linear) / math.sqrt(40)
    low, high = found["ci95"]
    assert found["difference"] == pytest.approx(ratios[1] - ratios[0], abs=1e-4)
    assert (high - low) / 2 == pytest.approx(half, rel=1e-3)
    assert found["significant"] == (low > 0 or high < 0)


@pytest.mark.slow
def test_a_two_worker_local_cluster_gives_the_same_json_as_one_process(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(_studies, "PART_SIZE", 40)  # several tasks for each worker
    rulesets = [yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("koikoi-japan")]
    here = _studies.run(rulesets, 200, 21, ["greedy", "greedy"], workers=1)
    cluster = _studies.run(rulesets, 200, 21, ["greedy", "greedy"], workers=2)
    assert here.runner == "in-process" and cluster.runner == "local dask cluster of 2 processes"
    assert json.dumps(cluster.as_dict()) == json.dumps(here.as_dict())


def test_a_study_from_a_file_reaches_workers_as_its_text(tmp_path: Path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: nintendo\nname: House\ncalls: {limit_per_round: 2}\n", encoding="utf-8")
    rs = yakuset.load_ruleset(path)
    source = _studies.RulesetSource.of(rs)
    assert source.text is not None and "limit_per_round: 2" in source.text
    assert koikoi.rules_of(source.load()).table.call_limit.calls == 2
    assert _studies.RulesetSource.of(yakuset.load_ruleset("nintendo")) == _studies.RulesetSource("nintendo")


def test_ctrl_c_stops_the_study_with_the_matches_finished(monkeypatch, capsys):
    played = {"parts": 0}
    study = koikoi.GAME.study
    part = study.play_matches

    def interrupted_after_two_parts(rs, seed, start, stop, bots):
        played["parts"] += 1
        if played["parts"] > 2:
            raise KeyboardInterrupt
        return part(rs, seed, start, stop, bots)

    monkeypatch.setattr(study, "play_matches", interrupted_after_two_parts)
    monkeypatch.setattr(_studies, "PART_SIZE", 10)
    code, out, _ = run(capsys, "simulate", "nintendo", "--matches", "1000", "--no-progress")
    assert code == 130
    assert "interrupted: the figures cover the matches finished before Ctrl-C" in out
    assert "nintendo: 20 matches, 240 rounds" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nintendo", "tenhou"], "'nintendo' is a koikoi rule set and 'tenhou' a riichi one"),
        (["nintendo", "--bots", "greedy,gredy"], "no bot named 'gredy'"),
        (["nintendo", "--bots", "greedy"], "Koi-Koi is played by two bots, got 1: greedy"),
        (["nintendo", "nintendo"], "a rule set is named twice: nintendo, nintendo"),
        (["nintendo", "--matches", "0"], "expected a whole number of at least 1, got '0'"),
    ],
)
def test_simulate_refuses_with_one_line(capsys, argv: list[str], message: str):
    code, out, err = run(capsys, "simulate", *argv, "--no-progress")
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--matches", "100000000000000000000"], "expected at most 1,000,000 matches, got '100000000000000000000'"),
        (
            ["--plot", "no-such-folder/study.png"],
            "cannot write the plot 'no-such-folder/study.png': there is no folder",
        ),
        (["--plot", "study.txt"], "the plot 'study.txt' must end in .png, .svg, .pdf, got '.txt'"),
        (["--plot", "."], "must end in .png, .svg, .pdf"),
    ],
)
def test_a_study_too_long_or_a_plot_it_cannot_write_is_refused_before_it_starts(monkeypatch, capsys, argv, message):
    pytest.importorskip("matplotlib")

    def never(*_args, **_kwargs):
        raise AssertionError("the study started")

    monkeypatch.setattr(_studies, "run", never)
    code, out, err = run(capsys, "simulate", "nintendo", *argv, "--no-progress")
    assert (code, out) == (2, "")
    assert message in err and len(err.splitlines()) == 1


def test_a_plot_into_a_folder_it_cannot_write_is_refused_before_the_study(monkeypatch, capsys, tmp_path: Path):
    pytest.importorskip("matplotlib")
    monkeypatch.setattr(_studies, "run", lambda *_a, **_k: pytest.fail("the study started"))
    folder = tmp_path / "images"
    folder.mkdir()
    code, _, err = run(capsys, "simulate", "nintendo", "--plot", str(folder), "--no-progress")
    assert code == 2 and "must end in .png" in err
    (folder / "x.png").mkdir()
    code, _, err = run(capsys, "simulate", "nintendo", "--plot", str(folder / "x.png"), "--no-progress")
    assert code == 2 and "it is a folder" in err


def test_without_the_cluster_extra_the_cli_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setattr(_studies, "_dask_installed", lambda: False)
    code, _, err = run(capsys, "simulate", "nintendo", "--matches", "5", "--workers", "2", "--no-progress")
    assert code == 2
    assert "needs dask and distributed: pip install 'yakuset[cluster]'" in err


def test_without_the_cluster_extra_a_large_study_runs_here_and_says_so(monkeypatch):
    monkeypatch.setattr(_studies, "_dask_installed", lambda: False)
    monkeypatch.setattr(_studies, "CLUSTER_FROM", 10)
    study = _studies.run([yakuset.load_ruleset("nintendo")], 10, 0, ["random", "random"])
    assert study.runner == "in-process"
    assert study.notes == [
        "dask is not installed: the study ran in one process (pip install 'yakuset[cluster]' to use every CPU)"
    ]


def test_plot_draws_the_study_into_an_image(tmp_path: Path, capsys):
    pytest.importorskip("matplotlib")
    image = tmp_path / "study.png"
    code, _, err = run(capsys, "simulate", "nintendo", "bga", "--matches", "20", "--plot", str(image), "--no-progress")
    assert code == 0, err
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_the_plot_extra_the_cli_says_how_to_install_it(monkeypatch, capsys, tmp_path: Path):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    code, _, err = run(capsys, "simulate", "nintendo", "--matches", "5", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and "--plot needs matplotlib: pip install 'yakuset[plot]'" in err


def test_run_refuses_wrong_arguments_precisely():
    rs = yakuset.load_ruleset("nintendo")
    with pytest.raises(ValueError, match="matches must be a whole number of at least 1, got 0"):
        _studies.run([rs], 0, 0, ["random", "random"])
    with pytest.raises(ValueError, match="matches must be a whole number of at most 1000000 in size"):
        _studies.run([rs], 10**20, 0, ["random", "random"])
    with pytest.raises(ValueError, match="seed must be a whole number, got '1'"):
        _studies.run([rs], 1, "1", ["random", "random"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a study needs at least one rule set"):
        _studies.run([], 1, 0, ["random", "random"])


def test_a_scheduler_that_cannot_be_reached_is_one_line_saying_how_to_start_one(monkeypatch, capsys):
    pytest.importorskip("distributed")
    monkeypatch.setattr(_studies, "SCHEDULER_TIMEOUT", "0.1s")  # refused at once: nothing to wait for
    with socket.socket() as unused:  # a port nobody listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    code, out, err = run(capsys, "simulate", "nintendo", "--matches", "5", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert code == 2 and out == ""
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}" in err and "dask scheduler" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_worker_that_fails_is_one_error_saying_what_workers_need(monkeypatch):
    distributed = pytest.importorskip("distributed")

    def missing_plugin(*args):
        raise ModuleNotFoundError("No module named 'house_plugin'")

    # Threads in this process: the worker finds the replaced task where the cluster's would
    # find a worker without the house plugin installed.
    monkeypatch.setattr(_studies, "_part", missing_plugin)
    cluster = distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=":0")
    with cluster, pytest.raises(yakuset.InputError, match="a Dask worker failed: ModuleNotFoundError") as caught:
        rs = yakuset.load_ruleset("nintendo")
        _studies.run([rs], 5, 0, ["random", "random"], scheduler=cluster.scheduler_address)
    assert "each worker needs yakuset, and the plugins the rule sets use, installed" in str(caught.value)


@pytest.fixture(scope="module")
def small_study() -> dict:
    rulesets = [yakuset.load_ruleset(ident) for ident in ("nintendo", "tournament", "bga")]
    return _studies.run(rulesets, 40, 1, ["greedy", "greedy"], workers=1).as_dict()


@pytest.fixture(scope="module")
def small_study_figure(small_study):
    """The figure of the small study, drawn once: the tests below read it, none changes it."""
    pytest.importorskip("matplotlib")
    from matplotlib import pyplot
    from yakuset.koikoi.study.plot import drawn

    figure = drawn(small_study)
    yield figure
    pyplot.close(figure)


def test_the_plot_shows_the_headline_differences_with_a_mark_where_significant(small_study, small_study_figure):
    figure = small_study_figure
    panels = {axes.get_label(): axes for axes in figure.axes}
    marks = [text for text in panels["differences"].texts if text.get_text() == "*"]
    averages = [name for name in panels if name not in ("differences", "shares", "points")]
    assert {"points_per_round", "koikoi_calls_per_round", "match_length"} <= set(averages)
    average_notes = [text.get_text() for name in averages for text in panels[name].texts]
    significant = [
        (comparison["b"], key)
        for comparison in small_study["comparisons"]
        for key, found in comparison["differences"].items()
        if key != "deciding_yaku" and found["significant"]
    ]
    # Each significant difference is marked once: a "*" beside a share, or at the end of an average's note.
    assert len(marks) + sum(note.endswith(" *") for note in average_notes) == len(significant)
    # Tournament's points per round against Nintendo's: the headline the text reports, marked.
    tournament = small_study["comparisons"][0]["differences"]["points_per_round"]
    assert any(note.startswith(f"{tournament['difference']:+.2f}") for note in average_notes)


def test_the_plot_gives_each_rule_set_one_colour_and_scales_its_axes_to_the_data(small_study, small_study_figure):
    from matplotlib.colors import to_hex

    figure = small_study_figure
    panels = {axes.get_label(): axes for axes in figure.axes}
    colours: dict[str, set[str]] = {}
    for axes in figure.axes:
        handles, labels = axes.get_legend_handles_labels()
        for handle, label in zip(handles, labels, strict=True):
            line = handle[0] if isinstance(handle, tuple) else handle
            colours.setdefault(label, set()).add(to_hex(line.get_color()))
    assert set(colours) == {"nintendo", "tournament", "bga"}
    assert all(len(found) == 1 for found in colours.values()), colours
    assert len({next(iter(found)) for found in colours.values()}) == 3
    # The points axis stops where nearly every round lies, not at the largest award.
    largest = max(int(k) for row in small_study["rulesets"] for k in row["summary"]["points_per_round"]["distribution"])
    assert panels["points"].get_xlim()[1] < largest
    # An average's axis spans the values, not 0 to 1 (points per round lie far above 1).
    low, high = panels["points_per_round"].get_ylim()
    values = [row["summary"]["points_per_round"]["ci95"] for row in small_study["rulesets"]]
    assert low > 1 and low <= min(v[0] for v in values) and high >= max(v[1] for v in values)


def test_a_difference_alike_in_every_pair_is_said_in_words_not_as_an_interval(capsys):
    # BGA plays 6 months, Nintendo 12 (their rule sets' `rounds`): every match differs by 6 rounds.
    code, out, _ = run(capsys, "simulate", "nintendo", "bga", "--matches", "5", "--no-progress")
    assert code == 0
    [line] = [line for line in out.splitlines() if line.strip().startswith("rounds per match") and "every" in line]
    assert line.split()[3:] == ["-6.00", "(the", "same", "difference", "in", "every", "pair)", "*"]
    assert "[-6.00, -6.00]" not in out


def test_a_study_on_a_cluster_is_cut_so_that_every_worker_has_matches():
    # A task plays its matches under every rule set of the study: 2,000 games in one task would
    # leave a second worker idle.
    assert _studies.cluster_parts(2_000) == [(start, start + 100) for start in range(0, 2_000, 100)]
    assert _studies.cluster_parts(5) == [(i, i + 1) for i in range(5)]
    assert len(_studies.cluster_parts(100_000)) == 50 and _studies.cluster_parts(100_000)[-1] == (98_000, 100_000)


def test_ctrl_c_without_a_progress_bar_keeps_the_matches_that_finished(monkeypatch):
    # issue 42 item 20: without a terminal the study ran in parts of 2,000 and lost every match
    # finished before Ctrl-C ("nintendo: 0 matches").
    from yakuset import _studies

    played = _studies.play_part
    calls = []

    def interrupted_third(*args, **kwargs):
        calls.append(args[2:4])
        if len(calls) == 3:
            raise KeyboardInterrupt
        return played(*args, **kwargs)

    monkeypatch.setattr(_studies, "play_part", interrupted_third)
    study = _studies.run([yakuset.load_ruleset("nintendo")], 500, 1, ["greedy", "greedy"], workers=1)
    assert study.interrupted
    assert calls[:2] == [(0, 5), (5, 10)]
    assert study.as_dict()["rulesets"][0]["summary"]["matches"] == 10
