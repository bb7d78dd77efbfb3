"""The small expression language of rule-set files.

``base >= 7``, ``min(1 + own_calls, 6)`` and ``fu * 2 ** (han + 2)`` are parsed
once, at load time, with :func:`ast.parse` and then checked node by node
against a whitelist: numbers, the names a rule set may use, arithmetic,
comparisons, ``and``/``or``/``not``, ``x if c else y`` and a few functions.
The checked tree is turned into plain Python closures; nothing from a file ever
reaches ``eval`` or ``exec``. Every intermediate value is bounded, so an
expression like ``2 ** 2 ** 30`` is refused instead of computed.
"""

from __future__ import annotations

import ast
import math
import operator
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from . import numbers
from .errors import InputError
from .hints import did_you_mean
from .numbers import Number

Value = Number | bool
Kind = Literal["number", "condition"]
Evaluator = Callable[[Mapping[str, Number]], Value]

MAX_SOURCE_LENGTH = 500
MAX_MAGNITUDE = 10**15
_MAX_POW_BITS = 50  # 2**50 ~ 1.1e15: any power whose result could pass MAX_MAGNITUDE is refused


class ExpressionError(InputError):
    """An expression cannot be compiled or evaluated (an :class:`InputError`, so a ``ValueError``).

    ``offset`` is the 0-based character offset in the source, when known.
    """

    def __init__(self, message: str, offset: int | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint


class TooLarge(ExpressionError):
    """A value of an expression goes past ``MAX_MAGNITUDE`` (a scorer may treat that as "huge")."""


def round_up(value: Number, step: Number) -> Number:
    """Round ``value`` up to a multiple of ``step`` (``round_up(1280 * 4, 100) == 5200``)."""
    try:
        return numbers.round_up(value, step)
    except ValueError as exc:
        raise ExpressionError(str(exc)) from None


def _ceil(value: Number) -> int:
    return math.ceil(value)


def _floor(value: Number) -> int:
    return math.floor(value)


# name -> (function, fewest arguments, most arguments or None, description)
FUNCTIONS: dict[str, tuple[Callable[..., Number], int, int | None, str]] = {
    "min": (min, 2, None, "the smallest of its arguments"),
    "max": (max, 2, None, "the largest of its arguments"),
    "abs": (abs, 1, 1, "the absolute value"),
    "ceil": (_ceil, 1, 1, "round up to a whole number"),
    "floor": (_floor, 1, 1, "round down to a whole number"),
    "round_up": (round_up, 2, 2, "round_up(x, step): round x up to a multiple of step"),
}

#: The constants an expression may name (``True`` and ``False`` are read too).
CONSTANTS = {"true": True, "false": False}

_ARITHMETIC: dict[type[ast.operator], tuple[Callable[[Number, Number], Number], str]] = {
    ast.Add: (operator.add, "+"),
    ast.Sub: (operator.sub, "-"),
    ast.Mult: (operator.mul, "*"),
    ast.Div: (operator.truediv, "/"),
    ast.FloorDiv: (operator.floordiv, "//"),
    ast.Mod: (operator.mod, "%"),
}
_COMPARISONS: dict[type[ast.cmpop], tuple[Callable[[Number, Number], bool], str]] = {
    ast.Eq: (operator.eq, "=="),
    ast.NotEq: (operator.ne, "!="),
    ast.Lt: (operator.lt, "<"),
    ast.LtE: (operator.le, "<="),
    ast.Gt: (operator.gt, ">"),
    ast.GtE: (operator.ge, ">="),
}

#: The operators an expression may use, by what they combine (written from the compiler's
#: tables where it has one): the expression language's reference lists them.
OPERATORS: dict[str, tuple[str, ...]] = {
    "arithmetic: two numbers give a number": (*(symbol for _, symbol in _ARITHMETIC.values()), "**"),
    "comparison: two numbers give a condition; chained as in `1 <= x < 3`": tuple(
        symbol for _, symbol in _COMPARISONS.values()
    ),
    "logic: conditions give a condition": ("and", "or", "not"),
    "sign: a number gives a number": ("-x", "+x"),
    "choice: both sides numbers, or both conditions": ("x if c else y",),
}


@dataclass(frozen=True)
class ExpressionContext:
    """Where a game's rule sets write expressions, and what those may use there.

    ``fields`` maps each field's path (``award.multipliers[].when``: ``[]`` for any item of a
    list) to what it must give, a number or a condition; ``names`` maps each variable the
    fields may use to its description, those in ``conditions`` true or false and the others
    numbers; with ``plugins`` a plugin's ``yakuset_expression_names`` adds names here too. A
    game compiles these fields with these names (``Game.expressions`` gives its contexts).
    """

    title: str
    fields: Mapping[str, Kind]
    names: Mapping[str, str]
    conditions: frozenset[str] = frozenset()
    plugins: bool = False


@dataclass(frozen=True, slots=True)
class Expression:
    """A compiled expression: call it with the variables to get its value."""

    source: str
    kind: Kind
    names: frozenset[str]
    evaluate: Evaluator
    constant: Value | None = None
    #: ``file:line:col: path`` of the formula in its rule file, once compiled from one: a failure
    #: at run time then names the formula's place and the values that broke it.
    place: str = ""

    def __call__(self, variables: Mapping[str, Number]) -> Value:
        try:
            return self.evaluate(variables)
        except ZeroDivisionError:
            if not self.place:
                raise ExpressionError(f"division by zero in `{self.source}`") from None
            values = ", ".join(f"{n} = {variables[n]}" for n in sorted(self.names) if n in variables)
            raise ExpressionError(
                f"{self.place}: division by zero in `{self.source}`" + (f" when {values}" if values else "")
            ) from None


def compile_expression(
    source: str | int | float | bool,
    names: Mapping[str, str],
    expect: Kind,
    conditions: frozenset[str] | set[str] = frozenset(),
) -> Expression:
    """Compile ``source`` (text, or a plain YAML number/boolean) into an :class:`Expression`.

    ``names`` maps each variable the expression may use to a description (used
    in hints); those also in ``conditions`` are true/false, the rest numbers.
    ``expect`` says whether a number or a condition is wanted.
    Raises :class:`ExpressionError` with an offset into ``source``.
    """
    if isinstance(source, bool):
        return _constant_expression(str(source).lower(), source, "condition", expect)
    if isinstance(source, int | float):
        return _constant_expression(str(source), source, "number", expect)
    if not isinstance(source, str):
        raise ExpressionError(f"expected an expression, got {type(source).__name__}")
    text = source.strip()
    if not text:
        raise ExpressionError("the expression is empty")
    if len(text) > MAX_SOURCE_LENGTH:
        raise ExpressionError(f"the expression is longer than {MAX_SOURCE_LENGTH} characters")
    lead = len(source) - len(source.lstrip())
    try:
        with warnings.catch_warnings():
            # "1if x" warns of an invalid literal; such text is refused below or runs as written.
            warnings.simplefilter("ignore")
            tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        offset = (exc.offset - 1 + lead) if exc.lineno == 1 and exc.offset else None
        raise ExpressionError(
            f"syntax error: {exc.msg}", offset, "expressions look like `base >= 7` or `min(1 + own_calls, 6)`"
        ) from None
    except (RecursionError, MemoryError, ValueError):
        raise ExpressionError("the expression is nested too deeply") from None
    compiler = _Compiler(names, lead, conditions)
    try:
        evaluate, kind, constant = compiler.node(tree.body)
    except RecursionError:
        raise ExpressionError("the expression is nested too deeply") from None
    if kind != expect:
        raise ExpressionError(
            f"expected {'a number' if expect == 'number' else 'a condition'}, "
            f"but `{text}` is {'a number' if kind == 'number' else 'a condition'}",
            lead,
            "a condition compares, e.g. `base >= 7`" if expect == "condition" else "e.g. `1 + own_calls`",
        )
    return Expression(text, kind, frozenset(compiler.used), evaluate, constant)


def _constant_expression(text: str, value: Value, kind: Kind, expect: Kind) -> Expression:
    if kind != expect:
        raise ExpressionError(f"expected {'a number' if expect == 'number' else 'a condition'}, got {text}")
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_MAGNITUDE:
        raise ExpressionError(f"{text} is out of range (at most {MAX_MAGNITUDE:.0e})")
    return Expression(text, kind, frozenset(), lambda _v: value, value)


def _bounded(value: Any, offset: int) -> Number:
    if isinstance(value, complex):
        raise ExpressionError("the expression has no real value (a root of a negative number)", offset)
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_MAGNITUDE:
        raise TooLarge(f"a value in the expression goes past {MAX_MAGNITUDE:.0e}", offset)
    return value  # type: ignore[no-any-return]


def _power(base: Number, exponent: Number, offset: int) -> Number:
    if abs(base) > 1 and exponent > 0 and exponent * math.log2(abs(base)) > _MAX_POW_BITS:
        raise TooLarge(
            f"{base} ** {exponent} is too large to compute", offset, f"values are limited to {MAX_MAGNITUDE:.0e}"
        )
    if base == 0 and exponent < 0:
        raise ZeroDivisionError
    try:
        return _bounded(base**exponent, offset)
    except OverflowError:
        raise TooLarge(f"{base} ** {exponent} is too large to compute", offset) from None


def _call(func: Callable[..., Number], args: list[Number], offset: int) -> Number:
    try:
        return _bounded(func(*args), offset)
    except (OverflowError, ValueError) as exc:
        if isinstance(exc, ExpressionError):
            raise
        raise ExpressionError(f"cannot compute: {exc}", offset) from None


class _Compiler:
    """Turns a whitelisted AST into closures, folding constant parts at load time."""

    def __init__(self, names: Mapping[str, str], lead: int, conditions: frozenset[str] | set[str]) -> None:
        self.names = names
        self.lead = lead
        self.conditions = conditions
        self.used: set[str] = set()

    def node(self, node: ast.expr) -> tuple[Evaluator, Kind, Value | None]:
        offset = node.col_offset + self.lead
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise ExpressionError(
                f"`{ast.unparse(node)}` is not allowed in an expression",
                offset,
                "use numbers, names, + - * / // % **, comparisons, and/or/not, "
                "`a if condition else b` and " + ", ".join(FUNCTIONS),
            )
        evaluate, kind, children_constant = method(node, offset)
        if children_constant:
            try:
                value = evaluate({})
            except ZeroDivisionError:
                raise ExpressionError(f"division by zero in `{ast.unparse(node)}`", offset) from None
            return (lambda _v: value), kind, value
        return evaluate, kind, None

    def _number(self, node: ast.expr, what: str) -> tuple[Evaluator, Value | None]:
        evaluate, kind, constant = self.node(node)
        if kind != "number":
            raise ExpressionError(
                f"{what} needs a number, but `{ast.unparse(node)}` is a condition", node.col_offset + self.lead
            )
        return evaluate, constant

    def _condition(self, node: ast.expr, what: str) -> tuple[Evaluator, Value | None]:
        evaluate, kind, constant = self.node(node)
        if kind != "condition":
            raise ExpressionError(
                f"{what} needs a condition, but `{ast.unparse(node)}` is a number",
                node.col_offset + self.lead,
                "compare it, e.g. `own_calls >= 1`",
            )
        return evaluate, constant

    def _Constant(self, node: ast.Constant, offset: int) -> tuple[Evaluator, Kind, bool]:
        value = node.value
        if isinstance(value, bool):
            return (lambda _v: value), "condition", True
        if isinstance(value, int | float) and not isinstance(value, complex):
            _bounded(value, offset)
            return (lambda _v: value), "number", True
        raise ExpressionError(f"{value!r} is not allowed: expressions hold numbers, not text", offset)

    def _Name(self, node: ast.Name, offset: int) -> tuple[Evaluator, Kind, bool]:
        name = node.id
        if name in CONSTANTS:
            value = CONSTANTS[name]
            return (lambda _v: value), "condition", True
        if name in ("True", "False"):
            value = name == "True"
            return (lambda _v: value), "condition", True
        if name not in self.names:
            hint = did_you_mean(name, self.names, code=True) or (
                "known names: " + ", ".join(sorted(self.names)) if self.names else "no names are known here"
            )
            raise ExpressionError(f"unknown name `{name}`", offset, hint)
        self.used.add(name)
        return (lambda v: v[name]), "condition" if name in self.conditions else "number", False

    def _UnaryOp(self, node: ast.UnaryOp, offset: int) -> tuple[Evaluator, Kind, bool]:
        if isinstance(node.op, ast.Not):
            inner, constant = self._condition(node.operand, "`not`")
            return (lambda v: not inner(v)), "condition", constant is not None
        inner, constant = self._number(node.operand, "a sign")
        if isinstance(node.op, ast.USub):
            return (lambda v: -inner(v)), "number", constant is not None
        if isinstance(node.op, ast.UAdd):
            return inner, "number", constant is not None
        raise ExpressionError("`~` is not allowed", offset)

    def _BinOp(self, node: ast.BinOp, offset: int) -> tuple[Evaluator, Kind, bool]:
        left, lc = self._number(node.left, "arithmetic")
        right, rc = self._number(node.right, "arithmetic")
        folded = lc is not None and rc is not None
        if isinstance(node.op, ast.Pow):
            return (lambda v: _power(left(v), right(v), offset)), "number", folded
        entry = _ARITHMETIC.get(type(node.op))
        if entry is None:
            raise ExpressionError(
                f"the operator in `{ast.unparse(node)}` is not allowed", offset, "use + - * / // % **"
            )
        op = entry[0]
        return (lambda v: _bounded(op(left(v), right(v)), offset)), "number", folded

    def _BoolOp(self, node: ast.BoolOp, offset: int) -> tuple[Evaluator, Kind, bool]:
        parts = [self._condition(value, "`and`/`or`") for value in node.values]
        funcs = [p[0] for p in parts]
        folded = all(p[1] is not None for p in parts)
        if len(funcs) == 2:
            first, second = funcs
            if isinstance(node.op, ast.And):
                return (lambda v: bool(first(v)) and bool(second(v))), "condition", folded
            return (lambda v: bool(first(v)) or bool(second(v))), "condition", folded
        if isinstance(node.op, ast.And):
            return (lambda v: all(f(v) for f in funcs)), "condition", folded
        return (lambda v: any(f(v) for f in funcs)), "condition", folded

    def _Compare(self, node: ast.Compare, offset: int) -> tuple[Evaluator, Kind, bool]:
        operands = [self._number(n, "a comparison") for n in [node.left, *node.comparators]]
        ops = []
        for op in node.ops:
            entry = _COMPARISONS.get(type(op))
            if entry is None:
                symbols = " ".join(symbol for _, symbol in _COMPARISONS.values())
                raise ExpressionError(f"only {symbols} compare", offset)
            ops.append(entry[0])
        funcs = [o[0] for o in operands]
        folded = all(o[1] is not None for o in operands)
        if len(ops) == 1:  # the common case, without building a list per call
            only, left, right = ops[0], funcs[0], funcs[1]
            return (lambda v: only(left(v), right(v))), "condition", folded

        def compare(v: Mapping[str, Number]) -> bool:
            values = [f(v) for f in funcs]
            return all(op(values[i], values[i + 1]) for i, op in enumerate(ops))

        return compare, "condition", folded

    def _IfExp(self, node: ast.IfExp, offset: int) -> tuple[Evaluator, Kind, bool]:
        test, tc = self._condition(node.test, "`if`")
        body, body_kind, bc = self.node(node.body)
        orelse, else_kind, ec = self.node(node.orelse)
        if body_kind != else_kind:
            raise ExpressionError("both sides of `x if c else y` must be numbers, or both conditions", offset)
        folded = tc is not None and bc is not None and ec is not None
        return (lambda v: body(v) if test(v) else orelse(v)), body_kind, folded

    def _Call(self, node: ast.Call, offset: int) -> tuple[Evaluator, Kind, bool]:
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            name = ast.unparse(node.func)
            raise ExpressionError(
                f"unknown function `{name}`",
                offset,
                did_you_mean(name, FUNCTIONS, code=True) or "functions: " + ", ".join(FUNCTIONS),
            )
        name = node.func.id
        func, fewest, most, _ = FUNCTIONS[name]
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise ExpressionError(f"`{name}` takes plain arguments only", offset)
        count = len(node.args)
        if count < fewest or (most is not None and count > most):
            wanted = str(fewest) if most == fewest else f"at least {fewest}" if most is None else f"{fewest}-{most}"
            raise ExpressionError(f"`{name}` takes {wanted} argument(s), got {count}", offset)
        args = [self._number(a, f"`{name}`") for a in node.args]
        funcs = [a[0] for a in args]
        folded = all(a[1] is not None for a in args)
        return (lambda v: _call(func, [f(v) for f in funcs], offset)), "number", folded
