"""The engine's own house: the games it knows and the plugins built into it, and the loading
functions of the public API that use them."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from ._core import memo, ruleset
from ._core.plugins import Registry
from .koikoi import GAME as KOIKOI
from .riichi import GAME as RIICHI

#: The games and built-in plugins every rule set may use; installed packages add plugins. A
#: built-in plugin is imported when a rule set first names it: plugins use the public API
#: (``import yakuset``), which is built on this module.
REGISTRY = Registry.of(
    games=(KOIKOI, RIICHI),
    builtins={
        name: f"yakuset._plugins.{name}"
        for name in ("lucky_hands", "dealers_privilege", "minipoints", "riichi_yaku", "koikoi_bots", "riichi_bots")
    },
)


def load_ruleset(
    source: str | os.PathLike[str], *, plugins: Mapping[str, object] | Iterable[object] = ()
) -> ruleset.RuleSet:
    """Load a rule set by bundled id (``"nintendo"``) or file path (``"house.yaml"``).

    ``plugins``: plugin objects (modules or objects with ``@yakuset.hookimpl`` functions) the
    rule set may turn on by name without a package being installed, for embedding and tests:
    a list (each named by its ``NAME`` attribute, or a module by the last part of its name) or a
    mapping of names to plugins. A rule set still turns a plugin on by naming it under
    ``plugins:``; a built-in plugin's name cannot be taken. Raises :class:`yakuset.RulesetError`
    listing every problem found, each at file:line:col, and :class:`yakuset.InputError` for a
    plugin argument it cannot name.
    """
    return ruleset.load(source, _registry(plugins))


def load_ruleset_text(
    text: str,
    path: str | os.PathLike[str],
    *,
    bundled_parents_only: bool = False,
    plugins: Mapping[str, object] | Iterable[object] = (),
) -> ruleset.RuleSet:
    """Load a rule set from text, as if it were the file at ``path`` (which anchors ``extends``).

    ``bundled_parents_only=True`` is for text from someone else (``yakuset serve`` uses it): its
    ``extends`` may name a bundled id only, so loading it reads no file of this machine but the
    bundled ones; a path there is a problem at its line. ``plugins`` as for :func:`load_ruleset`.
    """
    return ruleset.load_text(text, path, _registry(plugins), bundled_parents_only)


def _registry(plugins: Mapping[str, object] | Iterable[object]) -> Registry:
    """The registry with the plugins given in the process (the house's own when none are)."""
    if isinstance(plugins, tuple | list) and not plugins:
        return REGISTRY
    return REGISTRY.with_plugins(plugins)


def list_rulesets() -> list[ruleset.RuleSet]:
    """Every bundled rule set (abstract bases left out), loaded, in id order."""
    return [load_ruleset(i) for i in ruleset.bundled_ids()]


def clear_caches() -> None:
    """Forget every memoised result: what each live rule set remembers (han/fu hands, Koi-Koi
    awards and yaku, ...) and every registered memo (readings, parsed tiles and files, plugins'
    memos made with :func:`yakuset.memo`). Each rule set keeps its compiled tables.

    Results never depend on the memos; this is for measuring cold speed and memory.
    """
    memo.clear_all()
