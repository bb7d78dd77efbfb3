"""Make the record of the bundled rule sets (:mod:`.prebuilt`): parse and check every bundled
file, write the parsed forms and the record. The wheel's build step runs :func:`build` into the
package (``build_hooks.py``); a source checkout or an editable install, which have no build step,
get one in the user's cache from :func:`ensure` on the first load.
"""

from __future__ import annotations

import functools
import json
import shutil
import tempfile
from pathlib import Path

from . import bundled, prebuilt
from .errors import Location
from .resolve import SourceFile, locate_ref, resolve
from .validate import check_file, check_resolved
from .yamlsource import LocatedDict, to_json

#: The cache folders kept: other folders are deleted, oldest first, when a new one is written.
KEEP = 4


def ensure() -> None:
    """Build the cache's record when neither the package nor the cache has one for the bundled
    files, schema and code in use (one try per cache folder and process: a cache that cannot be
    written is left, and bundled files load as any other)."""
    if prebuilt.record() is None and (folder := prebuilt.cache_folder()) is not None:
        _build_once(folder)


@functools.cache
def _build_once(folder: Path) -> None:
    try:
        _build_in_cache(folder)
    except OSError:
        return
    prebuilt.clear()


def _build_in_cache(folder: Path) -> None:
    """Build the record into a new folder beside ``folder`` and move it in place; another
    process may have done the same meanwhile, and then its folder is kept."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=".building-", dir=folder.parent))
    try:
        build(building)
        try:
            building.rename(folder)
        except OSError:
            if prebuilt.read(folder) is None:
                raise
    finally:
        shutil.rmtree(building, ignore_errors=True)
    _prune(folder.parent, folder)


def _prune(root: Path, keep: Path) -> None:
    """Delete the oldest cache folders beyond :data:`KEEP` (best effort)."""
    try:
        folders = sorted(
            (p for p in root.glob("bundled-*") if p != keep), key=lambda p: p.stat().st_mtime, reverse=True
        )
    except OSError:
        return
    for old in folders[KEEP - 1 :]:
        shutil.rmtree(old, ignore_errors=True)


def build(folder: Path) -> dict[str, list[str]]:
    """Parse and check every bundled file and write the record and the parsed forms into
    ``folder``. A file is recorded when it parses, passes the schema as written, and, unless it
    is an abstract base, the rule set it starts passes the schema once resolved (the loader trusts
    a chain only when every file of it is recorded). Returns the problems of the files left
    out, by name (empty when all passed)."""
    from .yamlparse import parse  # PyYAML is imported only when a text is parsed

    names = prebuilt.bundled_names()
    paths = {path.resolve(): name for name, path in names.items()}
    texts = {name: path.read_text(encoding="utf-8") for name, path in names.items()}
    failed: dict[str, list[str]] = {}
    parsed: dict[str, LocatedDict] = {}
    for name, text in texts.items():
        data, problems = parse(text, name)
        if isinstance(data, LocatedDict) and not problems:
            problems = check_file(data, Location(name, 1, 1))
        if problems or not isinstance(data, LocatedDict):
            failed[name] = [str(p) for p in problems] or ["not a mapping"]
        else:
            parsed[name] = data

    def chain(name: str) -> list[str] | None:
        """The bundled files of ``name``'s chain, nearest first (``None`` if it leaves them)."""
        found = [name]
        while isinstance(ref := parsed[found[-1]].get("extends"), str):
            parent = locate_ref(ref, names[found[-1]])
            parent_name = paths.get(parent.resolve()) if parent is not None else None
            if parent_name is None or parent_name in found or parent_name not in parsed:
                return None
            found.append(parent_name)
        return found

    recorded: dict[str, dict[str, str]] = {}
    for name in sorted(parsed):
        files = chain(name)
        if files is None:
            failed[name] = ["its `extends` chain leaves the bundled files that pass"]
            continue
        if not bundled.is_abstract(Path(name).stem):
            sources = [SourceFile(names[n], n, parsed[n]) for n in files]
            problems = check_resolved(resolve(sources), Location(name, 1, 1))
            if problems:
                failed[name] = [str(p) for p in problems]
                continue
        form = (json.dumps(to_json(parsed[name]), ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        target = folder / prebuilt.form_name(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(form)
        recorded[name] = {"text": prebuilt.digest(texts[name].encode("utf-8")), "form": prebuilt.digest(form)}
    (folder / prebuilt.RECORD).write_text(
        json.dumps(
            {"format": prebuilt.FORMAT, "schema": prebuilt.schema_digest(), "files": recorded}, indent=1, sort_keys=True
        )
        + "\n",
        encoding="utf-8",
    )
    return failed
