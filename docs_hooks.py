"""mkdocs hooks (named in mkdocs.yml): add the pages generated from the code (``yakuset._docs``)
to the site while it is built, and to its navigation; nothing generated is written into docs/.
Point mkdocstrings (the Python API's pages) at the installed package's sources."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from yakuset._docs import navigation, pages

#: The navigation sections the generated pages go into (mkdocs.yml names them).
_SECTIONS = {"Reference": "reference", "Rule sets": "rulesets"}

#: The folder mkdocs.yml gives griffe (mkdocstrings' reader of sources) to search first; it
#: holds one link, ``yakuset``, to the installed package's folder.
SOURCES = Path("build/griffe")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    generated = navigation()
    for entry in config.nav or []:
        for title, key in _SECTIONS.items():
            if isinstance(entry, dict) and title in entry:
                entry[title] = [*generated[key], *(entry[title] or [])]
    link_sources(Path(config.config_file_path).parent / SOURCES)
    return config


def link_sources(folder: Path) -> Path:
    """Make ``folder/yakuset`` a link to the folder ``import yakuset`` imports from. An editable
    install maps the name ``yakuset`` to the repository's engine/ through an import hook, which
    griffe reads as "the package lies in engine/'s parent" and so finds no ``yakuset`` there; a
    regular install has ``site-packages/yakuset``. The link names the package in both, and is
    no copy of the sources."""
    spec = importlib.util.find_spec("yakuset")
    assert spec is not None and spec.submodule_search_locations, "yakuset is not installed"
    package = Path(next(iter(spec.submodule_search_locations))).resolve()
    link = folder / "yakuset"
    folder.mkdir(parents=True, exist_ok=True)
    if link.is_symlink() or link.exists():
        if link.resolve() == package:
            return link
        link.unlink()
    link.symlink_to(package, target_is_directory=True)
    return link


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    for path, text in pages().items():
        files.append(File.generated(config, path, content=text))
    return files
