"""The hook reference, read from the hookspec modules the plugin managers are built from: the
core's and each registered game's, every hookspec with its signature, whether it is
``firstresult``, and its docstring (the plugin author's contract)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from .._core import hookspecs as core_hookspecs
from .._house import REGISTRY
from . import _text

#: The attribute pluggy's ``HookspecMarker("yakuset")`` sets on each hookspec: its options.
SPEC = f"{core_hookspecs.PROJECT}_spec"


def modules() -> list[tuple[str | None, ModuleType]]:
    """The hookspec modules: the core's (game ``None``), then each registered game's."""
    return [(None, core_hookspecs), *((name, game.hookspecs) for name, game in REGISTRY.games.items())]


def specs(module: ModuleType) -> Iterator[tuple[str, Callable[..., Any], dict[str, Any]]]:
    """The hookspecs a module holds, in source order: name, function, pluggy's options."""
    found = [
        (name, value, dict(getattr(value, SPEC)))
        for name, value in vars(module).items()
        if callable(value) and hasattr(value, SPEC)
    ]
    yield from sorted(found, key=lambda spec: inspect.getsourcelines(spec[1])[1])


def signature(function: Callable[..., Any]) -> str:
    """``name(a: T, *, b: U) -> R``, the annotations as written in the source."""
    sig = inspect.signature(function)
    params = []
    star = False
    for param in sig.parameters.values():
        if param.kind is param.KEYWORD_ONLY and not star:
            params.append("*")
            star = True
        text = param.name
        if param.annotation is not param.empty:
            text += f": {_annotation(param.annotation)}"
        if param.default is not param.empty:
            text += f" = {param.default!r}"
        params.append(text)
    returns = "" if sig.return_annotation is sig.empty else f" -> {_annotation(sig.return_annotation)}"
    return f"{function.__name__}({', '.join(params)}){returns}"


def _annotation(annotation: Any) -> str:
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


def page() -> str:
    """The hooks' reference page."""
    text = "# Hooks\n\n"
    text += (
        "Generated from the hookspec modules every rule set's plugin manager is built from. A rule "
        "set's plugin manager knows the core's hooks and its own game's. How to write a plugin: "
        "[Plugins](../plugins.md).\n\n"
    )
    for game, module in modules():
        title = "Every game" if game is None else f"Game `{game}`"
        text += f"## {title}: `{module.__name__}`\n\n"
        text += _text.docstring(inspect.getdoc(module) or "") + "\n\n"
        for name, function, options in specs(module):
            text += f"### `{name}` {{#{_text.anchor(name)}}}\n\n"
            text += f"```python\n{signature(function)}\n```\n\n"
            said = [
                "**firstresult**: the first answer that is not `None` wins"
                if options.get("firstresult")
                else "every plugin's answer is collected (a list)"
            ]
            if options.get("historic"):
                said.append("historic")
            text += "- " + "\n- ".join(said) + "\n\n"
            text += _text.docstring(inspect.getdoc(function) or "") + "\n\n"
    return text
