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

import operator
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from yakuset import hookimpl, memo
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
_OUTSIDE_RUNS = frozenset(base + start for base in (0, 9, 18) for start in (0, 6))  # 123 and 789
_DRAGON_SET = frozenset(DRAGONS)

# The analysis gathers ids as bits of an int (one per id, in the order of YAKU_IDS): or-ing bits
# is cheaper than growing sets, and the set of ids is made once per combination (``_ids``).
_BIT = {ident: 1 << index for index, ident in enumerate(YAKU_IDS)}
_RIICHI, _DOUBLE_RIICHI, _IPPATSU, _MENZEN_TSUMO, _PINFU, _IIPEIKOU, _TANYAO = (
    _BIT[i] for i in ("riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "iipeikou", "tanyao")
)
_SEAT_WIND, _ROUND_WIND = _BIT["yakuhai_seat_wind"], _BIT["yakuhai_round_wind"]
_DRAGON_BITS = {_WHITE: _BIT["yakuhai_haku"], _GREEN: _BIT["yakuhai_hatsu"], _RED: _BIT["yakuhai_chun"]}
_CHIITOITSU, _SANSHOKU, _ITTSU, _CHANTA, _DOUKOU = (
    _BIT[i] for i in ("chiitoitsu", "sanshoku", "ittsu", "chanta", "sanshoku_doukou")
)
_SANANKOU, _SANKANTSU, _TOITOI, _SHOUSANGEN = (_BIT[i] for i in ("sanankou", "sankantsu", "toitoi", "shousangen"))
_HONROUTOU, _RYANPEIKOU, _HONITSU, _JUNCHAN, _CHINITSU, _KOKUSHI, _KOKUSHI_13 = (
    _BIT[i] for i in ("honroutou", "ryanpeikou", "honitsu", "junchan", "chinitsu", "kokushi", "kokushi_13")
)
_SUUANKOU, _SUUANKOU_TANKI, _DAISANGEN, _SHOUSUUSHII, _DAISUUSHII, _TSUUIISOU, _RYUUIISOU = (
    _BIT[i] for i in ("suuankou", "suuankou_tanki", "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou")
)
_CHINROUTOU, _CHUUREN, _JUNSEI_CHUUREN, _SUUKANTSU, _DAICHISEI = (
    _BIT[i] for i in ("chinroutou", "chuuren", "junsei_chuuren", "suukantsu", "daichisei")
)
_FLAG_IDS = ("rinshan", "chankan", "haitei", "houtei", "renhou", "tenhou", "chihou")
_FLAG_BITS = tuple(_BIT[i] for i in _FLAG_IDS)
_FLAGS_OF = operator.attrgetter(*_FLAG_IDS)


def _at(tiles: Iterable[int]) -> int:
    """A mask over a hand's counts read as one int (``int.from_bytes(counts, "little")``, a byte
    per tile): every bit of the bytes of ``tiles``."""
    return sum(0xFF << 8 * tile for tile in tiles)


_EVERY_TILE = _at(range(34))
_OUTSIDE_AT = _at(TERMINALS_AND_HONOURS)
_SIMPLES_AT = _EVERY_TILE ^ _OUTSIDE_AT
_NOT_TERMINALS_AT = _EVERY_TILE ^ _at(TERMINALS)
_NOT_GREEN_AT = _EVERY_TILE ^ _at(GREENS)
_MAN_AT, _PIN_AT, _SOU_AT = _at(range(0, 9)), _at(range(9, 18)), _at(range(18, 27))
_HONOURS_AT = _at(range(27, 34))


def _whole_hand(s: Situation) -> tuple[int, bool]:
    """The ids (bits) that depend only on the tiles and the flags, not on how the hand is read;
    and whether every tile is a terminal or an honour."""
    found = 0
    if s.riichi or s.double_riichi:
        found = _RIICHI
        if s.double_riichi:
            found |= _DOUBLE_RIICHI
        if s.ippatsu:
            found |= _IPPATSU
    if s.tsumo and not s.open:
        found |= _MENZEN_TSUMO
    flags = _FLAGS_OF(s)
    if True in flags:
        for bit, on in zip(_FLAG_BITS, flags):
            if on:
                found |= bit
    held = int.from_bytes(s.counts, "little")
    if not held & _OUTSIDE_AT:
        found |= _TANYAO
    man, pin, sou = held & _MAN_AT, held & _PIN_AT, held & _SOU_AT
    honours = held & _HONOURS_AT
    if (man and not pin and not sou) or (pin and not man and not sou) or (sou and not man and not pin):
        found |= _HONITSU if honours else _pure_flush(s, 0 if man else 9 if pin else 18)
    elif not (man or pin or sou):
        found |= _TSUUIISOU
    if not held & _NOT_TERMINALS_AT:
        found |= _CHINROUTOU
    if not held & _NOT_GREEN_AT:
        found |= _RYUUIISOU
    return found, not held & _SIMPLES_AT


def _pure_flush(s: Situation, base: int) -> int:
    """Chinitsu, the suit's first tile at ``base``; closed, chuuren and junsei chuuren too."""
    found = _CHINITSU
    if not s.melds:
        numbers = s.counts[base : base + 9]
        if numbers[0] >= 3 and numbers[8] >= 3 and all(numbers[1:8]):
            found |= _CHUUREN
            if s.counts[s.win] in (2, 4):  # 1112345678999 waited on all nine
                found |= _JUNSEI_CHUUREN
    return found


#: The set of ids of each combination of bits met (a few thousand at most in practice), a memo
#: ``yakuset.clear_caches()`` empties.
_ID_SETS = memo("riichi_yaku: sets of ids", 4096)
_ID_OF_BIT = {bit: ident for ident, bit in _BIT.items()}


def _ids(bits: int) -> frozenset[str]:
    """The ids whose bits are set in ``bits``, remembered in ``_ID_SETS``."""
    ids = []
    rest = bits
    while rest:
        lowest = rest & -rest
        ids.append(_ID_OF_BIT[lowest])
        rest ^= lowest
    found: frozenset[str] = _ID_SETS.put(bits, frozenset(ids))
    return found


def analyse(reading: Reading, situation: Situation) -> frozenset[str]:
    """Every id of this plugin present in ``reading`` of the hand in ``situation``."""
    bits = _reading(reading, situation, *_whole_hand(situation))
    found = _ID_SETS.get(bits)
    if found is None:
        found = _ids(bits)
    return found


def _reading(r: Reading, s: Situation, whole: int, all_outside: bool) -> int:
    shape = r.shape
    if shape == "kokushi":
        return whole & ~(_TSUUIISOU | _CHINROUTOU) | (_KOKUSHI_13 if r.wait == "kokushi_13" else _KOKUSHI)
    found = whole
    if all_outside:
        found |= _HONROUTOU
    if shape == "chiitoitsu":
        found |= _CHIITOITSU
        if whole & _TSUUIISOU:
            found |= _DAICHISEI
        return found
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
            if first not in _OUTSIDE_RUNS:
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
        found |= _run_yaku(r, s, runs, pair, outside, terminal_only)
    if triplets:
        found |= _triplet_yaku(r, s, triplets, concealed_triplets, kans, pair)
    return found


def _run_yaku(r: Reading, s: Situation, runs: list[int], pair: int, outside: bool, terminal_only: bool) -> int:
    """Chanta and junchan (every group ``outside``, holding a terminal or an honour; with no honour:
    ``terminal_only``), sanshoku, ittsu, and in a closed hand pinfu, iipeikou and ryanpeikou."""
    found = (_CHANTA | _JUNCHAN if terminal_only else _CHANTA) if outside else 0
    starts = set(runs)
    if len(starts) >= 3:
        for first in starts:
            if first < 9 and first + 9 in starts and first + 18 in starts:
                found |= _SANSHOKU
                break
        for base in (0, 9, 18):
            if base in starts and base + 3 in starts and base + 6 in starts:
                found |= _ITTSU
                break
    if s.open:
        return found
    if (
        len(runs) == 4
        and r.wait == "ryanmen"
        and not (pair in _DRAGON_SET or pair == s.seat_wind or pair == s.round_wind)
    ):
        found |= _PINFU
    if len(starts) < len(runs):
        ordered = sorted(runs)
        twins = 0
        index = 0
        while index < len(ordered) - 1:
            if ordered[index] == ordered[index + 1]:
                twins += 1
                index += 2
            else:
                index += 1
        if twins:
            found |= _IIPEIKOU
            if twins >= 2:
                found |= _RYANPEIKOU
    return found


def _triplet_yaku(r: Reading, s: Situation, triplets: list[int], concealed: int, kans: int, pair: int) -> int:
    """Toitoi, the concealed triplets, the kans, yakuhai, the dragon and wind sets, sanshoku doukou."""
    found = _TOITOI if len(triplets) == 4 else 0
    if concealed >= 3 or kans >= 3:
        found |= _concealed_and_kans(r, concealed, kans)
    dragons = winds = 0
    numbers = set()
    for tile in triplets:
        if tile >= 27:
            if tile in _DRAGON_SET:
                dragons += 1
                found |= _DRAGON_BITS[tile]
            else:
                winds += 1
            if tile == s.seat_wind:
                found |= _SEAT_WIND
            if tile == s.round_wind:
                found |= _ROUND_WIND
        else:
            numbers.add(tile)
    if dragons == 3:
        found |= _DAISANGEN
    elif dragons == 2 and pair in _DRAGON_SET:
        found |= _SHOUSANGEN
    if winds == 4:
        found |= _DAISUUSHII
    elif winds == 3 and pair in _WIND_SET:
        found |= _SHOUSUUSHII
    if len(numbers) >= 3:
        for number in range(9):
            if number in numbers and number + 9 in numbers and number + 18 in numbers:
                found |= _DOUKOU
                break
    return found


def _concealed_and_kans(r: Reading, concealed: int, kans: int) -> int:
    """Sanankou, suuankou (and its tanki wait), sankantsu, suukantsu."""
    found = 0
    if concealed >= 3:
        found |= _SANANKOU
        if concealed == 4:
            found |= _SUUANKOU
            if r.wait == "tanki":
                found |= _SUUANKOU_TANKI
    if kans >= 3:
        found |= _SANKANTSU if kans == 3 else _SUUKANTSU
    return found


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


@hookimpl(trylast=True)
def yakuset_riichi_yaku_detectors() -> Mapping[str, _Detector]:
    """A detector for every standard yaku and yakuman id but nagashi_mangan."""
    return DETECTORS
