"""The built-in Riichi yaku detectors: every standard yaku and yakuman id (``docs/rules/riichi.md``) found in a
reading of the tiles (nagashi mangan is no tile shape and has no detector).

A detector answers only "is the shape (or the situation) there"; the rule set's ``yaku:`` table
decides the han, whether the yaku needs a closed hand and which yaku it ``replaces``. Where one
yaku is the stronger form of another, both are detected and the table's ``replaces`` keeps the
stronger: double_riichi/riichi, ryanpeikou/iipeikou, junchan/chanta, chinitsu/honitsu (honitsu
is only detected with honours), kokushi_13/kokushi, suuankou_tanki/suuankou,
junsei_chuuren/chuuren, daisuushii/shousuushii (never both), daichisei/tsuuiisou.

The definitions are Tenhou's, as the `mahjong` package (2.1.0) implements them:

- chanta and junchan need at least one run; junchan has no honours;
- honroutou is all terminals and honours in a standard (all-triplet) hand or seven pairs;
- a triplet completed by ron counts as open (the reading marks it), so it is not concealed for
  sanankou/suuankou; suuankou by ron is therefore only the tanki wait (suuankou_tanki);
- pinfu: closed, four runs, a pair that is no value tile, a ryanmen wait;
- iipeikou/ryanpeikou: closed, one/two pairs of identical runs (four identical runs are two);
- rinshan, chankan, haitei, houtei, tenhou, chihou, renhou, ippatsu: the Situation's flags
  (the engine refuses the impossible combinations before detection);
- kokushi_13: the 13-sided wait; junsei_chuuren: the 13 tiles before the win were
  1112345678999 of one suit; daichisei: seven pairs of honours; ryuuiisou: only 2, 3, 4, 6, 8
  of bamboo and the green dragon.

For speed every detector here shares one analysis of the reading (``batch``): the engine calls
it once per reading and reads the ids it returns, instead of calling 45 detectors one by one.
Each detector still works alone, as the hook's contract says.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING

from yakuset import hookimpl
from yakuset.riichi import DRAGONS, GREENS, TERMINALS, TERMINALS_AND_HONOURS, WINDS

if TYPE_CHECKING:
    from yakuset import Reading, Situation

NAME = "riichi_yaku"

#: Every id this plugin detects (the standard ids, nagashi_mangan left out).
YAKU_IDS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "iipeikou",
    "tanyao",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "chiitoitsu",
    "sanshoku",
    "ittsu",
    "chanta",
    "sanshoku_doukou",
    "sanankou",
    "sankantsu",
    "toitoi",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "honitsu",
    "junchan",
    "chinitsu",
    "renhou",
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "suukantsu",
    "tenhou",
    "chihou",
    "daichisei",
)

_WHITE, _GREEN, _RED = DRAGONS
_WIND_SET = frozenset(WINDS)
_DRAGON_SET = frozenset(DRAGONS)


_MAN, _PIN, _SOU, _HONOUR, _OUTSIDE, _TERMINAL, _GREEN_TILE = 1, 2, 4, 8, 16, 32, 64
_SUIT_BITS = _MAN | _PIN | _SOU
#: Per tile: its suit bit, and whether it is an honour, a terminal or honour, a terminal, green.
_CLASS = tuple(
    ((1 << (t // 9)) if t < 27 else _HONOUR)
    | (_OUTSIDE if t in TERMINALS_AND_HONOURS else 0)
    | (_TERMINAL if t in TERMINALS else 0)
    | (_GREEN_TILE if t in GREENS else 0)
    for t in range(34)
)
_FLAG_IDS = ("rinshan", "chankan", "haitei", "houtei", "renhou", "tenhou", "chihou")
_FLAGS_OF = operator.attrgetter(*_FLAG_IDS)


def _whole_hand(s: Situation) -> tuple[frozenset[str], bool]:
    """The ids that depend only on the tiles and the flags, not on how the hand is read; and
    whether every tile is a terminal or an honour."""
    found = []
    if s.riichi or s.double_riichi:
        found.append("riichi")
        if s.double_riichi:
            found.append("double_riichi")
        if s.ippatsu:
            found.append("ippatsu")
    if s.tsumo and not s.open:
        found.append("menzen_tsumo")
    flags = _FLAGS_OF(s)
    if True in flags:
        found.extend(itertools.compress(_FLAG_IDS, flags))
    any_bits = 0
    all_bits = 127
    for tile in set(s.tiles):
        bits = _CLASS[tile]
        any_bits |= bits
        all_bits &= bits
    suits = any_bits & _SUIT_BITS
    honours = any_bits & _HONOUR
    if not any_bits & _OUTSIDE:
        found.append("tanyao")
    if suits in (_MAN, _PIN, _SOU):
        found.append("honitsu" if honours else "chinitsu")
        if not honours and not s.melds:
            base = (0, 0, 9, 0, 18)[suits]
            numbers = s.counts[base : base + 9]
            if numbers[0] >= 3 and numbers[8] >= 3 and all(numbers[1:8]):
                found.append("chuuren")
                if s.counts[s.win] in (2, 4):  # 1112345678999 waited on all nine
                    found.append("junsei_chuuren")
    elif not suits:
        found.append("tsuuiisou")
    outside = bool(all_bits & _OUTSIDE)
    if outside and all_bits & _TERMINAL:
        found.append("chinroutou")
    if all_bits & _GREEN_TILE:
        found.append("ryuuiisou")
    return frozenset(found), outside


_last_whole: tuple[object, tuple[frozenset[str], bool]] = (None, (frozenset(), False))
_last_reading: tuple[object, object, frozenset[str]] = (None, None, frozenset())


def analyse(reading: Reading, situation: Situation) -> frozenset[str]:
    """Every id of this plugin present in ``reading`` of the hand in ``situation``."""
    global _last_whole, _last_reading
    last = _last_reading
    if last[0] is reading and last[1] is situation:
        return last[2]
    cached = _last_whole
    if cached[0] is situation:
        whole = cached[1]
    else:
        whole = _whole_hand(situation)
        _last_whole = (situation, whole)
    found = _reading(reading, situation, *whole)
    _last_reading = (reading, situation, found)
    return found


def _reading(r: Reading, s: Situation, whole: frozenset[str], all_outside: bool) -> frozenset[str]:
    shape = r.shape
    if shape == "kokushi":
        return whole.difference(("tsuuiisou", "chinroutou")).union(("kokushi", r.wait))  # kokushi or kokushi_13
    found: list[str] = []
    if all_outside:
        found.append("honroutou")
    if shape == "chiitoitsu":
        found.append("chiitoitsu")
        if "tsuuiisou" in whole:
            found.append("daichisei")
        return whole.union(found)
    runs = []
    triplets = []
    concealed_triplets = 0
    kans = 0
    pair = -1
    outside = terminal_only = True
    for group in r.groups:
        kind = group.kind
        first = group.first
        if kind == "run":
            runs.append(first)
            if first % 9 not in (0, 6):
                outside = terminal_only = False
            continue
        if kind == "pair":
            pair = first
        else:
            triplets.append(first)
            if not group.open:
                concealed_triplets += 1
            if kind == "kan":
                kans += 1
        if first >= 27:
            terminal_only = False
        elif first not in TERMINALS:
            outside = terminal_only = False
    if runs:
        if outside:
            found.append("chanta")
            if terminal_only:
                found.append("junchan")
        _run_yaku(r, s, runs, pair, found)
    if triplets:
        _triplet_yaku(r, s, triplets, concealed_triplets, kans, pair, found)
    return whole.union(found) if found else whole


def _run_yaku(r: Reading, s: Situation, runs: list[int], pair: int, found: list[str]) -> None:
    """Sanshoku, ittsu, and in a closed hand pinfu, iipeikou and ryanpeikou."""
    starts = set(runs)
    if len(starts) >= 3:
        for first in starts:
            if first < 9 and first + 9 in starts and first + 18 in starts:
                found.append("sanshoku")
                break
        for base in (0, 9, 18):
            if base in starts and base + 3 in starts and base + 6 in starts:
                found.append("ittsu")
                break
    if s.open:
        return
    if (
        len(runs) == 4
        and r.wait == "ryanmen"
        and not (pair in _DRAGON_SET or pair == s.seat_wind or pair == s.round_wind)
    ):
        found.append("pinfu")
    twins = 0
    if len(starts) < len(runs):
        ordered = sorted(runs)
        index = 0
        while index < len(ordered) - 1:
            if ordered[index] == ordered[index + 1]:
                twins += 1
                index += 2
            else:
                index += 1
    if twins:
        found.append("iipeikou")
        if twins >= 2:
            found.append("ryanpeikou")


def _triplet_yaku(
    r: Reading, s: Situation, triplets: list[int], concealed: int, kans: int, pair: int, found: list[str]
) -> None:
    """Toitoi, the concealed triplets, the kans, yakuhai, the dragon and wind sets, sanshoku doukou."""
    if len(triplets) == 4:
        found.append("toitoi")
    if concealed >= 3:
        found.append("sanankou")
        if concealed == 4:
            found.append("suuankou")
            if r.wait == "tanki":
                found.append("suuankou_tanki")
    if kans >= 3:
        found.append("sankantsu" if kans == 3 else "suukantsu")
    dragons = winds = 0
    numbers = set()
    for tile in triplets:
        if tile >= 27:
            if tile in _DRAGON_SET:
                dragons += 1
                found.append(
                    "yakuhai_haku" if tile == _WHITE else "yakuhai_hatsu" if tile == _GREEN else "yakuhai_chun"
                )
            else:
                winds += 1
            if tile == s.seat_wind:
                found.append("yakuhai_seat_wind")
            if tile == s.round_wind:
                found.append("yakuhai_round_wind")
        else:
            numbers.add(tile)
    if dragons == 3:
        found.append("daisangen")
    elif dragons == 2 and pair in _DRAGON_SET:
        found.append("shousangen")
    if winds == 4:
        found.append("daisuushii")
    elif winds == 3 and pair in _WIND_SET:
        found.append("shousuushii")
    if len(numbers) >= 3:
        for number in range(9):
            if number in numbers and number + 9 in numbers and number + 18 in numbers:
                found.append("sanshoku_doukou")
                break


class _Detector:
    """``detect(reading, situation) -> bool`` for one id; ``batch`` is the shared analysis."""

    __slots__ = ("ident",)

    batch = staticmethod(analyse)

    def __init__(self, ident: str) -> None:
        self.ident = ident

    def __call__(self, reading: Reading, situation: Situation) -> bool:
        return self.ident in analyse(reading, situation)

    def __repr__(self) -> str:
        return f"<riichi_yaku detector {self.ident}>"


DETECTORS: Mapping[str, _Detector] = {ident: _Detector(ident) for ident in YAKU_IDS}


@hookimpl
def yakuset_riichi_yaku_detectors() -> Mapping[str, _Detector]:
    """A detector for every standard yaku and yakuman id but nagashi_mangan."""
    return DETECTORS
