"""Riichi's part of the diff (:class:`yakuset._core.comparepart.Comparable`): the situations every
comparison of two Riichi rule sets scores (the payment grid, each yaku's han, yakuman together,
a corpus of hands from their tiles, the table's situations), how a user's case is read, and which
rules no scored hand reads (:class:`~yakuset._core.comparepart.Narrowing`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..._core.comparepart import Outcome, Situation
from ..._core.memo import remembered
from ..._core.results import Built
from ..present.explain import step_lines
from ..rules.compiled import rules_of
from ..scoring.grid import grid_fu
from ..scoring.hand import evaluate
from ..scoring.score import score
from ..scoring.situation import EVALUATE_ARGUMENTS, FLAGS
from . import hands as _corpus
from .absent import hand_absent
from .hands import corpus, describe
from .table import table_situations

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..rules.compiled import Yaku

_SCORE_KEYS = {"han", "fu", "yaku", "dora", "open", "yakuman", "dealer", "tsumo", "honba", "riichi_sticks"}
#: A case given by its tiles: what :func:`evaluate` takes.
_TILE_KEYS = {*EVALUATE_ARGUMENTS, *FLAGS}
_WINS = ((False, False), (False, True), (True, False), (True, True))  # (dealer, tsumo)


class RiichiComparison:
    """What ``diff`` compares between two Riichi rule sets."""

    #: The keys a user's case may have (``yakuset diff --cases``).
    case_keys = frozenset(_SCORE_KEYS | _TILE_KEYS)

    def situations(self, a: RuleSet, b: RuleSet) -> Iterator[Situation]:
        """The payment grid, every yaku's han open and closed, every pair and triple of yakuman one
        hand can hold, a seeded corpus of hands from their tiles,
        and the table situations (settlements, the end of a game, standings, tiles).

        When either rule set seats three players, the payments read with their total (a tsumo
        has one payer fewer), the hands are of the tiles and calls both can have, with kita, and
        the table situations are those of a table of three (and of four, if the other seats
        four): a situation one rule set cannot have is left out of the comparison."""
        rules_a, rules_b = rules_of(a), rules_of(b)
        sides = (rules_a.table, rules_b.table)
        three = any(t.players == 3 for t in sides)
        fus = sorted({*grid_fu(rules_a), *grid_fu(rules_b)})
        for han, fu, dealer, tsumo, honba in itertools.product(range(1, 16), fus, (False, True), (False, True), (0, 1)):
            who = ("dealer" if dealer else "non-dealer") + (" tsumo" if tsumo else " ron")
            yield (
                "grid",
                f"{han} han {fu} fu, {who}, {honba} honba",
                _hand(totals=three, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba),
            )
        # The disabled ids are a set: sorted, so that the situations (and the report's order of
        # equal changes) are the same in every process, whatever the hash seed.
        ids = list(dict.fromkeys([*rules_a.yaku, *sorted(rules_a.disabled), *rules_b.yaku, *sorted(rules_b.disabled)]))
        for ident in ids:
            for is_open in (False, True):
                yield "yaku", f"{ident}, {'open' if is_open else 'closed'}", _yaku_han(ident, is_open)
        tables = (rules_a.yaku, rules_b.yaku)
        yakuman = [i for i in ids if any(table[i].yakuman for table in tables if i in table)]
        apart = {frozenset((i, j)) for table in tables for i, y in table.items() for j in y.excludes | y.replaces}
        for size in (2, 3):
            for combo in itertools.combinations(yakuman, size):
                if any(frozenset(pair) in apart for pair in itertools.combinations(combo, 2)):
                    continue  # no hand holds both (`excludes`), or one replaces the other
                dealer, tsumo = _win_for([table[i] for table in tables for i in combo if i in table])
                text = " + ".join(combo) + (" (tsumo)" if tsumo else "") + (" (dealer)" if dealer else "")
                yield "yakuman", text, _hand(totals=three, yakuman=list(combo), tsumo=tsumo, dealer=dealer)
        kinds = _corpus.FOUR_PLAYERS
        if three:
            kinds = _corpus.Table(
                removed=frozenset().union(*(t.removed for t in sides)),
                chi=all(t.chi for t in sides),
                kita=any(t.kita is not None for t in sides),
                north_seat=False,
            )
        for text, run in _corpus_cases(kinds):
            yield "hands", text, run
        for players in sorted({t.players for t in sides}, reverse=True):
            yield from table_situations(players)

    def unaffected(self, group: str, path: str) -> bool:
        """Whether the outcomes of ``group`` do not depend on the rule at ``path``: a scored hand
        (the grid, a yaku's han, yakuman, hands from tiles) never reads the table around it."""
        return any(path == rule or path.startswith((rule + ".", rule + "[")) for rule in _NOT_READ.get(group, ()))

    def case(self, params: Mapping[str, Any]) -> Callable[[RuleSet], Outcome] | None:
        """A hand by han and fu, declared yaku or yakuman (the arguments of :func:`score`), or by
        its tiles (``hand``, ``win``, ``melds`` ... as :func:`evaluate` takes them)."""
        if "hand" in params and set(params) <= _TILE_KEYS:
            return _tiles_case(dict(params))
        return _hand(**params) if set(params) <= _SCORE_KEYS else None


#: The rules no hand's score reads (``score``, ``evaluate`` and what a hand cannot have): the
#: rule set's words, and the table's points, ending, draws, dealer repeats, liability, penalties,
#: what a win passes on to the table, and when a kan's dora shows (compiled into ``TableRules``
#: fields that only settling, the state and standings read).
_TABLE_ONLY = (
    "name",
    "metadata",
    "points",
    "ending",
    "draws",
    "dealer",
    "liability",
    "penalties",
    "wins.multiple_ron",
    "wins.honba_to",
    "wins.sticks_to",
    "wins.atozuke",
    "wins.kuikae",
    "wins.riichi_draws_left",
    "tiles.kan_dora_timing",
    "kita.ron",
    "kita.breaks_ippatsu",
)
#: By group of ``situations``, the rules none of its outcomes reads: a hand from its tiles reads
#: the tiles there are and the calls allowed; a hand by han and fu, a yaku's han or declared
#: yakuman (``score``) do not.
_NOT_READ = {
    "hands": _TABLE_ONLY,
    "grid": (*_TABLE_ONLY, "tiles", "wins.chi", "kita"),
    "yakuman": (*_TABLE_ONLY, "tiles", "wins.chi", "kita"),
    "yaku": (*_TABLE_ONLY, "tiles", "wins.chi", "kita"),
}


def _win_for(yaku: list[Yaku]) -> tuple[bool, bool]:
    """A win (dealer, tsumo) that every one of ``yaku`` allows, closed; the first of the four if none."""
    return next((win for win in _WINS if all(y.allowed(win[0], win[1], False) for y in yaku)), _WINS[0])


def _hand(totals: bool = False, **kwargs: Any) -> Callable[[RuleSet], Outcome]:
    """A hand scored by :func:`score`; with ``totals``, a tsumo's summary names the total the
    winner receives too (with three players the payments no longer tell it)."""

    def run(rs: RuleSet) -> Outcome:
        result = score(rs, **kwargs)
        pays = ", ".join(f"{k} {v}" for k, v in result.payments.items())
        level = f" {result.limit}" if result.limit else ""
        if result.yakuman > 1:
            level = f" {result.yakuman}x yakuman"
        total = f"; total {result.total}" if totals and "ron" not in result.payments else ""
        return Outcome(result.total, f"{pays}{level}{total}", Built(step_lines, result))

    return run


@remembered("riichi", "corpus situations", 8)
def _corpus_cases(kinds: _corpus.Table) -> tuple[tuple[str, Callable[[RuleSet], Outcome]], ...]:
    """The corpus of hands of the tiles and calls ``kinds`` allows, each in words and how to score
    it: the same for every comparison at such a table (each run reads only its hand and the rule
    set it is given), so worked out once."""
    return tuple((describe(hand), _tiles_case(hand)) for hand in corpus(table=kinds))


def _tiles_case(params: dict[str, Any]) -> Callable[[RuleSet], Outcome]:
    kwargs = dict(params)
    hand = kwargs.pop("hand")
    melds = kwargs.pop("melds", ())
    if isinstance(melds, list):  # from YAML: [[pon, 555z], ...]
        melds = [tuple(m) if isinstance(m, list) else m for m in melds]

    def run(rs: RuleSet) -> Outcome:
        absent = hand_absent(rs, params)
        if absent is not None:
            return Outcome.cannot_arise(absent)
        result = evaluate(rs, hand, melds=melds, **kwargs)
        level = f"{result.yakuman}x yakuman" if result.yakuman else f"{result.han} han {result.fu} fu"
        return Outcome(
            result.total,
            f"{level} ({', '.join(result.yaku)}); total {result.total}",
            Built(step_lines, result),
        )

    return run


def _yaku_han(ident: str, is_open: bool) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        found = rules_of(rs).yaku.get(ident)
        if found is None:
            return Outcome(None, "not used")
        if found.yakuman:
            return Outcome(None, "yakuman" + (" (closed only)" if found.closed_only and is_open else ""))
        if is_open and found.closed_only:
            return Outcome(None, "closed only")
        han = found.han_for(is_open)
        extra = " (stands alone)" if found.exclusive else ""
        return Outcome(han, f"{han} han{extra}")

    return run


#: The part the game names (``RiichiGame.compare``).
COMPARE = RiichiComparison()
