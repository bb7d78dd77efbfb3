"""Where the bundled rule sets and the schema live.

A wheel carries them inside the package (``yakuset/_data/``); an editable install maps the
package to the repository's ``engine/`` folder, so they are found at the repository root.
"""

from __future__ import annotations

import functools
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def data_root() -> Path:
    """The folder holding ``rulesets/`` and ``schema/``."""
    inside = _PACKAGE / "_data"
    if (inside / "schema" / "ruleset.schema.json").is_file():
        return inside
    return _PACKAGE.parent


def core_schema_path() -> Path:
    """The core's rule-set schema (the keys every rule set has), beside this module."""
    return Path(__file__).resolve().with_name("ruleset.schema.json")


def rulesets_dir() -> Path:
    """The folder of bundled rule sets (``koikoi/*.yaml``, ``riichi/*.yaml``)."""
    return data_root() / "rulesets"


def schema_path() -> Path:
    """The rule-set JSON Schema editors read: the core's and the bundled games' composed
    (``schemas.Schemas.for_folder``)."""
    return data_root() / "schema" / "ruleset.schema.json"


def bundled_name(path: Path) -> str | None:
    """``koikoi/nintendo.yaml`` if ``path`` is that bundled file, else ``None``."""
    try:
        return path.resolve().relative_to(rulesets_dir().resolve()).as_posix()
    except (ValueError, OSError):
        return None


@functools.cache
def bundled_files() -> dict[str, Path]:
    """Every bundled file by id (its file name without ``.yaml``), abstract bases included."""
    found: dict[str, Path] = {}
    for path in sorted(rulesets_dir().glob("*/*.yaml")):
        found.setdefault(path.stem, path)
    return found


def is_abstract(ruleset_id: str) -> bool:
    """Files whose name starts with ``_`` are bases to extend, not rule sets to play."""
    return ruleset_id.startswith("_")
