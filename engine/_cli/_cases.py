"""The cases of ``yakuset diff --cases FILE``: more situations to score, read one at a time."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .._core.comparepart import Comparable
from .._core.errors import Location, Problem, RulesetError
from .._core.hints import did_you_mean
from .._core.yamlsource import LocatedDict
from ._errors import UsageError


class Cases:
    """The cases of a ``--cases`` file, read one at a time as the diff scores them (a file of
    100,000 cases is never held whole); each checked for keys the game knows. ``where`` is the
    location of the case last read. A file with wrong cases is reported whole: after the first
    problem the rest is only checked, not scored."""

    def __init__(self, name: str, game: str, part: Comparable | None) -> None:
        self.path = Path(name)
        if not self.path.is_file():
            raise UsageError(f"{name}: no such file")
        self.name = name
        self.known: frozenset[str] = part.case_keys if part is not None else frozenset()
        self.game = game
        self.where = Location(name, 1, 1)
        self.problems: list[Problem] = []
        self.count = 0

    def __iter__(self) -> Iterator[dict[str, Any]]:
        from .._core.yamlparse import stream_list

        for index, (where, case) in enumerate(stream_list(self.path, self.name, "cases")):
            self.where = where
            self.count = index + 1
            self._check(index, where, case)
            if not self.problems:
                yield dict(case)
        self.finish()
        if self.count >= 1000:
            print(f"yakuset: scored {self.count:,} cases under both rule sets", file=sys.stderr)

    def finish(self) -> None:
        """Raise the problems found, if any (the whole file has been read)."""
        if self.problems:
            raise RulesetError(self.problems)

    def _check(self, index: int, where: Location, case: Any) -> None:
        if not isinstance(case, LocatedDict):
            self.problems.append(Problem(where, f"cases[{index}]", "a case is a mapping"))
            return
        for key in case:
            if key != "name" and self.known and key not in self.known:
                self.problems.append(
                    Problem(
                        case.key_locs[key],
                        f"cases[{index}].{key}",
                        f"unknown key {key!r} for a {self.game} case",
                        did_you_mean(str(key), self.known) or "keys: " + ", ".join(sorted(self.known)),
                    )
                )
