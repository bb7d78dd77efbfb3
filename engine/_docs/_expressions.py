"""The expression language's reference, read from the compiler (its operators, functions,
constants and limits) and from each registered game's ``Game.expressions()``: where that
game's rule sets write expressions and the variables each place may use."""

from __future__ import annotations

from .._core import expressions
from .._house import REGISTRY
from . import _text


def page() -> str:
    """The expression language's reference page."""
    text = "# The expression language\n\n"
    text += _text.docstring(expressions.__doc__ or "").strip() + "\n\n"
    text += (
        "An expression gives a **number** or a **condition** (true or false); each field below "
        "says which it must give. A plain YAML number or `true`/`false` is an expression too. "
        "Each field's entry in the field reference has its default and what each bundled rule "
        "set writes there.\n\n"
    )
    return text + _variables() + _operators() + _functions() + _limits()


def _variables() -> str:
    """Each game's places for expressions: their fields and the variables they may use."""
    text = "## Variables, by where they are used\n\n"
    for name, game in REGISTRY.games.items():
        text += f"### Game `{name}`\n\n"
        for context in game.expressions():
            text += f"#### {context.title} {{#{_text.anchor(name + '-' + context.title)}}}\n\n"
            fields = ", ".join(
                f"[`{path}`](fields-{name}.md#{_text.anchor(path)}) ({kind})" for path, kind in context.fields.items()
            )
            text += f"Fields: {fields}.\n\n"
            rows = [
                (
                    f'<span id="{_text.anchor(name + "-" + context.title + "-" + variable)}"></span>`{variable}`',
                    "condition" if variable in context.conditions else "number",
                    _text.cell(description),
                )
                for variable, description in context.names.items()
            ]
            text += _text.table(["variable", "is a", "meaning"], rows) + "\n"
            if context.plugins:
                text += (
                    "A plugin may add names here ([`yakuset_expression_names`](hooks.md#yakuset-expression-names)); "
                    "the game's hooks give their values.\n\n"
                )
    return text


def _operators() -> str:
    text = "## Operators\n\n"
    text += _text.table(
        ["operators", "what they combine"],
        [(" ".join(_text.code(symbol) for symbol in symbols), kind) for kind, symbols in expressions.OPERATORS.items()],
    )
    return text + "\nParentheses group. Nothing else is read: no attribute, index, text, list or lambda.\n\n"


def _functions() -> str:
    """The functions with their number of arguments, then the constants."""
    text = "## Functions\n\n"
    rows = []
    for name, (_, fewest, most, description) in expressions.FUNCTIONS.items():
        count = str(fewest) if most == fewest else f"{fewest} or more" if most is None else f"{fewest} to {most}"
        rows.append((f'<span id="function-{name}"></span>`{name}`', count, _text.cell(description)))
    text += _text.table(["function", "arguments (numbers)", "gives"], rows) + "\n"
    text += "## Constants\n\n"
    return text + ", ".join(f"`{name}`" for name in expressions.CONSTANTS) + " (and `True`, `False`): conditions.\n\n"


def _limits() -> str:
    text = "## Limits\n\n"
    text += _text.table(
        ["limit", "value"],
        [
            ("an expression's length, in characters", f"{expressions.MAX_SOURCE_LENGTH}"),
            (
                "every value on the way, in magnitude (a power that would pass it is refused, not computed)",
                f"{expressions.MAX_MAGNITUDE:,}",
            ),
        ],
    )
    text += (
        "\nA rule set's expressions are compiled when it loads, and a formula is also proven then: "
        "evaluated for every combination of the values its variables can take, and refused at "
        "its place when one of them divides by zero or passes the bound. A problem reads "
        "`file:line:col: path: message` with a hint.\n"
    )
    return text
