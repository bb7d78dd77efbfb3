"""Fu: counted from a reading of the tiles by the rule set's fu table, or given as a number
and checked; rounded up as the rule set says. A yaku with a fixed fu (pinfu, chiitoitsu:
``fu:`` in its table entry) sets the hand's fu whatever its parts."""

from __future__ import annotations

from ..._core.arguments import whole_number
from ..._core.errors import InputError
from ..._core.numbers import round_up
from ..._core.results import Step
from ..rules.compiled import SET_KEYS, FuTable, RiichiRules, Yaku
from ..tiles.notation import DRAGONS, TERMINALS_AND_HONOURS, tile_name
from ..tiles.readings import Reading
from .situation import Situation


def count_fu(
    rules: RiichiRules, reading: Reading, situation: Situation, fixed: Yaku | None, parts: list[Step] | None = None
) -> int:
    """The raw fu of a reading (before rounding); with ``parts``, one step per part is added to it.

    ``fixed`` is the yaku present that fixes the hand's fu (pinfu, chiitoitsu), if any.
    """
    fu = rules.fu
    tsumo = situation.tsumo
    if fixed is not None:
        value = fixed.fu_for(tsumo)
        assert value is not None
        if parts is not None:
            _fixed_part(fixed, tsumo, value, parts)
        return value
    total = fu.base
    if parts is not None and fu.base:
        parts.append(Step("fu_base", "base", fu.base))
    if reading.shape != "standard":
        return total
    if tsumo:
        won, won_fu = _TSUMO_PART, fu.tsumo
    else:
        won, won_fu = _CLOSED_RON_PART, 0 if situation.open else fu.closed_ron
    total += won_fu
    if parts is not None and won_fu:
        parts.append(Step(won[0], won[1], won_fu))
    table = rules.fu_table
    by_set = table.by_set
    pair = None
    for group in reading.groups:
        kind = group.kind
        if kind == "run":
            continue
        if kind == "pair":
            pair = group
            continue
        index = (group.first in TERMINALS_AND_HONOURS) << 2 | group.open << 1 | (kind == "kan")
        value = by_set[index]
        total += value
        if parts is not None and value:
            label = _set_label(index, group.first)
            if group.open and not group.melded:
                label += " (completed by ron)"
            parts.append(Step("fu_set", label, value))
    if pair is not None and pair.first >= 27:
        total += _pair_fu(table, pair.first, situation, parts)
    wait_fu = table.waits.get(reading.wait, 0)
    if parts is not None and wait_fu:
        parts.append(Step("fu_wait", f"{reading.wait} wait", wait_fu))
    return total + wait_fu


_TSUMO_PART = ("fu_tsumo", "tsumo")
_CLOSED_RON_PART = ("fu_closed_ron", "closed ron")


def _fixed_part(fixed: Yaku, tsumo: bool, value: int, parts: list[Step]) -> None:
    same = fixed.fu_for(not tsumo) == value
    parts.append(Step(f"fu_{fixed.id}", f"{fixed.id} (fixed)" if same else f"{fixed.id} {_win(tsumo)}", value))


def _win(tsumo: bool) -> str:
    return "tsumo" if tsumo else "ron"


def _set_label(index: int, tile: int) -> str:
    """A set's fu step: its key in ``fu.sets`` in words, an honour's set called one (its key
    says terminal, the rule's word for terminals and honours alike)."""
    words = SET_KEYS[index].replace("_", " ")
    if tile >= 27:
        words = "honour" + words.removeprefix("terminal")
    return f"{words} of {tile_name(tile)}"


def _pair_fu(table: FuTable, pair: int, situation: Situation, parts: list[Step] | None) -> int:
    """The fu of a pair of honours (a dragon, the seat or round wind, or both); with ``parts``, its
    step is added to them."""
    if pair in DRAGONS:
        value, what = table.value_pair, "dragon"
    else:
        hits = (situation.seat_wind == pair) + (situation.round_wind == pair)
        if hits == 2:
            value, what = table.double_wind_pair, "seat and round wind"
        else:
            value, what = (table.value_pair, "value wind") if hits else (0, "")
    if parts is not None and value:
        parts.append(Step("fu_pair", f"pair of {tile_name(pair)} ({what})", value))
    return value


def rounded(rules: RiichiRules, raw: int, is_open: bool) -> int:
    """Raw fu rounded up to the rule set's step, and an open hand raised to its minimum."""
    f = rules.fu
    fu = -(-raw // f.round_to) * f.round_to  # raw fu is a whole number: rounded up exactly
    if is_open and fu < f.open_minimum:
        fu = f.open_minimum
    return fu


def fixed_yaku(present: list[Yaku], tsumo: bool) -> Yaku | None:
    """The first of ``present`` that fixes the fu of a win like this, or ``None``."""
    return next((y for y in present if y.fu_for(tsumo) is not None), None)


def least_han(rules: RiichiRules, yaku: Yaku, dealer: bool, tsumo: bool) -> int:
    """The han of the cheapest closed hand holding ``yaku``: its own and those every such win has."""
    automatic = sum(
        y.han_for(False)
        for y in rules.yaku.values()
        if y.automatic and y is not yaku and y.allowed(dealer, tsumo, False)
    )
    return yaku.han_for(False) + automatic


def given_fu(
    rules: RiichiRules,
    fu: object,
    *,
    han: int,
    dealer: bool,
    tsumo: bool,
    is_open: bool = False,
    fixed: Yaku | None = None,
    declared: bool = False,
) -> tuple[int, list[Step]]:
    """Check raw fu given as a number and round it as the rule set says; the steps say how.

    With han and fu alone (``declared`` false), a fu only a fixed-fu yaku gives (25: chiitoitsu)
    is read as that yaku's hand, which must have its least han. With declared yaku, ``fixed``
    is the declared yaku that fixes the fu, if any.
    """
    f = rules.fu
    fu = whole_number("fu", fu, None)
    uncounted = fu % f.round_to != 0
    if not declared and uncounted:
        holders = [y for y in rules.fixed_fu if y.fu_for(tsumo) == fu]
        if holders:
            fixed = min(holders, key=lambda y: least_han(rules, y, dealer, tsumo))
            least = least_han(rules, fixed, dealer, tsumo)
            if han < least:
                raise InputError(
                    f"{fu} fu is {fixed.id}, which {'won by tsumo ' if tsumo else ''}is at least "
                    f"{least} han; got {han} han"
                )
    if fixed is not None:
        expected = fixed.fu_for(tsumo)
        if fu != expected:
            raise InputError(f"{_fixed_name(fixed, tsumo)} is always {expected} fu, got {fu}")
        if uncounted:
            return fu, [Step("fu", f"fu ({fixed.id}, not rounded)", fu)]
    if declared and fixed is None and uncounted:
        names = [y.id for y in rules.fixed_fu if y.fu_for(tsumo) == fu]
        if names:
            raise InputError(f"{fu} fu is only possible with {' or '.join(names)}")
    if fu < f.base:
        raise InputError(f"fu must be at least {f.base} (every hand starts there), got {fu}")
    if fu > f.maximum:
        raise InputError(f"no hand counts more than {f.maximum} fu, got {fu}")
    value = int(round_up(fu, f.round_to))
    steps = [Step("fu", f"fu ({fu} rounded up to {f.round_to})" if value != fu else "fu", value)]
    if is_open and value < f.open_minimum:
        value = f.open_minimum
        steps.append(Step("open_minimum", f"fu (an open hand of {fu} fu counts {value})", value))
    if not declared and tsumo and value == f.base:
        _check_bare_tsumo(rules, fu, han, dealer)
    ron_minimum = min(f.base + f.closed_ron, f.open_minimum)
    if not tsumo and value < ron_minimum:
        raise InputError(
            f"{fu} fu is impossible on a ron: a closed ron adds {f.closed_ron} and an open "
            f"hand counts at least {f.open_minimum}"
        )
    if declared and tsumo and not is_open and fixed is None and fu <= f.base and f.tsumo:
        raise InputError(f"{fu} fu on a closed tsumo is only {_bare_tsumo_names(rules)}; tsumo adds {f.tsumo} fu")
    return value, steps


def _check_bare_tsumo(rules: RiichiRules, fu: int, han: int, dealer: bool) -> None:
    """A tsumo of the bare base fu is only a yaku that fixes it there (pinfu tsumo)."""
    holders = [y for y in rules.fixed_fu if y.fu_for(True) == rules.fu.base]
    if not holders:
        raise InputError(f"{fu} fu is impossible on a tsumo under this rule set")
    fixed = min(holders, key=lambda y: least_han(rules, y, dealer, True))
    least = least_han(rules, fixed, dealer, True)
    if han < least:
        raise InputError(f"{fu} fu on a tsumo is only {fixed.id} tsumo, which is at least {least} han; got {han} han")


def _bare_tsumo_names(rules: RiichiRules) -> str:
    holders = [y.id for y in rules.fixed_fu if y.fu_for(True) == rules.fu.base]
    return " or ".join(holders) or "a fixed-fu yaku"


def _fixed_name(fixed: Yaku, tsumo: bool) -> str:
    return fixed.id if fixed.fu_for(not tsumo) == fixed.fu_for(tsumo) else f"{fixed.id} {_win(tsumo)}"
