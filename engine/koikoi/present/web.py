"""Koi-Koi in ``yakuset serve``: its sections of a rule set's page (the award tables, the
multipliers, the yaku, the deck drawn as SVG), its calculator, and the API's ``award`` and
``yaku``. Its templates are in ``templates/``, its pages' script in ``static/``."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..._core.webpart import COUNT, NAMES, Answer, Operation, WebPart
from ..rules.compiled import Card, rules_of
from ..scoring.award import award
from ..scoring.yaku import yaku

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..._core.ruleset import RuleSet

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


def card_svg(card: Card) -> str:
    """One card as an inline SVG, 60 × 96, labelled for screen readers: drawn from the deck data
    (month, kind, ribbon colour, rain), no picture files."""
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


def deck_by_month(cards: Mapping[str, Card]) -> list[tuple[int, str, list[tuple[str, str]]]]:
    """The deck by month: (month, plant, [(card id, svg)])."""
    months: dict[int, list[tuple[str, str]]] = {}
    for card in cards.values():
        months.setdefault(card.month, []).append((card.id, card_svg(card)))
    return [(month, MONTHS.get(month, ("", ""))[0], found) for month, found in sorted(months.items())]


_KINDS = {"bright": "brights", "animal": "animals", "ribbon": "ribbons", "chaff": "chaff"}


def card_name(ident: str, cards: Mapping[str, Card]) -> str:
    """A card as a reader knows it: ``07-animal-boar`` -> ``boar (07 bush clover)``,
    ``01-ribbon-poetry`` -> ``poetry ribbon (01 pine)``."""
    card = cards.get(ident)
    if card is None:
        return ident
    name = ident.split("-", 2)[-1] + (" ribbon" if card.kind == "ribbon" else "")
    return f"{name} ({card.month:02d} {MONTHS.get(card.month, ('', ''))[0]})".replace(" )", ")")


def cards_text(item: Mapping[str, Any], cards: Mapping[str, Card]) -> str:
    """What a yaku counts, in words: ``4 brights, not the rain man``, ``with curtain (03 cherry), ...``."""
    parts = []
    found: Any = item.get("cards") or {}
    if found:
        what = f"{found['ribbon']} ribbons" if "ribbon" in found else _KINDS.get(found.get("kind", ""), "cards")
        month = found.get("month")
        if month == "round":
            what += " of the round's month"
        elif isinstance(month, int):
            what += f" of month {month:02d} ({MONTHS.get(month, ('', ''))[0]})"
        if found.get("rain") is False:
            what += ", not the rain man"
        elif found.get("rain") is True:
            what += ", only the rain man"
        if found.get("ids"):
            what += " among " + ", ".join(card_name(i, cards) for i in found["ids"])
        count = item.get("count")
        parts.append(f"{count} {what}" if count else what)
    needs = item.get("needs") or []
    if needs:
        parts.append(("with " if parts else "") + ", ".join(card_name(i, cards) for i in needs))
    return "; ".join(parts)


def _sections(rs: RuleSet) -> dict[str, Any]:
    document = rs.document
    section: Any = document.get("award", {})
    cards = rules_of(rs).cards
    viewing_off = document.get("yaku_rules", {}).get("viewing") == "never"
    yaku = [y for y in document.get("yaku", []) if y.get("enabled", True)]
    return {
        "deck": deck_by_month(cards),
        "yaku": [{**y, "cards_text": cards_text(y, cards)} for y in yaku if not (viewing_off and y.get("viewing"))],
        "multipliers": [m for m in section.get("multipliers", []) if m.get("enabled", True)],
        "award": section,
        "calls": document.get("calls", {}),
        # What the page's "off in this rule set" adds to the items turned off by `enabled: false`.
        "off": [
            {"list": "yaku", "id": y["id"], "label": y.get("label", y["id"]), "why": "yaku_rules.viewing: never"}
            for y in yaku
            if viewing_off and y.get("viewing")
        ],
    }


def _calculator(rs: RuleSet) -> dict[str, Any]:
    rules = rules_of(rs)
    return {"deck": deck_by_month(rules.cards), "months": rules.months}


def _award(rs: RuleSet, data: dict[str, Any]) -> Answer:
    result = award(rs, **data)
    return Answer({**result.as_dict(), "explained": list(result.step_lines)}, result.warnings)


def _yaku(rs: RuleSet, data: dict[str, Any]) -> Answer:
    return Answer(yaku(rs, **data).as_dict())


HERE = Path(__file__).parent

WEB_PART = WebPart(
    title="Koi-Koi",
    short_title="Koi-Koi",
    table_title="Award tables",
    table_summary="the award tables (Koi-Koi)",
    templates=HERE / "templates",
    sections=_sections,
    calculator=_calculator,
    operations=(
        Operation(
            "award",
            "the award of a won Koi-Koi round (yakuset.koikoi.award)",
            {"base": COUNT, "own_calls": COUNT, "opponent_calls": COUNT, "field_brights": COUNT},
            ("base",),
            "like `yakuset award --json`: {ruleset, base, points, steps, explanation}",
            _award,
        ),
        Operation(
            "yaku",
            "the yaku and base of captured Koi-Koi cards (yakuset.koikoi.yaku)",
            {"captured": NAMES, "month": {"type": ["integer", "null"]}, "own_calls": COUNT},
            ("captured",),
            "like `yakuset koikoi-yaku --json`: {ruleset, base, yaku, steps}",
            _yaku,
        ),
    ),
    static=HERE / "static",
    scripts=("koikoi.js",),
)
