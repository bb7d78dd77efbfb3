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
    names = prebuilt.bundled_names()
    texts = {name: path.read_text(encoding="utf-8") for name, path in names.items()}
    parsed, failed = _parsed(texts)
    chains = _chains(parsed, names)
    failed.update(_written_problems(parsed, chains, schemas))
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
            problems = _resolved_problems(name, [SourceFile(names[n], n, parsed[n]) for n in files], schemas)
            if problems:
                failed[name] = problems
                continue
        form = _write_form(folder, name, parsed[name])
        recorded[name] = {"text": prebuilt.digest(texts[name].encode("utf-8")), "form": prebuilt.digest(form)}
    (folder / prebuilt.RECORD).write_text(
        json.dumps({"format": prebuilt.FORMAT, "schema": schemas.digest, "files": recorded}, indent=1, sort_keys=True)
        + "\n",
        encoding="utf-8",
    )
    return failed


def _parsed(texts: Mapping[str, str]) -> tuple[dict[str, LocatedDict], dict[str, list[str]]]:
    """Each text parsed, by name, and the problems of those that are not a mapping of YAML."""
    from .yamlparse import parse  # PyYAML is imported only when a text is parsed

    parsed: dict[str, LocatedDict] = {}
    failed: dict[str, list[str]] = {}
    for name, text in texts.items():
        data, problems = parse(text, name)
        if problems or not isinstance(data, LocatedDict):
            failed[name] = [str(p) for p in problems] or ["not a mapping"]
        else:
            parsed[name] = data
    return parsed, failed


def _chains(parsed: Mapping[str, LocatedDict], names: Mapping[str, Path]) -> dict[str, list[str] | None]:
    """The bundled files of each parsed file's chain, nearest first (``None`` if it leaves them:
    a parent that is no parsed bundled file, or a cycle)."""
    paths = {path.resolve(): name for name, path in names.items()}

    def chain(name: str) -> list[str] | None:
        found = [name]
        while isinstance(ref := parsed[found[-1]].get("extends"), str):
            parent = locate_ref(ref, names[found[-1]])
            parent_name = paths.get(parent.resolve()) if parent is not None else None
            if parent_name is None or parent_name in found or parent_name not in parsed:
                return None
            found.append(parent_name)
        return found

    return {name: chain(name) for name in parsed}


def _written_problems(
    parsed: Mapping[str, LocatedDict], chains: Mapping[str, list[str] | None], schemas: Schemas
) -> dict[str, list[str]]:
    """The problems of each file as written, checked as a file of the game its chain names."""
    failed = {}
    for name, files in chains.items():
        game = next((g for n in files or () if isinstance(g := parsed[n].get("game"), str)), None)
        problems = check_file(parsed[name], Location(name, 1, 1), schemas, game if game in schemas.games else None)
        if problems:
            failed[name] = [str(p) for p in problems]
    return failed


def _resolved_problems(name: str, sources: list[SourceFile], schemas: Schemas) -> list[str]:
    """The problems of the rule set ``sources`` (a chain, nearest first) resolve to, filled with
    its defaults."""
    document = resolve(sources)
    game = document.get("game")
    own = [schemas.games[game]] if isinstance(game, str) and game in schemas.games else []
    return [
        str(p) for p in check_resolved(defaults.fill(document, [schemas.core, *own]), Location(name, 1, 1), schemas)
    ]


def _write_form(folder: Path, name: str, data: LocatedDict) -> bytes:
    """Write the parsed form of bundled file ``name`` (JSON with every location); return it."""
    form = (json.dumps(to_json(data), ensure_ascii=False, separators=(",", ":")) + "\n").encode()
    target = folder / prebuilt.form_name(name)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(form)
    return form
