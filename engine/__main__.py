"""``python -m yakuset``: the command line."""

import sys

from ._cli import main

# The guard matters: a study's local cluster spawns processes that import this module again.
if __name__ == "__main__":
    sys.exit(main())
