"""The rules of an answer: what a seat asked about a discard, a kan or a kita may do (docs/rules/
riichi-table.md §6): ron, an open kan, a pon or a chi, or pass."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from ..kinds import MoveKind
from ..tiles.notation import tile_name
from .hand import CHI_SHAPES
from .moves import PASS, RON, Move
from .rule import KindRules, Source, TableRule
from .turn import ATOZUKE, NO_KAN_NOW, NO_YAKU, swap_kinds
from .wall import is_red, tile_label

if TYPE_CHECKING:
    from ..rules.table import TableRules
    from .hand import Hand

KITA_RON = TableRule(
    "kita_ron",
    "kita.ron",
    lambda h, s, m: "an extracted north may not be ronned (kita.ron: forbidden)",
    when=lambda h, s: h.offer_kind == "kita" and not h.kita_ron(),
)
NOT_A_WINNING_TILE = TableRule(
    "not_a_winning_tile",
    None,
    lambda h, s, m: f"{tile_name(h.offer >> 2)} does not complete the hand",
    when=lambda h, s: h.offer >> 2 not in h.seats[s].waits,
)


def _no_robbing(hand: Hand, seat: int) -> bool:
    """Only the thirteen orphans rob a closed kan, where ``tiles.kokushi_robs_closed_kan`` says."""
    if hand.offer_kind != "closed_kan":
        return False
    return not (hand.rules.kokushi_robs_closed_kan and hand.robs_as_kokushi(seat))


CLOSED_KAN_ROBBED = TableRule(
    "closed_kan_robbed",
    "tiles.kokushi_robs_closed_kan",
    lambda h, s, m: (
        "only the thirteen orphans may rob a closed kan"
        if h.rules.kokushi_robs_closed_kan
        else "a closed kan may not be robbed (tiles.kokushi_robs_closed_kan: false)"
    ),
    when=_no_robbing,
)
FURITEN = TableRule(
    "furiten",
    None,
    lambda h, s, m: h.furiten(s) or "",
    when=lambda h, s: h.furiten(s) is not None,
    head="furiten",
)

KITA_NOT_CALLED = TableRule(
    "kita_not_called",
    None,
    lambda h, s, m: "an extracted north is not a discard: only a ron may take it",
    when=lambda h, s: h.offer_kind == "kita",
)
KAN_NOT_CALLED = TableRule(
    "kan_not_called",
    None,
    lambda h, s, m: "a kan's tile may only be robbed by ron (chankan)",
    when=lambda h, s: h.offer_kind not in ("discard", "kita"),
)
RIICHI_NO_CALLS = TableRule(
    "riichi_no_calls", None, lambda h, s, m: "a riichi hand makes no calls", when=lambda h, s: h.seats[s].riichi
)
HOUTEI = TableRule(
    "houtei",
    None,
    lambda h, s, m: "the last discard of the hand (houtei) may not be called",
    when=lambda h, s: h.wall.live_left == 0,
)
FOUR_KANS_NO_CALL = TableRule(
    "four_kans_no_call",
    "draws.abortive",
    lambda h, s, m: "four kans by more than one seat: this discard may only be ronned",
    when=lambda h, s: h.four_kans(),
    cites=True,
)
NO_CHI = TableRule(
    "no_chi",
    "wins.chi",
    lambda h, s, m: "the rule set has no chi",
    when=lambda h, s: not h.rules.chi,
    cites=True,
    static=True,
)
CHI_FROM_LEFT = TableRule(
    "chi_from_left",
    None,
    lambda h, s, m: f"only the discard of the seat on your left (seat {(s - 1) % h.rules.players})",
    when=lambda h, s: s != (h.discarder + 1) % h.rules.players,
)
NOT_THE_DISCARD = TableRule(
    "not_the_discard",
    None,
    lambda h, s, m: f"the tile called is the discard, {h.label(h.offer)}",
    allows=lambda h, s, m: m.tile == h.offer,
    by_source=True,
)


def _outranking(hand: Hand) -> tuple[int, str]:
    """The seat whose declared ron or call outranks another call, and its kind."""
    return (hand.ron[0], MoveKind.RON) if hand.ron else (hand.calls[0][0], hand.calls[0][1].kind)


OUTRANKED = TableRule(
    "outranked",
    None,
    lambda h, s, m: "seat {}'s {} outranks it".format(*_outranking(h)),
    when=lambda h, s: bool(h.ron or h.calls),
    allows=lambda h, s, m: not h.ron and h.calls[0][1].kind == MoveKind.CHI and m.kind != MoveKind.CHI,
)


def _same_tiles(hand: Hand, seat: int, move: Move) -> bool:
    """Whether the seat holds the move's tiles and they are those of a call of its kind on the
    discard, red or plain the same (other copies than the call the source lists are the same
    call, as a game log names it)."""
    if not all(tile in hand.seats[seat].concealed for tile in move.tiles):
        return False
    labels = [tile_label(hand.rules, t) for t in move.tiles]
    return any([tile_label(hand.rules, t) for t in call.tiles] == labels for call in SOURCES[move.kind](hand, seat))


def _call_words(hand: Hand, seat: int, move: Move) -> str:
    tiles = " ".join(tile_label(hand.rules, t) for t in move.tiles)
    return f"seat {seat} holds no {move.kind} of {hand.label(hand.offer)} with {tiles} (tiles {list(move.tiles)})"


NO_SUCH_CALL = TableRule("no_such_call", None, _call_words, allows=_same_tiles, by_source=True)


def _may_discard_after(hand: Hand, seat: int, move: Move) -> bool:
    """Whether a tile kuikae allows discarding is left after the call."""
    assert move.tile is not None
    forbidden = swap_kinds(hand.rules.kuikae, move.kind, move.tile, move.tiles)
    mine = hand.seats[seat]
    kept = sum(mine.kinds[kind] for kind in forbidden) - sum(tile >> 2 in forbidden for tile in move.tiles)
    return len(mine.concealed) - len(move.tiles) > kept


KUIKAE_NO_DISCARD = TableRule(
    "kuikae_no_discard",
    "wins.kuikae",
    lambda h, s, m: f"{h.rules.kuikae}: the call would leave no tile you may discard",
    allows=_may_discard_after,
    head="kuikae",
)


def _choices(groups: list[list[int]], rules: TableRules) -> list[tuple[int, ...]]:
    """One tile from each group (a tile not taken twice), ascending, one choice per set of tile
    labels (red or plain), the lowest copies. The groups are the same tiles (a pon's two) or of
    different kinds (a chi's)."""
    if not any(is_red(rules, tile) for group in groups for tile in group):
        # One set of labels: the lowest copies, each group's first tile not taken yet.
        taken: list[int] = []
        for group in groups:
            taken.append(next(tile for tile in group if tile not in taken))
        return [tuple(sorted(taken))]
    seen: dict[tuple[tuple[int, bool], ...], tuple[int, ...]] = {}
    for combo in itertools.product(*groups):
        if len(set(combo)) < len(combo):
            continue
        tiles = tuple(sorted(combo))
        labels = tuple((t >> 2, is_red(rules, t)) for t in tiles)
        if labels not in seen or tiles < seen[labels]:
            seen[labels] = tiles
    return sorted(seen.values())


def _open_kans(hand: Hand, seat: int) -> list[Move]:
    same = hand.seats[seat].of_kind(hand.offer >> 2)
    return [Move(MoveKind.OPEN_KAN, hand.offer, tuple(same))] if len(same) == 3 else []


def _pons(hand: Hand, seat: int) -> list[Move]:
    same = hand.seats[seat].of_kind(hand.offer >> 2)
    if len(same) < 2:
        return []
    return [Move(MoveKind.PON, hand.offer, pair) for pair in _choices([same, same], hand.rules)]


def _chis(hand: Hand, seat: int) -> list[Move]:
    """Each chi on the offer (one per choice of red or plain tiles, the lowest copies)."""
    mine, out = hand.seats[seat], list[Move]()
    for first, second in CHI_SHAPES[hand.offer >> 2]:
        if mine.kinds[first] and mine.kinds[second]:
            pair = [mine.of_kind(first), mine.of_kind(second)]
            out.extend(Move(MoveKind.CHI, hand.offer, tiles) for tiles in _choices(pair, hand.rules))
    return out


#: The moves of each call the seat's tiles make on the offer (before the rules of calls).
SOURCES: dict[str, Source] = {MoveKind.OPEN_KAN: _open_kans, MoveKind.PON: _pons, MoveKind.CHI: _chis}
#: What refuses any call: the offer is no discard, the caller's riichi, the hand's last discard,
#: the fourth kan's discard.
_ANY_CALL = (KITA_NOT_CALLED, KAN_NOT_CALLED, RIICHI_NO_CALLS, HOUTEI, FOUR_KANS_NO_CALL)

#: The rules of each kind of move of an answer.
REACTION_KINDS = (
    KindRules(
        MoveKind.RON,
        lambda h, s: [RON],
        (KITA_RON, NOT_A_WINNING_TILE, CLOSED_KAN_ROBBED, FURITEN, ATOZUKE, NO_YAKU),
    ),
    KindRules(
        MoveKind.OPEN_KAN,
        _open_kans,
        (*_ANY_CALL, NOT_THE_DISCARD, OUTRANKED, NO_KAN_NOW, NO_SUCH_CALL),
        source_after=(),
    ),
    KindRules(
        MoveKind.PON,
        _pons,
        (*_ANY_CALL, NOT_THE_DISCARD, OUTRANKED, NO_SUCH_CALL, KUIKAE_NO_DISCARD),
        source_after=(),
    ),
    KindRules(
        MoveKind.CHI,
        _chis,
        (*_ANY_CALL, NO_CHI, CHI_FROM_LEFT, NOT_THE_DISCARD, OUTRANKED, NO_SUCH_CALL, KUIKAE_NO_DISCARD),
        source_after=(),
    ),
    KindRules(MoveKind.PASS, lambda h, s: [PASS], ()),
)
