"""What a move does to the hand in play: the deal and the draws, a turn's move, each answer, and
when every seat asked has answered, the ron, the call or the next draw, or the hand's end (the
table rules have accepted the move: ``table.decisions``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..._core.values_fast import from_fields
from ..kinds import AbortiveDraw, Ending, MoveKind
from ..settlement.outcomes import Abort, Draw, Ron, Tsumo, Win
from ..tiles.notation import DRAGONS, TERMINALS_AND_HONOURS, WINDS
from .decisions import DECISIONS
from .events import (
    CALL_EVENTS,
    AddedKanDeclared,
    CallDeclared,
    ClosedKanDeclared,
    DoraRevealed,
    HandDealt,
    KitaDeclared,
    NineTerminalsDeclared,
    Passed,
    RiichiAccepted,
    RonDeclared,
    TableEvent,
    TileDiscarded,
    TileDrawn,
    TsumoDeclared,
    WinScored,
)
from .hand import CALLED, ENDED, MAX_KANS, REACTION, TURN, Hand, HandEnding, Kuikae
from .seats import Meld
from .turn import swap_kinds
from .wins import scored, win_of

if TYPE_CHECKING:
    from typing import Any

    from ..._core.ruleset import RuleSet
    from ..rules.table import TableRules
    from ..scoring.hand import HandScore
    from ..settlement.state import State
    from .moves import Move
    from .wall import Wall

Events = list[TableEvent]
_new_tile_drawn = from_fields(TileDrawn)
_new_dora_revealed = from_fields(DoraRevealed)
_new_tile_discarded = from_fields(TileDiscarded)
_new_passed = from_fields(Passed)
_REACTION = DECISIONS[REACTION]


def deal(
    rs: RuleSet,
    rules: TableRules,
    copies: bytes,
    state: State,
    wall: Wall,
    number: int,
    events: Events,
    plans: dict[str, tuple[Any, ...]] | None = None,
) -> Hand:
    """The hand ``number`` of the table dealt from ``wall`` in ``state``, and the dealer's draw
    (``plans``: the table's, shared by its hands; ``Hand.plans``)."""
    hand = Hand(rs, rules, copies, state, wall, plans)
    events.append(
        HandDealt(
            number,
            state.round_wind,
            state.hand,
            state.dealer,
            state.honba,
            state.sticks,
            tuple(state.scores),
            wall.dora_indicators,
            tuple(tuple(seat.concealed) for seat in hand.seats),
        )
    )
    draw(hand, state.dealer, events)
    return hand


def draw(hand: Hand, seat: int, events: Events, replacement: bool = False) -> None:
    """``seat`` draws from the live wall, or a replacement tile; it is its turn."""
    wall = hand.wall
    shown_before = wall.revealed
    tile = wall.replacement() if replacement else wall.draw()
    hand.seats[seat].draw(tile)
    hand.turn, hand.drawn, hand.phase, hand.rinshan = seat, tile, TURN, replacement
    hand.kuikae = None
    hand.scores = {}
    events.append(_new_tile_drawn((seat, tile, replacement)))
    if wall.revealed != shown_before:
        _dora_shown(hand, shown_before, events)


def _dora_shown(hand: Hand, before: int, events: Events) -> None:
    """An event for each dora indicator revealed since ``before`` were shown."""
    events.extend(_new_dora_revealed((tile,)) for tile in hand.wall.dora_indicators[before:])


def play_turn(hand: Hand, move: Move, events: Events) -> None:
    """The seat whose turn it is plays ``move``."""
    _TURN_PLAYS[move.kind](hand, hand.turn, move, events)


def _tsumo(hand: Hand, seat: int, move: Move, events: Events) -> None:
    assert hand.drawn is not None
    _end_win(hand, seat, hand.drawn, None, events)


def _nine_terminals(hand: Hand, seat: int, move: Move, events: Events) -> None:
    events.append(NineTerminalsDeclared(seat))
    _abort(hand, AbortiveDraw.NINE_TERMINALS)


def _closed_kan(hand: Hand, seat: int, move: Move, events: Events) -> None:
    hand.seats[seat].take(move.tiles)
    hand.seats[seat].melds.append(Meld("ankan", move.tiles, None, None))
    events.append(ClosedKanDeclared(seat, move.tiles))
    _offer_to_others(hand, seat, move.tiles[0], "closed_kan", events)


def _add_kan(hand: Hand, seat: int, move: Move, events: Events) -> None:
    tile = move.tile
    assert tile is not None
    mine = hand.seats[seat]
    mine.take((tile,))
    at = next(i for i, m in enumerate(mine.melds) if m.kind == "pon" and m.tiles[0] >> 2 == tile >> 2)
    pon = mine.melds[at]
    mine.melds[at] = Meld("kan", tuple(sorted((*pon.tiles, tile))), pon.called, pon.source)
    events.append(AddedKanDeclared(seat, tile))
    _offer_to_others(hand, seat, tile, "added_kan", events)


def _kita(hand: Hand, seat: int, move: Move, events: Events) -> None:
    tile = move.tile
    assert tile is not None
    mine = hand.seats[seat]
    mine.take((tile,))
    mine.kita.append(tile)
    hand.interrupted = True  # a kita counts as a call: the first go-around is over
    mine.count_waits(hand.copies)
    events.append(KitaDeclared(seat, tile))
    _kan_dora_due(hand, events)
    _offer_to_others(hand, seat, tile, "kita", events)


def _kan_dora_due(hand: Hand, events: Events) -> None:
    """A kan's dora due after its discard is revealed: the kan-maker discarded or set a north
    aside (docs/rules/riichi-table.md §5)."""
    shown_before = hand.wall.revealed
    hand.wall.discarded()
    if hand.wall.revealed != shown_before:
        _dora_shown(hand, shown_before, events)


def _discard(hand: Hand, seat: int, move: Move, events: Events) -> None:
    tile, riichi = move.tile, move.kind is _RIICHI
    assert tile is not None
    mine = hand.seats[seat]
    if riichi:
        mine.riichi, mine.double = True, hand.first_turn(seat)
        hand.pending_riichi = True
    mine.discard(tile, hand.drawn, hand.copies)
    mine.ippatsu = False
    if mine.furiten == "temporary":
        mine.furiten = None
    events.append(_new_tile_discarded((seat, tile, tile == hand.drawn, riichi)))
    _kan_dora_due(hand, events)
    hand.rinshan = False
    _offer_to_others(hand, seat, tile, "discard", events)


#: What each kind of move of a turn does.
_TURN_PLAYS: dict[str, Callable[[Hand, int, Move, Events], None]] = {
    MoveKind.TSUMO: _tsumo,
    MoveKind.NINE_TERMINALS: _nine_terminals,
    MoveKind.CLOSED_KAN: _closed_kan,
    MoveKind.ADDED_KAN: _add_kan,
    MoveKind.KITA: _kita,
    MoveKind.RIICHI: _discard,
    MoveKind.DISCARD: _discard,
}
_RIICHI, _RON, _PASS, _OPEN_KAN = MoveKind.RIICHI, MoveKind.RON, MoveKind.PASS, MoveKind.OPEN_KAN


def _offer_to_others(hand: Hand, seat: int, tile: int, kind: str, events: Events) -> None:
    """Offer ``tile`` (``kind``: a discard, a kan or a kita) to each other seat that may do more
    than pass, asked in turn order from ``seat``'s right; the hand goes on if none may."""
    hand.drawn = None
    hand.kuikae = None
    hand.discarder, hand.offer, hand.offer_kind = seat, tile, kind
    hand.scores = {}
    hand.ron, hand.calls = [], []
    hand.reactions = {}
    hand.phase = REACTION
    maybe, hand.waiting = hand.answering(tile >> 2)
    asking: list[int] = []
    for other in maybe:
        if len(reactions_of(hand, other)) > 1:
            asking.append(other)
    hand.asking = asking
    if not asking:
        _resolve(hand, events)


def reactions_of(hand: Hand, seat: int) -> list[Move]:
    """``seat``'s moves answering the offer now, remembered until a ron or a call is declared."""
    found = hand.reactions.get(seat)
    if found is None:
        found = hand.reactions[seat] = _REACTION.listed(hand, seat)
    return found


def play_reaction(hand: Hand, move: Move, events: Events) -> None:
    """The seat asked first answers with ``move``; when every seat asked has, the offer resolves."""
    seat = hand.asking.pop(0)
    if move.kind is _RON:
        hand.ron.append(seat)
        events.append(RonDeclared(seat, hand.offer))
        if hand.rules.head_bump:
            hand.asking = []
    elif move.kind is _PASS:
        events.append(_new_passed((seat,)))
    else:
        assert move.tile is not None
        hand.calls.insert(0, (seat, move))  # a later call outranks a chi: it is asked only if it may
        events.append(CallDeclared(seat, MoveKind(move.kind), move.tile, move.tiles))
    if hand.ron or hand.calls:  # the seats still to answer may only do what outranks it
        hand.reactions = {}
        hand.asking = [other for other in hand.asking if len(reactions_of(hand, other)) > 1]
    if not hand.asking:
        _resolve(hand, events)


def _resolve(hand: Hand, events: Events) -> None:
    """Every seat asked has answered: the rons win; else a kan stands or a north is set aside,
    or the discard is called or stays and play goes on (or the hand ends in a draw)."""
    discarder, offer = hand.discarder, hand.offer_kind
    if hand.ron:
        _end_win(hand, hand.ron[0], hand.offer, discarder, events)
        return
    if hand.waiting:
        _passed_by(hand)
    if offer == "kita":
        kita = hand.rules.kita
        if kita is not None and kita.breaks_ippatsu:
            for mine in hand.seats:
                mine.ippatsu = False
        draw(hand, discarder, events, replacement=True)
    elif offer != "discard":
        _complete_kan(hand, discarder, offer == "closed_kan", None, events)
    elif hand.pending_riichi and _riichi_stands(hand, events):
        return  # four riichi: the hand is aborted
    elif len(hand.seats[discarder].discards) == 1 and _four_winds(hand):
        _abort(hand, AbortiveDraw.FOUR_WINDS)
    elif hand.four_kans():
        _abort(hand, AbortiveDraw.FOUR_KANS)
    elif hand.calls:
        seat, move = hand.calls[0]
        _call(hand, seat, move, events)
    elif hand.wall.live_left == 0:
        _exhaustive_draw(hand)
    else:
        draw(hand, (discarder + 1) % hand.rules.players, events)


def _passed_by(hand: Hand) -> None:
    """A winning tile passed: each seat it passed by is furiten until its next discard (after
    riichi, until the hand ends)."""
    offer = hand.offer_kind
    for seat in hand.waiting:
        mine = hand.seats[seat]
        if offer == "closed_kan" and not (hand.rules.kokushi_robs_closed_kan and hand.robs_as_kokushi(seat)):
            continue  # a closed kan's tile is no winning tile but to the thirteen orphans that may rob it
        if offer == "kita" and not hand.kita_ron():
            continue  # nor is a north nobody may ron
        mine.furiten = "riichi" if mine.riichi else (mine.furiten or "temporary")


def _riichi_stands(hand: Hand, events: Events) -> bool:
    """A riichi whose discard passed puts its stick down; ``True`` when four riichi abort the hand."""
    discarder = hand.discarder
    hand.pending_riichi = False
    hand.sticks.append(discarder)
    hand.seats[discarder].ippatsu = True
    events.append(RiichiAccepted(discarder))
    if AbortiveDraw.FOUR_RIICHI in hand.rules.abortive and len(hand.sticks) == hand.rules.players == 4:
        _abort(hand, AbortiveDraw.FOUR_RIICHI)
        return True
    return False


def _call(hand: Hand, seat: int, move: Move, events: Events) -> None:
    """``seat`` takes the discard for a chi, a pon or an open kan."""
    tile, discarder = move.tile, hand.discarder
    assert tile is not None
    hand.seats[discarder].called_away = True
    mine = hand.seats[seat]
    mine.take(move.tiles)
    kind = "kan" if move.kind is _OPEN_KAN else str(move.kind)
    meld = Meld(kind, tuple(sorted((tile, *move.tiles))), tile, discarder)
    mine.melds.append(meld)
    mine.open = True
    hand.interrupted = True
    for each in hand.seats:
        each.ippatsu = False
    _liability(hand, seat, meld)
    events.append(CALL_EVENTS[move.kind](seat, tile, move.tiles, discarder))
    if move.kind is _OPEN_KAN:
        _complete_kan(hand, seat, False, discarder, events)
        return
    hand.turn, hand.drawn, hand.phase, hand.rinshan = seat, None, CALLED, False
    hand.kuikae = Kuikae(move.kind, tile, move.tiles, swap_kinds(hand.rules.kuikae, move.kind, tile, move.tiles))
    hand.scores = {}


def _complete_kan(hand: Hand, seat: int, closed: bool, fed_by: int | None, events: Events) -> None:
    """A kan stands: its dora when the rule set says, then the replacement draw."""
    hand.kans.append(seat)
    hand.interrupted = True
    for each in hand.seats:
        each.ippatsu = False
    mine = hand.seats[seat]
    if fed_by is not None and hand.kans.count(seat) == MAX_KANS and "suukantsu" in hand.rules.pao_yakuman:
        mine.pao["suukantsu"] = fed_by
    mine.count_waits(hand.copies)
    shown_before = hand.wall.revealed
    hand.wall.kan(closed)
    if hand.wall.revealed != shown_before:
        _dora_shown(hand, shown_before, events)
    draw(hand, seat, events, replacement=True)


def _liability(hand: Hand, seat: int, meld: Meld) -> None:
    """A call that completes the third dragon set or the fourth wind set makes the discarder
    liable (pao) for daisangen or daisuushii, where ``liability.yakuman`` names it."""
    kind = meld.tiles[0] >> 2
    if meld.source is None or meld.kind == "chi":
        return
    sets = [m.tiles[0] >> 2 for m in hand.seats[seat].melds if m.kind != "chi"]
    if kind in DRAGONS and sum(k in DRAGONS for k in sets) == len(DRAGONS):
        yakuman = "daisangen"
    elif kind in WINDS and sum(k in WINDS for k in sets) == len(WINDS):
        yakuman = "daisuushii"
    else:
        return
    if yakuman in hand.rules.pao_yakuman:
        hand.seats[seat].pao[yakuman] = meld.source


def _four_winds(hand: Hand) -> bool:
    """After the discarder's first discard: the four winds abort, where ``draws.abortive`` has it,
    when every seat's first discard was the same wind and nobody called."""
    if AbortiveDraw.FOUR_WINDS not in hand.rules.abortive or hand.interrupted or hand.rules.players != 4:
        return False
    firsts = [mine.discards[0] >> 2 if len(mine.discards) == 1 else -1 for mine in hand.seats]
    return firsts[0] in WINDS and firsts.count(firsts[0]) == 4


def _exhaustive_draw(hand: Hand) -> None:
    tenpai = [seat for seat, mine in enumerate(hand.seats) if mine.waits]
    nagashi: list[int] = []
    if hand.rules.nagashi_mangan:
        nagashi = [
            seat
            for seat, mine in enumerate(hand.seats)
            if mine.discards and not mine.called_away and all(t >> 2 in TERMINALS_AND_HONOURS for t in mine.discards)
        ]
    draw = Draw(tuple(tenpai), tuple(nagashi))
    _end(hand, HandEnding(Ending.EXHAUSTIVE_DRAW, draw, {}, tenpai=draw.tenpai, nagashi=draw.nagashi))


def _end_win(hand: Hand, seat: int, tile: int, discarder: int | None, events: Events) -> None:
    tsumo = discarder is None
    winners = [seat] if tsumo else hand.ron
    wins = []
    details = []
    found: dict[int, HandScore] = {}
    for winner in winners:
        score = scored(hand, winner, tile, tsumo)[0]
        assert score is not None
        found[winner] = score
        mine = hand.seats[winner]
        pao = next((mine.pao[y] for y in score.yaku if y in mine.pao), None)
        wins.append(Win(winner, win_of(hand, winner, tile, tsumo), pao))
        ura = hand.wall.ura_indicators if mine.riichi else ()
        details.append(WinScored(winner, tuple(score.yaku), score.han, score.fu, score.yakuman, ura, pao))
    if tsumo:
        events.append(TsumoDeclared(seat, tile))
        _end(hand, HandEnding(Ending.TSUMO, Tsumo(wins[0]), found, tuple(details)))
        return
    assert discarder is not None
    triple = len(wins) == 3 and AbortiveDraw.TRIPLE_RON in hand.rules.abortive
    outcome = Ron(discarder, tuple(wins))
    _end(hand, HandEnding(Ending.TRIPLE_RON if triple else Ending.RON, outcome, found, tuple(details), discarder))


def _abort(hand: Hand, draw: AbortiveDraw) -> None:
    _end(hand, HandEnding(Ending(draw.value), Abort(draw), {}))


def _end(hand: Hand, ending: HandEnding) -> None:
    """The hand ends: no seat moves until the table settles it."""
    hand.ending = ending
    hand.phase = ENDED
