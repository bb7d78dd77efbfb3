"""The Python API reference: a page per public module (``yakuset`` and its games' and the diff's
packages), an entry for every name of its ``__all__``, each rendered by mkdocstrings from the
name's docstring and signature while the site is built. A name a module re-exports from another
public module is a link to that module's entry, not a second copy of it."""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType
from typing import Any

#: The public modules, in the order of the reference.
MODULES = ("yakuset", "yakuset.koikoi", "yakuset.riichi", "yakuset.diff")


def page_name(module: str) -> str:
    """The page of ``module``, relative to the reference's folder."""
    return f"python-{module.replace('.', '-')}.md"


def public(module: str) -> list[str]:
    """The names ``module`` exports (its ``__all__``), in its order."""
    names: list[str] = importlib.import_module(module).__all__
    return list(names)


def home(module: str, name: str) -> str | None:
    """The public module whose entry documents ``module.name``: ``None`` where it is this one.
    ``yakuset.Award`` is ``yakuset.koikoi``'s (the same object); ``yakuset.koikoi`` (a module)
    is its own page."""
    value = getattr(importlib.import_module(module), name)
    if isinstance(value, ModuleType):
        return value.__name__ if value.__name__ in MODULES and value.__name__ != module else None
    for other in MODULES:
        deeper = other.startswith(module + ".")
        if deeper and name in public(other) and getattr(importlib.import_module(other), name) is value:
            return other
    return None


def data(module: str, name: str, value: Any) -> str:
    """The entry of a constant (griffe does not follow ``A, B = range(2)``): its type and value."""
    shown = repr(value)
    if len(shown) > 300:
        shown = shown[:300] + " …"
    # The id in a span: Markdown would read the underscores of `{#yakuset.__version__}` as bold.
    heading = f'## <span id="{module}.{name}"></span>`{name}`'
    return f"{heading}\n\n```python\n{name}: {type(value).__name__} = {shown}\n```\n\n"


def page(module: str) -> str:
    """The reference page of ``module``: its docstring, then an entry per public name."""
    text = f"# `{module}`\n\n"
    text += (
        "Generated from the docstrings and signatures of the installed package (mkdocstrings); "
        f"every name of `{module}.__all__` has an entry below. A guide: "
        "[Embedding yakuset in Python](../python.md).\n\n"
    )
    text += f"::: {module}\n    options:\n      members: false\n      show_root_heading: false\n\n"
    elsewhere = []
    for name in public(module):
        other = home(module, name)
        value = getattr(importlib.import_module(module), name)
        if other is None and (inspect.isclass(value) or callable(value) or isinstance(value, ModuleType)):
            text += f"::: {module}.{name}\n\n"
        elif other is None:
            text += data(module, name, value)
        else:
            target = f"{other}.{name}" if name not in MODULES and f"{module}.{name}" not in MODULES else other
            elsewhere.append((name, target, other))
    if elsewhere:
        text += "## Names from the other modules\n\n"
        text += f"`{module}` also exports these names, documented where they are defined:\n\n"
        for name, target, other in elsewhere:
            link = page_name(other)
            anchor = "" if target == other else f"#{target}"
            text += f'- <span id="{module}.{name}"></span>`{name}`: [`{target}`]({link}{anchor})\n'
        text += "\n"
    return text
