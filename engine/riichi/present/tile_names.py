"""``yakuset tiles [RULESET]``: the tiles in mpsz notation with their names; with a rule set,
the tiles it plays (a three-player set removes 2m-8m) and its red fives."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..._core.commands import Output
from ..tiles.notation import tile_name

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

_SUITS = (("m", "characters (manzu)"), ("p", "dots (pinzu)"), ("s", "bamboo (souzu)"))
#: The honours 1z-7z by name.
HONOUR_NAMES = ("east", "south", "west", "north", "white dragon", "green dragon", "red dragon")


def tiles_output(rs: RuleSet | None = None) -> Output:
    """Every tile's mpsz name, by suit, with the honours' names; with ``rs``, only the tiles it
    plays and how many red fives of each suit it has."""
    removed: frozenset[int] = frozenset()
    reds: tuple[int, ...] = (1, 1, 1)
    head = "Riichi tiles in mpsz notation (0 is a red five: 0m, 0p, 0s)"
    if rs is not None:
        from ..rules.compiled import rules_of

        table = rules_of(rs).table
        removed, reds = table.removed, table.red_fives
        head = f"{rs.name} ({rs.id}): the tiles it plays, in mpsz notation (0 is a red five)"
    lines = [head]
    data: dict[str, Any] = {"ruleset": rs.id if rs else None, "suits": {}, "honours": {}, "red_fives": {}}
    for index, (letter, name) in enumerate(_SUITS):
        played = [tile_name(tile) for tile in range(index * 9, index * 9 + 9) if tile not in removed]
        gone = [tile_name(tile) for tile in range(index * 9, index * 9 + 9) if tile in removed]
        note = f" ({', '.join(gone)} removed)" if gone else ""
        lines.append(f"{letter}  {name}: {' '.join(played)}{note}")
        data["suits"][letter] = played
    honours = [(tile_name(27 + i), label) for i, label in enumerate(HONOUR_NAMES) if 27 + i not in removed]
    lines.append("z  honours: " + ", ".join(f"{tile} {label}" for tile, label in honours))
    data["honours"] = dict(honours)
    if rs is not None:
        lines.append("red fives: " + ", ".join(f"0{letter} x{count}" for (letter, _), count in zip(_SUITS, reds)))
    data["red_fives"] = {letter: count for (letter, _), count in zip(_SUITS, reds)}
    return Output("\n".join(lines) + "\n", data)
