"""Random games at both ``Table``s with hostile moves between the legal ones.

Before some decisions a hostile move is tried: a malformed one (a wrong kind, a float, bool,
string, ``None``, huge int, set or iterator in a field, a tuple of the wrong shape, no move at
all), or a well-formed one no rule allows now (a tile of another seat's hand, a call nobody can
make). Each must be refused with ``IllegalMove`` (an ``InputError``) and leave the table as it was
(every public view compared before and after); the game then goes on with a random legal move to
its end. ``riichi_game`` and ``koikoi_game`` return what escaped, in words."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable
from typing import Any

import yakuset
from yakuset import InputError, koikoi, riichi
from yakuset.riichi.kinds import MoveKind

from .api_calls import KOIKOI

RIICHI_TABLES = [
    "tenhou",
    "ema-2025",
    "m-league",
    "wrc-2022",
    "mahjong-soul",
    "jpml-a",
    "tenhou-sanma",
    "mahjong-soul-sanma",
]
#: Moves per game before a game that does not end is an escape (a hanchan takes about 2,000).
MOVE_CAP = 40_000
_KINDS = [kind.value for kind in MoveKind]
_ODD_FIELDS: list[Any] = [
    1.0,
    True,
    False,
    "5",
    "1m",
    "",
    10**30,
    -(10**30),
    -1,
    136,
    float("nan"),
    b"\x05",
    [5],
    (5,),
    {5},
    object(),
]


@functools.cache
def ruleset(name: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(name)


# --- Riichi -------------------------------------------------------------------------------------


def riichi_snapshot(table: riichi.Table) -> tuple[Any, ...]:
    """Everything the table and each seat's view show."""
    seats = []
    for seat in range(len(table.state.scores)):
        v = table.view(seat)
        seats.append(
            (
                v.hand,
                bytes(v.counts),
                bytes(v.copies),
                v.waits,
                v.drawn,
                v.discards,
                v.melds,
                v.kita,
                v.riichi,
                v.dora_indicators,
                v.live_left,
                v.state,
                v.to_move,
                tuple(v.legal_moves()),
            )
        )
    events = table.events
    return (
        table.to_move,
        table.state,
        table.ended,
        len(table.hands),
        len(events),
        events[-1:],
        tuple(table.legal_moves()),
        tuple(seats),
    )


def _malformed_riichi(rng: random.Random, tile: int) -> Any:
    pair, odd = (tile, (tile + 1) % 136), rng.choice(_ODD_FIELDS)
    return rng.choice(
        [
            riichi.Move("discard", odd),
            riichi.Move("riichi", odd),
            riichi.Move(rng.choice([None, "", "dance", "Discard", 3, b"discard", "play", odd]), tile),
            riichi.Move("chi", tile, {pair[0], pair[1]}),
            riichi.Move("pon", tile, iter(pair)),
            riichi.Move("pon", tile, (pair[0], pair[0])),
            riichi.Move("chi", tile, (pair[0],)),
            riichi.Move("chi", tile, (pair[0], odd)),
            riichi.Move("open_kan", tile, "123"),
            riichi.Move("closed_kan", None, pair),
            riichi.Move("closed_kan", tile, (*pair, *pair)),
            riichi.Move("tsumo", tile),
            riichi.Move("pass", None, pair),
            riichi.Move("ron", odd),
            riichi.Move("discard"),
            ("discard",),
            ("discard", tile, (), None),
            [],
            (),
            {"kind": "discard", "tile": tile},
            f"discard {tile}",
            "tsumo",
            None,
            tile,
            odd,
            iter([riichi.Move("discard", tile)]),
        ]
    )


def _wellformed_riichi(rng: random.Random, table: riichi.Table) -> riichi.Move:
    """A move of right types: a tile of another seat, the wall or nowhere, any kind."""
    seats = range(len(table.state.scores))
    other = [t for s in seats if s != table.to_move for t in table.view(s).hand]
    tile = rng.choice(other) if other and rng.random() < 0.6 else rng.randrange(136)
    kind = rng.choice(_KINDS)
    own = sorted(rng.sample(range(136), {"chi": 2, "pon": 2, "open_kan": 3, "closed_kan": 4}.get(kind, 0)))
    form = {"tsumo": None, "ron": None, "pass": None, "nine_terminals": None, "closed_kan": None}
    return riichi.Move(kind, form.get(kind, tile), tuple(own))


def _surely_illegal(move: riichi.Move, legal: list[riichi.Move]) -> bool:
    """A well-formed move no rule can take: no legal move is it, and (a chi or pon may be of
    other copies of the same tiles) none of a chi or pon kind at all when it is one."""
    shaped = [(str(getattr(m.kind, "value", m.kind)), m.tile, tuple(sorted(m.tiles))) for m in legal]
    if (move.kind, move.tile, move.tiles) in shaped:
        return False
    return move.kind not in ("chi", "pon") or not any(kind == move.kind for kind, _, _ in shaped)


def _try(table: Any, move: Any, snapshot: Callable[[Any], Any], must_refuse: bool) -> tuple[str | None, bool]:
    """(what escaped or ``None``, whether the table took the move)."""
    before = snapshot(table)
    try:
        table.play(move)
    except InputError:  # IllegalMove among them
        after = snapshot(table)
        if after != before:
            return f"the table changed after refusing {move!r}", False
        return None, False
    if must_refuse:
        return f"the table took {move!r}", True
    return None, True


def riichi_game(rng: random.Random, hostile: float = 0.05) -> tuple[list[str], int]:
    """A random Riichi game with hostile moves tried before ``hostile`` of the decisions:
    (escapes, hostile moves tried)."""
    table = riichi.Table(ruleset(rng.choice(RIICHI_TABLES)), seed=rng.randrange(2**64))
    escapes: list[str] = []
    tried = 0
    for _ in range(MOVE_CAP):
        if table.ended:
            return escapes, tried
        legal = table.legal_moves()
        if not legal:
            escapes.append(f"no legal move at {table.state!r}")
            return escapes, tried
        if rng.random() < hostile:
            tried += 1
            if rng.random() < 0.6:
                hand = table.view(table.to_move).hand
                move: Any = _malformed_riichi(rng, rng.choice(hand) if hand else 0)
                problem, took = _try(table, move, riichi_snapshot, True)
            else:
                move = _wellformed_riichi(rng, table)
                problem, took = _try(table, move, riichi_snapshot, _surely_illegal(move, legal))
            if problem:
                escapes.append(problem)
            if took:
                continue
        table.play(rng.choice(legal))
    escapes.append(f"no end after {MOVE_CAP} moves")
    return escapes, tried


# --- Koi-Koi ------------------------------------------------------------------------------------


def koikoi_snapshot(table: koikoi.Table) -> tuple[Any, ...]:
    """Everything the table and each player's view show."""
    views = []
    for player in table.players:
        v = table.view(player)
        views.append(
            (
                v.hand,
                v.playable,
                v.field,
                v.stock_left,
                v.captured,
                v.opponent_captured,
                v.base,
                v.calls,
                v.turns_left,
                v.match_points,
                v.month,
                v.round_number,
            )
        )
    return (
        table.state,
        table.pending,
        table.to_move,
        table.choosing,
        table.result,
        len(table.log),
        tuple(table.legal_moves()),
        tuple(views),
    )


def _hostile_koikoi(rng: random.Random, table: koikoi.Table) -> Any:
    """A move of the wrong shape or type, or a well-formed one of a card the player cannot play."""
    opponent = next(p for p in table.players if p != table.to_move)
    cards = list(table.rules.cards)
    theirs = list(table.hand(opponent)) + list(table.field) + cards
    card, odd = rng.choice(theirs), rng.choice(_ODD_FIELDS)
    return rng.choice(
        [
            koikoi.Move("play", card),
            koikoi.Move("choose", card, rng.choice(cards)),
            koikoi.Move(rng.choice(["koikoi", "shobu"])),
            koikoi.Move("play", odd),
            koikoi.Move("choose", card, odd),
            koikoi.Move(rng.choice([None, "", "dance", "Play", 3, odd]), card),
            koikoi.Move("play", card, card),
            koikoi.Move("koikoi", card),
            ("play", card),
            ["play", card],
            ("play", card, None, None),
            (),
            None,
            card,
            odd,
            {"kind": "play", "card": card},
            iter([koikoi.Move("play", card)]),
        ]
    )


def koikoi_game(rng: random.Random, hostile: float = 0.1) -> tuple[list[str], int]:
    """A random Koi-Koi match with hostile moves tried before ``hostile`` of the decisions."""
    table = koikoi.Table(ruleset(rng.choice(KOIKOI)), ("alice", "bob"), rng.randrange(2**64))
    escapes: list[str] = []
    tried = 0
    for _ in itertools.repeat(None, MOVE_CAP):
        if table.finished:
            return escapes, tried
        legal = table.legal_moves()
        if not legal:
            escapes.append(f"no legal move at {table.state!r}")
            return escapes, tried
        if rng.random() < hostile:
            tried += 1
            move = _hostile_koikoi(rng, table)
            problem, took = _try(table, move, koikoi_snapshot, not (type(move) is koikoi.Move and move in legal))
            if problem:
                escapes.append(problem)
            if took:
                continue
        table.play(rng.choice(legal))
    escapes.append(f"no end after {MOVE_CAP} moves")
    return escapes, tried
