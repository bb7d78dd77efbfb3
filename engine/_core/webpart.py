"""What a game gives ``yakuset serve``, described as data so that a game never imports the web
layer (nor Starlette or Jinja2): its names, its pages' templates, and its API operations.

A game's ``web`` part is a :class:`WebPart`; a game without one sets ``web = None``, and its
rule sets are served with the pages every rule set has (its name for its titles). The server
reads the part when it starts (its templates, static files and operations) and calls its
functions for each page or request: :attr:`WebPart.sections` for a rule set's page,
:attr:`WebPart.calculator` for the calculator's, an :class:`Operation`'s ``run`` for its
request."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from .arguments import shown

if TYPE_CHECKING:
    from .ruleset import RuleSet

#: JSON Schemas of the usual request fields, for an operation's ``fields``.
COUNT: Mapping[str, Any] = {"type": "integer", "minimum": 0}
FLAG: Mapping[str, Any] = {"type": "boolean"}
NAMES: Mapping[str, Any] = {"type": "array", "items": {"type": "string"}}


def json_type(value: Any) -> str:
    """What a JSON value is, in JSON's words (``an array``, ``a string``), for a message about a
    request's field."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {shown(value)}"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


class Answer(NamedTuple):
    """An operation's answer: its JSON data, and the warnings of the result it answers with
    (the server adds them as ``"warnings"`` when there are any)."""

    data: Any
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Operation:
    """An operation a game adds to the JSON API: ``POST /api/v1/NAME`` with a body naming one
    of the game's rule sets in ``ruleset`` and the operation's own ``fields``.

    The server refuses a field the operation does not take and a ``required`` one missing
    (naming it), loads the rule set and refuses one of another game; then ``run`` gets the rule
    set and the other fields (a dict it may change) and answers. A wrong value raises
    :class:`InputError`. ``fields`` maps each field to its JSON Schema, in the order the API
    document lists them; ``summary`` says what the operation does and ``answer`` what it
    answers (both for the API document).
    """

    name: str
    summary: str
    fields: Mapping[str, Any]
    required: tuple[str, ...]
    answer: str
    run: Callable[[RuleSet, dict[str, Any]], Answer]


@dataclass(frozen=True)
class WebPart:
    """What a game gives the studio's pages and the JSON API.

    ``templates`` is a folder of Jinja2 templates, found by the pages as ``GAME/NAME``:

    - ``ruleset.html``: the game's sections of a rule set's page (between the ``extends`` chain
      and the plugins), given the page's ``rs``, ``table`` (what ``yakuset table RULESET
      --json`` answers, for a game with a command-line part; else None), ``web`` (this part)
      and ``game``: what :attr:`sections` returns for the rule set;
    - ``calculator.html`` (when :attr:`calculator` is set): the calculator's page, extending
      ``base.html``, given ``rs`` and what :attr:`calculator` returns for the rule set; its
      ``scripts`` block includes ``_scripts.html`` (the studio's script, then the game's).

    ``static`` is a folder of files the pages use, served at ``/games/GAME/static/``;
    ``scripts`` are those of its files every page of the game's rule sets loads after the
    studio's own ``studio.js``. A script adds the game's ``tables`` (drawing what ``yakuset
    table --json`` answers, for the editor) and its ``calculator`` to ``Studio.games.GAME``.
    A game without a web part is served with the pages every rule set has.
    """

    #: The game's name as a heading says it (``"Riichi mahjong"``) and in short (``"Riichi"``).
    title: str
    short_title: str
    #: The heading of the game's table (``yakuset table``) and what the API document says it is.
    table_title: str
    table_summary: str
    templates: Path | None = None
    sections: Callable[[RuleSet], Mapping[str, Any]] | None = None
    calculator: Callable[[RuleSet], Mapping[str, Any]] | None = None
    operations: tuple[Operation, ...] = ()
    static: Path | None = None
    scripts: tuple[str, ...] = ()
