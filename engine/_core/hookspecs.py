"""The hooks every yakuset plugin may implement, whatever the game: the plugin author's contract.

A plugin is a module (or object) that a rule set turns on by name, with settings:
``plugins: {NAME: {settings...}}``. Built-in plugins are registered by the engine itself;
others come from installed packages through the ``yakuset`` entry-point group, where the
entry-point name is the plugin's name. Only the plugins a rule set names are registered in
that rule set's plugin manager, so a hook implementation runs only for rule sets that asked
for it. A hook implemented under a name no spec has is a load error naming the plugin and
the hook.

Each game adds its own hooks (``yakuset.koikoi.hookspecs``, ``yakuset.riichi.hookspecs``); a
rule set's plugin manager knows the core's hooks and its own game's only, so a plugin that
implements another game's hook is refused when a rule set of this game names it.
Implement hooks with ``yakuset.hookimpl``::

    from yakuset import hookimpl

    @hookimpl
    def yakuset_settings_schema():
        return {"type": "object", "properties": {"points": {"type": "integer", "default": 6}}}

Hooks receive the :class:`yakuset.RuleSet`; a plugin reads its settings, with the defaults
of its settings schema filled in, from ``ruleset.plugin_settings("NAME")``. Hooks return
values and never change their arguments. Unless a spec says ``firstresult``, every plugin's
answer is collected (a list, most recently registered plugin first). A hook that raises
anything but yakuset's own errors becomes a :class:`yakuset.PluginError` naming the plugin and
the hook, whichever hook it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pluggy

PROJECT = "yakuset"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec(firstresult=True)
def yakuset_settings_schema() -> Mapping[str, Any] | None:
    """Return the JSON Schema (draft 2020-12) of this plugin's settings.

    Called once per rule set that turns the plugin on, on that plugin alone, before anything
    else: the settings written in the rule set are validated against it and every problem is
    reported at its file:line:col. Each top-level property's ``default`` fills in a setting
    the rule set leaves out, so the schema is the one place a default is written. Return
    ``None`` (or don't implement the hook) to accept any mapping as it is.
    """


@hookspec
def yakuset_expression_names(game: str) -> Mapping[str, str] | None:
    """Return extra names that rule-set expressions of ``game`` may use.

    Called while a rule set of ``game`` (``"koikoi"``, ``"riichi"``) is compiled. Return a
    mapping from name to a one-line description (shown in hints), or ``None``. A name must be
    a valid identifier and must not shadow a name the engine provides; the rule set fails to
    load otherwise. The game decides where the names get their values (Koi-Koi: from
    ``yakuset_koikoi_award_context``).
    """
