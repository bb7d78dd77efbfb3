"""Markdown pieces the reference pages share: a value as inline YAML, a table cell, a docstring
turned from reStructuredText's few marks into Markdown, a game's name as the site writes it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import yaml

from .._house import REGISTRY
from ..diff import plain


def inline(value: Any) -> str:
    """``value`` as one line of YAML in flow style, quoted only where YAML needs it: ``15``,
    ``1 + own_calls``, ``[a, b]``, ``{to: 1000}``."""
    text = yaml.safe_dump(plain(value), default_flow_style=True, sort_keys=False, allow_unicode=True, width=2**31)
    return str(text).removesuffix("\n").removesuffix("\n...").strip()


def code(text: str) -> str:
    """``text`` as inline code inside a Markdown table cell (a pipe would end the cell)."""
    text = text.replace("|", "\\|")
    fence = "``" if "`" in text else "`"
    pad = " " if "`" in text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def cell(text: str) -> str:
    """Plain text for a Markdown table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def anchor(text: str) -> str:
    """The id a heading is given here, written out (``{#id}``) so that links do not depend on
    how Markdown would slugify a key path."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


_ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|exc):`~?([^`]+)`")


def docstring(text: str) -> str:
    """A docstring's reStructuredText marks as Markdown: ````x```` and ``:class:`x``` as code,
    ``::`` before an indented block as ``:`` (the indented block stays a code block)."""
    text = _ROLE.sub(r"`\1`", text)
    text = re.sub(r"``([^`]+)``", r"`\1`", text)
    return re.sub(r"::\n", ":\n", text)


def game_title(game: str) -> str:
    """A game as the site's headings name it (``Koi-Koi``, ``Riichi``: its web part's short
    title, as the studio says it), not the value of ``game:`` in its files (``koikoi``)."""
    web = REGISTRY.games[game].web
    return game if web is None else web.short_title
