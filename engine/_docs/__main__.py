"""``python -m yakuset._docs [DIR]``: write the generated reference pages into DIR (default
``build/docs-generated``) to read them without building the site."""

from __future__ import annotations

import sys
from pathlib import Path

from . import pages


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("usage: python -m yakuset._docs [DIR]", file=sys.stderr)
        return 2
    folder = Path(argv[0] if argv else "build/docs-generated")
    for name, text in pages().items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote the generated pages into {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
