"""Names a package imports when they are first used (PEP 562), so that ``import yakuset`` (or
``yakuset.riichi``) costs nothing until a name is read: a script that only scores Koi-Koi never
imports the Riichi engine, PyYAML or jsonschema."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, namespace: dict[str, Any], where: Mapping[str, tuple[str, str | None]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__``: ``where`` maps each public name to (module,
    attribute), the attribute ``None`` for the module itself. A name is imported once, then kept
    in the package's ``namespace``."""

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

    return __getattr__, __dir__
