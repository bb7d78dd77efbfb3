"""The expression language of rule-set files (yakuset.expressions), unit by unit."""

from __future__ import annotations

import math

import pytest
from yakuset._core.expressions import MAX_MAGNITUDE, Expression, ExpressionError, compile_expression

NAMES = {
    "base": "the round's base points",
    "own_calls": "the winner's calls",
    "opponent_calls": "the loser's calls",
    "han": "han",
    "fu": "fu",
}


def number(source: str, **variables) -> float | int:
    value = compile_expression(source, NAMES, "number")(variables)
    assert not isinstance(value, bool)
    return value


def condition(source: str, **variables) -> bool:
    value = compile_expression(source, NAMES, "condition")(variables)
    assert isinstance(value, bool)
    return value


def refused(source: str, expect: str = "number") -> ExpressionError:
    with pytest.raises(ExpressionError) as caught:
        compile_expression(source, NAMES, expect)  # type: ignore[arg-type]
    return caught.value


# --- arithmetic and precedence -------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("1 + 2", 3),
        ("7 - 10", -3),
        ("6 * 7", 42),
        ("7 / 2", 3.5),
        ("7 // 2", 3),
        ("-7 // 2", -4),
        ("7 % 3", 1),
        ("2 ** 10", 1024),
        ("-5", -5),
        ("+5", 5),
        ("--5", 5),
        ("1.5 * 2", 3.0),
    ],
)
def test_arithmetic_on_constants(source, expected):
    assert number(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("2 + 3 * 4", 14),
        ("(2 + 3) * 4", 20),
        ("2 * 3 ** 2", 18),
        ("2 ** 3 ** 2", 512),  # ** is right-associative
        ("-2 ** 2", -4),  # ** binds tighter than unary minus
        ("(-2) ** 2", 4),
        ("10 - 4 - 3", 3),  # - is left-associative
        ("100 / 10 / 5", 2.0),
        ("2 ** -1", 0.5),
        ("1 + 2 * 3 - 4 / 2", 5.0),
        ("7 % 4 * 2", 6),
    ],
)
def test_operator_precedence_and_associativity(source, expected):
    assert number(source) == expected


def test_riichi_basic_points_formula():
    assert number("fu * 2 ** (han + 2)", fu=30, han=3) == 960
    assert number("fu * 2 ** (han + 2)", fu=40, han=4) == 2560


def test_names_take_their_values_from_the_variables():
    expression = compile_expression("base * (1 + own_calls)", NAMES, "number")
    assert expression({"base": 5, "own_calls": 0}) == 5
    assert expression({"base": 5, "own_calls": 2}) == 15


def test_compiled_expression_is_reusable_and_keeps_no_state():
    expression = compile_expression("base * 2", NAMES, "number")
    assert [expression({"base": b}) for b in (1, 2, 3, 2)] == [2, 4, 6, 4]


def test_plain_yaml_numbers_and_booleans_are_expressions():
    assert compile_expression(2, NAMES, "number")({}) == 2
    assert compile_expression(1.5, NAMES, "number")({}) == 1.5
    assert compile_expression(True, NAMES, "condition")({}) is True
    assert compile_expression(False, NAMES, "condition")({}) is False


def test_plain_yaml_number_where_a_condition_is_expected_is_refused():
    with pytest.raises(ExpressionError):
        compile_expression(2, NAMES, "condition")
    with pytest.raises(ExpressionError):
        compile_expression(True, NAMES, "number")


# --- comparisons and logic -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "base", "expected"),
    [
        ("base >= 7", 7, True),
        ("base >= 7", 6, False),
        ("base > 7", 7, False),
        ("base <= 0", 0, True),
        ("base < 0", 0, False),
        ("base == 5", 5, True),
        ("base != 5", 5, False),
        ("base != 5", 4, True),
    ],
)
def test_comparisons(source, base, expected):
    assert condition(source, base=base) is expected


@pytest.mark.parametrize(("base", "expected"), [(0, False), (1, True), (5, True), (9, True), (10, False)])
def test_chained_comparison_means_both_comparisons(base, expected):
    assert condition("1 <= base < 10", base=base) is expected


def test_longer_chained_comparison():
    assert condition("0 < own_calls <= base < 10", own_calls=1, base=5) is True
    assert condition("0 < own_calls <= base < 10", own_calls=6, base=5) is False


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("base >= 7 and own_calls >= 1", False),
        ("base >= 7 or own_calls >= 1", False),
        ("base >= 5 or own_calls >= 1", True),
        ("not base >= 7", True),
        ("not (base >= 7 or own_calls >= 1)", True),
        ("not (base >= 5 or own_calls >= 1)", False),
        ("base < 7 and not own_calls >= 1", True),
        ("base < 7 and own_calls == 0 and opponent_calls == 0", True),
        ("base > 100 or own_calls > 100 or opponent_calls == 0", True),
    ],
)
def test_and_or_not(source, expected):
    assert condition(source, base=5, own_calls=0, opponent_calls=0) is expected


def test_not_applies_to_the_whole_comparison():
    assert condition("not base > 1", base=5) is False
    assert condition("not base > 1 and base > 100", base=0) is False


def test_and_binds_tighter_than_or():
    assert condition("base > 1 or base > 2 and base > 100", base=5) is True
    assert condition("(base > 1 or base > 2) and base > 100", base=5) is False


def test_or_short_circuits_so_a_guarded_division_is_safe():
    assert condition("base == 0 or 10 / base > 1", base=0) is True
    assert condition("base != 0 and 10 / base > 1", base=0) is False


def test_conditional_expression_picks_a_branch():
    assert number("2 if base >= 7 else 1", base=8) == 2
    assert number("2 if base >= 7 else 1", base=6) == 1
    assert number("0 if base <= 0 else base * 2", base=-3) == 0


def test_conditional_expression_only_evaluates_the_chosen_branch():
    assert number("0 if base == 0 else 100 / base", base=0) == 0


def test_conditional_expression_of_conditions_is_a_condition():
    assert (
        condition("own_calls >= 1 if base >= 7 else opponent_calls >= 1", base=8, own_calls=0, opponent_calls=3)
        is False
    )


def test_nested_conditional_expressions():
    source = "3 if base >= 10 else 2 if base >= 7 else 1"
    assert [number(source, base=b) for b in (5, 7, 12)] == [1, 2, 3]


def test_true_and_false_are_conditions():
    assert condition("true") is True
    assert condition("false") is False
    assert condition("true and base > 0", base=1) is True
    assert condition("false or base > 0", base=0) is False


def test_true_where_a_number_is_expected_is_refused():
    error = refused("true")
    assert "expected a number" in error.message


def test_arithmetic_on_a_condition_is_refused():
    assert "condition" in refused("(base > 1) + 1").message
    assert "condition" in refused("-true").message


def test_and_of_numbers_is_refused():
    error = refused("base and own_calls", "condition")
    assert "needs a condition" in error.message
    assert error.hint and "own_calls >= 1" in error.hint


def test_conditional_with_a_number_as_its_test_is_refused():
    assert "needs a condition" in refused("1 if base else 2").message


def test_conditional_mixing_a_number_and_a_condition_is_refused():
    assert "both sides" in refused("1 if base > 1 else true").message


@pytest.mark.parametrize("source", ["base + 1", "base", "min(base, 1)", "7"])
def test_number_where_a_condition_is_expected_is_refused_with_a_hint(source):
    error = refused(source, "condition")
    assert "expected a condition" in error.message
    assert error.hint and "base >= 7" in error.hint


@pytest.mark.parametrize("source", ["base >= 7", "not true", "1 < 2"])
def test_condition_where_a_number_is_expected_is_refused(source):
    assert "expected a number" in refused(source, "number").message


@pytest.mark.parametrize("source", ["base in (1, 2)", "base is 1", "base not in (1, 2)", "base is not 1"])
def test_membership_and_identity_comparisons_are_refused(source):
    refused(source, "condition")


# --- functions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("min(3, 5)", 3),
        ("min(5, 3, 4)", 3),
        ("max(3, 5)", 5),
        ("max(1, 9, 4)", 9),
        ("abs(-4)", 4),
        ("abs(4)", 4),
        ("ceil(1.2)", 2),
        ("ceil(-1.2)", -1),
        ("ceil(3)", 3),
        ("floor(1.8)", 1),
        ("floor(-1.2)", -2),
        ("round_up(1280 * 4, 100)", 5200),
        ("round_up(5200, 100)", 5200),
        ("round_up(1, 100)", 100),
        ("round_up(0, 100)", 0),
        ("round_up(25, 10)", 30),
    ],
)
def test_functions(source, expected):
    assert number(source) == expected


def test_functions_on_names():
    assert number("min(1 + own_calls, 6)", own_calls=2) == 3
    assert number("min(1 + own_calls, 6)", own_calls=9) == 6
    assert number("round_up(fu * 2 ** (han + 2) * 4, 100)", fu=40, han=3) == 5200
    assert number("ceil(base / 10)", base=25) == 3


def test_ceil_and_floor_give_whole_numbers():
    assert isinstance(number("ceil(2.5)"), int)
    assert isinstance(number("floor(2.5)"), int)


@pytest.mark.parametrize(
    ("source", "suggestion"),
    [
        ("mn(1, 2)", "min"),
        ("maxx(1, 2)", "max"),
        ("flor(1.5)", "floor"),
        ("roundup(1, 2)", "round_up"),
        ("cei(1.5)", "ceil"),
    ],
)
def test_unknown_function_hints_the_closest_one(source, suggestion):
    error = refused(source)
    assert "unknown function" in error.message
    assert error.hint == f"did you mean `{suggestion}`?"
    assert error.offset == 0


def test_unknown_function_without_a_close_match_lists_the_functions():
    error = refused("sqrt(4)")
    assert error.hint and "round_up" in error.hint and "min" in error.hint


def test_builtins_are_not_functions():
    for source in ("pow(2, 3)", "round(1.5)", "int(1.5)", "len(1)", "print(1)", "eval(1)"):
        assert "unknown function" in refused(source).message


@pytest.mark.parametrize(
    "source",
    ["min(1)", "max(2)", "min()", "abs()", "abs(1, 2)", "ceil(1, 2)", "floor()", "round_up(1)", "round_up(1, 2, 3)"],
)
def test_wrong_number_of_arguments_is_refused(source):
    error = refused(source)
    assert "argument" in error.message
    assert source.split("(")[0] in error.message


def test_keyword_and_starred_arguments_are_refused():
    refused("min(1, b=2)")
    refused("min(*(1, 2))")


def test_function_of_a_condition_is_refused():
    assert "condition" in refused("min(base > 1, 2)").message


def test_round_up_with_a_zero_step_is_an_expression_error():
    with pytest.raises(ExpressionError):
        compile_expression("round_up(base, 0)", NAMES, "number")({"base": 5})


# --- names ---------------------------------------------------------------------------------


def test_unknown_name_hints_the_closest_name_and_points_at_it():
    error = refused("min(1 + own_cals, 6)")
    assert error.message == "unknown name `own_cals`"
    assert error.hint == "did you mean `own_calls`?"
    assert error.offset == len("min(1 + ")


def test_unknown_name_offset_counts_leading_spaces():
    error = refused("   1 + bse")
    assert error.offset == len("   1 + ")
    assert error.hint == "did you mean `base`?"


def test_unknown_name_without_a_close_match_lists_the_known_names():
    error = refused("zzz + 1")
    assert error.hint and "base" in error.hint and "own_calls" in error.hint


def test_no_names_known_says_so():
    with pytest.raises(ExpressionError) as caught:
        compile_expression("base", {}, "number")
    assert caught.value.hint == "no names are known here"


def test_names_lists_every_name_used_once():
    expression = compile_expression("min(1 + own_calls, 6) * base + own_calls", NAMES, "number")
    assert expression.names == frozenset({"own_calls", "base"})


def test_names_of_a_condition():
    expression = compile_expression("base >= 7 and opponent_calls >= 1", NAMES, "condition")
    assert expression.names == {"base", "opponent_calls"}


def test_constant_expression_uses_no_names():
    assert compile_expression("2 * 3", NAMES, "number").names == frozenset()
    assert compile_expression("true", NAMES, "condition").names == frozenset()


def test_expression_keeps_its_source_and_kind():
    expression = compile_expression("  base >= 7 ", NAMES, "condition")
    assert isinstance(expression, Expression)
    assert expression.source == "base >= 7"
    assert expression.kind == "condition"


# --- syntax --------------------------------------------------------------------------------


@pytest.mark.parametrize("source", ["1 +", "(1 + 2", "base >=", "min(1, 2", "1 2", "base = 7", "if base"])
def test_syntax_errors_are_expression_errors_with_a_hint(source):
    error = refused(source)
    assert error.message.startswith("syntax error")
    assert error.hint


def test_syntax_error_offset_lies_inside_the_source():
    error = refused("1 + (2 * ")
    assert error.offset is not None and 0 <= error.offset <= len("1 + (2 * ")


def test_empty_expression_is_refused():
    assert "empty" in refused("").message
    assert "empty" in refused("   ").message


def test_multi_line_statement_is_refused():
    refused("1\n2")
    refused("x = 1; 2")


def test_non_text_non_number_source_is_refused():
    with pytest.raises(ExpressionError):
        compile_expression(None, NAMES, "number")  # type: ignore[arg-type]
    with pytest.raises(ExpressionError):
        compile_expression([1], NAMES, "number")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "source", ["~base", "base << 1", "base >> 1", "base & 1", "base | 1", "base ^ 1", "base @ base"]
)
def test_bitwise_and_matrix_operators_are_refused(source):
    refused(source)


# --- division by zero ----------------------------------------------------------------------


@pytest.mark.parametrize("source", ["10 / base", "10 // base", "10 % base", "base ** -1"])
def test_division_by_zero_at_evaluation_is_an_expression_error(source):
    expression = compile_expression(source, NAMES, "number")
    with pytest.raises(ExpressionError) as caught:
        expression({"base": 0})
    assert "division by zero" in caught.value.message


@pytest.mark.parametrize("source", ["1 / 0", "1 // 0", "1 % 0", "0 ** -1", "base + 1 / 0"])
def test_division_by_zero_of_constants_is_found_at_compile_time(source):
    assert "division by zero" in refused(source).message


# --- constant folding and bounds -----------------------------------------------------------


def test_constant_parts_are_folded_at_compile_time():
    expression = compile_expression("2 * 3 + 4", NAMES, "number")
    assert expression.constant == 10
    assert compile_expression("round_up(1280 * 4, 100)", NAMES, "number").constant == 5200
    assert compile_expression("1 < 2", NAMES, "condition").constant is True


def test_expression_with_names_is_not_constant():
    assert compile_expression("base + 1", NAMES, "number").constant is None


@pytest.mark.parametrize(
    "source",
    [
        "10 ** 16",
        "2 ** 2 ** 30",
        "10 ** 15 * 10",
        "10 ** 15 + 1",
        "-(10 ** 15) - 1",
        "1e16",
        "1e309",
        "99999999999999999999",
        "max(10 ** 15, 10 ** 15) * 2",
        "1e300 * 1e300",
    ],
)
def test_overflowing_constants_are_refused_at_compile_time(source):
    refused(source)


def test_largest_allowed_constant_is_accepted():
    assert number("10 ** 15") == MAX_MAGNITUDE
    assert number("-(10 ** 15)") == -MAX_MAGNITUDE


def test_overflow_in_a_constant_part_is_refused_even_next_to_names():
    refused("base + 10 ** 16")
    refused("2 ** 2 ** 30 if base > 1 else 1")


@pytest.mark.parametrize(
    ("source", "variables"),
    [
        ("base ** 40", {"base": 10}),
        ("base * base", {"base": 10**8}),
        ("base + base", {"base": MAX_MAGNITUDE}),
        ("2 ** base", {"base": 60}),
        ("base ** own_calls", {"base": 10, "own_calls": 16}),
        ("fu * 2 ** (han + 2)", {"fu": 110, "han": 60}),
        ("abs(base * 1000)", {"base": -(10**13)}),
        ("base / 1e-10", {"base": 10**6}),
    ],
)
def test_magnitude_is_bounded_at_evaluation(source, variables):
    expression = compile_expression(source, NAMES, "number")
    with pytest.raises(ExpressionError):
        expression(variables)


def test_bounded_evaluation_raises_instead_of_building_a_huge_int():
    expression = compile_expression("base ** 40", NAMES, "number")
    with pytest.raises(ExpressionError) as caught:
        expression({"base": 10})
    assert "too large" in caught.value.message


def test_values_within_bounds_evaluate_exactly():
    assert number("base ** 15", base=10) == 10**15
    assert number("fu * 2 ** (han + 2)", fu=30, han=13) == 30 * 2**15


# --- results are always real, finite numbers -------------------------------------------------
# Every one of these either gives a finite real number or raises ExpressionError; never an
# OverflowError, a complex number or an infinity.


@pytest.mark.parametrize(
    ("source", "variables"),
    [
        ("0.5 ** -2000", {}),
        ("base ** -2000", {"base": 0.5}),
        ("round_up(1, 5e-324)", {}),
        ("round_up(base, 5e-324)", {"base": 1}),
        ("(0 - 8) ** 0.5", {}),
        ("base ** 0.5", {"base": -4}),
        ("(0 - 8) ** (1 / 3)", {}),
        ("ceil(base / 1e-300)", {"base": 1}),
    ],
)
def test_result_is_a_finite_real_number_or_an_expression_error(source, variables):
    try:
        value = compile_expression(source, NAMES, "number")(variables)
    except ExpressionError:
        return
    assert isinstance(value, int | float), f"{source} gave {value!r}"
    assert math.isfinite(value) and abs(value) <= MAX_MAGNITUDE


# --- the error type ------------------------------------------------------------------------


def test_expression_error_is_a_value_error_with_message_offset_and_hint():
    error = refused("1 + own_cals")
    assert isinstance(error, ValueError)
    assert str(error) == error.message
    assert error.offset == 4
    assert error.hint == "did you mean `own_calls`?"


# --- names that are conditions ---------------------------------------------------------------


def test_a_name_listed_in_conditions_is_a_condition():
    names = NAMES | {"dealer": "whether the winner is the dealer"}
    expression = compile_expression("dealer and base >= 7", names, "condition", conditions={"dealer"})
    assert expression({"dealer": True, "base": 8}) is True
    assert expression({"dealer": False, "base": 8}) is False
    assert expression.names == {"dealer", "base"}


def test_arithmetic_on_a_condition_name_is_refused():
    names = NAMES | {"dealer": "whether the winner is the dealer"}
    with pytest.raises(ExpressionError):
        compile_expression("dealer + 1", names, "number", conditions={"dealer"})
    with pytest.raises(ExpressionError):
        compile_expression("dealer", names, "number", conditions={"dealer"})
