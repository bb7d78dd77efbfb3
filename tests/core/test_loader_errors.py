"""Load errors name the file, the line and column, the key path, a message and a hint.

Every rule-set file here is written to ``tmp_path``; most ``extends: nintendo`` (a
bundled id) so they only state what they break. Lines and columns are 1-based.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yakuset
from yakuset import RulesetError
from yakuset._core.errors import RulesetNotFound

from ..helpers import write


def load_error(path: Path | str) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        yakuset.load_ruleset(path)
    return caught.value


def same_file(location: yakuset.Location, path: Path) -> bool:
    return Path(location.file).resolve() == path.resolve()


def is_file(problem: yakuset.Problem, path: Path) -> bool:
    return same_file(problem.location, path)


def only_problem(error: RulesetError) -> yakuset.Problem:
    assert len(error.problems) == 1, str(error)
    return error.problems[0]


def at(problem: yakuset.Problem, path: Path, line: int, col: int | None = None) -> None:
    assert is_file(problem, path), f"{problem.location.file} is not {path}"
    assert problem.location.line == line, str(problem)
    if col is not None:
        assert problem.location.col == col, str(problem)


# --- unknown keys --------------------------------------------------------------------------


def test_misspelled_nested_key_is_reported_at_the_key_with_a_did_you_mean_hint(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multiplers:
            - id: seven_plus
              factor: 3
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 3, 3)
    assert problem.path == "award.multiplers"
    assert "unknown key" in problem.message and "multiplers" in problem.message
    assert problem.hint is not None and "did you mean" in problem.hint and "'multipliers'" in problem.hint


def test_misspelled_top_level_key_hints_the_right_key(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        nmae: My house
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 2, 1)
    assert problem.path == "nmae"
    assert "'name'" in (problem.hint or "")


def test_misspelled_key_inside_a_list_item_has_the_item_id_in_its_path(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              fator: 2
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 5, 7)
    assert problem.path == "award.multipliers[own_streak].fator"
    assert "'factor'" in (problem.hint or "")


def test_unknown_key_without_a_close_match_lists_the_known_keys(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        calls:
          oponent_calls: 1
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 3, 3)
    assert problem.path == "calls.oponent_calls"
    assert "unknown key 'oponent_calls'" in problem.message
    assert "limit_per_round" in (problem.hint or "")


def test_misspelled_name_in_a_condition_hints_opponent_calls(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: opponent_koikoi
              when: oponent_calls >= 1
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 5, 13)
    assert problem.path == "award.multipliers[opponent_koikoi].when"
    assert "oponent_calls" in problem.message
    assert "opponent_calls" in (problem.hint or "") and "did you mean" in (problem.hint or "")


def test_error_string_is_one_file_line_col_path_message_hint_line_per_problem(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multiplers: []
        """,
    )
    error = load_error(path)
    problem = only_problem(error)
    assert str(error) == (
        f"{problem.location.file}:3:3: award.multiplers: unknown key 'multiplers' (hint: did you mean 'multipliers'?)"
    )


# --- duplicate keys ------------------------------------------------------------------------


def test_duplicate_key_is_reported_at_its_second_occurrence(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: First
        calls:
          limit_per_round: 1
        name: Second
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 5, 1)
    assert problem.path == "name"
    assert "duplicate key 'name'" in problem.message
    assert "line 2" in problem.message


def test_duplicate_key_in_a_nested_mapping_is_reported_at_the_nested_line(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              max: 4
              max: 5
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 6, 7)
    assert problem.path == "award.multipliers[own_streak].max"
    assert "duplicate" in problem.message and "line 5" in problem.message


# --- wrong types ---------------------------------------------------------------------------


def test_text_where_a_number_is_expected_is_reported_at_the_value(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              max: "six"
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 5, path.read_text().splitlines()[4].index("six") + 1)  # the text, after the quote
    assert problem.path == "award.multipliers[own_streak].max"
    assert "expected a number" in problem.message and "'six'" in problem.message


def test_negative_call_limit_is_reported_at_the_value(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        calls:
          limit_per_round: -1
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 3, 20)
    assert problem.path == "calls.limit_per_round"
    assert "-1" in problem.message
    assert "at least 0" in problem.message and "unlimited" in problem.message


def test_misspelled_enum_value_is_reported(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        calls:
          limit_per_round: unlimted
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 3, 20)
    assert "'unlimted'" in problem.message


def test_fractional_call_limit_is_refused_rather_than_silently_unlimited(tmp_path):
    # `limit_per_round: 1.0` passes the schema's "integer" (JSON Schema counts 1.0 as an
    # integer), but the compiled rules only take Python ints: any other value means
    # "unlimited". Either it must be refused or it must mean 1; never unlimited.
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        calls:
          limit_per_round: 1.0
        """,
    )
    try:
        rs = yakuset.load_ruleset(path)
    except RulesetError as error:
        at(only_problem(error), path, 3)
    else:
        assert rs.rules.table.call_limit.calls == 1


def test_a_wrongly_typed_section_is_reported_at_the_section(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award: 5
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 2, 8)
    assert problem.path == "award"
    assert "a mapping" in problem.message


@pytest.mark.parametrize(
    ("text", "line", "where", "key", "number"),
    [
        # an expression field: a yaku's points, a multiplier's factor
        ('extends: nintendo\nyaku:\n  - id: goko\n    points: "15"\n', 4, "yaku[goko].points", "points", "15"),
        (
            "extends: nintendo\naward:\n  multipliers:\n    - id: seven_plus\n      factor: ' 3 '\n",
            5,
            "award.multipliers[seven_plus].factor",
            "factor",
            "3",
        ),
        # a number field, a whole-number field, a plugin's setting
        (
            "extends: nintendo\naward:\n  multipliers:\n    - id: own_streak\n      max: '4'\n",
            5,
            "award.multipliers[own_streak].max",
            "max",
            "4",
        ),
        ('extends: tenhou\nyaku:\n  - id: pinfu\n    han: "2"\n', 4, "yaku[pinfu].han", "han", "2"),
        ("extends: nintendo\ncalls:\n  limit_per_round: '2'\n", 3, "calls.limit_per_round", "limit_per_round", "2"),
        (
            "extends: yakuza\nplugins:\n  dealers_privilege:\n    points: '6'\n",
            4,
            "plugins.dealers_privilege.points",
            "points",
            "6",
        ),
    ],
)
def test_a_number_written_as_text_is_refused_with_the_same_hint_everywhere(tmp_path, text, line, where, key, number):
    path = write(tmp_path, "house.yaml", text)
    problem = only_problem(load_error(path))
    at(problem, path, line)
    assert problem.path == where
    assert "a number written as text" in problem.message
    assert problem.hint == f"write it without quotes: `{key}: {number}`"


# --- expressions ---------------------------------------------------------------------------


def test_expression_syntax_error_is_reported_inside_the_value(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              factor: 1 +
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 5)
    assert 15 <= problem.location.col <= 15 + len("1 +")
    assert problem.path == "award.multipliers[own_streak].factor"
    assert "syntax error" in problem.message
    assert problem.hint


def test_unknown_name_column_points_at_the_name_inside_the_expression(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              factor: min(1 + own_cals, 6)
        """,
    )
    problem = only_problem(load_error(path))
    line = path.read_text().splitlines()[4]
    at(problem, path, 5, line.index("own_cals") + 1)
    assert problem.path == "award.multipliers[own_streak].factor"
    assert "unknown name `own_cals`" in problem.message
    assert problem.hint == "did you mean `own_calls`?"


def test_unknown_name_column_accounts_for_the_quote_of_a_quoted_expression(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              factor: "min(1 + own_cals, 6)"
        """,
    )
    problem = only_problem(load_error(path))
    line = path.read_text().splitlines()[4]
    at(problem, path, 5, line.index("own_cals") + 1)


def test_number_where_a_condition_is_expected_is_reported(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              when: base + 1
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 5, 13)
    assert problem.path == "award.multipliers[own_streak].when"
    assert "expected a condition" in problem.message
    assert "base + 1" in problem.message


def test_condition_where_a_number_is_expected_is_reported(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              factor: base >= 7
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 5, 15)
    assert "expected a number" in problem.message


def test_bad_expression_in_a_parent_file_is_reported_in_the_parent(tmp_path):
    parent = write(
        tmp_path,
        "base.yaml",
        """
        extends: nintendo
        award:
          no_award_when: bse <= 0
        """,
    )
    child = write(
        tmp_path,
        "house.yaml",
        """
        extends: ./base.yaml
        name: House
        """,
    )
    problem = only_problem(load_error(child))
    at(problem, parent, 3, 18)
    assert "`bse`" in problem.message and "`base`" in (problem.hint or "")


# --- plugins -------------------------------------------------------------------------------


def test_unknown_plugin_is_reported_at_its_name_with_a_hint(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        plugins:
          lucky_handz: {}
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 3, 3)
    assert problem.path == "plugins.lucky_handz"
    assert "unknown plugin 'lucky_handz'" in problem.message
    assert "'lucky_hands'" in (problem.hint or "")


def test_unknown_plugin_without_a_close_match_lists_the_installed_ones(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        plugins:
          zzz_not_installed: {}
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 3, 3)
    assert "lucky_hands" in (problem.hint or "")


def test_wrong_plugin_setting_is_reported_at_the_setting(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        plugins:
          lucky_hands:
            teshi: many
        """,
    )
    error = load_error(path)
    assert error.problems
    for problem in error.problems:
        at(problem, path, 4)
    assert any("teshi" in p.path for p in error.problems)


# --- extends -------------------------------------------------------------------------------


def test_extends_cycle_is_reported_naming_every_file_of_the_cycle(tmp_path):
    a = write(tmp_path, "a.yaml", "extends: ./b.yaml\nname: A\n")
    b = write(tmp_path, "b.yaml", "extends: ./a.yaml\nname: B\n")
    problem = only_problem(load_error(a))
    at(problem, b, 1, 10)  # b.yaml's `extends` closes the cycle
    assert problem.path == "extends"
    assert "cycle" in problem.message
    # a -> b -> a, with the file names in order
    names = [part.strip().rsplit("/", 1)[-1] for part in problem.message.split(":", 1)[1].split("->")]
    assert names == ["a.yaml", "b.yaml", "a.yaml"]


def test_a_file_extending_itself_is_a_cycle(tmp_path):
    path = write(tmp_path, "self.yaml", "extends: ./self.yaml\n")
    problem = only_problem(load_error(path))
    at(problem, path, 1, 10)
    assert "cycle" in problem.message


def test_missing_parent_path_is_reported_at_the_extends_value(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        name: House
        extends: ./nope.yaml
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 2, 10)
    assert problem.path == "extends"
    assert problem.message == "no file named './nope.yaml'"
    assert problem.hint == "the path is relative to the extending file"


def test_misspelled_bundled_parent_id_is_reported_with_the_known_ids(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendoo
        name: House
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 1, 10)
    assert "'nintendoo'" in problem.message
    assert "nintendo" in (problem.hint or "")


def test_problems_of_a_parent_file_are_reported_in_the_parent(tmp_path):
    parent = write(
        tmp_path,
        "base.yaml",
        """
        extends: nintendo
        calls:
          limit_per_rund: 1
        """,
    )
    child = write(
        tmp_path,
        "house.yaml",
        """
        extends: ./base.yaml
        name: House
        """,
    )
    problem = only_problem(load_error(child))
    at(problem, parent, 3, 3)
    assert "'limit_per_round'" in (problem.hint or "")


def test_abstract_base_cannot_be_loaded_by_id():
    error = load_error("_koikoi")
    problem = only_problem(error)
    assert Path(problem.location.file).name == "_koikoi.yaml"
    assert (problem.location.line, problem.location.col) == (1, 1)
    assert "abstract" in problem.message
    assert "extends: _koikoi" in (problem.hint or "")


def test_abstract_base_can_be_extended(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: _koikoi
        name: House
        calls:
          limit_per_round: 2
        """,
    )
    rs = yakuset.load_ruleset(path)
    assert rs.name == "House" and rs.game == "koikoi"


def test_unknown_bundled_id_is_refused():
    error = load_error("nintendoo")
    assert "nintendoo" in only_problem(error).message


# --- YAML itself ---------------------------------------------------------------------------


def test_yaml_syntax_error_is_reported_at_the_offending_line(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        calls:
          limit_per_round: 1
         name: oops
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 4, 2)
    assert problem.message.startswith("YAML syntax")


def test_unclosed_flow_list_is_a_yaml_syntax_error(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers: [{id: own_streak, factor: 2}
        name: x
        """,
    )
    problem = only_problem(load_error(path))
    assert is_file(problem, path)
    assert problem.location.line in (4, 5)
    assert "YAML syntax" in problem.message


def test_tab_indentation_is_a_yaml_syntax_error(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: nintendo\n\tname: x\n", encoding="utf-8")
    problem = only_problem(load_error(path))
    at(problem, path, 2, 1)
    assert "YAML syntax" in problem.message


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_file_is_refused_at_its_start(tmp_path, text):
    path = tmp_path / "empty.yaml"
    path.write_text(text, encoding="utf-8")
    problem = only_problem(load_error(path))
    at(problem, path, 1, 1)
    assert "empty" in problem.message


@pytest.mark.parametrize("text", ["---\n", "~\n", "null\n", "--- # nothing here\n"])
def test_document_holding_only_null_is_refused_with_a_problem(tmp_path, text):
    # An explicit empty document or a bare null is no rule set; it must be a RulesetError
    # with a problem, not a ValueError from RulesetError([]).
    path = tmp_path / "null.yaml"
    path.write_text(text, encoding="utf-8")
    problem = only_problem(load_error(path))
    at(problem, path, 1, 1)
    assert "empty" in problem.message or "expected a mapping" in problem.message


@pytest.mark.parametrize(
    ("text", "described"),
    [("- extends: nintendo\n- name: x\n", "a list"), ("just some text\n", "text"), ("42\n", "the number 42")],
)
def test_non_mapping_top_level_is_refused(tmp_path, text, described):
    path = tmp_path / "top.yaml"
    path.write_text(text, encoding="utf-8")
    problem = only_problem(load_error(path))
    at(problem, path, 1, 1)
    assert "expected a mapping at the top" in problem.message and described in problem.message


def test_two_yaml_documents_in_one_file_are_refused(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        ---
        name: x
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 2)


def test_yaml_merge_keys_are_refused_with_a_hint_to_use_extends(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        metadata:
          <<: {source: x}
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 3, 3)
    assert "merge" in problem.message and "extends" in (problem.hint or "")


def test_non_text_key_is_refused(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        1: one
        """,
    )
    problem = only_problem(load_error(path))
    at(problem, path, 2, 1)
    assert "key" in problem.message


def test_file_that_is_not_utf8_is_refused_at_the_bad_line(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("extends: nintendo\nname: Caf\u00e9\n".encode("latin-1"))
    problem = only_problem(load_error(path))
    at(problem, path, 2, 10)  # the column of the byte that is not UTF-8
    assert "UTF-8" in problem.message


def test_missing_file_is_a_ruleset_error(tmp_path):
    path = tmp_path / "absent.yaml"
    error = load_error(path)
    assert isinstance(error, RulesetNotFound)
    assert only_problem(error).message == f"no file named {str(path)!r}"


@pytest.mark.parametrize("source", ["absent.yaml", "./absent.yaml"])
def test_a_missing_file_reads_as_the_command_line_says_it(source, tmp_path, monkeypatch):
    # issue 42 item 27: load_ruleset said "absent.yaml:1:1: <document>: cannot read the file",
    # a position in a file that does not exist, where validate said "no file named ...".
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesetNotFound) as info:
        yakuset.load_ruleset(source)
    assert str(info.value) == f"no file named {source!r} (hint: the path is relative to the working folder)"


# --- every problem in one run --------------------------------------------------------------


def test_all_problems_of_a_file_are_reported_in_one_run(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        nmae: House
        calls:
          limit_per_round: -1
        award:
          multipliers:
            - id: own_streak
              factor: 1 +
        """,
    )
    error = load_error(path)
    assert len(error.problems) >= 3, str(error)
    found = {(p.location.line, p.path) for p in error.problems}
    assert (2, "nmae") in found
    assert (4, "calls.limit_per_round") in found
    assert (8, "award.multipliers[own_streak].factor") in found
    assert all(is_file(p, path) for p in error.problems)
    assert len(str(error).splitlines()) == len(error.problems)


def test_every_bad_expression_of_a_file_is_reported_in_one_run(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          no_award_when: bse <= 0
          multipliers:
            - id: seven_plus
              when: base >= seven
            - id: own_streak
              factor: 1 + own_cals
        """,
    )
    error = load_error(path)
    assert [p.location.line for p in error.problems] == [3, 6, 8], str(error)


def test_duplicate_keys_and_schema_problems_are_reported_together(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: A
        name: B
        calls:
          limit_per_round: many
        """,
    )
    error = load_error(path)
    lines = sorted(p.location.line for p in error.problems)
    assert 3 in lines and 5 in lines, str(error)


# --- the resolved rule set -----------------------------------------------------------------


def test_resolved_rule_set_missing_a_required_key_is_reported(tmp_path):
    # No `extends`: the file is the whole rule set, and it has no `name`.
    path = write(
        tmp_path,
        "standalone.yaml",
        """
        game: koikoi
        metadata:
          source: my notebook
        calls:
          limit_per_round: 1
        award:
          multipliers:
            - id: double
              factor: 2
        """,
    )
    error = load_error(path)
    missing_name = [p for p in error.problems if "missing 'name'" in p.message]
    assert len(missing_name) == 1, str(error)
    at(missing_name[0], path, 1, 1)
    assert "extends" in (missing_name[0].hint or "")
    assert all("missing" in p.message for p in error.problems), str(error)


def test_resolved_multiplier_missing_its_factor_is_reported(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: brand_new
              when: base >= 3
        """,
    )
    problem = only_problem(load_error(path))
    assert is_file(problem, path)
    assert problem.location.line == 4
    assert "factor" in problem.message


# The keys of `fu.sets` and `fu.waits` as the bundled base (rulesets/riichi/_riichi.yaml) writes them.
FU_SET_KEYS = [
    "simple_open_triplet",
    "simple_closed_triplet",
    "terminal_open_triplet",
    "terminal_closed_triplet",
    "simple_open_kan",
    "simple_closed_kan",
    "terminal_open_kan",
    "terminal_closed_kan",
]
FU_WAIT_KEYS = ["ryanmen", "kanchan", "penchan", "tanki", "shanpon"]


@pytest.mark.parametrize(("section", "key"), [("sets", k) for k in FU_SET_KEYS] + [("waits", k) for k in FU_WAIT_KEYS])
def test_a_removed_fu_key_is_a_located_problem_not_a_crash(tmp_path, section, key):
    path = write(tmp_path, "house.yaml", f"extends: tenhou\nfu:\n  {section}:\n    {key}: null\n")
    problem = only_problem(load_error(path))
    at(problem, path, 4, 5)  # the section's mapping in this file
    assert problem.path == f"fu.{section}"
    assert f"missing '{key}'" in problem.message


# --- merging -------------------------------------------------------------------------------


def test_null_removes_an_inherited_plugin(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        name: No lucky hands
        plugins:
          lucky_hands: null
        """,
    )
    rs = yakuset.load_ruleset(path)
    assert "lucky_hands" in yakuset.load_ruleset("nintendo").plugins
    assert "lucky_hands" not in rs.plugins


def test_null_removes_an_inherited_optional_value(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        metadata:
          description: null
        """,
    )
    rs = yakuset.load_ruleset(path)
    assert "description" not in rs.metadata
    assert rs.metadata["source"] == yakuset.load_ruleset("nintendo").metadata["source"]


@pytest.mark.parametrize(
    ("text", "line", "path", "right"),
    [
        ("plugins:\n  lucky_handz: null\n", 3, "plugins.lucky_handz", "lucky_hands"),
        ("nmae: null\n", 2, "nmae", "name"),
        ("metadata:\n  descripton: null\n", 3, "metadata.descripton", "description"),
    ],
)
def test_null_for_a_misspelled_key_is_still_an_unknown_key(tmp_path, text, line, path, right):
    # `null` removes an inherited key, so a misspelled key set to null removes nothing:
    # that typo silently keeps the key on (e.g. lucky hands stay on) unless it is reported.
    house = write(tmp_path, "house.yaml", "extends: nintendo\n" + text)
    error = load_error(house)
    problem = only_problem(error)
    at(problem, house, line)
    assert problem.path == path
    assert right in (problem.hint or "")


def test_id_keyed_list_merge_keeps_inherited_items_in_order_and_appends_new_ones(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: brand_new
              label: house bonus
              factor: 3
            - id: opponent_koikoi
              factor: 4
        """,
    )
    rs = yakuset.load_ruleset(path)
    multipliers = rs.rules.multipliers
    assert [m.id for m in multipliers] == ["seven_plus", "opponent_koikoi", "own_streak", "brand_new"]
    changed = multipliers[1]
    assert changed.label == "opponent Koi-Koi"  # inherited
    assert changed.when.source == "opponent_calls >= 1"  # inherited
    assert changed.factor.constant == 4  # overridden
    assert multipliers[2].max == 6
    # 8 x 2 (7+) x 4 (opponent) x 1 (streak) x 3 (house)
    assert yakuset.koikoi.award(rs, base=8, own_calls=0, opponent_calls=1).points == 192


def test_merged_values_remember_the_file_they_came_from(tmp_path):
    path = write(
        tmp_path,
        "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: opponent_koikoi
              factor: 4
        """,
    )
    rs = yakuset.load_ruleset(path)
    overridden = rs.location(("award", "multipliers", 1, "factor"))
    inherited = rs.location(("award", "multipliers", 0, "factor"))
    assert same_file(overridden, path) and overridden.line == 5
    assert Path(inherited.file).name == "_koikoi.yaml"


def test_child_scalar_overrides_parent_and_chain_of_relative_files_resolves(tmp_path):
    write(
        tmp_path,
        "base.yaml",
        """
        extends: nintendo
        name: Base
        calls:
          limit_per_round: 3
        """,
    )
    (tmp_path / "sub").mkdir()
    child = write(
        tmp_path / "sub",
        "house.yaml",
        """
        extends: ../base.yaml
        name: House
        """,
    )
    rs = yakuset.load_ruleset(child)
    assert rs.name == "House"
    assert rs.rules.table.call_limit.calls == 3
    assert rs.metadata["source"] == yakuset.load_ruleset("nintendo").metadata["source"]
