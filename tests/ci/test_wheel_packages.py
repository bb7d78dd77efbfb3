"""The wheel's package list (pyproject.toml's ``tool.setuptools.packages``) names every folder
of engine/ and plugins/ that holds Python modules: a sub-package left out is missing from an
installed yakuset (the Koi-Koi logs were, found by .ci/run's documentation build)."""

from __future__ import annotations

import tomllib

from ..helpers import ROOT


def test_every_python_folder_of_the_package_is_in_the_wheel():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {"engine": "yakuset", "plugins": "yakuset._plugins"}
    found = set()
    for folder, package in folders.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((package, *parts)))
    assert found - listed == set()
