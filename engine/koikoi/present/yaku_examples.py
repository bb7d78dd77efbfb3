"""An example pile for each yaku of a Koi-Koi rule set, for the documentation's rule-set pages:
made from the yaku's own definition (:func:`~yakuset.koikoi.scoring.definition.pile_for`: the
cards it needs, then the first cards of the deck it counts, up to its count) and scored by
:func:`yaku` under the rule set."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._core.docspart import YakuExample
from ..._core.errors import InputError
from ..kinds import ROUND_MONTH
from ..scoring.definition import pile_for
from ..scoring.yaku import yaku
from .web import card_svg

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..rules.compiled import KoikoiRules, KoikoiYaku


def yaku_examples(rs: RuleSet) -> list[YakuExample]:
    """An example pile for each of ``rs``'s yaku (its compiled yaku are those switched on)."""
    rules: KoikoiRules = rs.rules
    return [_example(rs, rules, item) for item in rules.yaku]


def _example(rs: RuleSet, rules: KoikoiRules, item: KoikoiYaku) -> YakuExample:
    month = rules.months[0] if item.cards.month == ROUND_MONTH else None
    cards = pile_for(rules, item, month)
    try:
        hand = yaku(rs, cards, month)
    except InputError as error:
        return YakuExample(item.id, item.label, "", "", f"No example: {error}")
    if item.id not in {found.id for found in hand.yaku}:
        return YakuExample(item.id, item.label, "", "", f"No example: {', '.join(cards)} scores {hand.explanation}.")
    figure = "".join(card_svg(rules.cards[card]) for card in cards)
    setting = f"Captured: {', '.join(cards)}" + (f"; the round's month is {month}" if month is not None else "")
    # The explanation's parts one a line: the yaku that count, then each that does not.
    return YakuExample(item.id, item.label, figure, setting, hand.explanation.replace("; ", "\n"))


class KoikoiExamples:
    """Koi-Koi's part of the documentation's rule-set pages
    (:class:`yakuset._core.docspart.ExamplesPart`)."""

    def yaku_examples(self, rs: RuleSet) -> list[YakuExample]:
        """A pile for each yaku, made from its definition and scored under ``rs``."""
        return yaku_examples(rs)


#: The part the game names (``KoikoiGame.examples``).
EXAMPLES = KoikoiExamples()
