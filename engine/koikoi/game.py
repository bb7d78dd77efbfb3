"""Koi-Koi as a registered game: how its rule sets compile, the situations ``diff`` compares,
its tables and its commands (``award``, ``play``)."""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .._core import bundled
from .._core.commands import Command, Output, count_argument, whole_number_argument
from .._core.errors import InputError, RulesetError
from .._core.game import Part
from .._core.results import Built
from . import hookspecs

if TYPE_CHECKING:
    import pluggy

    from .. import diff
    from .._core.docspart import YakuExample
    from .._core.errors import Location, Problem
    from .._core.expressions import ExpressionContext
    from .._core.game import Checked
    from .._core.ruleset import RuleSet
    from .._core.studypart import StudyPart
    from .._core.webpart import WebPart
    from .._core.yamlsource import LocatedDict
    from .results import FixedAward
    from .rules.compiled import KoikoiRules, KoikoiYaku
    from .rules.hooks import Hooks

# What a command or a diff needs is imported when it runs: loading a rule set imports only the
# modules that compile it.

_AWARD_KEYS = {"base", "own_calls", "opponent_calls", "field_brights"}
_PILE_KEYS = {"captured", "month", "own_calls"}


_HERE = __name__.rpartition(".")[0]


class KoikoiGame:
    """Hanafuda Koi-Koi: rule sets with ``game: koikoi``."""

    name = "koikoi"
    hookspecs: ModuleType = hookspecs
    schema = Path(__file__).with_name("ruleset.schema.json")
    study: Part[StudyPart] = Part(f"{_HERE}.study.part:STUDY")

    def compile(
        self, document: LocatedDict, manager: pluggy.PluginManager, where: Location, checked: Checked
    ) -> tuple[KoikoiRules | None, list[Problem]]:
        """Compile a resolved Koi-Koi rule set (see :func:`compile_rules`), its award proven at load."""
        from .rules.compiled import compile_rules
        from .scoring.award import prove_award

        rules, problems = compile_rules(document, manager, where, checked)
        if rules is None:
            return None, problems
        award_section: Any = document["award"]
        proven = prove_award(rules, award_section.value_locs.get("multipliers", award_section.loc))
        return (None, proven) if proven else (rules, problems)

    def expressions(self) -> tuple[ExpressionContext, ...]:
        """Where Koi-Koi rule sets write expressions, and the names each may use."""
        from .rules.compiled import EXPRESSIONS

        return EXPRESSIONS

    # --- diff --------------------------------------------------------------------------------

    def situations(self, a: RuleSet, b: RuleSet) -> Iterator[diff.Situation]:
        """The award grid (own calls up to the larger call limit), each yaku's fewest cards, 300
        seeded piles, lucky hands, a draw, the examples."""
        from .rules.compiled import rules_of

        limits = [rules_of(rs).table.call_limit for rs in (a, b)]
        most = 7 if None in limits else min(7, max(limit.calls for limit in limits if limit is not None))
        for base, own, opponent in itertools.product(range(1, 31), range(most + 1), (0, 1)):
            who = "opponent called" if opponent else "opponent did not call"
            yield "award", f"award: base {base}, {own} own call(s), {who}", _award(base, own, opponent)
        seen: set[str] = set()
        for rs in (a, b):
            rules = rules_of(rs)
            for y in rules.yaku:
                pile = _yaku_pile(rules, y)
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

    #: The keys a user's case may have (``yakuset diff --cases``).
    case_keys = frozenset(_PILE_KEYS | _AWARD_KEYS)

    def case(self, params: Mapping[str, Any]) -> Callable[[RuleSet], diff.Outcome] | None:
        """A pile (``captured``, ``month``, ``own_calls``) or an award (``base``, calls, brights)."""
        keys = set(params)
        if "captured" in keys and keys <= _PILE_KEYS:
            return _run_pile(dict(params))
        if "base" in keys and keys <= _AWARD_KEYS:
            return _run_award(dict(params))
        return None

    # --- the command line --------------------------------------------------------------------

    def table(self, rs: RuleSet, fmt: str) -> Output:
        """The award tables of the rule document, computed from the rule set."""
        from .present import tables as _render
        from .scoring.award import award_tables

        tables = award_tables(rs)
        text = _render.tables_markdown(rs, tables) if fmt == "markdown" else _render.tables_text(rs, tables)
        return Output(text, _render.tables_json(rs, tables))

    def yaku_examples(self, rs: RuleSet) -> list[YakuExample]:
        """A pile for each yaku, made from its definition and scored under ``rs``."""
        from .present.yaku_examples import yaku_examples

        return yaku_examples(rs)

    # --- yakuset serve ------------------------------------------------------------------------

    def web(self) -> WebPart:
        """The award tables, multipliers, yaku and deck of a rule set's page, the calculator,
        and the API's ``award`` and ``yaku``."""
        from .present.web import WEB_PART

        return WEB_PART

    def commands(self) -> list[Command]:
        """``award``, ``koikoi-yaku``, ``cards`` and ``play``."""
        return [
            Command("award", "the award for a won Koi-Koi round", _award_arguments, _award_command),
            Command(
                "koikoi-yaku", "the yaku and base points of captured Koi-Koi cards", _yaku_arguments, _yaku_command
            ),
            Command("cards", "the Koi-Koi deck's card ids, by month and kind", _no_arguments, _cards_command),
            Command(
                "play", "replay a scripted Koi-Koi match or round through the referee", _play_arguments, _play_command
            ),
        ]


GAME: KoikoiGame = KoikoiGame()


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


def _award(base: int, own: int, opponent: int) -> Callable[[RuleSet], diff.Outcome]:
    from .. import diff
    from .rules.compiled import rules_of
    from .scoring.award import award_of

    def run(rs: RuleSet) -> diff.Outcome:
        # The grid runs to the larger call limit of the two: past its own, a rule set's formula
        # still answers, without the warning a caller would get.
        result = award_of(rs, rules_of(rs), base, own, opponent, 0)
        return diff.Outcome(result.points, str(result.points), Built(lambda: [result.explanation]))

    return run


def _pile(cards: list[str], month: int | None) -> Callable[[RuleSet], diff.Outcome]:
    from .. import diff
    from .scoring.yaku import yaku

    def run(rs: RuleSet) -> diff.Outcome:
        hand = yaku(rs, cards, month=month)
        names = ", ".join(f"{y.id} {y.points}" for y in hand.yaku) or "no yaku"
        return diff.Outcome(hand.base, f"base {hand.base} ({names})", Built(lambda: [hand.explanation]))

    return run


def _fixed(ask: Callable[[Hooks], FixedAward | None]) -> Callable[[RuleSet], diff.Outcome]:
    """A situation decided by a hook's fixed award (a lucky hand, Dealer's Privilege)."""
    from .. import diff
    from .rules.hooks import Hooks

    def run(rs: RuleSet) -> diff.Outcome:
        found = ask(Hooks(rs))
        if found is None:
            return diff.Outcome(0, "nothing")
        return diff.Outcome(found.points, f"{found.points} ({found.label})", Built(lambda: [found.explanation]))

    return run


def _script(path: Path) -> Callable[[RuleSet], diff.Outcome]:
    from .. import diff
    from .match.scripts import load_script, replay, trace_text

    read: list[LocatedDict] = []  # read at the first run: each rule set (and variant) replays it

    def run(rs: RuleSet) -> diff.Outcome:
        if not read:
            read.append(load_script(path))
        try:
            trace = replay(rs, read[0])
        except RulesetError as refused:
            # A play the rule set does not allow (written for other rules) changes no score:
            # it is left out of the comparison and counted, not a behaviour change.
            return diff.Outcome.cannot_arise(f"the rule set refuses its play: {str(refused).splitlines()[0]}")
        totals = ", ".join(f"{p} {t}" for p, t in trace.totals.items())
        return diff.Outcome(sum(trace.totals.values()), totals, Built(lambda: trace_text(trace).splitlines()))

    return run


def _yaku_pile(rules: KoikoiRules, y: KoikoiYaku) -> list[str]:
    """The fewest cards that make ``y``: its needs, then matching cards in deck order."""
    cards = rules.cards
    pile = [c for c in cards if c in y.needs]
    roles = frozenset().union(*rules.roles)
    month = rules.months[0]
    for card in cards.values():
        if len([c for c in pile if y.cards.matches(cards[c], month, roles)]) >= y.count:
            break
        if card.id not in pile and y.cards.matches(card, month, roles):
            pile.append(card.id)
    return pile


def _run_pile(params: dict[str, Any]) -> Callable[[RuleSet], diff.Outcome]:
    from .. import diff
    from .scoring.yaku import yaku

    def run(rs: RuleSet) -> diff.Outcome:
        hand = yaku(rs, **params)
        return diff.Outcome(hand.base, f"base {hand.base}", Built(lambda: [hand.explanation]))

    return run


def _run_award(params: dict[str, Any]) -> Callable[[RuleSet], diff.Outcome]:
    from .. import diff
    from .scoring.award import award

    def run(rs: RuleSet) -> diff.Outcome:
        result = award(rs, **params)
        return diff.Outcome(
            result.points, str(result.points), Built(lambda: [result.explanation]), warnings=result.warnings
        )

    return run


def _award_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--base", type=whole_number_argument, required=True, help="the winner's base points")
    parser.add_argument("--own-calls", type=count_argument, default=0, help="the winner's Koi-Koi calls this round")
    parser.add_argument("--opponent-calls", type=count_argument, default=0, help="the loser's Koi-Koi calls this round")
    parser.add_argument("--field-brights", type=count_argument, default=0, help="brights dealt face up this round")
    parser.add_argument("--explain", action="store_true", help="show each multiplier")


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    return None


def _cards_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .present.cards import cards_output

    return cards_output(rs)


def _yaku_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the captured cards, by id (01-bright-crane ...)")
    parser.add_argument(
        "--month", type=count_argument, default=None, help="the round's month, for month yaku (none if not given)"
    )


def _yaku_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .scoring.yaku import yaku

    result = yaku(rs, args.cards, month=args.month)
    return Output((result.explanation or "no yaku: base 0") + "\n", result.as_dict())


def _award_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .scoring.award import award

    result = award(
        rs,
        base=args.base,
        own_calls=args.own_calls,
        opponent_calls=args.opponent_calls,
        field_brights=args.field_brights,
    )
    if not args.explain:
        return Output(f"{result.points}\n", result.as_dict(), result.warnings)
    lines = [result.explanation, *(f"  {line}" for line in result.step_lines)]
    return Output("\n".join(lines) + "\n", result.as_dict(), result.warnings)


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "script",
        help="a game script: Koi-Koi (players, dealer, rounds) or Riichi (players, dealer, hands); see examples/",
    )


def _play_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .match.scripts import load_script, replay, trace_text

    path = Path(args.script)
    if not path.is_file():
        raise InputError(f"{args.script}: no such file")
    trace = replay(rs, load_script(path))
    return Output(trace_text(trace), trace.as_dict())
