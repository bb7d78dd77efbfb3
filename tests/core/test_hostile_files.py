"""Hostile rule-set files: each is refused with a RulesetError, with bounded memory,
and nothing in them is ever executed.

Tests never time anything; memory is bounded with ``tracemalloc``.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
import yakuset
from yakuset import RulesetError
from yakuset._core.expressions import ExpressionError, compile_expression

from ..helpers import write

AWARD_NAMES = {"base": "base points", "own_calls": "own calls", "opponent_calls": "opponent calls"}
MEMORY_LIMIT = 50 * 1024 * 1024


def load_error(path: Path) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        yakuset.load_ruleset(path)
    return caught.value


def refused_with_peak_memory(action) -> tuple[RulesetError, int]:
    """Run ``action()``, which must raise RulesetError; return it and the peak bytes allocated."""
    tracemalloc.start()
    try:
        with pytest.raises(RulesetError) as caught:
            action()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return caught.value, peak


def laughs(levels: int, width: int = 10) -> str:
    lines = ["lol0: &lol0 [" + ", ".join(['"lol"'] * width) + "]"]
    for level in range(1, levels):
        lines.append(f"lol{level}: &lol{level} [" + ", ".join([f"*lol{level - 1}"] * width) + "]")
    lines.append(f"name: *lol{levels - 1}")
    return "\n".join(lines) + "\n"


def factor_file(directory: Path, factor: str, name: str = "house.yaml") -> Path:
    """A rule set whose own-streak factor is ``factor``, written verbatim on line 5."""
    path = directory / name
    path.write_text(
        f"extends: nintendo\naward:\n  multipliers:\n    - id: own_streak\n      factor: {factor}\n",
        encoding="utf-8",
    )
    return path


# --- alias bombs, recursion, nesting, size -------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("levels", [9, 10])
def test_billion_laughs_alias_bomb_is_refused_with_bounded_memory(tmp_path, levels):
    path = tmp_path / "laughs.yaml"
    path.write_text(laughs(levels), encoding="utf-8")
    error, peak = refused_with_peak_memory(lambda: yakuset.load_ruleset(path))
    assert peak < MEMORY_LIMIT, f"peak allocation {peak / 1e6:.1f} MB"
    assert len(error.problems) == 1
    problem = error.problems[0]
    assert "alias" in problem.message or "alias" in (problem.hint or "")
    assert Path(problem.location.file).name == "laughs.yaml"
    assert problem.location.line >= 1


@pytest.mark.slow
def test_billion_laughs_in_text_is_refused_with_bounded_memory(tmp_path):
    error, peak = refused_with_peak_memory(lambda: yakuset.load_ruleset_text(laughs(10), tmp_path / "laughs.yaml"))
    assert peak < MEMORY_LIMIT
    assert "alias" in str(error)


@pytest.mark.slow
def test_billion_laughs_inside_a_mapping_bomb_is_refused(tmp_path):
    # the same multiplication, built from mappings instead of lists
    lines = ["m0: &m0 {a: lol, b: lol, c: lol, d: lol, e: lol, f: lol, g: lol, h: lol, i: lol, j: lol}"]
    for level in range(1, 9):
        keys = ", ".join(f"{k}: *m{level - 1}" for k in "abcdefghij")
        lines.append(f"m{level}: &m{level} {{{keys}}}")
    path = tmp_path / "mapbomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    error, peak = refused_with_peak_memory(lambda: yakuset.load_ruleset(path))
    assert peak < MEMORY_LIMIT
    assert "alias" in str(error)


def test_moderate_alias_reuse_is_allowed(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: &n Reused
        metadata:
          description: *n
        """,
    )
    rs = yakuset.load_ruleset(path)
    assert rs.metadata["description"] == "Reused"


@pytest.mark.parametrize("text", ["a: &x [*x]\n", "a: &x {b: *x}\n", "a: &x [1, [2, *x]]\n"])
def test_self_referential_anchor_is_refused(tmp_path, text):
    path = tmp_path / "self.yaml"
    path.write_text(text, encoding="utf-8")
    error, peak = refused_with_peak_memory(lambda: yakuset.load_ruleset(path))
    assert peak < MEMORY_LIMIT
    assert len(error.problems) == 1
    problem = error.problems[0]
    assert problem.location.line == 1
    assert "alias" in problem.message or "anchor" in (problem.hint or "")


@pytest.mark.parametrize(
    "nested",
    [
        "[" * 1000 + "]" * 1000,
        "{a: " * 1000 + "1" + "}" * 1000,
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["lists-1000", "maps-1000", "lists-100000"],
)
def test_deep_nesting_is_refused(tmp_path, nested):
    path = tmp_path / "deep.yaml"
    path.write_text(f"extends: nintendo\nname: {nested}\n", encoding="utf-8")
    problem = load_error(path).problems[0]
    assert "nesting" in problem.message
    assert problem.location.line == 2


def test_deep_block_indentation_is_refused(tmp_path):
    text = "extends: nintendo\nname:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 200)) + "  " * 200 + "x: 1\n"
    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    problem = load_error(path).problems[0]
    assert "nesting" in problem.message


def test_file_over_one_mebibyte_is_refused_without_parsing(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("extends: nintendo\n# " + "x" * (1 << 20) + "\n", encoding="utf-8")
    error = load_error(path)
    assert len(error.problems) == 1
    problem = error.problems[0]
    assert Path(problem.location.file).name == "big.yaml"
    assert (problem.location.line, problem.location.col) == (1, 1)
    assert str(1 << 20) in problem.message


def test_text_over_one_mebibyte_is_refused(tmp_path):
    text = "extends: nintendo\n# " + "x" * (1 << 20) + "\n"
    with pytest.raises(RulesetError) as caught:
        yakuset.load_ruleset_text(text, tmp_path / "big.yaml")
    assert str(1 << 20) in caught.value.problems[0].message


def test_file_just_under_the_size_limit_is_read(tmp_path):
    path = tmp_path / "padded.yaml"
    head = "extends: nintendo\nname: Padded\n# "
    path.write_text(head + "x" * ((1 << 20) - len(head) - 1) + "\n", encoding="utf-8")
    assert path.stat().st_size == 1 << 20
    assert yakuset.load_ruleset(path).name == "Padded"


# --- YAML tags that would construct Python objects ------------------------------------------


PYTHON_TAGS = [
    '!!python/object/apply:os.system ["touch {marker}"]',
    '!!python/object/apply:os.system\n    args: ["touch {marker}"]',
    '!!python/object/new:os.system ["touch {marker}"]',
    '!!python/object/apply:subprocess.check_call [["touch", "{marker}"]]',
    "!!python/name:os.system",
    "!!python/module:os",
    '!<tag:yaml.org,2002:python/object/apply:os.system> ["touch {marker}"]',
]


@pytest.mark.parametrize("tagged", PYTHON_TAGS)
def test_python_object_tag_is_refused_at_its_line_and_runs_nothing(tmp_path, tagged):
    marker = tmp_path / "MARKER"
    path = tmp_path / "evil.yaml"
    path.write_text(
        "extends: nintendo\nmetadata:\n  source: x\nname: " + tagged.format(marker=marker) + "\n", encoding="utf-8"
    )
    error = load_error(path)
    assert not marker.exists()
    tag_problems = [p for p in error.problems if "tag" in p.message]
    assert tag_problems, str(error)
    assert tag_problems[0].location.line == 4
    assert tag_problems[0].location.col == len("name: ") + 1
    assert tag_problems[0].path == "name"
    assert "python" in tag_problems[0].message


def test_python_tag_at_the_top_level_is_refused_and_runs_nothing(tmp_path):
    marker = tmp_path / "MARKER"
    text = f'!!python/object/apply:os.system ["touch {marker}"]\n'
    with pytest.raises(RulesetError) as caught:
        yakuset.load_ruleset_text(text, tmp_path / "evil.yaml")
    assert not marker.exists()
    assert caught.value.problems[0].location.line == 1


def test_python_tag_inside_a_multiplier_is_refused_at_its_line(tmp_path):
    marker = tmp_path / "MARKER"
    path = factor_file(tmp_path, f'!!python/object/apply:os.system ["touch {marker}"]')
    error = load_error(path)
    assert not marker.exists()
    assert any(p.location.line == 5 and "tag" in p.message for p in error.problems), str(error)


@pytest.mark.parametrize(
    "tagged", ["!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1]", "!custom x", "!!timestamp 2025-01-01"]
)
def test_other_non_plain_tags_are_refused(tmp_path, tagged):
    path = tmp_path / "tagged.yaml"
    path.write_text(f"extends: nintendo\nname: {tagged}\n", encoding="utf-8")
    error = load_error(path)
    assert any("tag" in p.message and p.location.line == 2 for p in error.problems), str(error)


# --- control characters and hostile `extends` -----------------------------------------------


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x7f"])
def test_control_character_in_a_file_is_a_ruleset_error(tmp_path, char):
    path = tmp_path / "control.yaml"
    path.write_text(f"extends: nintendo\nname: bad{char}name\n", encoding="utf-8")
    error = load_error(path)
    assert error.problems[0].location.line == 2
    assert error.problems[0].message == f"the character U+{ord(char):04X} is not allowed in YAML"


def test_control_character_in_text_is_a_ruleset_error(tmp_path):
    with pytest.raises(RulesetError):
        yakuset.load_ruleset_text("extends: nintendo\nname: \x00\n", tmp_path / "control.yaml")


@pytest.mark.parametrize(
    "parent",
    ['"./a\\0b.yaml"', '"./' + "a" * 300 + '.yaml"', '"./' + "a/" * 3000 + 'x.yaml"'],
    ids=["nul-byte", "long-name", "long-path"],
)
def test_unusable_extends_path_is_a_ruleset_error_at_the_extends_line(tmp_path, parent):
    path = tmp_path / "house.yaml"
    path.write_text(f"name: House\nextends: {parent}\n", encoding="utf-8")
    error = load_error(path)
    assert error.problems[0].location.line == 2
    assert error.problems[0].path == "extends"


def test_extends_pointing_at_a_directory_is_a_missing_parent(tmp_path):
    (tmp_path / "folder.yaml").mkdir()
    path = write(tmp_path, "house.yaml", "extends: ./folder.yaml\n")
    problem = load_error(path).problems[0]
    assert problem.location.line == 1 and problem.message == "no file named './folder.yaml'"


# --- expressions that try to run code or compute forever ------------------------------------


def test_import_expression_is_refused_at_load_time_and_runs_nothing(tmp_path):
    marker = tmp_path / "MARKER"
    path = factor_file(tmp_path, f"__import__('os').system('touch {marker}')")
    error = load_error(path)
    assert not marker.exists()
    assert len(error.problems) == 1
    problem = error.problems[0]
    assert problem.location.line == 5
    assert problem.path == "award.multipliers[own_streak].factor"


def test_import_expression_is_refused_by_the_compiler_and_runs_nothing(tmp_path):
    marker = tmp_path / "MARKER"
    with pytest.raises(ExpressionError):
        compile_expression(f"__import__('os').system('touch {marker}')", AWARD_NAMES, "number")
    with pytest.raises(ExpressionError):
        compile_expression(f"eval(\"__import__('os').system('touch {marker}')\")", AWARD_NAMES, "number")
    assert not marker.exists()


def test_tower_of_powers_is_refused_by_the_compiler_not_computed():
    with pytest.raises(ExpressionError) as caught:
        compile_expression("2 ** 2 ** 30", AWARD_NAMES, "number")
    assert "too large" in caught.value.message


@pytest.mark.parametrize("source", ["9 ** 9 ** 9 ** 9", "10 ** 10 ** 10", "(2 ** 100) ** 100", "2 ** (3 ** 40)"])
def test_other_huge_powers_are_refused_by_the_compiler(source):
    with pytest.raises(ExpressionError):
        compile_expression(source, AWARD_NAMES, "number")


def test_tower_of_powers_in_a_file_is_refused_at_load_time(tmp_path):
    path = factor_file(tmp_path, "2 ** 2 ** 30")
    problem = load_error(path).problems[0]
    assert problem.location.line == 5
    assert problem.path == "award.multipliers[own_streak].factor"
    assert "too large" in problem.message


def test_power_of_a_name_that_can_blow_up_an_award_is_refused_at_load(tmp_path):
    # Every award expression is evaluated at load over the award tables' situations.
    path = factor_file(tmp_path, "base ** 40")
    with pytest.raises(yakuset.RulesetError, match=r"too large to compute when base = \d+") as caught:
        yakuset.load_ruleset(path)
    assert caught.value.problems[0].path == "award.multipliers[own_streak].factor"


@pytest.mark.parametrize(
    "source",
    [
        "base.__class__",
        "(1).__class__.__bases__",
        "base.real",
        "lambda: 1",
        "(lambda x: x)(base)",
        "[x for x in (1, 2)]",
        "sum(x for x in (1, 2))",
        "{x: 1 for x in (1, 2)}",
        "{x for x in (1, 2)}",
        "(1, 2)[0]",
        "base[0]",
        "'abc'",
        '"text" * 10',
        "b'bytes'",
        "f'{base}'",
        "[1, 2]",
        "{1: 2}",
        "(x := 1)",
        "open",
        "__builtins__",
        "min.__self__",
        "...",
        "None",
        "1j",
    ],
)
def test_code_like_expressions_are_refused(source):
    with pytest.raises(ExpressionError):
        compile_expression(source, AWARD_NAMES, "number")


@pytest.mark.parametrize("source", ["base.__class__", "lambda: 1", "[x for x in [base]]", "base[0]", "'text'"])
def test_code_like_expressions_in_a_file_are_refused_at_their_line(tmp_path, source):
    path = factor_file(tmp_path, f'"{source}"')  # quoted, so YAML hands the text over unchanged
    error = load_error(path)
    assert len(error.problems) == 1, str(error)
    assert error.problems[0].location.line == 5


def test_overlong_expression_is_refused():
    with pytest.raises(ExpressionError) as caught:
        compile_expression("1" + " + 1" * 1000, AWARD_NAMES, "number")
    assert "longer" in caught.value.message


@pytest.mark.parametrize("source", ["-" * 400 + "1", "(" * 240 + "1" + ")" * 240, "+-" * 240 + "1"])
def test_deeply_nested_expression_is_an_expression_error(source):
    with pytest.raises(ExpressionError):
        compile_expression(source, AWARD_NAMES, "number")


@pytest.mark.parametrize("factor", ["0.5 ** -2000", "round_up(1, 5e-324)"])
def test_float_overflow_in_a_constant_factor_is_a_ruleset_error(tmp_path, factor):
    # Constant folding at load time must turn every arithmetic failure into a problem,
    # not let an OverflowError escape load_ruleset.
    path = factor_file(tmp_path, factor)
    problem = load_error(path).problems[0]
    assert problem.location.line == 5
    assert problem.path == "award.multipliers[own_streak].factor"


def test_fractional_power_of_a_negative_number_never_reaches_an_award(tmp_path):
    # (0 - 8) ** 0.5 is a complex number in Python: it must be refused at load time
    # (or evaluate to an ExpressionError), never give a TypeError or a complex award.
    path = factor_file(tmp_path, "(0 - 8) ** 0.5")
    try:
        rs = yakuset.load_ruleset(path)
    except RulesetError as error:
        assert error.problems[0].location.line == 5
        return
    with pytest.raises(ValueError):
        yakuset.koikoi.award(rs, base=3)


def test_extends_only_reads_yaml_files_and_never_echoes_another_file(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: ./secret.txt\nname: x\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        yakuset.load_ruleset(house)
    [problem] = caught.value.problems
    assert (problem.location.line, problem.path) == (1, "extends")
    assert "hunter2" not in str(caught.value)


def test_long_text_in_an_error_is_cut_short(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: nintendo\ncalls: {limit_per_round: '" + "y" * 500 + "'}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        yakuset.load_ruleset(house)
    assert "y" * 41 not in str(caught.value)
