"""mkdocs hooks (named in mkdocs.yml): add the pages generated from the code (``yakuset._docs``)
to the site while it is built, and to its navigation; nothing generated is written into docs/."""

from __future__ import annotations

from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from yakuset._docs import navigation, pages

#: The navigation sections the generated pages go into (mkdocs.yml names them).
_SECTIONS = {"Reference": "reference", "Rule sets": "rulesets"}


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    generated = navigation()
    for entry in config.nav or []:
        for title, key in _SECTIONS.items():
            if isinstance(entry, dict) and title in entry:
                entry[title] = [*generated[key], *(entry[title] or [])]
    return config


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    for path, text in pages().items():
        files.append(File.generated(config, path, content=text))
    return files
