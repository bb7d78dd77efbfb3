"""A report made of sections, each rendering itself in every format: readable text (coloured
on a terminal), Markdown, JSON and GitHub workflow commands. ``yakuset diff`` prints one: the
rule changes and the behaviour (``yakuset.diff``), then on request the play (``--play``) and the
played games (``--logs``), each section written by the part that finds it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol


class Section(Protocol):
    """A part of a report: its lines in each format, its members of the report's JSON object."""

    def text(self, colour: bool) -> list[str]:
        """Its lines as readable text, coloured when ``colour``."""
        ...

    def markdown(self) -> list[str]:
        """Its lines as Markdown."""
        ...

    def json(self) -> dict[str, Any]:
        """Its members of the report's JSON object."""
        ...

    def github(self) -> list[str]:
        """Its GitHub workflow commands (annotations), one a line."""
        ...


@dataclass(frozen=True)
class Report:
    """Sections, in the order they are printed; each format is each section's in turn."""

    sections: tuple[Section, ...]

    def text(self, colour: bool = False) -> str:
        """Readable text, each line ended by a newline."""
        return _lines(line for section in self.sections for line in section.text(colour))

    def markdown(self) -> str:
        """Markdown, each line ended by a newline."""
        return _lines(line for section in self.sections for line in section.markdown())

    def json(self) -> dict[str, Any]:
        """One JSON object: each section's members, in order."""
        data: dict[str, Any] = {}
        for section in self.sections:
            data.update(section.json())
        return data

    def github(self) -> str:
        """GitHub workflow commands, one a line."""
        return _lines(line for section in self.sections for line in section.github())


def _lines(lines: Iterable[str]) -> str:
    return "".join(line + "\n" for line in lines)
