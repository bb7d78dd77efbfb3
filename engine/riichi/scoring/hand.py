"""Riichi from the tiles: parse a winning hand, read it every lawful way, find the yaku with the
rule set's detectors, count fu from the rule set's fu table, and score the best reading.

``evaluate(rs, "234m456p23456788s", win="4s", riichi=True, tsumo=True, dora_indicators=["7s"])``
returns a :class:`HandScore`: the same numbers as :func:`yakuset.riichi.score` gives for the
hand's yaku, dora and fu, with the yaku, the dora and every fu part in its steps.

How a reading is scored: the detectors say which yaku of the rule set's table are there (see
``scoring.yaku``). With a yakuman the hand scores the yakuman alone; otherwise han = the yaku's han
(open or closed) + dora + ura dora + red fives, fu from :func:`count_fu`. An ``exclusive`` yaku
stands alone (no other yaku, no dora) unless the hand is worth more without it, as
:func:`yakuset.riichi.score` decides.

Which reading wins: the highest total; on a tie a real yakuman beats a counted (kazoe) one,
then more han, then more fu, then more raw fu, then the first reading in the order of
:func:`readings` — the tie-break of the `mahjong` package 2.1.0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import MAX_COUNT, whole_number
from ..._core.errors import InputError
from ..._core.numbers import format_number
from ..._core.results import Step, Steps
from ..._core.values_fast import from_fields
from ..rules.compiled import RiichiRules, rules_of
from ..rules.table import TableRules
from ..tiles.notation import EAST, FIVES, tile_name
from ..tiles.readings import Reading, readings
from .fu import count_fu, rounded
from .refusals import NoYaku
from .score import BaseScore, Score, hand_base, scored, yakuman_base
from .situation import Situation
from .win import TileRules, Win, read_win, refuse_chi
from .yaku import present

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


class HandScore(NamedTuple):
    """A hand scored from its tiles: a :class:`Score` (``score``) and what it was made of.

    The score's numbers read through (``han``, ``fu``, ``limit``, ``yakuman``, ``payments``,
    ``total``, ``steps``). ``yaku`` holds the ids counted (in the rule set's table order; a
    yakuman hand lists its yakuman only); ``dora``, ``ura`` and ``red`` count the dora, ura dora
    and red fives in the hand, ``kita`` the dora of the extracted norths themselves (three-player
    Riichi; a north indicator's are among ``dora`` and ``ura``) (none counted in a yakuman hand
    or beside an exclusive yaku);
    ``raw_fu`` is the fu before rounding (``None`` for a yakuman); ``reading`` is the reading
    that scored best; ``fu_parts`` lists every fu part (empty for a yakuman); ``hand_steps`` are
    the steps before the score's: the yaku, the dora and the fu of the reading (both are
    :class:`yakuset.Steps`, built when first read).

    A value: two are equal (and hash alike) when their fields are, steps included.
    """

    score: Score
    yaku: tuple[str, ...]
    dora: int
    ura: int
    red: int
    kita: int
    raw_fu: int | None
    reading: Reading
    fu_parts: Steps
    hand_steps: Steps

    @property
    def ruleset(self) -> str:
        return self.score.ruleset

    @property
    def han(self) -> int | None:
        return self.score.han

    @property
    def fu(self) -> int | None:
        return self.score.fu

    @property
    def limit(self) -> str | None:
        return self.score.limit

    @property
    def yakuman(self) -> int:
        return self.score.yakuman

    @property
    def payments(self) -> Mapping[str, int]:
        return self.score.payments

    @property
    def total(self) -> int:
        return self.score.total

    @property
    def steps(self) -> tuple[Step, ...]:
        """The yaku, the dora, every fu part, then the score's steps."""
        return (*self.hand_steps, *self.score.steps)

    @property
    def explanation(self) -> str:
        """One line per step: ``label: value``."""
        return "\n".join(f"{s.label}: {format_number(s.factor)}" for s in self.steps)

    def as_dict(self) -> dict[str, Any]:
        """The score's JSON shape, plus ``yaku``, ``dora`` (dora, ura, red, kita), ``raw_fu`` and ``fu_parts``."""
        out = self.score.as_dict()
        out["steps"] = [s.as_dict() for s in self.steps]
        out["yaku"] = list(self.yaku)
        out["dora"] = {"dora": self.dora, "ura": self.ura, "red": self.red, "kita": self.kita}
        out["raw_fu"] = self.raw_fu
        out["fu_parts"] = [s.as_dict() for s in self.fu_parts]
        return out

    def __repr__(self) -> str:
        return (
            f"HandScore(ruleset={self.ruleset!r}, yaku={list(self.yaku)}, han={self.han}, fu={self.fu}, "
            f"limit={self.limit!r}, yakuman={self.yakuman}, payments={dict(self.payments)}, "
            f"total={self.total})"
        )


_new_hand_score = from_fields(HandScore)


def evaluate(
    rs: RuleSet,
    hand: str,
    *,
    win: str,
    melds: Sequence[tuple[str, str]] = (),
    seat_wind: str = "south",
    round_wind: str = "east",
    dora_indicators: Sequence[str] = (),
    ura_indicators: Sequence[str] = (),
    honba: int = 0,
    riichi_sticks: int = 0,
    kita: int = 0,
    **flags: bool,
) -> HandScore:
    """Score a winning hand from its tiles under ``rs``.

    ``hand`` holds the concealed tiles in mpsz notation, the winning tile included (``0`` is a
    red five); ``melds`` are ``(kind, tiles)`` pairs (``("pon", "555z")``, kinds chi, pon, kan
    and ankan). ``seat_wind``/``round_wind``: east, south, west, north (the dealer sits east); by default the
    winner is a non-dealer (south) in the east round, as ``score``'s ``dealer=False`` is.
    ``kita``: north tiles the winner extracted (three-player Riichi, ``kita:`` in the rule set);
    each counts as dora. Tiles the rule set removed (``tiles.removed``) and chi melds where it has
    no chi (``wins.chi``) are refused. Flags: riichi, double_riichi, ippatsu, tsumo, rinshan,
    chankan, haitei, houtei, tenhou, chihou, renhou. Raises :class:`yakuset.InputError` naming
    what is wrong with the hand, the melds, the indicators or the flags.
    """
    rules = getattr(rs, "rules", None)
    if type(rules) is not RiichiRules:
        rules = rules_of(rs)  # says what is wrong with rs
    if type(honba) is not int or not 0 <= honba <= MAX_COUNT:
        whole_number("honba", honba)
    if type(riichi_sticks) is not int or not 0 <= riichi_sticks <= MAX_COUNT:
        whole_number("riichi_sticks", riichi_sticks)
    table = rules.table
    if kita or type(kita) is not int or table.players == 3:  # kita=[] is no count: checked there
        read = _read_three_player(
            rs, table, hand, win, melds, seat_wind, round_wind, dora_indicators, ura_indicators, flags, kita
        )
    else:
        read = read_win(hand, win, melds, seat_wind, round_wind, dora_indicators, ura_indicators, flags)
    situation, concealed, parsed, dora, reds, indicators, concealed_counts = read
    if (indicators != (1, 0) and indicators != (0, 0)) or situation.chankan_closed_kan:
        _check_allowed(rs, table, indicators, situation)
    dora, plain = _red_fives(rs, table, dora, reds) if reds else (dora, ())
    options = readings(concealed, parsed, situation.win, situation.tsumo, concealed_counts)
    if not options:
        raise InputError(f"{hand} with {win} is not a winning hand" + (" (with the melds given)" if parsed else ""))
    if len(options) == 1:  # most hands read one way: nothing to compare
        result = _score_reading(rs, rules, options[0], situation, dora, honba, riichi_sticks)
    else:
        result = _best(rs, rules, options, situation, dora, honba, riichi_sticks)
    if situation.tenhou and rules.tenhou_any_wait and result.yakuman:
        result = _tenhou_wait(rs, rules, read, result, dora, honba, riichi_sticks)
    if situation.chankan_closed_kan and not {"kokushi", "kokushi_13"} & set(result.yaku):
        raise InputError("only kokushi musou may rob a closed kan; this hand is not one")
    if plain:
        result = _noted(result, plain, rs.id)
    return result


def check_kita(rs: RuleSet, table: TableRules, kita: Any) -> None:
    """Refuse a count of extracted norths ``rs`` cannot have: not a whole number, any at all where
    the rule set has no kita, more than the four north tiles."""
    if type(kita) is not int or not 0 <= kita <= MAX_COUNT:
        whole_number("kita", kita)
    if kita and table.kita is None:
        raise InputError(
            f"kita={kita}: {rs.id!r} has no kita (nukidora is a three-player rule, `kita:` in the rule set)"
        )
    if kita > 4:
        raise InputError(f"kita={kita}: there are only four north tiles")


def _read_three_player(
    rs: RuleSet,
    table: TableRules,
    hand: str,
    win: str,
    melds: Sequence[tuple[str, str]],
    seat_wind: Any,
    round_wind: Any,
    dora_indicators: Any,
    ura_indicators: Any,
    flags: Mapping[str, Any],
    kita: Any,
) -> Win:
    """:func:`read_win` with what a rule set of three players adds: kita, the removed tiles, the
    dora order without them, no chi and no north seat."""
    check_kita(rs, table, kita)
    if table.players == 3 and seat_wind in ("north", "4z"):
        raise InputError(f"seat_wind north: {rs.id!r} is a game of three (seats east, south and west)")
    kita_rule = table.kita
    rules = TileRules(
        table.removed,
        table.dora_of,
        None if kita_rule is None else (kita_rule.dora_each, kita_rule.indicated),
        kita_rule is not None and kita_rule.ron == "chankan",
    )
    read = read_win(hand, win, melds, seat_wind, round_wind, dora_indicators, ura_indicators, flags, rules, kita)
    if not table.chi:
        refuse_chi(read.melds, rs.id)
    return read


def _tenhou_wait(
    rs: RuleSet,
    rules: RiichiRules,
    read: Any,
    result: HandScore,
    dora: tuple[int, int, int, int],
    honba: int,
    sticks: int,
) -> HandScore:
    """A tenhou read with each of its tiles as the winning one, for the shapes the rule set counts
    whatever tile came last (``yakuman.tenhou_any_wait``): the best that gains one of them."""
    table = rules.yaku
    wanted = {ident for ident in rules.tenhou_any_wait if ident in table and table[ident].replaces & set(result.yaku)}
    if not wanted:
        return result
    situation = read.situation
    best = result
    for tile in sorted(set(read.concealed) - {situation.win}):
        other = situation._replace(win=tile)
        options = readings(read.concealed, read.melds, tile, True, read.concealed_counts)
        if not options:
            continue
        candidate = _best(rs, rules, options, other, dora, honba, sticks)
        if wanted & set(candidate.yaku) and candidate.total > best.total:
            best = candidate
    return best


def _check_allowed(rs: RuleSet, table: TableRules, given: tuple[int, int], situation: Situation) -> None:
    """Refuse indicators the rule set does not reveal (kan dora, ura dora, kan ura), and a closed kan
    robbed where kokushi may not rob one."""
    dora, ura = given
    if dora > 1 and not table.kan_dora:
        raise InputError(f"the rule set has no kan dora (tiles.kan_dora: false): give one dora indicator, got {dora}")
    if ura and not table.ura_dora:
        raise InputError("the rule set has no ura dora (tiles.ura_dora: false): leave out the ura indicators")
    if ura > 1 and not table.kan_ura:
        raise InputError(f"the rule set has no kan ura (tiles.kan_ura: false): give one ura indicator, got {ura}")
    if situation.chankan_closed_kan and not table.kokushi_robs_closed_kan:
        raise InputError(
            "kokushi musou may not rob a closed kan under this rule set (tiles.kokushi_robs_closed_kan: false)"
        )


_SUITS = "mps"


def _red_fives(
    rs: RuleSet, table: TableRules, dora: tuple[int, int, int, int], reds: tuple[int, ...]
) -> tuple[tuple[int, int, int, int], tuple[str, ...]]:
    """The red fives that count under the rule set (``tiles.red_fives`` per suit), and the
    names of those read as plain fives because the rule set has none in their suit."""
    counted = 0
    plain = []
    for suit, five in enumerate(FIVES):
        held = reds.count(five)
        if not held:
            continue
        allowed = table.red_fives[suit]
        if allowed == 0:
            plain.extend([tile_name(five)] * held)
        elif held > allowed:
            raise InputError(f"{held} red 5{_SUITS[suit]}: the rule set has {allowed} (tiles.red_fives.{_SUITS[suit]})")
        else:
            counted += held
    return (dora[0], dora[1], counted, dora[3]), tuple(plain)


def _noted(result: HandScore, plain: tuple[str, ...], ruleset: str) -> HandScore:
    """``result`` with a first step saying which red fives were read as plain fives."""
    note = Step(
        "red_fives",
        f"{', '.join('0' + name[1] for name in plain)} read as plain {', '.join(plain)}: "
        f"{ruleset} has no red fives in {'that suit' if len(set(plain)) == 1 else 'those suits'}",
        0,
    )
    return result._replace(hand_steps=Steps(_noted_steps, note, result.hand_steps))


def _noted_steps(note: Step, steps: Steps) -> tuple[Step, ...]:
    return (note, *steps)


def _best(
    rs: RuleSet,
    rules: RiichiRules,
    options: list[Reading],
    situation: Situation,
    dora: tuple[int, int, int, int],
    honba: int,
    sticks: int,
) -> HandScore:
    """The best scoring of ``options`` (see :func:`_rank`); the first refusal if none scores."""
    best: HandScore | None = None
    best_rank: tuple[int, ...] = ()
    refusals: list[InputError] = []
    for reading in options:
        try:
            candidate = _score_reading(rs, rules, reading, situation, dora, honba, sticks)
        except InputError as exc:
            refusals.append(exc)
            continue
        rank = _rank(candidate)
        if best is None or rank > best_rank:
            best, best_rank = candidate, rank
    if best is None:
        if refusals:
            raise refusals[0]  # the first reading's refusal as it was raised (a NoYaku stays one)
        raise InputError("no reading of the hand scores")
    return best


def _rank(hand: HandScore) -> tuple[int, ...]:
    """What makes one reading better than another: the total; on a tie a real yakuman (no raw
    fu) before a counted one and the larger yakuman, then more han, more fu, more raw fu."""
    if hand.raw_fu is None:
        return (hand.total, 1, 13 * hand.yakuman, 0, 0)
    return (hand.total, 0, hand.han or 0, hand.fu or 0, hand.raw_fu)


def detect(rs: RuleSet, reading: Reading, situation: Situation) -> list[str]:
    """The yaku ids of ``rs`` present in ``reading``, after closed-only, ``replaces``,
    ``requires`` and ``needs_any`` (in the rule set's table order)."""
    return list(present(rules_of(rs), reading, situation).ids)


# --- scoring one reading --------------------------------------------------------------------------


def _score_reading(
    rs: RuleSet,
    rules: RiichiRules,
    reading: Reading,
    situation: Situation,
    dora: tuple[int, int, int, int],
    honba: int,
    sticks: int,
) -> HandScore:
    ids, yakuman, exclusive, han, fixed = present(rules, reading, situation)
    if yakuman:
        base = _yakuman_base(rs, rules, yakuman, situation.seat_wind == EAST, situation.tsumo)
        dora_steps = Steps(_dora_steps, *dora, False)
        return _new_hand_score((scored(base, honba, sticks), yakuman, *dora, None, reading, _NO_STEPS, dora_steps))
    all_dora = dora[0] + dora[1] + dora[2] + dora[3]
    if not ids and not (rules.dora_without_yaku and all_dora):
        raise NoYaku("no yaku: the hand needs at least one yaku, and dora alone is not a yaku")
    raw = count_fu(rules, reading, situation, fixed)
    is_open = situation.open
    fu = raw if fixed is not None else rounded(rules, raw, is_open)
    if exclusive is None:
        return _han_score(rs, rules, ids, han + all_dora, fu, raw, reading, situation, dora, honba, sticks, fixed)
    table = rules.yaku
    rest_ids = tuple(i for i in ids if i != exclusive)
    alone = _han_score(
        rs,
        rules,
        (exclusive,),
        table[exclusive].han_for(is_open),
        fu,
        raw,
        reading,
        situation,
        dora,
        honba,
        sticks,
        fixed,
        not_counted=rest_ids,
    )
    if rest_ids or (rules.dora_without_yaku and all_dora):
        rest_han = sum(table[i].han_for(is_open) for i in rest_ids) + all_dora
        rest = _han_score(
            rs,
            rules,
            rest_ids,
            rest_han,
            fu,
            raw,
            reading,
            situation,
            dora,
            honba,
            sticks,
            fixed,
            unclaimed=exclusive,
        )
        if rest.total > alone.total:
            return rest
    return alone


_NO_STEPS = Steps(tuple)


def _yakuman_base(rs: RuleSet, rules: RiichiRules, yakuman: tuple[str, ...], dealer: bool, tsumo: bool) -> BaseScore:
    """What score(rs, yakuman=...) gives before honba and sticks, without its checks (the table's
    rules already kept only yakuman allowed in this win and together), kept by the rule set."""
    key = (yakuman, dealer, tsumo)
    found = rules.caches.yakuman.get(key)
    if found is None:
        found = rules.caches.yakuman.put(
            key, yakuman_base(rs, rules, [rules.yaku[ident] for ident in yakuman], 0, dealer, tsumo)
        )
    return found  # type: ignore[no-any-return]


def _dora_steps(dora: int, ura: int, red: int, kita: int = 0, counted: bool = True) -> list[Step]:
    steps = []
    for ident, label, value in (
        ("dora", "Dora", dora),
        ("ura_dora", "Ura dora", ura),
        ("red_fives", "Red fives", red),
        ("kita", "Kita (extracted norths)", kita),
    ):
        if value:
            steps.append(Step(ident, label if counted else f"{label}: not counted", value if counted else 0))
    return steps


def _han_score(
    rs: RuleSet,
    rules: RiichiRules,
    ids: tuple[str, ...],
    han: int,
    fu: int,
    raw: int,
    reading: Reading,
    situation: Situation,
    dora: tuple[int, int, int, int],
    honba: int,
    sticks: int,
    fixed: Any,
    not_counted: Sequence[str] = (),
    unclaimed: str | None = None,
) -> HandScore:
    if han < 1:
        raise InputError("the yaku found are worth no han")
    base = hand_base(rs, rules, han, fu, situation.seat_wind == EAST, situation.tsumo)
    # The explanation is made only when read.
    fu_parts = Steps(_fu_parts, rules, reading, situation, fixed)
    hand_steps = Steps(_hand_steps, rules, ids, situation.open, raw, reading, dora, fu_parts, not_counted, unclaimed)
    return _new_hand_score((scored(base, honba, sticks), ids, *dora, raw, reading, fu_parts, hand_steps))


def _fu_parts(rules: RiichiRules, reading: Reading, situation: Situation, fixed: Any) -> list[Step]:
    """Every fu part of ``reading``, a step each."""
    parts: list[Step] = []
    count_fu(rules, reading, situation, fixed, parts)
    return parts


def _hand_steps(
    rules: RiichiRules,
    ids: Sequence[str],
    is_open: bool,
    raw: int,
    reading: Reading,
    dora: tuple[int, int, int, int],
    fu_parts: Steps,
    not_counted: Sequence[str],
    unclaimed: str | None,
) -> list[Step]:
    """The steps of a hand before its score's: the yaku (and those not counted), the dora, the fu."""
    table = rules.yaku
    steps = []
    if unclaimed is not None:
        steps.append(Step(unclaimed, f"{table[unclaimed].label}: not claimed (the hand is worth more without it)", 0))
    for ident in ids:
        yaku = table[ident]
        steps.append(Step(ident, f"{yaku.label}{' (open)' if is_open else ''}", yaku.han_for(is_open)))
    for ident in not_counted:
        steps.append(Step(ident, f"{table[ident].label}: not counted ({table[ids[0]].label} stands alone)", 0))
    steps.extend(_dora_steps(*dora, counted=not not_counted))
    steps.extend(Step(s.id, s.label, s.factor, "add") for s in fu_parts)
    steps.append(Step("fu_total", f"fu before rounding ({reading.wait} wait)", raw))
    return steps
