"""Make the record of the bundled rule sets (:mod:`.prebuilt`): parse and check every bundled
file, write the parsed forms and the record. The wheel's build step runs :func:`build` into the
package (``build_hooks.py``); a source checkout or an editable install, which have no build step,
get one in the user's cache from :func:`ensure` on the first load.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from . import bundled, defaults, prebuilt
from .errors import Location
from .game import Game
from .resolve import SourceFile, locate_ref, resolve
from .validate import check_file, check_resolved
from .yamlsource import LocatedDict, to_json

if TYPE_CHECKING:
    from .schemas import Schemas

#: The cache folders kept: other folders are deleted, oldest first, when a new one is written.
KEEP = 4


def ensure(games: Mapping[str, Game]) -> prebuilt.Record | None:
    """The record of the bundled files checked against the schemas of ``games`` (a registry's),
    built into the cache when neither the package nor the cache has one (one try per cache
    folder and process: a cache that cannot be written is left, and bundled files load as any
    other)."""
    named = tuple((name, Path(game.schema)) for name, game in games.items())
    schema = prebuilt.schemas_digest(named)
    found = prebuilt.record(schema)
    if found is None and (folder := prebuilt.cache_folder(schema)) is not None:
        _build_once(folder, named)
        found = prebuilt.record(schema)
    return found


@functools.cache
def _build_once(folder: Path, games: tuple[tuple[str, Path], ...]) -> None:
    from .schemas import Schemas  # only a cache being built checks files

    try:
        _build_in_cache(folder, Schemas(games))
    except OSError:
        return
    prebuilt.clear()


def _build_in_cache(folder: Path, schemas: Schemas) -> None:
    """Build the record into a new folder beside ``folder`` and move it in place; another
    process may have done the same meanwhile, and then its folder is kept."""
    import shutil  # these two cost more than a whole load: only a cache being built needs them
    import tempfile

    folder.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=".building-", dir=folder.parent))
    try:
        build(building, schemas)
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
    import shutil

    try:
        folders = sorted(
            (p for p in root.glob("bundled-*") if p != keep), key=lambda p: p.stat().st_mtime, reverse=True
        )
    except OSError:
        return
    for old in folders[KEEP - 1 :]:
        shutil.rmtree(old, ignore_errors=True)


def build(folder: Path, schemas: Schemas) -> dict[str, list[str]]:
    """Parse and check every bundled file against ``schemas`` and write the record and the parsed
    forms into ``folder``. A file is recorded when it and every file it extends parse and pass
    the schema as written (as files of the game their chain names), and, unless it is an
    abstract base, the rule set it starts passes the schema once resolved (the loader trusts a
    chain only when every file of it is recorded). Returns the problems of the files left out,
    by name (empty when all passed)."""
    from .yamlparse import parse  # PyYAML is imported only when a text is parsed

    names = prebuilt.bundled_names()
    paths = {path.resolve(): name for name, path in names.items()}
    texts = {name: path.read_text(encoding="utf-8") for name, path in names.items()}
    failed: dict[str, list[str]] = {}
    parsed: dict[str, LocatedDict] = {}
    for name, text in texts.items():
        data, problems = parse(text, name)
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

    chains = {name: chain(name) for name in parsed}
    for name, files in chains.items():
        game = next((g for n in files or () if isinstance(g := parsed[n].get("game"), str)), None)
        problems = check_file(parsed[name], Location(name, 1, 1), schemas, game if game in schemas.games else None)
        if problems:
            failed[name] = [str(p) for p in problems]

    written_fails = set(failed)  # a file that fails as written spoils every chain it is in
    recorded: dict[str, dict[str, str]] = {}
    for name in sorted(parsed):
        files = chains[name]
        if name in written_fails:
            continue
        if files is None or written_fails.intersection(files):
            failed[name] = ["its `extends` chain leaves the bundled files that pass"]
            continue
        if not bundled.is_abstract(Path(name).stem):
            sources = [SourceFile(names[n], n, parsed[n]) for n in files]
            document = resolve(sources)
            game = document.get("game")
            own = [schemas.games[game]] if isinstance(game, str) and game in schemas.games else []
            problems = check_resolved(defaults.fill(document, [schemas.core, *own]), Location(name, 1, 1), schemas)
            if problems:
                failed[name] = [str(p) for p in problems]
                continue
        form = (json.dumps(to_json(parsed[name]), ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        target = folder / prebuilt.form_name(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(form)
        recorded[name] = {"text": prebuilt.digest(texts[name].encode("utf-8")), "form": prebuilt.digest(form)}
    (folder / prebuilt.RECORD).write_text(
        json.dumps({"format": prebuilt.FORMAT, "schema": schemas.digest, "files": recorded}, indent=1, sort_keys=True)
        + "\n",
        encoding="utf-8",
    )
    return failed
