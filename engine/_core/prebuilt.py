"""The bundled rule sets made ready to load fast: each file's parsed form (JSON with every
location, :func:`~yakuset._core.yamlsource.to_json`) and a record of the texts that passed the
schema, alone and resolved.

A bundled file whose text is the recorded one is read from its parsed form (no YAML parser) and
not checked against the schema again (checking costs more than the rest of a load). Nothing of
this is kept in git; ``prebuild.build`` makes it:

- into the wheel, by the build step (``build_hooks.py``, a ``build_py`` that pyproject.toml
  names): the package carries ``yakuset/_data/parsed/``;
- where the package was not built (a source checkout, an editable install), into the user's
  cache on first use (:func:`cache_root`), in a folder named by the digest of everything the
  record depends on: the bundled texts, the schema, and the code that parses and checks them.
  A folder never changes once written; a change to any of those makes a new one.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from . import bundled

#: The version of the record's layout; part of every cache folder's name.
FORMAT = 1
#: The record, inside a folder ``prebuild.build`` wrote.
RECORD = "record.json"
#: The modules whose code decides a parsed form or a verdict (a source checkout's cache is
#: rebuilt when one of them changes).
_CODE = ("prebuilt.py", "prebuild.py", "yamlparse.py", "yamlsource.py", "validate.py", "resolve.py", "defaults.py")

try:
    # CPython's own BLAKE2: importing hashlib loads OpenSSL, which costs more than a whole load.
    from _blake2 import blake2b as _blake2b
except ImportError:  # another Python
    from hashlib import blake2b as _blake2b


def digest(data: bytes) -> str:
    """The BLAKE2b (256 bits) of ``data``, in hex."""
    return _blake2b(data, digest_size=32).hexdigest()


class Record:
    """What ``prebuild.build`` wrote in ``folder``: the digest of the schemas the files were
    checked against (:func:`schemas_digest`), and each bundled file (``koikoi/nintendo.yaml``)
    that passed them by the digests of its text and of its parsed form. Read-only; two records
    are the same only when they are the same object."""

    __slots__ = ("folder", "schema", "texts", "forms")

    def __init__(self, folder: Path, schema: str, texts: Mapping[str, str], forms: Mapping[str, str]) -> None:
        self.folder = folder
        self.schema = schema
        self.texts = texts
        self.forms = forms

    def form(self, name: str, text: str) -> Any:
        """The parsed form (JSON data) of bundled file ``name`` when ``text`` is the recorded
        one, else ``None``."""
        if self.texts.get(name) != digest(text.encode("utf-8")):
            return None
        try:
            data = (self.folder / form_name(name)).read_bytes()
        except OSError:
            return None
        if self.forms.get(name) != digest(data):
            return None  # not the form the build wrote: parse the text instead
        return json.loads(data)


def form_name(name: str) -> str:
    """The file of bundled file ``name``'s parsed form in a record's folder."""
    return name.removesuffix(".yaml") + ".json"


def packaged_folder() -> Path:
    """Where a built package keeps the record (``yakuset/_data/parsed``)."""
    return Path(__file__).resolve().parent.parent / "_data" / "parsed"


def cache_root() -> Path:
    """The user's cache for yakuset: ``$YAKUSET_CACHE_DIR``, else ``$XDG_CACHE_HOME/yakuset``,
    else ``~/.cache/yakuset`` (``%LOCALAPPDATA%\\yakuset`` on Windows)."""
    own = os.environ.get("YAKUSET_CACHE_DIR")
    if own:
        return Path(own)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "yakuset"
    local = os.environ.get("LOCALAPPDATA")
    if os.name == "nt" and local:
        return Path(local) / "yakuset"
    return Path.home() / ".cache" / "yakuset"


@functools.cache
def schemas_digest(games: tuple[tuple[str, Path], ...], core: Path | None = None) -> str:
    """The digest of the core's schema file and each game's ``(name, schema file)``: a record is
    used only with the schemas it was checked against."""
    parts = [(core or bundled.core_schema_path()).read_bytes()]
    for name, path in sorted(games):
        parts += [name.encode("utf-8"), Path(path).read_bytes()]
    return digest(b"\x00".join(digest(part).encode() for part in parts))


@functools.cache
def record(schema: str) -> Record | None:
    """The record of the bundled files checked against the schemas of digest ``schema``: the
    package's own, else the one in the cache (:func:`cache_folder`), else ``None`` (nothing is
    trusted: every bundled file is parsed and checked as any other). ``prebuild.ensure`` builds
    the cache's when it is missing."""
    packaged = read(packaged_folder())
    if packaged is not None and packaged.schema == schema:
        return packaged
    folder = cache_folder(schema)
    found = read(folder) if folder is not None else None
    return found if found is not None and found.schema == schema else None


@functools.cache
def cache_folder(schema: str) -> Path | None:
    """The cache folder of a record for the bundled files and code in use, checked against the
    schemas of digest ``schema`` (``None`` when there is no place for it: no home folder, an
    unreadable file)."""
    try:
        return cache_root() / f"bundled-{_inputs_digest(schema)}"
    except (OSError, RuntimeError):
        return None


def clear() -> None:
    """Forget the record read (the next load reads it again)."""
    record.cache_clear()
    cache_folder.cache_clear()


def read(folder: Path) -> Record | None:
    """The record ``prebuild.build`` wrote in ``folder``, or ``None`` when there is none (or it is not
    one this code wrote)."""
    try:
        recorded = json.loads((folder / RECORD).read_bytes())
        if recorded.get("format") != FORMAT:
            return None
        files = recorded["files"]
        return Record(
            folder,
            str(recorded["schema"]),
            {name: str(entry["text"]) for name, entry in files.items()},
            {name: str(entry["form"]) for name, entry in files.items()},
        )
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return None


def _inputs_digest(schema: str) -> str:
    """The digest of everything a record depends on, for a cache folder's name."""
    parts = [str(FORMAT).encode(), schema.encode()]
    here = Path(__file__).resolve().parent
    parts += [(here / module).read_bytes() for module in _CODE]
    for name, path in sorted(bundled_names().items()):
        parts += [name.encode("utf-8"), path.read_bytes()]
    return digest(b"\x00".join(digest(part).encode() for part in parts))[:32]


def bundled_names() -> dict[str, Path]:
    """Every bundled file by its name in the record (``koikoi/nintendo.yaml``)."""
    root = bundled.rulesets_dir()
    return {path.relative_to(root).as_posix(): path for path in sorted(root.glob("*/*.yaml"))}
