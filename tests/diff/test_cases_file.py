"""``yakuset diff --cases FILE``: a file of the user's own situations, read one case at a time.

Its limits are its own, not a rule set's: 32 MiB of text, 2,000,000 values (aliases expanded)
and 100,000 cases; each refusal says which limit and what to do. Memory does not grow with the
number of cases: a case is scored as it is read and kept only when its score changes.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
import yakuset
from yakuset import diff
from yakuset._cli import main as cli_main
from yakuset._core import yamlparse
from yakuset._core.errors import RulesetError
from yakuset._core.yamlparse import stream_list


def _cases_file(path: Path, lines: list[str] | str) -> Path:
    text = lines if isinstance(lines, str) else "cases:\n" + "".join(f"  - {line}\n" for line in lines)
    path.write_text(text, encoding="utf-8")
    return path


def test_cases_are_read_one_at_a_time_before_the_rest_of_the_file(tmp_path):
    path = _cases_file(tmp_path / "cases.yaml", "cases:\n  - {base: 8}\n  - {base: [unclosed\n")
    items = stream_list(path, "cases.yaml", "cases")
    where, first = next(items)
    assert (where.line, dict(first)) == (2, {"base": 8})
    with pytest.raises(RulesetError, match=r"cases.yaml:4:1: <document>: YAML syntax"):
        next(items)


@pytest.mark.slow
def test_a_hundred_thousand_cases_are_compared(tmp_path, capsys):
    path = _cases_file(tmp_path / "cases.yaml", [f"{{base: {i % 30 + 1}, own_calls: {i % 3}}}" for i in range(100_000)])
    assert cli_main(["diff", "nintendo", "fudawiki", "--behaviour-only", "--json", "--cases", str(path)]) == 1
    captured = capsys.readouterr()
    assert '"cases": {\n        "situations": 100000,' in captured.out
    assert "scored 100,000 cases" in captured.err


@pytest.mark.slow
def test_more_than_a_hundred_thousand_cases_are_refused_at_the_first_one_past_the_limit(tmp_path, capsys):
    path = _cases_file(tmp_path / "cases.yaml", ["{base: 1}"] * 100_001)
    assert cli_main(["diff", "nintendo", "fudawiki", "--behaviour-only", "--cases", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:100002:5: cases[100000]: at most 100,000 cases are compared at once")


@pytest.mark.slow
def test_memory_does_not_grow_with_the_number_of_cases():
    tenhou = yakuset.load_ruleset("tenhou")
    diff.behaviour(tenhou, tenhou)  # the standard situations, once, so both runs below start alike

    def peak(count: int) -> int:
        cases = ({"han": i % 13 + 1, "fu": 30 + 10 * (i % 5), "honba": i % 4} for i in range(count))
        tracemalloc.start()
        try:
            report = diff.behaviour(tenhou, tenhou, cases)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
            assert report.changes == ()

    few, many = peak(1_000), peak(20_000)
    assert many < few * 1.2


def test_a_file_over_32_mebibytes_is_refused_without_reading_it(tmp_path, capsys):
    path = tmp_path / "cases.yaml"
    with path.open("wb") as handle:
        handle.truncate((32 << 20) + 1)
    assert cli_main(["diff", "nintendo", "fudawiki", "--cases", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"{path}:1:1: <document>: the file is over {32 << 20} bytes (hint: split it into several files)\n"


@pytest.mark.slow
def test_a_file_of_more_than_two_million_values_is_refused(tmp_path, capsys):
    path = _cases_file(tmp_path / "cases.yaml", "cases:\n  - {base: 1, note: [" + "0," * 2_000_000 + "0]}\n")
    assert cli_main(["diff", "nintendo", "fudawiki", "--cases", str(path)]) == 2
    assert "the file holds more than 2,000,000 values" in capsys.readouterr().err


@pytest.mark.slow
def test_an_alias_bomb_in_a_cases_file_is_refused(tmp_path, capsys):
    levels = "".join(f"  - &l{n} [*l{n - 1}, *l{n - 1}, *l{n - 1}, *l{n - 1}, *l{n - 1}]\n" for n in range(1, 12))
    path = _cases_file(tmp_path / "cases.yaml", "cases:\n  - &l0 {base: 1}\n" + levels)
    assert cli_main(["diff", "nintendo", "fudawiki", "--cases", str(path)]) == 2
    assert "aliases expand to more than 2,000,000 values" in capsys.readouterr().err


def test_a_case_whose_aliases_multiply_past_the_limit_is_refused_before_any_value_is_built(
    tmp_path, capsys, monkeypatch
):
    # ten million values from eight lines: counted node by node (each aliased node once), refused
    # at the case's own line, none of it built
    lines = ["  - base: 1", "    a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [f"    {n}: &{n} [{', '.join([f'*{p}'] * 10)}]" for p, n in zip("abcdef", "bcdefg")]
    path = _cases_file(tmp_path / "cases.yaml", "cases:\n" + "\n".join(lines) + "\n")
    built = []  # the files values were built from (the rule sets' too)
    build = yamlparse._Builder.build
    monkeypatch.setattr(yamlparse._Builder, "build", lambda self, *args: built.append(self.file) or build(self, *args))
    assert cli_main(["diff", "nintendo", "fudawiki", "--cases", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"{path}:2:5: <document>: aliases expand to more than 2,000,000 values "
        "(hint: anchors and aliases (& and *) may not multiply a document)\n"
    )
    assert built and str(path) not in built


def test_every_wrong_case_of_a_file_is_reported_at_its_line(tmp_path, capsys):
    path = _cases_file(tmp_path / "cases.yaml", ["{base: 8}", "12", "{base: 3}", "{bsae: 2}"])
    assert cli_main(["diff", "nintendo", "fudawiki", "--cases", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{path}:3:5: cases[1]: a case is a mapping")
    assert any(line.startswith(f"{path}:5:6: cases[3].bsae: unknown key 'bsae'") for line in err)


def test_a_file_that_is_not_a_list_of_cases_says_what_it_should_be(tmp_path, capsys):
    path = _cases_file(tmp_path / "cases.yaml", "situations:\n  - {base: 8}\n")
    assert cli_main(["diff", "nintendo", "fudawiki", "--cases", str(path)]) == 2
    assert "the file is a mapping with one key, `cases`: a list" in capsys.readouterr().err
