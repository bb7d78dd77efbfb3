"""yakuset's built-in plugins.

The engine registers each of them directly (no installation needed), for the rule sets that
name them under ``plugins:``, exactly as it registers a plugin from another package. They use
only the public API (``import yakuset``), as a third party's plugin would; each describes its
settings, defaults included, in its own ``yakuset_settings_schema``.
"""
