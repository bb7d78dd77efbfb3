"""The rules of a turn: what the seat that drew (or called) may do (docs/rules/riichi-table.md §6).

Each kind of move is its rules in the order a refusal names them (:class:`KindRules`), and the
moves its hand's tiles make (its source). The rules of a win (``atozuke``, ``no_yaku``) and of a
kan (``no_kan_now``) are the answers' too (``table.reaction``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._core.memo import remembered
from ..kinds import AbortiveDraw, MoveKind
from ..tiles.notation import NORTH, TERMINALS_AND_HONOURS, tile_name
from ..tiles.shanten import shanten_of, waits_of
from .moves import DISCARDS, NINE_TERMINALS, RIICHI_DISCARDS, TSUMO, Move
from .rule import KindRules, TableRule, kind_of
from .seats import counts
from .wall import tile_label
from .wins import scored

if TYPE_CHECKING:
    from .hand import Hand


@remembered("riichi", "kuikae kinds", 4096)
def swap_kinds(rule: str, kind: str, called: int, own: tuple[int, ...]) -> frozenset[int]:
    """The tile kinds the caller may not discard after ``kind`` (chi or pon) of ``called`` with
    ``own`` (``wins.kuikae``): none when allowed; the called tile's kind; when forbidden, also
    the tile at the run's other end that would make the same run (the suji swap: 4m called
    with 5m6m forbids 7m)."""
    if rule == "allowed" or kind not in (MoveKind.CHI, MoveKind.PON):
        return frozenset()
    x = called >> 2
    out = {x}
    if rule == "forbidden" and kind == MoveKind.CHI:
        low = x - x % 9
        kinds = sorted(t >> 2 for t in own)
        if x < kinds[0] and x + 3 <= low + 8:
            out.add(x + 3)
        elif x > kinds[1] and x - 3 >= low:
            out.add(x - 3)
    return frozenset(out)


# --- rules a turn shares with the answers ------------------------------------------------------

NOT_IN_HAND = TableRule(
    "not_in_hand",
    None,
    lambda h, s, m: f"{h.label(m.tile)} is not in seat {s}'s hand",
    allows=lambda h, s, m: m.tile in h.seats[s].concealed,
    by_source=True,
)
NO_KAN_NOW = TableRule(
    "no_kan_now",
    None,
    lambda h, s, m: "no kan with the live wall empty or after four kans",
    when=lambda h, s: not h.may_kan(),
)
ATOZUKE = TableRule(
    "atozuke",
    "wins.atozuke",
    lambda h, s, m: f"{scored(h, s, *h.win_tile())[1]} would complete the hand without a yaku (wins.atozuke: false)",
    when=lambda h, s: scored(h, s, *h.win_tile())[1] is not None,
    head="atozuke",
)
NO_YAKU = TableRule(
    "no_yaku",
    None,
    lambda h, s, m: "no yaku (dora alone is not a yaku)",
    when=lambda h, s: scored(h, s, *h.win_tile())[0] is None,
)

# --- the turn's own rules ----------------------------------------------------------------------

#: After a chi or pon the caller discards: what refuses a turn's other kinds of move then.
AFTER_CALL = TableRule("after_call", None, lambda h, s, m: "after a call, a discard")


def _kuikae_words(hand: Hand, seat: int, move: Move) -> str:
    assert hand.kuikae is not None
    _, called, own, _ = hand.kuikae
    mine = "".join(tile_label(hand.rules, t) for t in own)
    return f"{hand.rules.kuikae}: {tile_label(hand.rules, called)} was just called with {mine}"


def _not_swapped(hand: Hand, seat: int, move: Move) -> bool:
    """Whether the move's tile is not of a kind the call just made forbids discarding."""
    assert hand.kuikae is not None and move.tile is not None
    return move.tile >> 2 not in hand.kuikae.forbidden


KUIKAE = TableRule(
    "kuikae",
    "wins.kuikae",
    _kuikae_words,
    when=lambda h, s: h.kuikae is not None and bool(h.kuikae.forbidden),
    allows=_not_swapped,
    head="kuikae",
)
RIICHI_DRAWN_ONLY = TableRule(
    "riichi_drawn_only",
    None,
    lambda h, s, m: f"after riichi only the drawn tile ({h.label(h.drawn)}) may be discarded",
    when=lambda h, s: h.seats[s].riichi,
    allows=lambda h, s, m: m.tile == h.drawn,
    head="riichi",
)

RIICHI_DECLARED = TableRule(
    "riichi_declared",
    None,
    lambda h, s, m: "you declared riichi already",
    when=lambda h, s: h.seats[s].riichi,
    head="riichi",
)
RIICHI_CLOSED_HAND = TableRule(
    "riichi_closed_hand",
    None,
    lambda h, s, m: "only a closed hand may declare riichi (you called)",
    when=lambda h, s: h.seats[s].open,
    head="riichi",
)
RIICHI_NEEDS_POINTS = TableRule(
    "riichi_needs_points",
    "points.riichi_needs",
    lambda h, s, m: f"you have {h.state.scores[s]} points and riichi needs {h.rules.riichi_needs}",
    when=lambda h, s: h.state.scores[s] < h.rules.riichi_needs,
    head="riichi",
    cites=True,
)


def _draws_needed(hand: Hand) -> int:
    """The tiles the live wall must hold for a riichi: a draw of the seat's own, each seat's."""
    return hand.rules.riichi_draws_left * hand.rules.players


RIICHI_DRAWS_LEFT = TableRule(
    "riichi_draws_left",
    "wins.riichi_draws_left",
    lambda h, s, m: (
        f"{h.wall.live_left} tile(s) left in the live wall, and riichi needs {_draws_needed(h)} "
        f"(wins.riichi_draws_left: {h.rules.riichi_draws_left} draw(s) of your own)"
    ),
    when=lambda h, s: h.wall.live_left < _draws_needed(h),
    head="riichi",
)


def _leaves_tenpai(hand: Hand, seat: int, move: Move) -> bool:
    """Whether discarding the move's tile leaves ``seat``'s hand tenpai."""
    mine = hand.seats[seat]
    if mine.floor > 0:  # see Seat.count_waits
        return False
    after = bytearray(mine.kinds)
    after[kind_of(move)] -= 1
    return bool(waits_of(bytes(after), mine.limits(hand.copies), len(mine.melds)))


RIICHI_NOT_TENPAI = TableRule(
    "riichi_not_tenpai",
    None,
    lambda h, s, m: f"discarding {h.label(m.tile)} leaves no tenpai hand",
    allows=_leaves_tenpai,
    head="riichi",
    by_source=True,
)


def _riichi_discards(hand: Hand, seat: int) -> list[Move]:
    """The riichi discards of the tiles whose discard leaves ``seat``'s hand tenpai (none from a
    hand whose floor is 1 or more: its rules ask that first)."""
    mine = hand.seats[seat]
    counted = bytearray(mine.kinds)
    limits, melds = mine.limits(hand.copies), len(mine.melds)
    found = shanten_of(bytes(counted), limits, melds)  # a new hand of 14 each turn: nothing to remember
    if found > 0:  # the hand before the draw is as far from tenpai at least
        mine.floor = found - 1
        return []
    tenpai: dict[int, bool] = {}
    out = []
    for tile in mine.concealed:
        kind = tile >> 2
        if kind not in tenpai:
            counted[kind] -= 1
            tenpai[kind] = bool(waits_of(bytes(counted), limits, melds))
            counted[kind] += 1
        if tenpai[kind]:
            out.append(RIICHI_DISCARDS[tile])
    return out


def _not_complete(hand: Hand, seat: int) -> bool:
    """Whether the tile drawn is none of the waits of the hand before the draw."""
    assert hand.drawn is not None
    return hand.drawn >> 2 not in hand.seats[seat].waits


def _complete(hand: Hand, seat: int) -> bool:
    """Whether the tile drawn is one of the waits of the hand before the draw (the tsumo's
    listing asks it first: without it, ``not_complete`` refuses every tsumo)."""
    assert hand.drawn is not None
    return hand.drawn >> 2 in hand.seats[seat].waits


NOT_COMPLETE = TableRule("not_complete", None, lambda h, s, m: "the hand is not complete", when=_not_complete)

NINE_TERMINALS_RULE = TableRule(
    "no_nine_terminals",
    "draws.abortive",
    lambda h, s, m: "the rule set has no such abortive draw",
    when=lambda h, s: AbortiveDraw.NINE_TERMINALS.value not in h.rules.abortive,
    cites=True,
    static=True,
)
FIRST_GO_AROUND = TableRule(
    "first_go_around",
    None,
    lambda h, s, m: "only on your first draw, before any call",
    when=lambda h, s: h.interrupted or bool(h.seats[s].discards),  # not Hand.first_turn
)
NINE_KINDS = TableRule(
    "nine_kinds",
    None,
    lambda h, s, m: "the hand holds fewer than nine different terminals and honours",
    when=lambda h, s: len({t >> 2 for t in h.seats[s].concealed} & TERMINALS_AND_HONOURS) < 9,
)


def _four_held(hand: Hand, seat: int, move: Move) -> bool:
    kinds = {tile >> 2 for tile in move.tiles}
    return len(kinds) == 1 and all(tile in hand.seats[seat].concealed for tile in move.tiles)


FOUR_HELD = TableRule(
    "not_four_held",
    None,
    lambda h, s, m: f"tiles {list(m.tiles)} are not four of a kind in seat {s}'s hand",
    allows=_four_held,
    by_source=True,
)


def _keeps_wait(hand: Hand, seat: int, move: Move) -> bool:
    """After riichi a closed kan is allowed of the tile just drawn when the waits stay the same."""
    assert hand.drawn is not None
    tiles = move.tiles
    if hand.drawn >> 2 != tiles[0] >> 2:
        return False
    mine = hand.seats[seat]
    rest = [tile for tile in mine.concealed if tile not in tiles]
    after = waits_of(counts(rest), mine.limits(hand.copies, tiles), len(mine.melds) + 1)
    return after == mine.waits


RIICHI_CLOSED_KAN = TableRule(
    "riichi_closed_kan",
    None,
    lambda h, s, m: "after riichi a closed kan must be of the tile just drawn and keep the waits",
    when=lambda h, s: h.seats[s].riichi,
    allows=_keeps_wait,
    head="riichi",
)


def _closed_kans(hand: Hand, seat: int) -> list[Move]:
    """A closed kan of each tile kind ``seat`` holds four of."""
    mine = hand.seats[seat]
    if 4 not in mine.kinds:
        return []
    return [Move(MoveKind.CLOSED_KAN, None, tuple(mine.of_kind(kind))) for kind in range(34) if mine.kinds[kind] == 4]


def _pons(hand: Hand, seat: int) -> set[int]:
    """The tile kinds of ``seat``'s pons."""
    return {meld.tiles[0] >> 2 for meld in hand.seats[seat].melds if meld.kind == "pon"}


PON_HELD = TableRule(
    "no_pon",
    None,
    lambda h, s, m: f"seat {s} has no pon of {tile_name(kind_of(m))} to add it to",
    allows=lambda h, s, m: kind_of(m) in _pons(h, s),
    by_source=True,
)


def _added_kans(hand: Hand, seat: int) -> list[Move]:
    """An added kan of each held tile of a kind ``seat`` has a pon of."""
    mine = hand.seats[seat]
    if not mine.melds:
        return []
    pons = _pons(hand, seat)
    return [Move(MoveKind.ADDED_KAN, tile) for tile in mine.concealed if tile >> 2 in pons]


NO_KITA = TableRule(
    "no_kita",
    "kita",
    lambda h, s, m: "the rule set has no kita (north is an ordinary tile; `kita:`)",
    when=lambda h, s: h.rules.kita is None,
    static=True,
)
NORTH_ONLY = TableRule(
    "north_only",
    None,
    lambda h, s, m: f"only a north (4z) is set aside, not {h.label(m.tile)}",
    allows=lambda h, s, m: kind_of(m) == NORTH,
    by_source=True,
)
KITA_NO_REPLACEMENT = TableRule(
    "kita_no_replacement",
    None,
    lambda h, s, m: "no replacement draw with the live wall empty",
    when=lambda h, s: h.wall.live_left == 0,
)
RIICHI_KITA = TableRule(
    "riichi_kita",
    None,
    lambda h, s, m: f"after riichi only the north just drawn ({h.label(h.drawn)})",
    when=lambda h, s: h.seats[s].riichi,
    allows=lambda h, s, m: m.tile == h.drawn,
)


def _norths(hand: Hand, seat: int) -> list[Move]:
    """A kita of each north ``seat`` holds."""
    return [Move(MoveKind.KITA, tile) for tile in hand.seats[seat].concealed if tile >> 2 == NORTH]


def _discards(hand: Hand, seat: int) -> list[Move]:
    """A discard of each tile ``seat`` holds."""
    return [DISCARDS[tile] for tile in hand.seats[seat].concealed]


#: The rules of each kind of move of a turn after a draw.
TURN_KINDS = (
    KindRules(MoveKind.TSUMO, lambda h, s: [TSUMO], (NOT_COMPLETE, ATOZUKE, NO_YAKU), ready=_complete),
    KindRules(
        MoveKind.NINE_TERMINALS,
        lambda h, s: [NINE_TERMINALS],
        (NINE_TERMINALS_RULE, FIRST_GO_AROUND, NINE_KINDS),
    ),
    KindRules(MoveKind.CLOSED_KAN, _closed_kans, (NO_KAN_NOW, FOUR_HELD, RIICHI_CLOSED_KAN), source_after=()),
    KindRules(MoveKind.ADDED_KAN, _added_kans, (NOT_IN_HAND, NO_KAN_NOW, PON_HELD), source_after=()),
    KindRules(
        MoveKind.KITA,
        _norths,
        (NO_KITA, NORTH_ONLY, NOT_IN_HAND, KITA_NO_REPLACEMENT, RIICHI_KITA),
    ),
    KindRules(
        MoveKind.RIICHI,
        _riichi_discards,
        (
            NOT_IN_HAND,
            RIICHI_DECLARED,
            RIICHI_CLOSED_HAND,
            RIICHI_NEEDS_POINTS,
            RIICHI_DRAWS_LEFT,
            RIICHI_NOT_TENPAI,
        ),
        ready=lambda h, s: h.seats[s].floor <= 0,  # a hand far from tenpai leaves none (Seat.count_waits)
    ),
    KindRules(
        MoveKind.DISCARD,
        _discards,
        (NOT_IN_HAND, RIICHI_DRAWN_ONLY),
    ),
)
#: The rules of the one kind of move after a chi or pon: a discard.
CALLED_KINDS = (KindRules(MoveKind.DISCARD, _discards, (NOT_IN_HAND, KUIKAE)),)
