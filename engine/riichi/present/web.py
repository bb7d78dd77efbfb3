"""Riichi in ``yakuset serve``: its sections of a rule set's page (the han × fu payment grids
and limit hands, the limits, the yaku), its calculator, and the API's ``score`` and
``evaluate``. Its templates are in ``templates/``, its pages' script in ``static/``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..._core.errors import InputError
from ..._core.webpart import COUNT, FLAG, NAMES, Answer, Operation, WebPart, json_type
from ..rules.compiled import rules_of
from ..rules.table import SECTIONS, WIND_NAMES
from ..scoring.hand import evaluate
from ..scoring.score import score
from ..scoring.situation import EVALUATE_ARGUMENTS, FLAGS
from .explain import explained, hand_lines, win_name

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: The tiles in mpsz order, for the calculator's buttons, and how the honours read on them.
TILES = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
HONOURS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "Wh", "6z": "G", "7z": "R"}

_SITUATION = {"dealer": FLAG, "tsumo": FLAG, "honba": COUNT, "riichi_sticks": COUNT}
_WIND = {"enum": list(WIND_NAMES), "default": "east"}
#: The winner is a non-dealer unless told otherwise, as everywhere (``evaluate``'s default).
_SEAT_WIND = {**_WIND, "default": "south"}
_ARGUMENTS: dict[str, Any] = {
    "hand": {"type": "string", "example": "234m456p23456788s"},
    "win": {"type": "string", "example": "4s"},
    "melds": {"type": "array", "items": {"type": "array", "prefixItems": [{"type": "string"}] * 2}},
    "seat_wind": _SEAT_WIND,
    "round_wind": _WIND,
    "dora_indicators": NAMES,
    "ura_indicators": NAMES,
    "honba": COUNT,
    "riichi_sticks": COUNT,
    "kita": COUNT,
}
#: What evaluate() takes by name, each with its JSON Schema.
_EVALUATE_FIELDS = {**{name: _ARGUMENTS[name] for name in EVALUATE_ARGUMENTS}, **dict.fromkeys(FLAGS, FLAG)}


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(_shown(item) for item in value) or "none"
    return str(value)


def _leaves(value: Any, path: str) -> list[tuple[str, str]]:
    """A table-rules section as (key path, value in words) rows, nested keys dotted."""
    if isinstance(value, dict) and value:
        return [row for key, item in value.items() for row in _leaves(item, f"{path}.{key}" if path else str(key))]
    return [(path, _shown(value))]


def _sections(rs: RuleSet) -> dict[str, Any]:
    document = rs.document
    limits: Any = document.get("limits", {})
    return {
        "yaku": [y for y in document.get("yaku", []) if y.get("enabled", True)],
        "limits": limits.get("tiers", []),
        "yakuman": document.get("yakuman", {}),
        # The table rules (uma and oka, red fives, draws, head bump ...), each section its own table.
        "table_rules": [
            (name, _leaves(document[name], "" if isinstance(document[name], dict) else name))
            for name in SECTIONS
            if name in document
        ],
    }


def _calculator(rs: RuleSet) -> dict[str, Any]:
    return {"tiles": TILES, "honours": HONOURS, "flags": FLAGS, "players": rules_of(rs).table.players}


def _score(rs: RuleSet, data: dict[str, Any]) -> Answer:
    modes = [name for name in ("han", "yaku", "yakuman") if data.get(name) is not None]
    if len(modes) != 1:
        raise InputError("give exactly one of han (with fu), yaku or yakuman")
    result = score(rs, **data)
    win = win_name(data.get("dealer", False) is True, data.get("tsumo", False) is True)
    return Answer({**result.as_dict(), "explained": explained(result, rules_of(rs).table.players, win)})


def _evaluate(rs: RuleSet, data: dict[str, Any]) -> Answer:
    for key in ("dora_indicators", "ura_indicators"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(tile, str) for tile in value):
            raise InputError(f"{key} must be a list of tiles such as ['7s'], got {json_type(value)}")
    melds = data.get("melds", ())
    if isinstance(melds, list):  # JSON has no tuples: [["pon", "555z"], ...]
        data["melds"] = [tuple(m) if isinstance(m, list) else m for m in melds]
    result = evaluate(rs, **data)
    # evaluate refused any seat wind but these four: the winner is the dealer when it sits east.
    win = win_name(data.get("seat_wind", _SEAT_WIND["default"]) == "east", data.get("tsumo", False) is True)
    explanation = explained(result, rules_of(rs).table.players, win)
    return Answer({**result.as_dict(), "summary": hand_lines(rs, result), "explained": explanation})


HERE = Path(__file__).parent

WEB_PART = WebPart(
    title="Riichi mahjong",
    short_title="Riichi",
    table_title="Payments by han and fu",
    table_summary="the han x fu payment grid (Riichi)",
    templates=HERE / "templates",
    sections=_sections,
    calculator=_calculator,
    operations=(
        Operation(
            "score",
            "the payments of a Riichi hand from han and fu, declared yaku, or yakuman (yakuset.riichi.score)",
            {"han": COUNT, "fu": COUNT, "yaku": NAMES, "dora": COUNT, "open": FLAG, "yakuman": NAMES, **_SITUATION},
            (),
            "like `yakuset score --json`: {ruleset, han, fu, limit, yakuman, payments, total, steps}",
            _score,
        ),
        Operation(
            "evaluate",
            "a Riichi hand scored from its tiles in mpsz notation (yakuset.riichi.evaluate)",
            _EVALUATE_FIELDS,
            ("hand", "win"),
            "like `yakuset hand --json`: the score plus yaku, dora, raw_fu and fu_parts",
            _evaluate,
        ),
    ),
    static=HERE / "static",
    scripts=("riichi.js",),
)
