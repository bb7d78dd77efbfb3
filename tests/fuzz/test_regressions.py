"""What fuzzing found, kept: each case once escaped as a raw exception, hung, ran out of memory,
gave a wrong answer or placed a problem outside its line. Each now gets a clear, located answer."""

from __future__ import annotations

import os

import pytest
import yakuset
from yakuset import koikoi, riichi
from yakuset._cli import main as cli_main

from ..helpers import write


def refused(path) -> yakuset.RulesetError:
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    return caught.value


# --- scalars and numbers ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("!!bool maybe", "cannot read 'maybe' as true or false"),
        ('!!int ""', "cannot read '' as a whole number"),
        ("!!null x", "cannot read 'x' as null"),
        ("!!float .inf", "not a finite number"),
        (".nan", "not a finite number"),
        ("1:20", "base-60"),
        ("1.0e+400", "too large"),
        ("10000000000000000", "too large"),
        ("9" * 5000, "a number of 5,000 digits is too large"),
    ],
)
def test_odd_scalars_are_located_problems(tmp_path, value, message):
    path = write(tmp_path, "house.yaml", f"extends: nintendo\nname: House\ncalls:\n  limit_per_round: {value}\n")
    problem = refused(path).problems[0]
    assert message in problem.message
    assert (problem.location.line, problem.path) == (4, "calls.limit_per_round")
    assert len(problem.message) < 200  # never a number of thousands of digits


def test_nan_as_a_cap_is_refused_not_ignored(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: House
        award:
          multipliers:
            - id: own_streak
              max: .nan
    """,
    )
    assert "not a finite number" in str(refused(path))


# --- reading files ----------------------------------------------------------------------------


def test_a_device_is_refused_without_reading_it():
    error = refused("/dev/zero")
    assert "not a regular file" in str(error)


def test_a_fifo_is_refused_without_opening_it(tmp_path):
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    assert "not a regular file" in str(refused(fifo))


def test_extends_chains_stop_at_sixteen_files(tmp_path):
    write(tmp_path, "r0.yaml", "extends: nintendo\nname: R0\n")
    for index in range(1, 20):
        write(tmp_path, f"r{index}.yaml", f"extends: ./r{index - 1}.yaml\n")
    error = refused(tmp_path / "r19.yaml")
    assert "deeper than 16 files" in str(error)


def test_a_file_of_too_many_values_is_refused_early(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        "extends: nintendo\nname: x\nmetadata:\n" + "".join(f"  k{i}: 1\n" for i in range(30_000)),
    )
    error = refused(path)
    assert "more than 5,000 values" in str(error)


def test_a_fu_set_removed_with_null_is_a_located_problem_not_a_key_error(tmp_path):
    path = write(tmp_path, "house.yaml", "extends: tenhou\nfu:\n  sets:\n    terminal_open_kan: null\n")
    problem = refused(path).problems[0]
    assert (problem.location.line, problem.path) == (4, "fu.sets")
    assert "missing 'terminal_open_kan'" in problem.message


# --- locations --------------------------------------------------------------------------------


def test_an_expression_in_a_block_scalar_is_placed_on_its_own_line(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: House
        award:
          multipliers:
            - id: own_streak
              factor: >
                1 + own_cals
    """,
    )
    problem = refused(path).problems[0]
    assert (problem.location.line, problem.location.col) == (7, 13)


def test_an_expression_over_two_lines_is_placed_at_its_start(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: House
        award: {multipliers: [{id: own_streak, factor: 1 +
            own_cals}]}
    """,
    )
    problem = refused(path).problems[0]
    assert (problem.location.line, problem.location.col) == (3, 48)


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_unusual_line_separators_do_not_shift_later_lines(tmp_path, separator):
    path = write(tmp_path, "house.yaml", f'extends: nintendo\nname: "a{separator}b"\ncalls:\n  limit_per_round: once\n')
    assert refused(path).problems[0].location.line == 4


def test_a_file_with_carriage_returns_only_reports_real_lines(tmp_path):
    path = write(tmp_path, "house.yaml", "extends: nintendo\rname: x\rcalls:\r  limit_per_round: once\r", newline="")
    problem = refused(path).problems[0]
    assert (problem.location.line, problem.location.col) == (4, 20)


# --- expressions proven at load, limits before arithmetic --------------------------------------


def test_basic_points_may_not_use_basic(tmp_path):
    path = write(tmp_path, "house.yaml", "extends: tenhou\nname: x\nscoring:\n  basic: basic * 2\n")
    assert "unknown name `basic`" in str(refused(path))


def test_a_division_by_zero_in_some_situation_is_refused_at_load(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: House
        award:
          multipliers:
            - id: odd
              factor: 12 / (own_calls - 3)
    """,
    )
    problem = refused(path).problems[0]
    assert "division by zero" in problem.message and "own_calls = 3" in problem.message


def test_an_award_past_the_bound_is_refused_at_load(tmp_path):
    multipliers = "".join(f"    - {{id: m{i}, factor: 1000000}}\n" for i in range(30))
    path = write(tmp_path, "house.yaml", f"extends: nintendo\nname: x\naward:\n  multipliers:\n{multipliers}")
    assert "past 1e+15" in str(refused(path))


def test_a_fractional_award_is_refused_at_load(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: House
        award:
          multipliers:
            - id: half
              factor: 1.5
    """,
    )
    assert "not a whole number" in str(refused(path))


def test_a_huge_fu_maximum_is_refused_by_the_schema(tmp_path):
    path = write(tmp_path, "house.yaml", "extends: tenhou\nname: x\nfu:\n  maximum: 1000000000\n")
    assert "fu.maximum" in str(refused(path))


def test_sixty_han_is_capped_by_the_limits_not_an_overflow():
    # 60 han: sanbaiman under ema-2025 (no kazoe), a counted yakuman under tenhou.
    assert riichi.score(yakuset.load_ruleset("ema-2025"), han=60, fu=30).limit == "sanbaiman"
    assert riichi.score(yakuset.load_ruleset("tenhou"), han=60, fu=30).limit == "yakuman"


# --- arguments --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: koikoi.award(yakuset.load_ruleset("nintendo"), base=8, opponent_calls=2.5),
        lambda: koikoi.award(yakuset.load_ruleset("nintendo"), base=8, own_calls=True),
        lambda: koikoi.award(None, base=8),  # type: ignore[arg-type]
        lambda: koikoi.award_tables(yakuset.load_ruleset("nintendo"), None),  # type: ignore[arg-type]
        lambda: riichi.score(yakuset.load_ruleset("tenhou"), han=3, fu=40, dealer="true"),
        lambda: riichi.score("tenhou", han=3, fu=40),  # type: ignore[arg-type]
        lambda: riichi.payment_grids(yakuset.load_ruleset("tenhou"), 2.5),  # type: ignore[arg-type]
        lambda: riichi.evaluate(
            yakuset.load_ruleset("tenhou"), "234m456p789s11z345s", win="3s", melds=[("pon", "555z")] * 5
        ),
        lambda: riichi.tile_name(34),
        lambda: koikoi.Round(yakuset.load_ruleset("nintendo"), ["a", "b", "c", "d", "e"], "a"),
        lambda: koikoi.Round(yakuset.load_ruleset("nintendo"), iter(["a", "b"]), "a"),
        lambda: koikoi.Round(yakuset.load_ruleset("nintendo"), ["a", "b"], "carol"),
        lambda: yakuset.load_ruleset(1),  # type: ignore[arg-type]
        lambda: yakuset.load_ruleset_text(None, "x.yaml"),  # type: ignore[arg-type]
        lambda: yakuset.diff.behaviour(yakuset.load_ruleset("tenhou"), "tenhou"),  # type: ignore[arg-type]
        lambda: yakuset.diff.behaviour(yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("tenhou"), None),
        # Issue 25, items 26, 28 and 29: no bound on honba, helpers unchecked, messages that failed.
        lambda: riichi.evaluate(yakuset.load_ruleset("tenhou"), "234m456p23456788s", win="4s", honba=10**30),
        lambda: riichi.evaluate(yakuset.load_ruleset("tenhou"), "234m456p23456788s", win="4s", riichi_sticks=10**4300),
        lambda: riichi.evaluate(yakuset.load_ruleset("tenhou-sanma"), "234p456p23456788s", win="4s", kita=10**5000),
        lambda: koikoi.find_bots(yakuset.load_ruleset("nintendo"), None),  # type: ignore[arg-type]
        lambda: koikoi.play_match(yakuset.load_ruleset("nintendo"), 1, [1, 2]),  # type: ignore[list-item]
        lambda: koikoi.play_match(yakuset.load_ruleset("nintendo"), 1, _bots()[:1]),
        lambda: koikoi.play_match(yakuset.load_ruleset("nintendo"), [1], _bots()),  # type: ignore[arg-type]
        lambda: koikoi.play_matches(yakuset.load_ruleset("nintendo"), 1, "0", "2", _bots()),  # type: ignore[arg-type]
        lambda: koikoi.play_matches(yakuset.load_ruleset("nintendo"), 1, 2, 0, _bots()),
        lambda: koikoi.Table(yakuset.load_ruleset("nintendo"), decks=5),  # type: ignore[arg-type]
        lambda: koikoi.Table(yakuset.load_ruleset("nintendo"), seed=1).hand(["a"]),  # type: ignore[arg-type]
        lambda: koikoi.Table(yakuset.load_ruleset("nintendo"), seed=1.5),  # type: ignore[arg-type]
        lambda: koikoi.compare(1, koikoi.Tally()),  # type: ignore[arg-type]
        lambda: koikoi.summary(None),  # type: ignore[arg-type]
        lambda: yakuset.diff.describe("x"),  # type: ignore[arg-type]
        lambda: yakuset.diff.human(*_nintendo_twice(), [], None, "3", False),  # type: ignore[arg-type]
        lambda: yakuset.diff.as_json(*_nintendo_twice(), None, None, False, -1),
        lambda: koikoi.match_seed(10**5000, 1),
        lambda: yakuset.diff.behaviour(*_nintendo_twice(), 10**5000),  # type: ignore[arg-type]
        lambda: yakuset.load_ruleset("\ud800.yaml"),
        lambda: yakuset.load_ruleset_text("name: x\n", "\ud800.yaml"),
    ],
)
def test_a_wrong_argument_is_an_input_error(call):
    with pytest.raises(yakuset.InputError):
        call()


def _bots() -> list[koikoi.BotFactory]:
    return koikoi.find_bots(yakuset.load_ruleset("nintendo"), ["greedy", "greedy"])


def _nintendo_twice() -> tuple[yakuset.RuleSet, yakuset.RuleSet]:
    return yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("nintendo")


def _seeded(seed: object) -> list[object]:
    """What every entry point that takes a seed answers for ``seed``: a value or the error."""
    rs = yakuset.load_ruleset("nintendo")
    calls = [
        lambda: koikoi.Table(rs, seed=seed).first_dealer,
        lambda: koikoi.match_seed(seed, 0),
        lambda: koikoi.play_match(rs, seed, _bots()).totals,
        lambda: koikoi.play_matches(rs, seed, 0, 1, _bots()).matches,
        lambda: yakuset._studies.run([rs], 1, seed, ["greedy", "greedy"]).seed,
    ]
    answers: list[object] = []
    for call in calls:
        try:
            answers.append(call())
        except yakuset.InputError as error:
            answers.append(error)
    return answers


@pytest.mark.parametrize(
    "seed", [1.5, float("nan"), "abc", True, [1], 2**64, -(2**64), 10**5000], ids=lambda seed: type(seed).__name__
)
def test_every_entry_point_refuses_the_same_seeds(seed):
    import yakuset._studies

    answers = _seeded(seed)
    assert all(isinstance(answer, yakuset.InputError) for answer in answers), answers
    assert all(str(answer).startswith("seed must be a whole number") for answer in answers)


@pytest.mark.parametrize("seed", [0, -1, 2**64 - 1, -(2**64 - 1)])
def test_every_entry_point_takes_the_same_seeds(seed):
    import yakuset._studies  # noqa: F401

    assert not any(isinstance(answer, Exception) for answer in _seeded(seed))


def test_the_referee_keeps_its_state_when_scoring_fails(monkeypatch):
    rs = yakuset.load_ruleset("nintendo")
    rnd = koikoi.Round(rs, ["alice", "bob"], "alice")
    alice = [
        "01-bright-crane",
        "03-bright-curtain",
        "08-bright-moon",
        "12-bright-phoenix",
        "02-chaff-1",
        "04-chaff-1",
        "06-chaff-1",
        "10-chaff-1",
    ]
    bob = [
        "02-animal-warbler",
        "04-animal-cuckoo",
        "05-animal-bridge",
        "06-animal-butterflies",
        "07-animal-boar",
        "09-chaff-1",
        "11-chaff-lightning",
        "12-chaff-yellow",
    ]
    field = [
        "01-chaff-1",
        "03-chaff-1",
        "08-chaff-1",
        "02-chaff-2",
        "04-chaff-2",
        "05-chaff-1",
        "06-chaff-2",
        "07-chaff-1",
    ]
    assert rnd.deal({"alice": alice, "bob": bob}, field).kind == "dealt"
    event = rnd.turn("alice", ["01-bright-crane", "03-bright-curtain", "08-bright-moon"])
    assert event.kind == "offer"

    def failing_award(*_args, **_kwargs):
        raise yakuset.InputError("the award failed")

    monkeypatch.setattr("yakuset.koikoi.match.referee.award", failing_award)
    with pytest.raises(yakuset.InputError, match="the award failed"):
        rnd.answer("alice", "shobu")
    assert rnd.next_to_act == "alice" and not rnd.finished  # the offer still waits for its answer
    monkeypatch.undo()
    assert rnd.answer("alice", "shobu").kind == "shobu"


# --- the command line -------------------------------------------------------------------------


def test_many_cases_are_compared_with_their_own_limits(tmp_path, capsys):
    cases = write(tmp_path, "cases.yaml", "cases:\n" + "".join(f"  - {{base: {i % 30 + 1}}}\n" for i in range(6000)))
    assert cli_main(["diff", "nintendo", "fudawiki", "--behaviour-only", "--cases", str(cases)]) == 1
    assert "scored 6,000 cases" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["award", "nintendo", "--base", "9" * 5000],
        ["hand", "tenhou", "234m456p23456788s", "--win", "4s", "--seat-wind", "9" * 5000],
        ["award", "n" * 5000, "--base", "3"],
        ["hand", "tenhou", "234m456p23456788s", "--win", "4s", "--kita", "9" * 4000],
    ],
)
def test_the_command_line_does_not_echo_a_huge_option_whole(capsys, argv):
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert len(err) < 400 and err.count("\n") == 1
    assert "characters)" in err or "a number of more than 30 digits" in err  # says how long it was


def test_a_lone_surrogate_in_a_rule_set_is_shown_escaped(tmp_path, capsys):
    path = write(tmp_path, "house.yaml", 'extends: nintendo\nname: "caf\\ud800"\n')
    assert cli_main(["show", str(path), "--resolved", "--json"]) == 0
    assert "caf" in capsys.readouterr().out


def test_an_expression_python_warns_about_loads_without_a_warning(tmp_path):
    # "1if ..." makes Python's parser warn ("invalid decimal literal"); the suite turns warnings
    # into errors, as an application with -W error would.
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: House
        award:
          multipliers:
            - id: own_streak
              factor: 2if base >= 7 else 1
    """,
    )
    assert koikoi.award(yakuset.load_ruleset(path), base=8).points == 32  # 8 × 2 (7+) × 2 (the new factor)


# --- the server -------------------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", ["diff", "replay"])
def test_a_heavy_request_nested_500_deep_is_422_not_a_pickling_500(endpoint):
    pytest.importorskip("starlette", reason="the web extra is not installed")
    from ..web.support import call

    nested = "[" * 500 + "]" * 500
    body = {"diff": f'{{"a": "tenhou", "b": {nested}}}', "replay": f'{{"ruleset": "tenhou", "script": {nested}}}'}
    response = call("POST", f"/api/v1/{endpoint}", content=body[endpoint].encode())
    assert response.status_code == 422, response.text
