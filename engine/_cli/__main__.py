"""``python -m yakuset._cli``: the command line, as ``python -m yakuset``."""

import sys

from ._main import main

# The guard matters: a study's local cluster spawns processes that import this module again.
if __name__ == "__main__":
    sys.exit(main())
