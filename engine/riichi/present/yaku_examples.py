"""An example hand for each yaku of a Riichi rule set, for the documentation's rule-set pages:
the candidates of ``yaku_examples.yaml`` (hands chosen by hand, one or more a yaku), each scored
by :func:`evaluate` under the rule set, the first that scores its yaku shown, its tiles drawn."""

from __future__ import annotations

import functools
import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ..._core.docspart import YakuExample
from ..._core.errors import InputError
from ..scoring.hand import evaluate

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

_EXAMPLES = Path(__file__).with_name("yaku_examples.yaml")
_GROUP = re.compile(r"([0-9]+)([mpsz])")
# Latin letters and drawn marks, not the tiles' Chinese characters: a reader's fonts may lack them.
_HONOURS = {
    "1": ("E", "#222"),
    "2": ("S", "#222"),
    "3": ("W", "#222"),
    "4": ("N", "#222"),
    "6": ("G", "#1d7a3a"),
    "7": ("R", "#b22222"),
}
_HONOUR_NAMES = {"1": "east", "2": "south", "3": "west", "4": "north", "5": "white", "6": "green", "7": "red"}
_SUIT_MARKS = {
    "m": '<text x="15" y="35" text-anchor="middle" font-size="11" font-style="italic" fill="#b22222">m</text>',
    "p": '<circle cx="15" cy="30" r="5" fill="none" stroke="#1f4e9c" stroke-width="2"/>',
    "s": '<rect x="13" y="24" width="4" height="12" rx="1" fill="#1d7a3a"/>',
}
_SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
_FLAG_WORDS = {"double_riichi": "double riichi", "menzen_tsumo": "menzen tsumo"}


def tile_names(text: str) -> list[str]:
    """``123p55z`` as ``["1p", "2p", "3p", "5z", "5z"]``."""
    return [digit + suit for digits, suit in _GROUP.findall(text) for digit in digits]


def tile_svg(tile: str) -> str:
    """One tile (``5p``; ``0p`` a red five; ``1z``-``7z`` the winds and dragons) as an inline SVG,
    30 × 40, labelled for screen readers: drawn from its name (a suit's number over its mark, a
    wind's or dragon's letter, the white dragon a frame), no picture files."""
    digit, suit = tile[0], tile[1]
    if suit == "z":
        label = f"{tile}: {_HONOUR_NAMES[digit]} {'dragon' if digit in '567' else 'wind'}"
        if digit == "5":
            face = '<rect x="7" y="8" width="16" height="24" fill="none" stroke="#1f4e9c" stroke-width="2"/>'
        else:
            glyph, colour = _HONOURS[digit]
            face = (
                f'<text x="15" y="27" text-anchor="middle" font-size="17" font-weight="bold" '
                f'fill="{colour}">{glyph}</text>'
            )
    else:
        red = digit == "0"
        number = "5" if red else digit
        label = f"{tile}: {'red ' if red else ''}{number} of {_SUIT_NAMES[suit]}"
        face = (
            f'<text x="15" y="19" text-anchor="middle" font-size="15" font-weight="bold" '
            f'fill="{"#d40000" if red else "#222"}">{number}</text>'
            f"{_SUIT_MARKS[suit]}"
        )
    return (
        f'<svg class="tile" viewBox="0 0 30 40" width="30" height="40" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>"
        '<rect x="1" y="1" width="28" height="38" rx="3" fill="#fbf8ef" stroke="#444" stroke-width="1.2"/>'
        f"{face}</svg>"
    )


@functools.cache
def _candidates() -> dict[str, list[dict[str, Any]]]:
    with _EXAMPLES.open(encoding="utf-8") as file:
        found: dict[str, list[dict[str, Any]]] = yaml.safe_load(file)
    return found


def yaku_examples(rs: RuleSet) -> list[YakuExample]:
    """An example hand for each yaku ``rs`` has switched on, in the rule set's order."""
    examples = _candidates()
    return [
        _example(rs, item["id"], item.get("label", item["id"]), examples.get(item["id"], []))
        for item in rs.document.get("yaku", [])
        if item.get("enabled", True)
    ]


def _example(rs: RuleSet, ident: str, label: str, candidates: list[dict[str, Any]]) -> YakuExample:
    why = "no example hand is written for it (yakuset/riichi/yaku_examples.yaml)"
    for candidate in candidates:
        if "none" in candidate:
            why = candidate["none"]
            continue
        arguments = dict(candidate)
        arguments["melds"] = [tuple(meld) for meld in arguments.get("melds", ())]
        try:
            score = evaluate(rs, **arguments)
        except InputError as error:
            why = str(error)
            continue
        if ident not in score.yaku:
            why = f"{candidate['hand']} (winning on {candidate['win']}) scores {', '.join(score.yaku)}"
            continue
        return YakuExample(ident, label, _figure(candidate), _setting(candidate), score.explanation)
    return YakuExample(ident, label, "", "", f"No example: {why}.")


def _figure(candidate: dict[str, Any]) -> str:
    """The concealed tiles, the winning tile apart, then each meld apart."""
    concealed = tile_names(candidate["hand"])
    concealed.remove(candidate["win"])
    groups = ["".join(map(tile_svg, concealed)), tile_svg(candidate["win"])]
    groups += ["".join(map(tile_svg, tile_names(tiles))) for _kind, tiles in candidate.get("melds", ())]
    return '<span class="tiles">' + '<span class="gap"></span>'.join(groups) + "</span>"


def _setting(candidate: dict[str, Any]) -> str:
    won = "tsumo" if candidate.get("tsumo") else "ron"
    words = [f"{candidate['hand']}, winning on {candidate['win']} by {won}"]
    melds = [f"{kind} {tiles}" for kind, tiles in candidate.get("melds", ())]
    if melds:
        words.append("melds: " + ", ".join(melds))
    words.append(f"seat wind {candidate.get('seat_wind', 'south')}, round wind {candidate.get('round_wind', 'east')}")
    flags = [_FLAG_WORDS.get(key, key) for key, value in candidate.items() if value is True and key != "tsumo"]
    if flags:
        words.append(", ".join(flags))
    return "; ".join(words)


class RiichiExamples:
    """Riichi's part of the documentation's rule-set pages
    (:class:`yakuset._core.docspart.ExamplesPart`)."""

    def yaku_examples(self, rs: RuleSet) -> list[YakuExample]:
        """A hand for each yaku, from ``yaku_examples.yaml``, scored under ``rs``."""
        return yaku_examples(rs)


#: The part the game names (``RiichiGame.examples``).
EXAMPLES = RiichiExamples()
