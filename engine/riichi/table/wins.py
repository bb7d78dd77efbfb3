"""A win at the table: the win as :func:`yakuset.riichi.settle` takes it, with every flag the table
finds, scored by :func:`yakuset.riichi.evaluate`, and the ``wins.atozuke`` check."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..._core.results import FrozenMap
from ..rules.table import WIND_NAMES
from ..scoring.hand import HandScore, evaluate
from ..scoring.refusals import NoYaku
from ..settlement.outcomes import Tiles
from ..tiles.notation import tile_name
from .wall import is_red, tile_label

if TYPE_CHECKING:
    from ..rules.table import TableRules
    from .hand import Hand

#: Yaku a win has from its situation, whichever tile of its wait completes it (wins.atozuke).
_SITUATION_YAKU = frozenset(
    {"riichi", "double_riichi", "ippatsu", "menzen_tsumo", "rinshan", "chankan", "haitei", "houtei"}
)


def mpsz(rules: TableRules, tiles: Sequence[int]) -> str:
    """Wall tiles in mpsz notation, each suit once (``0`` a red five)."""
    out = []
    for suit, letter in enumerate("mpsz"):
        digits = "".join(
            "0" if is_red(rules, tile) else str((tile >> 2) - suit * 9 + 1)
            for tile in sorted(tiles)
            if (tile >> 2) // 9 == suit or (suit == 3 and tile >> 2 >= 27)
        )
        if digits:
            out.append(digits + letter)
    return "".join(out)


def win_of(hand: Hand, seat: int, tile: int, tsumo: bool) -> Tiles:
    """The win as :func:`yakuset.riichi.settle` takes it (tiles, melds, indicators, every flag)."""
    rules, wall, mine = hand.rules, hand.wall, hand.seats[seat]
    concealed = list(mine.concealed)
    if not tsumo:
        concealed.append(tile)
    flags: dict[str, bool] = {"tsumo": tsumo}
    if mine.riichi:
        flags["double_riichi" if mine.double else "riichi"] = True
        if mine.ippatsu:
            flags["ippatsu"] = True
    flag = _situation(hand, seat, tsumo)
    if flag:
        flags[flag] = True
        if flag == "chankan" and hand.offer_kind == "closed_kan":
            flags["chankan_closed_kan"] = True
    return Tiles(
        mpsz(rules, concealed),
        tile_label(rules, tile),
        tuple((meld.kind, mpsz(rules, meld.tiles)) for meld in mine.melds),
        tuple(tile_label(rules, t) for t in wall.dora_indicators),
        tuple(tile_label(rules, t) for t in wall.ura_indicators) if mine.riichi else (),
        len(mine.kita),
        FrozenMap(flags),
    )


def _situation(hand: Hand, seat: int, tsumo: bool) -> str | None:
    """The flag of the moment a win is made in: tenhou or chihou, rinshan, haitei, chankan,
    renhou or houtei (or none)."""
    last = hand.wall.live_left == 0
    first = hand.first_turn(seat)
    dealer = seat == hand.state.dealer
    if tsumo:
        if first:
            return "tenhou" if dealer else "chihou"
        return "rinshan" if hand.rinshan else "haitei" if last else None
    offer = hand.offer_kind
    if offer == "kita":
        kita = hand.rules.kita
        return "chankan" if kita is not None and kita.ron == "chankan" else None
    if offer != "discard":
        return "chankan"
    if first and not dealer:
        return "renhou"
    return "houtei" if last else None


def _evaluated(hand: Hand, win: Tiles, seat: int) -> HandScore | None:
    """``win`` scored by :func:`evaluate`, or ``None`` for no yaku."""
    state, tile = hand.state, win.win
    assert tile is not None  # the table's wins name their tile
    try:
        return evaluate(
            hand.rs,
            win.hand,
            win=tile,
            melds=win.melds,
            seat_wind=WIND_NAMES[(seat - state.dealer) % hand.rules.players],
            round_wind=state.round_wind,
            dora_indicators=win.dora_indicators,
            ura_indicators=win.ura_indicators,
            kita=win.kita,
            **win.flags,
        )
    except NoYaku:
        return None


def _atozuke_gap(hand: Hand, seat: int, tile: int, tsumo: bool, found: HandScore) -> str | None:
    """Under ``wins.atozuke: false``, a tile ``seat`` waits on that would complete its hand, in
    the same situation, without a yaku (the win needs a yaku on every tile of its wait), or
    ``None``. A yaku of the situation (riichi, tsumo, rinshan, chankan ...) is one on every tile."""
    if not set(found.yaku).isdisjoint(_SITUATION_YAKU):
        return None
    win = win_of(hand, seat, tile, tsumo)
    concealed = list(hand.seats[seat].concealed)
    if tsumo:
        concealed.remove(tile)
    rules = hand.rules
    for kind in hand.seats[seat].waits:
        if kind == tile >> 2:
            continue
        other = kind * 4 + 3  # a plain copy: a five's red copies are its lowest
        if (
            _evaluated(hand, win._replace(hand=mpsz(rules, [*concealed, other]), win=tile_label(rules, other)), seat)
            is None
        ):
            return tile_name(kind)
    return None


def scored(hand: Hand, seat: int, tile: int, tsumo: bool) -> tuple[HandScore | None, str | None]:
    """The win's score (``None`` when the hand has no yaku) and, under ``wins.atozuke: false``,
    a tile of its wait that would complete it without a yaku (``None`` if none): remembered for
    the decision (``hand.scores``)."""
    key = (seat, -1 if tsumo else tile)
    found = hand.scores.get(key)
    if found is None:
        win = win_of(hand, seat, tile, tsumo)
        score = _evaluated(hand, win, seat)
        gap = None
        if score is not None and not hand.rules.atozuke:
            gap = _atozuke_gap(hand, seat, tile, tsumo, score)
        found = hand.scores[key] = (score, gap)
    return found


def win_score(hand: Hand, seat: int, tile: int, tsumo: bool) -> HandScore | None:
    """The win's score, or ``None`` when the hand has no yaku, or under ``wins.atozuke: false``
    not on every tile of its wait."""
    score, gap = scored(hand, seat, tile, tsumo)
    return score if gap is None else None
