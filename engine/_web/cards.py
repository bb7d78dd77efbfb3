"""Koi-Koi cards drawn as SVG from the deck data of a rule set (month, kind, ribbon colour,
rain), and Riichi tiles as labelled buttons: no picture files."""

from __future__ import annotations

from html import escape
from typing import Any

#: Each month's plant, as the cards are known (January pine ... December paulownia).
MONTHS = {
    1: ("pine", "#2f6b3a"),
    2: ("plum", "#b0306a"),
    3: ("cherry", "#e58fb0"),
    4: ("wisteria", "#7a5aa6"),
    5: ("iris", "#4b5cc4"),
    6: ("peony", "#c2304a"),
    7: ("bush clover", "#9a4a8a"),
    8: ("pampas", "#b59a3a"),
    9: ("chrysanthemum", "#d8a020"),
    10: ("maple", "#c8531e"),
    11: ("willow", "#3f7f6a"),
    12: ("paulownia", "#6a4a8a"),
}
_RIBBONS = {"red": "#d22b2b", "poetry": "#d22b2b", "blue": "#2b55d2"}


def card_svg(card: Any) -> str:
    """One card (a :class:`yakuset.koikoi.Card`) as an inline SVG, 60 × 96, labelled for screen readers."""
    plant, colour = MONTHS.get(card.month, ("", "#777"))
    name = card.id.split("-", 2)[-1]
    parts = [
        f'<svg class="card kind-{escape(card.kind)}" viewBox="0 0 60 96" width="60" height="96" role="img" '
        f'aria-label="{escape(card.id)}" data-card="{escape(card.id)}">',
        f"<title>{escape(card.id)}: {escape(plant)}, {escape(card.kind)}</title>",
        '<rect x="1" y="1" width="58" height="94" rx="5" fill="#fbf6ea" stroke="#333" stroke-width="1.5"/>',
        f'<rect x="5" y="5" width="50" height="86" rx="3" fill="{colour}" opacity="0.22"/>',
        f'<text x="30" y="17" text-anchor="middle" font-size="10" fill="#222">{card.month:02d}</text>',
    ]
    if card.kind == "bright":
        parts.append('<circle cx="30" cy="46" r="15" fill="#d22b2b" stroke="#7a1010"/>')
    elif card.kind == "animal":
        parts.append(f'<path d="M14 58 Q30 26 46 58 Z" fill="{colour}" stroke="#222"/>')
    elif card.kind == "ribbon":
        fill = _RIBBONS.get(card.ribbon or "", "#d22b2b")
        parts.append(f'<rect x="23" y="24" width="14" height="44" fill="{fill}" stroke="#222"/>')
        if card.ribbon == "poetry":
            parts.append('<line x1="30" y1="30" x2="30" y2="62" stroke="#fff" stroke-width="2"/>')
    else:
        parts.append(f'<circle cx="30" cy="46" r="6" fill="{colour}"/>')
    if card.rain:
        parts.append('<path d="M8 22 L14 34 M16 22 L22 34" stroke="#345" stroke-width="1.5"/>')
    parts.append(f'<text x="30" y="82" text-anchor="middle" font-size="8" fill="#222">{escape(name[:12])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def deck_by_month(cards: Any) -> list[tuple[int, str, list[tuple[str, str]]]]:
    """The deck by month: (month, plant, [(card id, svg)])."""
    months: dict[int, list[tuple[str, str]]] = {}
    for card in cards.values():
        months.setdefault(card.month, []).append((card.id, card_svg(card)))
    return [(month, MONTHS.get(month, ("", ""))[0], found) for month, found in sorted(months.items())]


#: The Riichi tiles in mpsz order, for the calculator's buttons.
TILES = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
HONOURS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "Wh", "6z": "G", "7z": "R"}
