"""Koi-Koi's part of the diff (:class:`yakuset._core.comparepart.Comparable`): the situations every
comparison of two Koi-Koi rule sets scores (the award grid, each yaku's fewest cards, seeded
piles, lucky hands, a draw, the bundled example scripts) and how a user's case is read."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..._core import bundled
from ..._core.comparepart import Outcome, Situation
from ..._core.errors import RulesetError
from ..._core.results import Built
from ..match.scripts import load_script, replay, trace_text
from ..rules.compiled import rules_of
from ..rules.hooks import Hooks
from ..scoring.award import award, award_of
from ..scoring.definition import pile_for
from ..scoring.yaku import yaku

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..._core.yamlsource import LocatedDict
    from ..results import FixedAward
    from ..rules.compiled import KoikoiRules

_AWARD_KEYS = {"base", "own_calls", "opponent_calls", "field_brights"}
_PILE_KEYS = {"captured", "month", "own_calls"}


class KoikoiComparison:
    """What ``diff`` compares between two Koi-Koi rule sets."""

    #: The keys a user's case may have (``yakuset diff --cases``).
    case_keys = frozenset(_PILE_KEYS | _AWARD_KEYS)

    def situations(self, a: RuleSet, b: RuleSet) -> Iterator[Situation]:
        """The award grid (own calls up to the larger call limit), each yaku's fewest cards, 300
        seeded piles, lucky hands, a draw, the examples."""
        limits = [rules_of(rs).table.call_limit for rs in (a, b)]
        most = 7 if None in limits else min(7, max(limit.calls for limit in limits if limit is not None))
        for base, own, opponent in itertools.product(range(1, 31), range(most + 1), (0, 1)):
            who = "opponent called" if opponent else "opponent did not call"
            yield "award", f"base {base}, {own} own call(s), {who}", _award(base, own, opponent)
        seen: set[str] = set()
        for rs in (a, b):
            rules = rules_of(rs)
            for y in rules.yaku:
                pile = pile_for(rules, y, rules.months[0])
                key = ",".join(sorted(pile))
                if key not in seen:
                    seen.add(key)
                    yield "yaku", f"{y.id}'s cards under {rs.id}: {' '.join(pile)}", _pile(pile, rules.months[0])
        rules_a = rules_of(a)
        deck = sorted(set(rules_a.cards) | set(rules_of(b).cards))
        months = rules_a.months
        rng = random.Random(20261129)
        for number in range(300):
            pile = rng.sample(deck, rng.randint(0, 24))
            month = months[rng.randint(0, len(months) - 1)]
            cards = sorted(pile)
            shown = " ".join(cards) if cards else "no cards"
            yield "corpus", f"pile #{number} (month {month}): {shown}", _pile(cards, month)
        teshi, kuttsuki = _lucky_hands(rules_a)
        yield "lucky", f"a Teshi hand (four of month {months[0]})", _fixed(lambda hooks: hooks.lucky_hand(teshi))
        yield "lucky", "a Kuttsuki hand (pairs)", _fixed(lambda hooks: hooks.lucky_hand(kuttsuki))
        yield "draw", "an exhaustive draw (Dealer's Privilege)", _fixed(lambda hooks: hooks.exhaustive_draw("dealer"))
        scripts = bundled.examples_dir()
        for path in sorted(scripts.glob("*.yaml")) if scripts.is_dir() else []:
            yield "script", f"the scripted play {path.name}", _script(path)

    def case(self, params: Mapping[str, Any]) -> Callable[[RuleSet], Outcome] | None:
        """A pile (``captured``, ``month``, ``own_calls``) or an award (``base``, calls, brights)."""
        keys = set(params)
        if "captured" in keys and keys <= _PILE_KEYS:
            return _run_pile(dict(params))
        if "base" in keys and keys <= _AWARD_KEYS:
            return _run_award(dict(params))
        return None


def _lucky_hands(rules: KoikoiRules) -> tuple[list[str], list[str]]:
    """A Teshi hand (all four cards of the first month) and a Kuttsuki hand (pairs), from the deck."""
    by_month: dict[int, list[str]] = {}
    for card in rules.cards.values():
        by_month.setdefault(card.month, []).append(card.id)
    months = list(by_month)
    size = rules.hand_cards
    teshi = [*by_month[months[0]], *(by_month[m][0] for m in months[1 : size - 3])][:size]
    kuttsuki = [card for m in months[: size // 2] for card in by_month[m][:2]]
    return teshi, kuttsuki


def _award(base: int, own: int, opponent: int) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        # The grid runs to the larger call limit of the two: past its own, a rule set's formula
        # still answers, without the warning a caller would get.
        result = award_of(rs, rules_of(rs), base, own, opponent, 0)
        return Outcome(result.points, str(result.points), Built(lambda: [result.explanation]))

    return run


def _pile(cards: list[str], month: int | None) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        hand = yaku(rs, cards, month=month)
        names = ", ".join(f"{y.id} {y.points}" for y in hand.yaku) or "no yaku"
        return Outcome(hand.base, f"base {hand.base} ({names})", Built(lambda: [hand.explanation]))

    return run


def _fixed(ask: Callable[[Hooks], FixedAward | None]) -> Callable[[RuleSet], Outcome]:
    """A situation decided by a hook's fixed award (a lucky hand, Dealer's Privilege)."""

    def run(rs: RuleSet) -> Outcome:
        found = ask(Hooks(rs))
        if found is None:
            return Outcome(0, "nothing")
        return Outcome(found.points, f"{found.points} ({found.label})", Built(lambda: [found.explanation]))

    return run


def _script(path: Path) -> Callable[[RuleSet], Outcome]:
    read: list[LocatedDict] = []  # read at the first run: each rule set (and variant) replays it

    def run(rs: RuleSet) -> Outcome:
        if not read:
            read.append(load_script(path))
        try:
            trace = replay(rs, read[0])
        except RulesetError as refused:
            # A play the rule set does not allow (written for other rules) changes no score:
            # it is left out of the comparison and counted, not a behaviour change.
            return Outcome.cannot_arise(f"the rule set refuses its play: {str(refused).splitlines()[0]}")
        totals = ", ".join(f"{p} {t}" for p, t in trace.totals.items())
        return Outcome(sum(trace.totals.values()), totals, Built(lambda: trace_text(trace).splitlines()))

    return run


def _run_pile(params: dict[str, Any]) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        hand = yaku(rs, **params)
        return Outcome(hand.base, f"base {hand.base}", Built(lambda: [hand.explanation]))

    return run


def _run_award(params: dict[str, Any]) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        result = award(rs, **params)
        return Outcome(result.points, str(result.points), Built(lambda: [result.explanation]), warnings=result.warnings)

    return run


#: The part the game names (``KoikoiGame.compare``).
COMPARE = KoikoiComparison()
