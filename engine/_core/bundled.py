"""Where the bundled rule sets and the schema live.

A wheel carries them inside the package (``yakuset/_data/``); an editable install maps the
package to the repository's ``engine/`` folder, so they are found at the repository root.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def data_root() -> Path:
    """The folder holding ``rulesets/`` and ``schema/``."""
    inside = _PACKAGE / "_data"
    if (inside / "schema" / "ruleset.schema.json").is_file():
        return inside
    return _PACKAGE.parent


def rulesets_dir() -> Path:
    """The folder of bundled rule sets (``koikoi/*.yaml``, ``riichi/*.yaml``)."""
    return data_root() / "rulesets"


def schema_path() -> Path:
    """The JSON Schema every rule-set file is validated against."""
    return data_root() / "schema" / "ruleset.schema.json"


def parsed_path(name: str) -> Path:
    """Where the parsed form (JSON, ``yamlsource.to_json``) of bundled file ``name`` is kept."""
    return data_root() / "schema" / "parsed" / (name.removesuffix(".yaml") + ".json")


def checked_name(path: Path, text: str) -> str | None:
    """``koikoi/nintendo.yaml`` if ``path`` is that bundled file with the ``text`` that was checked."""
    try:
        name = path.resolve().relative_to(rulesets_dir().resolve()).as_posix()
    except (ValueError, OSError):
        return None
    known = checked_digests().get(name)
    return name if known is not None and known == digest(text.encode("utf-8")) else None


def checked_path() -> Path:
    """The digests of the bundled files as they were checked against the schema (``checked_digests``)."""
    return data_root() / "schema" / "checked-rulesets.json"


try:
    # CPython's own BLAKE2: importing hashlib loads OpenSSL, which costs more than a whole load.
    from _blake2 import blake2b as _blake2b
except ImportError:  # another Python
    from hashlib import blake2b as _blake2b


def digest(data: bytes) -> str:
    """The BLAKE2b (256 bits) of ``data``, in hex."""
    return _blake2b(data, digest_size=32).hexdigest()


@functools.cache
def checked_digests() -> Mapping[str, str]:
    """Each bundled file (``koikoi/nintendo.yaml``) by the digest of the text that passed the
    schema, alone and resolved, when the package was tested: a file read with that text need not
    be checked again at every load (checking costs more than the rest of a load). Empty when the
    schema is not the one they were checked against. tests/test_bundled_checked.py keeps the
    list true."""
    try:
        recorded = json.loads(checked_path().read_text(encoding="utf-8"))
        if recorded.get("schema") != digest(schema_path().read_bytes()):
            return {}
        return dict(recorded["files"])
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return {}


@functools.cache
def parsed_digests() -> Mapping[str, str]:
    """Each bundled file's parsed form (``parsed_path``) by the digest it was written with."""
    try:
        return dict(json.loads(checked_path().read_text(encoding="utf-8"))["parsed"])
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return {}


def is_checked(path: Path, text: str) -> bool:
    """Whether ``path`` is a bundled file whose ``text`` is the one that was checked."""
    return checked_name(path, text) is not None


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
