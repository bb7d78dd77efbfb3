"""Names a package imports when they are first used (PEP 562), so that ``import yakuset`` (or
``yakuset.riichi``) costs nothing until a name is read: a script that only scores Koi-Koi never
imports the Riichi engine, PyYAML or jsonschema.

A public package states each of its names once, as an import in its ``if TYPE_CHECKING:``
block (``from .table.play import Table as Table``: the alias marks a re-export for mypy), which
type checkers and the documentation read; :func:`lazy_names` reads the same block from the
package's source and derives the package's ``__all__`` and the lazy ``__getattr__`` from it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

_BLOCK = "if TYPE_CHECKING:"


def names_table(source: str, package: str) -> dict[str, tuple[str, str | None]]:
    """Each name the ``if TYPE_CHECKING:`` block of a package's ``source`` imports: its module
    (absolute) and its attribute there (``None`` for a module imported itself, ``from . import
    hookspecs``). The block holds only ``from .X import a as b, c`` lines, parenthesised or not."""
    lines = source.split("\n")
    start = lines.index(_BLOCK) + 1
    body = []
    for line in lines[start:]:
        if line and not line.startswith(" "):
            break
        body.append(line.split("#", 1)[0].strip())
    table: dict[str, tuple[str, str | None]] = {}
    for statement in " ".join(body).replace("(", " ").replace(")", " ").split("from ")[1:]:
        where, _, names = statement.partition(" import ")
        module = _absolute(where.strip(), package)
        for item in names.split(","):
            name, _, alias = item.strip().partition(" as ")
            if not name:
                continue
            public = (alias or name).strip()
            if where.strip().strip(".") == "" and where.strip() == ".":
                table[public] = (f"{package}.{name}", None)
            else:
                table[public] = (module, name)
    return table


def _absolute(module: str, package: str) -> str:
    level = len(module) - len(module.lstrip("."))
    base = package.split(".")
    if level > 1:
        base = base[: len(base) - level + 1]
    rest = module.lstrip(".")
    return ".".join([*base, rest]) if rest else ".".join(base)


def _order(name: str) -> tuple[int, str]:
    """isort's order of a module's ``__all__``: constants, then classes, then the rest."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def lazy_names(
    namespace: dict[str, Any], *defined: str
) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """A package's ``__getattr__``, ``__dir__`` and ``__all__``, from the names its ``if
    TYPE_CHECKING:`` block imports (:func:`names_table`) and the names it ``defined`` itself
    (``__version__``). A name is imported once, then kept in the package's ``namespace``."""
    package = namespace["__name__"]
    where = names_table(namespace["__loader__"].get_source(package), package)
    namespace["_WHERE"] = where

    def __getattr__(name: str) -> Any:
        found = where.get(name)
        if found is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(found[0])
        value = module if found[1] is None else getattr(module, found[1])
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *where})

    return __getattr__, __dir__, sorted([*where, *defined], key=_order)
