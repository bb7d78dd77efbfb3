"""Riichi from the tiles: parse a winning hand, read it every lawful way, detect yaku with the
rule set's detectors, count fu from the rule set's fu table, and score the best reading.

``evaluate(rs, "234m456p23456788s", win="4s", riichi=True, tsumo=True, dora_indicators=["7s"])``
returns the same :class:`engine.riichi.Score` as :func:`engine.riichi.score`, with the yaku and
every fu part in its steps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import riichi
from .errors import InputError
from .results import Step
from .tiles import (DRAGONS, EAST, TERMINALS_AND_HONOURS, WINDS, Meld, Reading, counts34, parse_meld,
                    parse_tiles, readings, tile_name)

if TYPE_CHECKING:
    from .ruleset import RuleSet

Detector = Callable[[Reading, "Situation"], bool]

_FLAGS = ("riichi", "double_riichi", "ippatsu", "tsumo", "rinshan", "chankan", "haitei", "houtei",
          "tenhou", "chihou", "renhou")


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything about a win that is not the reading: flags, winds, the tiles, dora.

    ``tiles`` are all 14+ tiles of the hand (melds included), ``concealed`` the tiles not in an
    open meld (closed kans included), ``counts`` the 34-count of ``tiles``. ``seat_wind`` and
    ``round_wind`` are tile numbers (27 east ... 30 north).
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


def _indicated(indicator: int) -> int:
    """The dora an indicator shows: the next tile of its suit, winds and dragons cycling."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def _wind(value: Any, name: str) -> int:
    names = {"east": EAST, "south": WINDS[1], "west": WINDS[2], "north": WINDS[3],
             "1z": EAST, "2z": WINDS[1], "3z": WINDS[2], "4z": WINDS[3]}
    if value not in names:
        raise InputError(f"{name} must be east, south, west or north, got {value!r}")
    return names[value]


def _check_flags(flags: Mapping[str, bool], is_open: bool) -> None:
    for name, value in flags.items():
        if type(value) is not bool:
            raise InputError(f"{name} must be true or false, got {value!r}")
    f = flags
    contradictions = [
        (f["riichi"] and f["double_riichi"], "riichi and double riichi: declare one (double riichi replaces riichi)"),
        (f["ippatsu"] and not (f["riichi"] or f["double_riichi"]), "ippatsu without riichi"),
        ((f["riichi"] or f["double_riichi"]) and is_open, "riichi with an open hand"),
        (f["chankan"] and f["tsumo"], "chankan with tsumo (chankan is a ron on a kan)"),
        (f["rinshan"] and not f["tsumo"], "rinshan without tsumo (rinshan is a tsumo from the dead wall)"),
        (f["haitei"] and not f["tsumo"], "haitei without tsumo (use houtei for the last discard)"),
        (f["houtei"] and f["tsumo"], "houtei with tsumo (use haitei for the last draw)"),
        (f["haitei"] and f["rinshan"], "haitei with rinshan"),
        (f["houtei"] and f["chankan"], "houtei with chankan"),
        ((f["tenhou"] or f["chihou"]) and not f["tsumo"], "tenhou or chihou without tsumo"),
        (f["renhou"] and f["tsumo"], "renhou with tsumo (renhou is a ron before the first draw)"),
        ((f["tenhou"] or f["chihou"] or f["renhou"]) and is_open, "tenhou, chihou or renhou with an open hand"),
        ((f["tenhou"] or f["chihou"] or f["renhou"]) and (f["riichi"] or f["double_riichi"]),
         "tenhou, chihou or renhou with riichi"),
    ]
    for broken, message in contradictions:
        if broken:
            raise InputError(f"contradictory flags: {message}")


def evaluate(rs: RuleSet, hand: str, *, win: str, melds: Sequence[tuple[str, str]] = (),
             seat_wind: str = "east", round_wind: str = "east", dora_indicators: Sequence[str] = (),
             ura_indicators: Sequence[str] = (), honba: int = 0, riichi_sticks: int = 0,
             **flags: bool) -> riichi.Score:
    """Score a winning hand from its tiles under ``rs``.

    ``hand`` holds the concealed tiles in mpsz notation, the winning tile included; ``melds``
    are ``(kind, tiles)`` pairs (``("pon", "555z")``, kinds chi/pon/kan/ankan). Flags: riichi,
    double_riichi, ippatsu, tsumo, rinshan, chankan, haitei, houtei, tenhou, chihou, renhou.
    Raises :class:`engine.InputError` naming what is wrong with the hand or the flags.
    """
    rules = riichi._rules(rs)
    unknown = set(flags) - set(_FLAGS)
    if unknown:
        raise InputError(f"unknown flag(s): {', '.join(sorted(unknown))}; flags are {', '.join(_FLAGS)}")
    all_flags = {name: flags.get(name, False) for name in _FLAGS}
    concealed, red = parse_tiles(hand)
    win_tiles, win_red = parse_tiles(win)
    if len(win_tiles) != 1:
        raise InputError(f"win must be one tile, got {win!r}")
    win_tile = win_tiles[0]
    parsed = [parse_meld(kind, text) for kind, text in melds]
    is_open = any(m.opened for m in parsed)
    _check_flags(all_flags, is_open)
    if win_tile not in concealed:
        raise InputError(f"the winning tile {win} is not in the hand {hand}")
    expected = 14 - 3 * len(parsed)
    if len(concealed) != expected:
        raise InputError(f"with {len(parsed)} meld(s) the hand needs {expected} concealed tiles "
                         f"(the winning tile included), got {len(concealed)}")
    every = [*concealed, *(t for m in parsed for t in m.tiles)]
    counts = counts34(every)
    over = next((t for t in range(34) if counts[t] > 4), None)
    if over is not None:
        raise InputError(f"{counts[over]} copies of {tile_name(over)}: there are only four")
    red_total = red + sum(m.red for m in parsed) + 0 * win_red
    if red_total > 3:
        raise InputError("at most three red fives (0m, 0p, 0s)")
    indicators = [parse_tiles(text)[0] for text in dora_indicators]
    ura = [parse_tiles(text)[0] for text in ura_indicators]
    if any(len(i) != 1 for i in [*indicators, *ura]):
        raise InputError("each dora indicator is one tile")
    if ura and not (all_flags["riichi"] or all_flags["double_riichi"]):
        raise InputError("ura dora count only for riichi")
    situation = Situation(
        tiles=tuple(every), concealed=tuple(concealed), counts=tuple(counts), melds=tuple(parsed), win=win_tile,
        seat_wind=_wind(seat_wind, "seat_wind"), round_wind=_wind(round_wind, "round_wind"), open=is_open,
        **all_flags)
    dora = sum(counts[_indicated(i[0])] for i in indicators)
    ura_dora = sum(counts[_indicated(i[0])] for i in ura)
    options = readings(concealed, parsed, win_tile, situation.tsumo)
    if not options:
        raise InputError(f"{hand} with {win} is not a winning hand")
    detectors = _detectors(rs)
    best: riichi.Score | None = None
    refusals = []
    for reading in options:
        try:
            candidate = _score_reading(rs, rules, detectors, reading, situation, dora, ura_dora, red_total,
                                       honba, riichi_sticks)
        except InputError as exc:
            refusals.append(str(exc))
            continue
        if best is None or (candidate.total, candidate.han or 0, candidate.fu or 0) > (best.total, best.han or 0,
                                                                                        best.fu or 0):
            best = candidate
    if best is None:
        raise InputError(refusals[0] if refusals else "no reading of the hand scores")
    return best


def _detectors(rs: RuleSet) -> dict[str, Detector]:
    found: dict[str, Detector] = {}
    for provided in reversed(rs.hook.yakuset_riichi_yaku_detectors()):
        found.update(provided or {})
    return found


def _score_reading(rs: RuleSet, rules: riichi.RiichiRules, detectors: Mapping[str, Detector], reading: Reading,
                   situation: Situation, dora: int, ura: int, red: int, honba: int, sticks: int) -> riichi.Score:
    present = []
    for ident, yaku in rules.yaku.items():
        detector = detectors.get(ident)
        if detector is None or not detector(reading, situation):
            continue
        if situation.open and yaku.closed_only:
            continue
        present.append(ident)
    superseded = {r for i in present for r in rules.yaku[i].replaces}
    present = [i for i in present if i not in superseded]
    if any(rules.yaku[i].yakuman for i in present):
        present = [i for i in present if rules.yaku[i].yakuman]
        return riichi.score(rs, yakuman=present, open=situation.open, dealer=situation.dealer,
                            tsumo=situation.tsumo, honba=honba, riichi_sticks=sticks)
    if not present:
        raise InputError("no yaku: the hand needs at least one yaku, and dora alone is not a yaku")
    fu, fu_steps = count_fu(rules, reading, situation, "pinfu" in present)
    result = riichi.score(rs, yaku=present, dora=dora + ura + red, fu=fu, open=situation.open,
                          dealer=situation.dealer, tsumo=situation.tsumo, honba=honba, riichi_sticks=sticks)
    details = [Step("dora_detail", f"dora {dora}, ura dora {ura}, red fives {red}", dora + ura + red), *fu_steps]
    return riichi.Score(result.ruleset, result.han, result.fu, result.limit, result.yakuman, dict(result.payments),
                        result.total, lambda: [*details, *result.steps])


def count_fu(rules: riichi.RiichiRules, reading: Reading, situation: Situation,
             pinfu: bool) -> tuple[int, list[Step]]:
    """Raw fu of a reading by the rule set's fu table, with one step per part."""
    table = rules.fu_table
    if reading.shape == "chiitoitsu":
        return rules.fu.chiitoitsu, [Step("fu_chiitoitsu", "chiitoitsu", rules.fu.chiitoitsu)]
    if reading.shape == "kokushi":
        return rules.fu.base, [Step("fu_base", "base", rules.fu.base)]
    if pinfu:
        value = rules.fu.pinfu_tsumo if situation.tsumo else rules.fu.base + rules.fu.closed_ron
        return value, [Step("fu_pinfu", "pinfu " + ("tsumo" if situation.tsumo else "ron"), value)]
    steps = [Step("fu_base", "base", rules.fu.base)]
    if not situation.open and not situation.tsumo:
        steps.append(Step("fu_closed_ron", "closed ron", rules.fu.closed_ron))
    if situation.tsumo:
        steps.append(Step("fu_tsumo", "tsumo", rules.fu.tsumo))
    for group in reading.sets:
        if group.kind == "run":
            continue
        terminal = group.first in TERMINALS_AND_HONOURS
        closed = not group.open
        key = (f"{'terminal' if terminal else 'simple'}_{'closed' if closed else 'open'}_"
               f"{'kan' if group.kind == 'kan' else 'triplet'}")
        steps.append(Step("fu_set", f"{key.replace('_', ' ')} of {tile_name(group.first)}", table.sets[key]))
    pair = reading.pair
    if pair is not None:
        value_tiles = [t for t in (situation.seat_wind, situation.round_wind) if t == pair.first]
        if pair.first in DRAGONS:
            steps.append(Step("fu_pair", f"pair of {tile_name(pair.first)} (dragon)", table.value_pair))
        elif len(value_tiles) == 2:
            steps.append(Step("fu_pair", f"pair of {tile_name(pair.first)} (seat and round wind)",
                              table.double_wind_pair))
        elif value_tiles:
            steps.append(Step("fu_pair", f"pair of {tile_name(pair.first)} (value wind)", table.value_pair))
    wait_fu = table.waits.get(reading.wait, 0)
    if wait_fu:
        steps.append(Step("fu_wait", f"{reading.wait} wait", wait_fu))
    steps = [s for s in steps if s.factor]
    return sum(int(s.factor) for s in steps), steps

