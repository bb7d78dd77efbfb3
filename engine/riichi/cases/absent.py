"""Why a situation ``diff`` compares cannot arise under a Riichi rule set at all: a tile its set
does not have (``tiles.removed``), a chi where it has none, a north seat or extracted north tiles
where the table does not have them, a table of the wrong size. Such a situation is left out of
a comparison (and counted), not reported as a refusal: a four-player hand against a three-player
rule set tells nothing about either."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..._core.errors import InputError
from ..rules.compiled import rules_of
from ..tiles.notation import parse_tiles, tile_name

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


def hand_absent(rs: RuleSet, params: Mapping[str, Any]) -> str | None:
    """Why the hand of ``params`` (:func:`evaluate`'s keyword arguments, ``hand`` included)
    cannot be held under ``rs``, or ``None`` when it can (it may still be refused: no yaku)."""
    table = rules_of(rs).table
    kita = params.get("kita", 0)
    if kita and table.kita is None:
        return f"{kita} kita: {rs.id!r} has no kita"
    if table.players == 3 and params.get("seat_wind") in ("north", "4z"):
        return f"a north seat: {rs.id!r} seats three"
    melds = params.get("melds", ())
    if not table.chi and any(_kind(meld) == "chi" for meld in melds):
        return f"a chi: {rs.id!r} has none"
    if table.removed:
        texts = [params.get("hand"), params.get("win"), *(_tiles(meld) for meld in melds)]
        texts += [*params.get("dora_indicators", ()), *params.get("ura_indicators", ())]
        for text in texts:
            if not isinstance(text, str):
                continue
            try:
                tiles = parse_tiles(text)[0]
            except InputError:
                return None  # evaluate says what is wrong with the text
            missing = next((t for t in tiles if t in table.removed), None)
            if missing is not None:
                return f"{tile_name(missing)}: not in {rs.id!r}'s tiles"
    return None


def seats_absent(rs: RuleSet, seats: int) -> str | None:
    """Why a table of ``seats`` players cannot be under ``rs``, or ``None``."""
    players = rules_of(rs).table.players
    return None if seats == players else f"{rs.id!r} is a game of {players}"


def _kind(meld: Any) -> Any:
    return meld[0] if isinstance(meld, list | tuple) and meld else None


def _tiles(meld: Any) -> Any:
    return meld[1] if isinstance(meld, list | tuple) and len(meld) > 1 else None
