"""The wheel's build step (pyproject.toml: ``[tool.setuptools.cmdclass] build_py``).

After setuptools has laid the package out in its build folder, this parses and checks every
bundled rule set with the package just laid out and writes their parsed forms and the record of
checked texts into ``yakuset/_data/parsed/`` (``yakuset._core.prebuild.build``): the installed
package loads a bundled rule set without a YAML parser or a schema check, and the repository
keeps no generated file. A bundled file that fails the schema stops the build.

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
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from yakuset._core import prebuild
failed = prebuild.build(Path(sys.argv[2]))
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
