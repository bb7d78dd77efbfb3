"""Where the bundled rule sets and the schema live.

A wheel carries them inside the package (``yakuset/_data/``); an editable install maps the
package to the repository's ``engine/`` folder, so they are found at the repository root.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path

from .hints import did_you_mean

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
    return _CORE_SCHEMA


_CORE_SCHEMA = Path(__file__).resolve().with_name("ruleset.schema.json")


def rulesets_dir() -> Path:
    """The folder of bundled rule sets (``koikoi/*.yaml``, ``riichi/*.yaml``)."""
    return data_root() / "rulesets"


def examples_dir() -> Path:
    """The folder of bundled example scripts (``examples/*.yaml``)."""
    return data_root() / "examples"


def schema_path() -> Path:
    """The rule-set JSON Schema editors read: the core's and the bundled games' composed
    (``schemas.Schemas.for_folder``)."""
    return data_root() / "schema" / "ruleset.schema.json"


def bundled_name(path: Path) -> str | None:
    """``koikoi/nintendo.yaml`` if ``path`` is that bundled file, else ``None``."""
    try:
        return path.resolve().relative_to(resolved_folder(rulesets_dir())).as_posix()
    except (ValueError, OSError):
        return None


@functools.lru_cache(maxsize=16)
def resolved_folder(folder: Path) -> Path:
    """``folder.resolve()`` for a folder of the package's data, once a process (they do not move
    while it runs; each load named where its files lie relative to them)."""
    return folder.resolve()


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


def ids_of_game(game: str | None = None) -> list[str]:
    """The bundled rule sets' ids (abstract bases left out), of ``game`` only if given, in order."""
    return [
        ident for ident, path in bundled_files().items() if not is_abstract(ident) and game in (None, path.parent.name)
    ]


def extendable_ids(game: str | None = None) -> list[str]:
    """What ``extends:`` may name among the bundled files: the rule sets and the bases (``_koikoi``)."""
    return [ident for ident, path in bundled_files().items() if game in (None, path.parent.name)]


def looks_like_path(name: str) -> bool:
    """Whether a rule set's name is read as a file path rather than a bundled id."""
    return "/" in name or "\\" in name or name.endswith((".yaml", ".yml"))


def not_found(
    name: str,
    game: str | None = None,
    *,
    offered: Iterable[str] | None = None,
    files: bool = True,
    relative_to: str = "the working folder",
) -> tuple[str, str]:
    """The message and hint for a rule set ``name`` that is neither a bundled id nor a file: one
    wording for every place that looks a rule set up (loading, ``extends:``, the command line,
    the HTTP API). The hint is a did-you-mean among ``game``'s ids (every game's when ``None``;
    ``offered`` replaces the bundled ids, as a server offering its own files does), else those ids.
    ``files``: whether a file path would have been read too (not for a server); a name that looks
    like a path is a missing file, ``relative_to`` what it is read relative to."""
    if files and looks_like_path(name):
        return f"no file named {name!r}", f"the path is relative to {relative_to}"
    ids = ids_of_game(game) if offered is None else sorted(offered)
    message = f"no bundled rule set {'or file ' if files else ''}named {name!r}"
    hint = did_you_mean(name, ids)
    if hint is None:
        kind = f"bundled {game} rule sets" if game else "bundled rule sets"
        hint = f"{kind}: {', '.join(ids)}" + ("; a file path needs a / or a .yaml ending" if files else "")
    return message, hint
