"""What the server asks each game for: its :class:`~yakuset._core.webpart.WebPart` (names,
templates, scripts, API operations), the game's ``web`` part, as the command line asks for its
``command_line``. The server never branches on a game's name."""

from __future__ import annotations

from collections.abc import Mapping

from .._core.game import Game
from .._core.webpart import Operation, WebPart


def web_part(game: Game) -> WebPart:
    """The game's web part; a game without one (``web = None``) is served with the pages every
    rule set has."""
    if game.web is not None:
        return game.web
    name = game.name
    return WebPart(title=name, short_title=name, table_title="Table", table_summary=f"the table ({name})")


def operations(parts: Mapping[str, WebPart]) -> dict[str, tuple[str, Operation]]:
    """Every game's API operations by name, with the game that offers each. Two games may not
    offer an operation of the same name (its route and its document would be ambiguous)."""
    found: dict[str, tuple[str, Operation]] = {}
    for game, part in parts.items():
        for operation in part.operations:
            if operation.name in found:
                raise ValueError(
                    f"games {found[operation.name][0]} and {game} both offer the API operation `{operation.name}`"
                )
            found[operation.name] = (game, operation)
    return found
