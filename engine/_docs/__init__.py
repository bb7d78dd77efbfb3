"""The documentation site's reference pages, generated from the code (never copied by hand):
every rule-set field from the schemas, the expression language from its compiler and the games,
every hookspec, every command and option from the
parser, the HTTP API from its OpenAPI document, the Python API from its docstrings, a page per
bundled rule set and a comparison of every rule set of a game.

``pages()`` gives each page's Markdown by its path under docs/; ``mkdocs build`` adds them
through the hook in ``docs_hooks.py``, and ``python -m yakuset._docs DIR`` writes them out to
read. Nothing generated is committed. The HTTP API's page needs the ``web`` extra.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from .._house import REGISTRY
from . import _api, _commands, _expressions, _hooks, _python, _rulesets, _schema, _text

#: Where the generated pages lie under docs/.
REFERENCE = "reference"
RULESETS = "rulesets"


def makers() -> dict[str, Callable[[], str]]:
    """What makes each generated page, by its path relative to docs/ (making one costs up to a
    second: the field pages read every bundled rule set)."""
    found: dict[str, Callable[[], str]] = {}
    fields = _schema.fields()
    for game, items in fields.items():
        title = "Fields every rule set has" if game is None else f"Fields of {_text.game_title(game)} rule sets"
        found[f"{REFERENCE}/fields-{game or 'common'}.md"] = functools.partial(_schema.page, game, items, title)
    found[f"{REFERENCE}/expressions.md"] = _expressions.page
    found[f"{REFERENCE}/hooks.md"] = _hooks.page
    found[f"{REFERENCE}/cli.md"] = _commands.page
    found[f"{REFERENCE}/http-api.md"] = _api.page
    for module in _python.MODULES:
        found[f"{REFERENCE}/{_python.page_name(module)}"] = functools.partial(_python.page, module)
    games = _rulesets.rulesets()
    public = {rs.id for members in games.values() for rs in members}
    for game, members in games.items():
        found[f"{RULESETS}/{game}-compared.md"] = functools.partial(_rulesets.matrix, game, members)
        for rs in members:
            found[f"{RULESETS}/{_rulesets.page_name(rs)}"] = functools.partial(_rulesets.page, rs, public)
    return found


def pages() -> dict[str, str]:
    """Every generated page's Markdown, by its path relative to docs/."""
    return {path: make() for path, make in makers().items()}


def navigation() -> dict[str, list[dict[str, str]]]:
    """The generated pages in the site's navigation: the reference's, and the rule sets' by game
    (each game's comparison first)."""
    reference = [
        {"Fields every rule set has": f"{REFERENCE}/fields-common.md"},
        *(
            {f"Fields of {_text.game_title(game)} rule sets": f"{REFERENCE}/fields-{game}.md"}
            for game in REGISTRY.games
        ),
        {"Expression language": f"{REFERENCE}/expressions.md"},
        {"Hooks": f"{REFERENCE}/hooks.md"},
        {"Command line": f"{REFERENCE}/cli.md"},
        {"HTTP API": f"{REFERENCE}/http-api.md"},
        *({f"Python API: {module}": f"{REFERENCE}/{_python.page_name(module)}"} for module in _python.MODULES),
    ]
    rulesets: list[dict[str, str]] = []
    for game, members in _rulesets.rulesets().items():
        rulesets.append({f"Every {_text.game_title(game)} rule set compared": f"{RULESETS}/{game}-compared.md"})
        rulesets += [{rs.name: f"{RULESETS}/{_rulesets.page_name(rs)}"} for rs in members]
    return {"reference": reference, "rulesets": rulesets}
