"""Riichi from the tiles: parse a winning hand, read it every lawful way, detect yaku with the
rule set's detectors, count fu from the rule set's fu table, and score the best reading.

``evaluate(rs, "234m456p23456788s", win="4s", riichi=True, tsumo=True, dora_indicators=["7s"])``
returns a :class:`HandScore`: the same numbers as :func:`engine.riichi.score` gives for the
hand's yaku, dora and fu, with the yaku, the dora and every fu part in its steps.

How a reading is scored: the detectors say which yaku of the rule set's table are there; yaku
that need a closed hand are dropped from an open one, the yaku a present one ``replaces`` are
dropped, and so is a yaku whose ``requires`` condition fails or whose ``needs_any`` is missing
(it is not there on this win). Yaku that ``exclude`` each other are a contradiction between
detectors and refuse the reading. With a yakuman the hand scores the yakuman alone; otherwise
han = the yaku's han (open or closed) + dora + ura dora + red fives, fu from :func:`count_fu`.
An ``exclusive`` yaku stands alone (no other yaku, no dora) unless the hand is worth more
without it, as :func:`engine.riichi.score` decides.

Which reading wins: the highest total; on a tie a real yakuman beats a counted (kazoe) one,
then more han, then more fu, then more raw fu, then the first reading in the order of
:func:`engine.tiles.readings` — the tie-break of the `mahjong` package 2.1.0.

Detectors may carry an optional ``batch`` attribute, a function ``(reading, situation) ->
set of ids`` shared by several detectors: the engine then calls it once per reading and reads
the ids from it instead of calling each detector (the built-in ``riichi_yaku`` plugin does this).
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from . import riichi
from .errors import InputError
from .results import Step
from .tiles import _TILE_OF as _ONE_TILE
from .tiles import (
    DRAGONS,
    EAST,
    FIVES,
    TERMINALS_AND_HONOURS,
    WINDS,
    Meld,
    Reading,
    parse_meld,
    parse_tiles_red,
    readings,
    tile_name,
)

if TYPE_CHECKING:
    from .ruleset import RuleSet

Detector = Callable[[Reading, "Situation"], bool]

#: The situational flags ``evaluate`` takes (all false unless given).
FLAGS = ("riichi", "double_riichi", "ippatsu", "tsumo", "rinshan", "chankan", "haitei", "houtei",
         "tenhou", "chihou", "renhou")
_MAX_INDICATORS = 5  # one dora indicator plus one for each of four kans


class Situation(NamedTuple):
    """Everything about a win that is not the reading: flags, winds, the tiles (immutable).

    ``tiles`` are all 14+ tiles of the hand (melds included), ``concealed`` the tiles not in a
    meld (the winning tile included), ``counts`` the 34-count of ``tiles``. ``seat_wind`` and
    ``round_wind`` are tile numbers (27 east ... 30 north); ``open`` is true when a meld other
    than a closed kan was called.
    """

    tiles: tuple[int, ...]
    concealed: tuple[int, ...]
    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    win: int
    seat_wind: int
    round_wind: int
    open: bool
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    tsumo: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chihou: bool = False
    renhou: bool = False

    @property
    def dealer(self) -> bool:
        return self.seat_wind == EAST

    def value_tiles(self) -> set[int]:
        """Tiles whose triplet is yakuhai: the dragons, the seat wind and the round wind."""
        return {*DRAGONS, self.seat_wind, self.round_wind}


class HandScore(riichi.Score):
    """A :class:`engine.riichi.Score` scored from the tiles, with what it was made of.

    ``yaku`` holds the ids counted (in the rule set's table order; a yakuman hand lists its
    yakuman only); ``dora``, ``ura`` and ``red`` count the dora, ura dora and red fives in the
    hand (not counted in a yakuman hand or beside an exclusive yaku); ``raw_fu`` is the fu before
    rounding (``None`` for a yakuman); ``fu_parts`` lists every fu part; ``reading`` is the
    reading that scored best.
    """

    __slots__ = ("_extra",)

    _extra: tuple[Any, ...]

    def __init__(self, base: riichi.Score, payments: Mapping[str, int], total: int, yaku: tuple[str, ...],
                 dora: int, ura: int, red: int, raw_fu: int | None, reading: Reading,
                 fu_parts: Callable[[], list[Step]], explain: Callable[[], list[Step]]) -> None:
        # ``base`` is the hand's score before honba and riichi sticks; ``payments`` and ``total``
        # include them. The base Score is read-only and may be shared (the memos).
        setter = object.__setattr__
        setter(self, "ruleset", base.ruleset)
        setter(self, "han", base.han)
        setter(self, "fu", base.fu)
        setter(self, "limit", base.limit)
        setter(self, "yakuman", base.yakuman)
        setter(self, "payments", payments)
        setter(self, "total", total)
        setter(self, "_explain", explain)
        setter(self, "_steps", None)
        setter(self, "_extra", (yaku, dora, ura, red, raw_fu, reading, fu_parts))

    @property
    def yaku(self) -> tuple[str, ...]:
        return self._extra[0]

    @property
    def dora(self) -> int:
        return self._extra[1]

    @property
    def ura(self) -> int:
        return self._extra[2]

    @property
    def red(self) -> int:
        return self._extra[3]

    @property
    def raw_fu(self) -> int | None:
        return self._extra[4]

    @property
    def reading(self) -> Reading:
        return self._extra[5]

    @property
    def fu_parts(self) -> tuple[Step, ...]:
        """Every fu part of the reading (empty for a yakuman)."""
        return tuple(self._extra[6]())

    def as_dict(self) -> dict[str, Any]:
        out = super().as_dict()
        out["yaku"] = list(self.yaku)
        out["dora"] = {"dora": self.dora, "ura": self.ura, "red": self.red}
        out["raw_fu"] = self.raw_fu
        out["fu_parts"] = [s.as_dict() for s in self.fu_parts]
        return out

    def __repr__(self) -> str:
        return (f"HandScore(ruleset={self.ruleset!r}, yaku={list(self.yaku)}, han={self.han}, fu={self.fu}, "
                f"limit={self.limit!r}, yakuman={self.yakuman}, payments={dict(self.payments)}, "
                f"total={self.total})")


def _indicated(indicator: int) -> int:
    """The dora an indicator shows: the next tile of its suit, winds and dragons cycling."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


_DORA_OF = tuple(_indicated(t) for t in range(34))
_NO_FLAGS = dict.fromkeys(FLAGS, False)

_WIND_NAMES = {"east": EAST, "south": WINDS[1], "west": WINDS[2], "north": WINDS[3],
               "1z": EAST, "2z": WINDS[1], "3z": WINDS[2], "4z": WINDS[3]}


def _wind(value: Any, name: str) -> int:
    if not isinstance(value, str) or value not in _WIND_NAMES:
        raise InputError(f"{name} must be east, south, west or north, got {value!r}")
    return _WIND_NAMES[value]


def _check_flags(f: Mapping[str, bool], melds: Sequence[Meld], dealer: bool, visible_win: int) -> None:
    """Refuse flags no game can produce together. ``visible_win`` counts the copies of the winning
    tile in the hand (melds included) and among the indicators."""
    message = _contradiction(f, melds, dealer, visible_win)
    if message:
        raise InputError(f"contradictory flags: {message}")


def _contradiction(f: Mapping[str, bool], melds: Sequence[Meld], dealer: bool, visible_win: int) -> str | None:
    riichi_ = f["riichi"] or f["double_riichi"]
    tsumo = f["tsumo"]
    if f["riichi"] and f["double_riichi"]:
        return "riichi and double riichi: declare one (double riichi replaces riichi)"
    if f["ippatsu"] and not riichi_:
        return "ippatsu without riichi"
    if riichi_ and any(m.opened for m in melds):
        return "riichi with an open hand"
    if f["chankan"]:
        if tsumo:
            return "chankan with tsumo (chankan is a ron on a kan)"
        if visible_win > 1:
            return ("chankan, but another copy of the robbed tile is in the hand or among the indicators "
                    "(the kan being added holds the other three)")
        if f["houtei"]:
            return "houtei with chankan"
    if f["rinshan"]:
        if not tsumo:
            return "rinshan without tsumo (rinshan is a tsumo from the dead wall)"
        if not any(m.kind in ("kan", "ankan") for m in melds):
            return "rinshan without a kan (the replacement tile is drawn after declaring a kan)"
        if f["haitei"]:
            return "haitei with rinshan"
        if f["ippatsu"]:
            return "ippatsu with rinshan (the kan that brings the replacement tile ends ippatsu)"
    if f["haitei"] and not tsumo:
        return "haitei without tsumo (use houtei for the last discard)"
    if f["houtei"] and tsumo:
        return "houtei with tsumo (use haitei for the last draw)"
    if f["tenhou"] or f["chihou"] or f["renhou"]:
        if f["tenhou"] + f["chihou"] + f["renhou"] > 1:
            return "more than one of tenhou, chihou and renhou"
        if f["tenhou"] and not dealer:
            return "tenhou for a non-dealer (use chihou)"
        if f["chihou"] and dealer:
            return "chihou for the dealer (use tenhou)"
        if f["renhou"] and dealer:
            return "renhou for the dealer"
        if (f["tenhou"] or f["chihou"]) and not tsumo:
            return "tenhou or chihou without tsumo"
        if f["renhou"] and tsumo:
            return "renhou with tsumo (renhou is a ron before the first draw)"
        if melds:
            return "tenhou, chihou or renhou with a meld (no call or kan is possible yet)"
        if riichi_:
            return "tenhou, chihou or renhou with riichi"
        if f["rinshan"] or f["chankan"] or f["haitei"] or f["houtei"]:
            return "tenhou, chihou or renhou with rinshan, chankan, haitei or houtei"
    return None


def _indicators(values: Any, name: str) -> list[int]:
    if isinstance(values, str):
        values = [values]
    found = []
    for text in values:
        tile = _ONE_TILE.get(text) if type(text) is str else None
        if tile is not None:
            found.append(tile)
            continue
        tiles, _ = parse_tiles_red(text)
        if len(tiles) != 1:
            raise InputError(f"each {name} is one tile, got {text!r}")
        found.append(tiles[0])
    if len(found) > _MAX_INDICATORS:
        raise InputError(f"at most {_MAX_INDICATORS} {name}s (one, and one more for each kan), got {len(found)}")
    return found


def evaluate(rs: RuleSet, hand: str, *, win: str, melds: Sequence[tuple[str, str]] = (),
             seat_wind: str = "east", round_wind: str = "east", dora_indicators: Sequence[str] = (),
             ura_indicators: Sequence[str] = (), honba: int = 0, riichi_sticks: int = 0,
             **flags: bool) -> HandScore:
    """Score a winning hand from its tiles under ``rs``.

    ``hand`` holds the concealed tiles in mpsz notation, the winning tile included (``0`` is a
    red five); ``melds`` are ``(kind, tiles)`` pairs (``("pon", "555z")``, kinds chi, pon, kan
    and ankan). ``seat_wind``/``round_wind``: east, south, west, north (the dealer sits east).
    Flags: riichi, double_riichi, ippatsu, tsumo, rinshan, chankan, haitei, houtei, tenhou,
    chihou, renhou. Raises :class:`engine.InputError` naming what is wrong with the hand, the
    melds, the indicators or the flags.
    """
    rules = riichi._rules(rs)
    f = dict(_NO_FLAGS)
    for name, value in flags.items():
        if name not in f:
            unknown = sorted(set(flags) - set(FLAGS))
            raise InputError(f"unknown flag(s): {', '.join(unknown)}; flags are {', '.join(FLAGS)}")
        if type(value) is not bool:
            raise InputError(f"{name} must be true or false, got {value!r}")
        f[name] = value
    if type(honba) is not int or honba < 0:
        riichi.check_count("honba", honba)
    if type(riichi_sticks) is not int or riichi_sticks < 0:
        riichi.check_count("riichi_sticks", riichi_sticks)
    seat = _WIND_NAMES.get(seat_wind) if type(seat_wind) is str else None
    if seat is None:
        seat = _wind(seat_wind, "seat_wind")
    round_ = _WIND_NAMES.get(round_wind) if type(round_wind) is str else None
    if round_ is None:
        round_ = _wind(round_wind, "round_wind")
    concealed, red_tiles = parse_tiles_red(hand)
    win_tiles, win_red = parse_tiles_red(win) if isinstance(win, str) else ([], [])
    if len(win_tiles) != 1:
        raise InputError(f"win must be one tile (like 4s), got {win!r}")
    win_tile = win_tiles[0]
    parsed = []
    if melds:
        if type(melds) not in (list, tuple) and (isinstance(melds, str) or not isinstance(melds, Sequence)):
            raise InputError(f"melds must be a list of (kind, tiles) pairs, got {melds!r}")
        for meld in melds:
            if type(meld) not in (tuple, list) and (isinstance(meld, str) or not isinstance(meld, Sequence)) \
                    or len(meld) != 2:
                raise InputError(f"a meld is a (kind, tiles) pair like ('pon', '555z'), got {meld!r}")
            parsed.append(parse_meld(meld[0], meld[1]))
        if len(parsed) > 4:
            raise InputError(f"a hand has at most four melds, got {len(parsed)}")
    expected = 14 - 3 * len(parsed)
    if len(concealed) != expected:
        raise InputError(f"with {len(parsed)} meld(s) the hand needs {expected} concealed tiles "
                         f"(the winning tile included), got {len(concealed)}")
    if win_tile not in concealed:
        raise InputError(f"the winning tile {win} is not among the concealed tiles {hand}")
    if win_red and win_red[0] not in red_tiles:
        raise InputError(f"the winning tile {win} is a red five, but the hand {hand} holds no red five of that suit")
    every = concealed
    reds = red_tiles
    if parsed:
        every = list(concealed)
        for m in parsed:
            every.extend(m.tiles)
            if m.red_tiles:
                reds = [*reds, *m.red_tiles]
    dora_list = _indicators(dora_indicators, "dora indicator") if dora_indicators else []
    ura_list = _indicators(ura_indicators, "ura dora indicator") if ura_indicators else []
    counts = [0] * 34
    for tile in every:
        counts[tile] += 1
    seen = counts
    if dora_list or ura_list:
        seen = list(counts)
        for tile in dora_list:
            seen[tile] += 1
        for tile in ura_list:
            seen[tile] += 1
    if max(seen) > 4:
        tile = next(t for t in range(34) if seen[t] > 4)
        where = "the hand" if counts[tile] > 4 else "the hand and the indicators"
        raise InputError(f"{seen[tile]} copies of {tile_name(tile)} in {where}: there are only four")
    if len(reds) > 1:
        for five in FIVES:
            if reds.count(five) > 1:
                raise InputError(f"{reds.count(five)} red {tile_name(five)}: a set has one red five per suit")
    dealer = seat == EAST
    if True in f.values():
        _check_flags(f, parsed, dealer, seen[win_tile])
    if ura_list:
        if not (f["riichi"] or f["double_riichi"]):
            raise InputError("ura dora indicators count only for riichi; leave them out")
        if len(ura_list) > max(len(dora_list), 1):
            raise InputError("more ura dora indicators than dora indicators: each lies under a dora indicator")
    is_open = False
    for m in parsed:
        if m.kind != "ankan":
            is_open = True
    situation = Situation(tuple(every), tuple(concealed), tuple(counts), tuple(parsed), win_tile, seat, round_,
                          is_open, *f.values())
    dora = 0
    for indicator in dora_list:
        dora += counts[_DORA_OF[indicator]]
    ura = 0
    for indicator in ura_list:
        ura += counts[_DORA_OF[indicator]]
    options = readings(concealed, parsed, win_tile, f["tsumo"], counts if not parsed else None)
    if not options:
        raise InputError(f"{hand} with {win} is not a winning hand"
                         + (" (with the melds given)" if parsed else ""))
    plan = _plan(rs, rules)
    best: HandScore | None = None
    best_key: tuple[int, ...] = ()
    refusals = []
    for reading in options:
        try:
            candidate, key = _score_reading(rs, rules, plan, reading, situation, dora, ura, len(reds),
                                            honba, riichi_sticks)
        except InputError as exc:
            refusals.append(str(exc))
            continue
        if best is None or key > best_key:
            best, best_key = candidate, key
    if best is None:
        raise InputError(refusals[0] if refusals else "no reading of the hand scores")
    return best


# --- the rule set's plan: its yaku table bound to detectors ---------------------------------------


@dataclass
class _Plan:
    """The yaku table bound to its detectors, built once per rule set."""

    table: tuple[tuple[str, riichi.Yaku], ...]   # enabled yaku with a detector, table order
    batches: tuple[tuple[Callable[[Reading, Situation], Any], frozenset[str]], ...]
    singles: tuple[tuple[str, Detector], ...]
    found: dict[tuple[Any, ...], _Found]              # the detectors' ids after the table, memoised
    yakuman_memo: dict[tuple[Any, ...], riichi.Score]
    index: dict[str, tuple[int, str, riichi.Yaku]]   # id -> (table position, id, yaku)


_PLANS: dict[int, tuple[Any, _Plan]] = {}
_MEMO_LIMIT = 4096


def _plan(rs: RuleSet, rules: riichi.RiichiRules) -> _Plan:
    key = id(rules)
    entry = _PLANS.get(key)
    if entry is not None and entry[0]() is rules:
        return entry[1]
    detectors = _detectors(rs)
    table = tuple((ident, yaku) for ident, yaku in rules.yaku.items() if ident in detectors)
    owned: dict[Callable[..., Any], set[str]] = {}
    singles = []
    for ident, _ in table:
        detector = detectors[ident]
        batch = getattr(detector, "batch", None)
        if callable(batch):
            owned.setdefault(batch, set()).add(ident)
        else:
            singles.append((ident, detector))
    # A batch answers for the ids whose detector it is (a later plugin may have replaced some).
    batches = tuple((batch, frozenset(ids)) for batch, ids in owned.items())
    index = {ident: (position, ident, yaku) for position, (ident, yaku) in enumerate(table)}
    plan = _Plan(table, batches, tuple(singles), {}, {}, index)
    _PLANS[key] = (weakref.ref(rules, functools.partial(_forget_plan, _PLANS, key)), plan)
    return plan


def _forget_plan(plans: dict[int, tuple[Any, _Plan]], key: int, dead: weakref.ref) -> None:
    """Drop the plan of a rule set that is gone (the dict is bound: this may run at shutdown)."""
    entry = plans.get(key)
    if entry is not None and entry[0] is dead:
        del plans[key]


def _detectors(rs: RuleSet) -> dict[str, Detector]:
    found: dict[str, Detector] = {}
    for provided in reversed(rs.hook.yakuset_riichi_yaku_detectors()):
        found.update(provided or {})
    return found


class _Found(NamedTuple):
    """The yaku of a reading after the table's rules, and what scoring needs from them."""

    ids: tuple[str, ...]          # in table order
    yakuman: tuple[str, ...]
    exclusive: str | None
    han: int                      # the yaku's han for this hand (open or closed), dora not included
    pinfu: bool


def _present(plan: _Plan, reading: Reading, situation: Situation) -> _Found:
    batches = plan.batches
    if len(batches) == 1 and not plan.singles:
        found: Any = batches[0][0](reading, situation)
        if type(found) is not frozenset:
            found = frozenset(found) & batches[0][1]
    else:
        gathered: set[str] = set()
        for batch, ids in batches:
            gathered.update(ids.intersection(batch(reading, situation)))
        for ident, detector in plan.singles:
            if detector(reading, situation):
                gathered.add(ident)
        found = frozenset(gathered)
    key = (found, situation.open, situation.seat_wind == EAST, situation.tsumo)
    entry = plan.found.get(key)
    if entry is None:
        entry = _resolve(plan, found, key[1], key[2], key[3])
        if len(plan.found) >= _MEMO_LIMIT:
            plan.found.clear()
        plan.found[key] = entry
    return entry


def _resolve(plan: _Plan, found: frozenset[str], is_open: bool, dealer: bool, tsumo: bool) -> _Found:
    """Apply the table to the ids the detectors found: closed-only, requires, replaces, needs_any,
    excludes; then the yakuman, the exclusive yaku and the han."""
    index = plan.index
    conditions = {"dealer": dealer, "tsumo": tsumo, "open": is_open}
    items = []
    for ident in found:
        entry = index.get(ident)
        if entry is None:
            continue
        yaku = entry[2]
        if is_open and yaku.closed_only:
            continue
        if yaku.requires is not None and not yaku.requires(conditions):  # type: ignore[arg-type]
            continue
        items.append(entry)
    items.sort()
    replaced: set[str] = set()
    for entry in items:
        replaced |= entry[2].replaces
    present = [entry[2] for entry in items if entry[1] not in replaced]
    ids = {y.id for y in present}
    kept = []
    for yaku in present:
        if yaku.needs_any and not yaku.needs_any & ids:
            continue
        if yaku.excludes and yaku.excludes & ids:
            other = min(yaku.excludes & ids)
            raise InputError(f"the detectors found {yaku.id!r} and {other!r}, which can't be in the same hand")
        kept.append(yaku)
    return _Found(tuple(y.id for y in kept), tuple(y.id for y in kept if y.yakuman),
                  next((y.id for y in kept if y.exclusive), None), sum(y.han_for(is_open) for y in kept),
                  any(y.id == "pinfu" for y in kept))


def detect(rs: RuleSet, reading: Reading, situation: Situation) -> list[str]:
    """The yaku ids of ``rs`` present in ``reading``, after closed-only, ``replaces``,
    ``requires`` and ``needs_any`` (in the rule set's table order)."""
    rules = riichi._rules(rs)
    return list(_present(_plan(rs, rules), reading, situation).ids)


# --- scoring one reading --------------------------------------------------------------------------


def _score_reading(rs: RuleSet, rules: riichi.RiichiRules, plan: _Plan, reading: Reading, situation: Situation,
                   dora: int, ura: int, red: int, honba: int, sticks: int) -> tuple[HandScore, tuple[int, ...]]:
    found = _present(plan, reading, situation)
    dealer, tsumo, is_open = situation.seat_wind == EAST, situation.tsumo, situation.open
    if found.yakuman:
        yakuman = found.yakuman
        memo_key = (yakuman, is_open, dealer, tsumo)
        base = plan.yakuman_memo.get(memo_key)
        if base is None:
            base = riichi.score(rs, yakuman=list(yakuman), open=is_open, dealer=dealer, tsumo=tsumo)
            if len(plan.yakuman_memo) >= _MEMO_LIMIT:
                plan.yakuman_memo.clear()
            plan.yakuman_memo[memo_key] = base
        payments, total, bonus_steps = _bonuses(rules, base, dealer, honba, sticks)

        def explain_yakuman() -> list[Step]:
            return [*_dora_steps(dora, ura, red, counted=False), *base.steps, *bonus_steps()]

        score = HandScore(base, payments, total, yakuman, dora, ura, red, None, reading, list, explain_yakuman)
        return score, (total, 1, 13 * base.yakuman, 0, 0)
    all_dora = dora + ura + red
    present = found.ids
    if not present and not (rules.dora_without_yaku and all_dora):
        raise InputError("no yaku: the hand needs at least one yaku, and dora alone is not a yaku")
    pinfu = found.pinfu
    raw = raw_fu(rules, reading, situation, pinfu)
    if reading.shape == "chiitoitsu":
        fu = raw
    else:
        step = rules.fu.round_to
        fu = -(-raw // step) * step
        if is_open and fu < rules.fu.open_minimum:
            fu = rules.fu.open_minimum
    exclusive = found.exclusive
    if exclusive is not None:
        table = rules.yaku
        rest_ids = tuple(i for i in present if i != exclusive)
        alone = _han_score(rs, rules, (exclusive,), table[exclusive].han_for(is_open), fu, raw, reading,
                           situation, dora, ura, red, honba, sticks, pinfu, not_counted=rest_ids)
        if rest_ids or (rules.dora_without_yaku and all_dora):
            rest_han = sum(table[i].han_for(is_open) for i in rest_ids) + all_dora
            rest = _han_score(rs, rules, rest_ids, rest_han, fu, raw, reading, situation, dora, ura, red, honba,
                              sticks, pinfu, unclaimed=exclusive)
            if rest.total > alone.total:
                return rest, (rest.total, 0, rest.han or 0, rest.fu or 0, raw)
        return alone, (alone.total, 0, alone.han or 0, alone.fu or 0, raw)
    score = _han_score(rs, rules, present, found.han + all_dora, fu, raw, reading, situation, dora, ura, red,
                       honba, sticks, pinfu)
    return score, (score.total, 0, score.han or 0, score.fu or 0, raw)


def _dora_steps(dora: int, ura: int, red: int, counted: bool = True) -> list[Step]:
    steps = []
    for ident, label, value in (("dora", "Dora", dora), ("ura_dora", "Ura dora", ura),
                                ("red_fives", "Red fives", red)):
        if value:
            steps.append(Step(ident, label if counted else f"{label}: not counted", value if counted else 0))
    return steps


def _han_score(rs: RuleSet, rules: riichi.RiichiRules, ids: Sequence[str], han: int, fu: int, raw: int,
               reading: Reading, situation: Situation, dora: int, ura: int, red: int, honba: int, sticks: int,
               pinfu: bool, not_counted: Sequence[str] = (), unclaimed: str | None = None) -> HandScore:
    is_open = situation.open
    table = rules.yaku
    if han < 1:
        raise InputError("the yaku found are worth no han")
    dealer = situation.seat_wind == EAST
    result = riichi.score(rs, han=han, fu=fu, dealer=dealer, tsumo=situation.tsumo)
    payments, total, bonus_steps = _bonuses(rules, result, dealer, honba, sticks)

    def fu_parts() -> list[Step]:
        return count_fu(rules, reading, situation, pinfu)[1]

    def explain() -> list[Step]:
        steps = []
        if unclaimed is not None:
            steps.append(Step(unclaimed, f"{table[unclaimed].label}: not claimed (the hand is worth more without it)",
                              0))
        for ident in ids:
            yaku = table[ident]
            steps.append(Step(ident, f"{yaku.label}{' (open)' if is_open else ''}", yaku.han_for(is_open)))
        for ident in not_counted:
            steps.append(Step(ident, f"{table[ident].label}: not counted ({table[ids[0]].label} stands alone)", 0))
        steps.extend(_dora_steps(dora, ura, red, counted=not not_counted))
        steps.extend(Step(s.id, s.label, s.factor, "add") for s in fu_parts())
        steps.append(Step("fu_total", f"fu before rounding ({reading.wait} wait)", raw))
        return [*steps, *result.steps, *bonus_steps()]

    return HandScore(result, payments, total, tuple(ids), dora, ura, red, raw, reading, fu_parts, explain)


def _no_steps() -> list[Step]:
    return []


def _bonuses(rules: riichi.RiichiRules, base: riichi.Score, dealer: bool, honba: int,
             sticks: int) -> tuple[Mapping[str, int], int, Callable[[], list[Step]]]:
    """Payments and total with honba and riichi sticks added to a score without them, and the
    steps that say so (as :func:`engine.riichi.score` words them). Scoring the hand without them
    and adding them here keeps the memo of han/fu scores small: they change no limit, no choice."""
    if not honba and not sticks:
        return base.payments, base.total, _no_steps
    payments, total = riichi.with_bonuses(rules, dict(base.payments), honba, sticks)

    def steps() -> list[Step]:
        return riichi.bonus_steps(rules, "ron" in payments, honba, sticks)

    return MappingProxyType(payments), total, steps


# --- fu ---------------------------------------------------------------------------------------


def raw_fu(rules: riichi.RiichiRules, reading: Reading, situation: Situation, pinfu: bool) -> int:
    """The raw fu of a reading (before rounding), as :func:`count_fu` counts it."""
    if reading.shape == "chiitoitsu":
        return rules.fu.chiitoitsu
    if reading.shape == "kokushi":
        return rules.fu.base
    fu = rules.fu
    if pinfu:
        return fu.pinfu_tsumo if situation.tsumo else fu.base + fu.closed_ron
    table = rules.fu_table
    total = fu.base
    if situation.tsumo:
        total += fu.tsumo
    elif not situation.open:
        total += fu.closed_ron
    sets = table.sets
    pair = -1
    for group in reading.groups:
        kind = group.kind
        if kind == "run":
            continue
        if kind == "pair":
            pair = group.first
            continue
        terminal = group.first in TERMINALS_AND_HONOURS
        total += sets[_SET_KEYS[terminal, group.open, kind == "kan"]]
    if pair >= 27:
        total += _pair_fu(table, pair, situation)
    return total + table.waits.get(reading.wait, 0)


_SET_KEYS = {(terminal, is_open, kan): f"{'terminal' if terminal else 'simple'}_{'open' if is_open else 'closed'}_"
             f"{'kan' if kan else 'triplet'}"
             for terminal in (False, True) for is_open in (False, True) for kan in (False, True)}


def _pair_fu(table: riichi.FuTable, pair: int, situation: Situation) -> int:
    if pair in DRAGONS:
        return table.value_pair
    hits = (situation.seat_wind == pair) + (situation.round_wind == pair)
    if hits == 2:
        return table.double_wind_pair
    return table.value_pair if hits else 0


def count_fu(rules: riichi.RiichiRules, reading: Reading, situation: Situation,
             pinfu: bool) -> tuple[int, list[Step]]:
    """Raw fu of a reading by the rule set's fu table, with one step per part."""
    table = rules.fu_table
    if reading.shape == "chiitoitsu":
        return rules.fu.chiitoitsu, [Step("fu_chiitoitsu", "chiitoitsu (fixed)", rules.fu.chiitoitsu)]
    if reading.shape == "kokushi":
        return rules.fu.base, [Step("fu_base", "base", rules.fu.base)]
    if pinfu:
        value = rules.fu.pinfu_tsumo if situation.tsumo else rules.fu.base + rules.fu.closed_ron
        return value, [Step("fu_pinfu", "pinfu " + ("tsumo" if situation.tsumo else "ron"), value)]
    steps = [Step("fu_base", "base", rules.fu.base)]
    if situation.tsumo:
        steps.append(Step("fu_tsumo", "tsumo", rules.fu.tsumo))
    elif not situation.open:
        steps.append(Step("fu_closed_ron", "closed ron", rules.fu.closed_ron))
    for group in reading.groups:
        if group.kind in ("run", "pair"):
            continue
        terminal = group.first in TERMINALS_AND_HONOURS
        key = _SET_KEYS[terminal, group.open, group.kind == "kan"]
        label = f"{key.replace('_', ' ')} of {tile_name(group.first)}"
        if group.open and not group.melded:
            label += " (completed by ron)"
        steps.append(Step("fu_set", label, table.sets[key]))
    pair = reading.pair
    if pair is not None and pair.first >= 27:
        value = _pair_fu(table, pair.first, situation)
        hits = (situation.seat_wind == pair.first) + (situation.round_wind == pair.first)
        what = "dragon" if pair.first in DRAGONS else "seat and round wind" if hits == 2 else "value wind"
        if value:
            steps.append(Step("fu_pair", f"pair of {tile_name(pair.first)} ({what})", value))
    wait_fu = table.waits.get(reading.wait, 0)
    if wait_fu:
        steps.append(Step("fu_wait", f"{reading.wait} wait", wait_fu))
    steps = [s for s in steps if s.factor]
    return sum(int(s.factor) for s in steps), steps
