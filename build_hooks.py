"""The wheel's build step (pyproject.toml: ``[tool.setuptools.cmdclass] build_py``).

After setuptools has laid the package out in its build folder, this uses the package just laid
out to write

- the schema editors read, ``yakuset/_data/schema/ruleset.schema.json``: the core's schema and
  each game's composed (``schemas.Schemas.for_folder``), referring to them by paths inside the
  package (``../../koikoi/ruleset.schema.json``; the repository's file refers to
  ``../engine/koikoi/...``);
- the bundled rule sets' parsed forms and the record of checked texts, ``yakuset/_data/parsed/``
  (``yakuset._core.prebuild.build``): the installed package loads a bundled rule set without a
  YAML parser or a schema check. A bundled file that fails the schema stops the build.

The repository keeps no generated file.

An editable install has no build folder: there the record is built into the user's cache on
first use (``yakuset._core.prebuilt``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from setuptools.command.build_py import build_py

# Run in a fresh interpreter that imports the package from the build folder, so that what is
# checked is exactly what the wheel holds (the build environment's PYTHONPATH supplies PyYAML,
# jsonschema and pluggy: build-system.requires).
_BUILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from yakuset._core import bundled, prebuild, schemas as composed_schemas
from yakuset._house import REGISTRY
schemas = composed_schemas.schemas(REGISTRY.games)
entry = bundled.schema_path()
composed = schemas.for_folder(entry.parent)
entry.write_text(json.dumps(composed, indent=2, ensure_ascii=False) + "\\n", encoding="utf-8")
failed = prebuild.build(Path(sys.argv[2]), schemas)
for name, problems in failed.items():
    print(name, *problems, sep="\\n  ", file=sys.stderr)
sys.exit(1 if failed else 0)
"""


class BuildPy(build_py):
    """``build_py``, then the bundled rule sets' parsed forms and record (not in editable mode)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        lib = Path(self.build_lib).resolve()
        target = lib / "yakuset" / "_data" / "parsed"
        if target.exists():
            import shutil

            shutil.rmtree(target)
        target.mkdir(parents=True)
        done = subprocess.run([sys.executable, "-c", _BUILD, str(lib), str(target)], check=False)
        if done.returncode != 0:
            raise SystemExit("the bundled rule sets could not be made ready (see above): the wheel is not built")
