"""yakuset's built-in plugins.

Each module here is registered through the ``yakuset`` entry-point group
(see ``pyproject.toml``), exactly like a plugin from another package, and only
for rule sets that name it under ``plugins:``. Their settings are described in
``schema/ruleset.schema.json``.
"""
