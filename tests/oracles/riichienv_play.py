"""riichienv 0.4.11 playing whole Riichi games, recorded in our vocabulary: the independent side of
the move-by-move comparison of issue 26 (the ``Table`` is replayed on what this records).

This is a helper module, not a test file: tests import it (``from .riichienv_play import play``).
``riichienv`` (PyPI, a Rust engine written apart from yakuset) is a test extra.

What it does:

- **Presets** (:data:`PRESETS`): our rule set -> riichienv's ``RiichiEnv(game_mode=..., rule=...)``.
  riichienv has no Mahjong Soul game mode: its ``game_mode`` strings are ``{4p,3p}-red-{single,
  east,half}`` (0-5), and the platform is the ``rule`` (``GameRule.default_tenhou()`` /
  ``default_mjsoul()``). An unknown ``game_mode`` string is silently mode 0 (one hand, four players).
- **Walls** (:func:`wall_to_ours`, :func:`wall_to_theirs`): riichienv's wall of a hand, in the order
  ``RiichiEnv.reset(wall=...)`` takes it, and ours (``Wall.given``; docs/rules/riichi-table.md §5).
  Both number tiles ``kind * 4 + copy`` with a five's copy 0 red, both deal from the start of the
  list (four each from the dealer, three times, then one each; the dealer's first draw next), and
  both end the live wall one tile sooner per replacement draw. At four players the layouts are the
  same: replacement tiles at the far end (135, 134, 133, 132), the first dora indicator 131 over its
  ura 130, the next 129/128, ...: the conversion is the identity. At three players they are not
  (see :func:`wall_to_ours`): the conversion depends on how many replacement draws the hand had.
- **Moves** (:func:`moves_of`, :func:`actions_of`): riichienv's legal actions <-> our ``Move``.
- **A whole game** (:func:`play`): one hanchan with moves picked by a seeded chooser from the sorted
  legal moves, recording every decision, every hand's result and every hand's wall (ours).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import riichienv

AT = riichienv.ActionType


class Preset(NamedTuple):
    """How riichienv plays one of our rule sets: its ``game_mode`` (a whole hanchan), its rule, seats."""

    game_mode: str
    rule: Callable[[], Any]
    players: int


#: Our rule set -> riichienv's preset (both presets hanchan with red fives: 4p one red five per suit,
#: 3p one red 5p and one red 5s, the copies 52 and 88, as our sanma rule sets have them).
PRESETS: dict[str, Preset] = {
    "tenhou": Preset("4p-red-half", riichienv.GameRule.default_tenhou, 4),
    "mahjong-soul": Preset("4p-red-half", riichienv.GameRule.default_mjsoul, 4),
    "tenhou-sanma": Preset("3p-red-half", riichienv.GameRule.default_tenhou, 3),
    "mahjong-soul-sanma": Preset("3p-red-half", riichienv.GameRule.default_mjsoul, 3),
}


def env_for(ruleset: str, seed: int) -> Any:
    """A ``RiichiEnv`` playing ``ruleset``'s preset, its walls shuffled from ``seed``."""
    preset = PRESETS[ruleset]
    return riichienv.RiichiEnv(game_mode=preset.game_mode, seed=seed, rule=preset.rule())


# --------------------------------------------------------------------------------------------- walls

DEAL_ROUNDS = (4, 4, 4, 1)


def deal_slots(players: int, dealer: int) -> list[list[int]]:
    """The wall places each seat's 13 tiles come from, by seat (the same rule in both engines)."""
    slots: list[list[int]] = [[] for _ in range(players)]
    at = 0
    for size in DEAL_ROUNDS:
        for turn in range(players):
            slots[(dealer + turn) % players].extend(range(at, at + size))
            at += size
    return slots


class Layout(NamedTuple):
    """Where each role of a hand's wall lies (places in the wall list), for a hand with a given
    number of replacement draws (kans and kita)."""

    live: tuple[int, ...]  # the live draws after the deal, in order (the dealer's first one first)
    replacements: tuple[int, ...]  # the replacement draws, in order
    indicators: tuple[int, ...]  # dora indicator, its ura, next dora indicator, its ura, ... (five stacks)


def their_layout(players: int, replacements: int) -> Layout:
    """riichienv's layout (found by playing given walls, ``tests/oracles/test_riichienv_walls.py``): the live
    wall from the start after the deal, ending ``14 + replacements`` tiles before the far end; the
    replacement tiles from the far end inwards, 4 at four players and 8 at three; then the stacks of
    dora indicator over ura indicator, inwards. At three players the fourth and fifth stacks (places
    93/92, 91/90) lie inside the 14 last tiles' reach of the live wall: they are live tiles in a hand
    with few replacement draws, indicators only after three or four kans."""
    size = 34 * 4 if players == 4 else 27 * 4
    dealt = 13 * players
    spare = 4 if players == 4 else 8
    far = size - 1
    live = tuple(range(dealt, size - 14 - replacements))
    taken = tuple(far - k for k in range(replacements))
    stacks = tuple(place for j in range(5) for place in (far - spare - 2 * j, far - spare - 2 * j - 1))
    return Layout(live, taken, stacks)


def our_layout(players: int, replacements: int, dead_wall: int = 14) -> Layout:
    """Ours (engine/riichi/table/wall.py, docs/rules/riichi-table.md §5): the live wall from the start after
    the deal, ``dead_wall`` tiles kept at the far end; its replacement tiles (all but ten) from the far
    end inwards, then the live wall's last tiles in the order they joined; then five stacks of dora
    indicator over ura indicator."""
    size = 34 * 4 if players == 4 else 27 * 4
    dealt = 13 * players
    spare = dead_wall - 10
    far = size - 1
    live_end = size - dead_wall
    live = tuple(range(dealt, live_end - replacements))
    queue = [far - k for k in range(spare)] + [live_end - 1 - k for k in range(replacements)]
    stacks = tuple(place for j in range(5) for place in (far - spare - 2 * j, far - spare - 2 * j - 1))
    return Layout(live, tuple(queue[:replacements]), stacks)


def _convert(wall: Sequence[int], source: Layout, target: Layout, players: int) -> list[int]:
    """``wall`` laid out by ``source`` rearranged so that every role the hand used holds the same tile
    under ``target``. The deal is the same in both; an indicator place the source uses as a live or
    replacement tile in this hand is left out (its stack is never shown: three kans need three
    replacement draws); places no role claims take the tiles left, in the source's order."""
    out: list[int | None] = [None] * len(wall)
    used: set[int] = set()

    def put(to: int, frm: int) -> None:
        out[to] = wall[frm]
        used.add(frm)

    for seat in deal_slots(players, 0):
        for place in seat:
            put(place, place)
    for to, frm in zip(target.live, source.live, strict=True):
        put(to, frm)
    for to, frm in zip(target.replacements, source.replacements, strict=True):
        put(to, frm)
    drawn = set(source.live) | set(source.replacements)
    taken_to = set(target.live) | set(target.replacements)
    for to, frm in zip(target.indicators, source.indicators, strict=True):
        if frm not in drawn and to not in taken_to:
            put(to, frm)
    rest = iter(wall[place] for place in range(len(wall)) if place not in used)
    return [tile if tile is not None else next(rest) for tile in out]


def wall_to_ours(wall: Sequence[int], players: int, replacements: int) -> list[int]:
    """riichienv's wall of a hand (``reset(wall=...)`` order) as ours (``Wall.given``), for a hand with
    ``replacements`` replacement draws. At four players: the same list.

    At three players no one conversion serves every hand: riichienv keeps 8 replacement tiles before
    its indicators (places 107-100, the first dora indicator 99), we keep 4 (107-104, the first
    indicator 103) and give the live wall's last tiles as the fifth to eighth; and riichienv's fourth
    and fifth indicator stacks (93-90) are the live wall's last tiles when a hand has few replacement
    draws. So riichienv's 93 must be our 93 in a hand without replacement draws (both engines' last
    live tile) and our 97 (the fourth dora indicator, the third kan's) in one with three kans. Given how many
    replacement draws the hand had (the same in both engines when they agree), every tile the hand
    shows has one place in ours."""
    if players == 4:
        return list(wall)
    return _convert(wall, their_layout(3, replacements), our_layout(3, replacements), 3)


def wall_to_theirs(wall: Sequence[int], players: int, replacements: int) -> list[int]:
    """The inverse of :func:`wall_to_ours`: our wall of a hand as riichienv's ``reset(wall=...)``."""
    if players == 4:
        return list(wall)
    return _convert(wall, our_layout(3, replacements), their_layout(3, replacements), 3)


def wall_at_deal(env: Any) -> list[int]:
    """riichienv's wall of the hand just dealt, in ``reset(wall=...)`` order, rebuilt from the env:
    the dealer's first draw, then ``env.wall`` (the tiles not dealt, kept far end first). riichienv
    keeps each hand sorted, so a seat's 13 tiles go to its deal places in ascending order: the order
    inside a seat's deal is lost, and changes nothing in the hand."""
    players = env.num_players
    dealer = env.oya
    drawn = env.drawn_tile
    wall = [0] * (13 * players + 1 + len(env.wall))
    for seat, places in enumerate(deal_slots(players, dealer)):
        hand = list(env.hands[seat])
        if seat == dealer:
            hand.remove(drawn)
        for place, tile in zip(places, sorted(hand), strict=True):
            wall[place] = tile
    wall[13 * players] = drawn
    wall[13 * players + 1 :] = env.wall[::-1]
    return wall


# --------------------------------------------------------------------------------------------- moves


class Move(NamedTuple):
    """A move in the ``Table``'s vocabulary (issue 26): ``kind`` is discard, riichi (declare and
    discard ``tile``), tsumo, ron, chi/pon/open_kan (``tile`` the discard called, ``tiles`` the own
    tiles used, ascending), closed_kan (``tiles`` the four), added_kan (``tile`` added), kita
    (``tile`` the north set aside), nine_terminals or pass. Tiles are wall tiles (0-135)."""

    kind: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()


def move_key(move: Move) -> tuple[str, int, tuple[int, ...]]:
    """The order legal moves are listed and chosen in."""
    return (move.kind, -1 if move.tile is None else move.tile, move.tiles)


_CALLS = {int(AT.CHI): "chi", int(AT.PON): "pon", int(AT.DAIMINKAN): "open_kan"}
_BARE = {int(AT.TSUMO): "tsumo", int(AT.RON): "ron", int(AT.PASS): "pass", int(AT.KYUSHU_KYUHAI): "nine_terminals"}


def move_of(action: Any) -> Move:
    """The one move a riichienv action other than RIICHI is (RIICHI: :func:`riichi_moves`)."""
    kind = int(action.action_type)
    if kind == int(AT.DISCARD):
        return Move("discard", action.tile)
    if kind in _CALLS:
        return Move(_CALLS[kind], action.tile, tuple(sorted(action.consume_tiles)))
    if kind == int(AT.ANKAN):
        return Move("closed_kan", None, tuple(sorted(action.consume_tiles)))
    if kind == int(AT.KAKAN):
        return Move("added_kan", action.tile)
    if kind == int(AT.KITA):
        return Move("kita", action.tile)
    if kind in _BARE:
        return Move(_BARE[kind])
    raise AssertionError(f"a riichienv action with no move: {action.to_dict()}")


def riichi_moves(env: Any, seat: int, declare: Any) -> list[Move]:
    """riichienv declares riichi (``RIICHI``) and discards in a second decision; ours is one move per
    discard allowed after the declaration, found on a copy of the env."""
    after = env.clone().step({seat: declare})
    return [Move("riichi", action.tile) for action in after[seat].legal_actions()]


def moves_of(env: Any, seat: int, actions: Sequence[Any]) -> tuple[Move, ...]:
    """A seat's legal actions as our moves, sorted (:func:`move_key`)."""
    moves: list[Move] = []
    for action in actions:
        if int(action.action_type) == int(AT.RIICHI):
            moves.extend(riichi_moves(env, seat, action))
        else:
            moves.append(move_of(action))
    return tuple(sorted(moves, key=move_key))


def actions_of(move: Move, actions: Sequence[Any]) -> list[Any]:
    """The riichienv action(s) that play ``move``, from a seat's legal ``actions``: one, or for riichi
    the ``RIICHI`` action, and then the discard of ``move.tile`` (an ``Action`` made here; riichienv
    lists it after the declaration)."""
    if move.kind == "riichi":
        declare = [action for action in actions if int(action.action_type) == int(AT.RIICHI)]
        assert len(declare) == 1, f"riichi {move} but {len(declare)} RIICHI actions"
        return [declare[0], riichienv.Action(AT.DISCARD, move.tile, [])]
    found = [action for action in actions if int(action.action_type) != int(AT.RIICHI) and move_of(action) == move]
    assert len(found) == 1, f"{move} is {len(found)} riichienv actions"
    return found


# --------------------------------------------------------------------------------------------- games


class Decision(NamedTuple):
    """One seat's decision: its legal moves (sorted) and the move chosen."""

    seat: int
    legal: tuple[Move, ...]
    chosen: Move


#: riichienv's draw reasons (its ``ryukyoku`` events) in the ``Table``'s words.
ENDINGS = {
    "exhaustive_draw": "exhaustive_draw",
    "kyushu_kyuhai": "nine_terminals",
    "sufuurenta": "four_winds",
    "suucha_riichi": "four_riichi",
    "suukansansen": "four_kans",
    "sanchaho": "triple_ron",
}


class HandResult(NamedTuple):
    """How a hand ended: each seat's points change over the hand (riichi deposits included; the
    next hand's start, or the final scores, less this hand's start), who won, and how it ended in
    the ``Table``'s words (``ron``, ``tsumo``, ``exhaustive_draw``, ``nine_terminals``,
    ``four_winds``, ``four_riichi``, ``four_kans``, ``triple_ron``; :data:`ENDINGS`)."""

    deltas: tuple[int, ...]
    winners: tuple[int, ...]
    ended: str


@dataclass
class Hand:
    """One hand as riichienv played it: its wall (riichienv's order and ours), dealer, decisions, result."""

    dealer: int
    theirs: list[int]
    dealt: tuple[tuple[int, ...], ...]  # each seat's 13 tiles as riichienv dealt them, sorted
    start: tuple[int, ...]  # each seat's points when the hand was dealt
    decisions: list[Decision] = field(default_factory=list)
    replacements: int = 0
    result: HandResult | None = None
    ours: list[int] = field(default_factory=list)
    #: What the wall saw, step by step: ``("kan", closed)``, ``("kita",)``, ``("discard",)``,
    #: ``("draw", tile)``, ``("replacement", tile)``, ``("dora", indicators)`` after each step.
    wall_events: list[tuple[Any, ...]] = field(default_factory=list)
    #: Each seat's concealed tiles and riichienv ``Meld`` s when the hand ended, for a hand that ended
    #: near the end of the wall (an exhaustive draw among them), else ``None``.
    held: tuple[tuple[tuple[int, ...], tuple[Any, ...]], ...] | None = None


@dataclass
class Game:
    """A whole game: the rule set, the seeds, every hand, the final scores."""

    ruleset: str
    seed: int
    chooser_seed: int
    hands: list[Hand]
    scores: tuple[int, ...]

    @property
    def walls(self) -> list[list[int]]:
        """Every hand's wall in our order, for ``Table(rs, wall=game.walls)``."""
        return [hand.ours for hand in self.hands]


Chooser = Callable[[random.Random, tuple[Move, ...]], Move]


def uniform(rng: random.Random, moves: tuple[Move, ...]) -> Move:
    """Any legal move, each equally likely (riichienv's ``RandomAgent`` over our moves)."""
    return rng.choice(moves)


def eager(rng: random.Random, moves: tuple[Move, ...]) -> Move:
    """Wins whenever it may, riichi whenever it may, kita always, a kan or (a quarter of the time) a
    chi or pon, nine terminals half the time; else a discard that leaves the fewest tiles to tenpai
    (riichienv's ``calculate_shanten``), ties broken at random. Many more hands reach riichi, calls,
    kans and wins than under :func:`uniform`. Sees only its moves (its concealed tiles are its
    discards' tiles)."""
    by_kind: dict[str, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(move.kind, []).append(move)
    for kind, chance in _EAGER:
        if kind in by_kind and rng.random() < chance:
            return rng.choice(by_kind[kind])
    discards = by_kind.get("discard")
    if not discards:
        return rng.choice(by_kind.get("pass") or list(moves))
    hand = [move.tile for move in discards]
    best: list[Move] = []
    fewest = 99
    for move in discards:
        left = list(hand)
        left.remove(move.tile)
        steps = riichienv.calculate_shanten(left)
        if steps < fewest:
            best, fewest = [move], steps
        elif steps == fewest:
            best.append(move)
    return rng.choice(best)


def never(kinds: frozenset[str], chooser: Chooser) -> Chooser:
    """``chooser`` among the moves not of ``kinds`` (there is always one: a discard or ``pass``)."""

    def choose(rng: random.Random, moves: tuple[Move, ...]) -> Move:
        return chooser(rng, tuple(move for move in moves if move.kind not in kinds))

    return choose


#: What :func:`eager` takes when it may, in this order, and how often.
_EAGER = (
    ("tsumo", 1.0),
    ("ron", 1.0),
    ("riichi", 1.0),
    ("kita", 1.0),
    ("closed_kan", 0.7),
    ("added_kan", 0.7),
    ("open_kan", 0.5),
    ("pon", 0.25),
    ("chi", 0.25),
    ("nine_terminals", 0.5),
)


def play(ruleset: str, seed: int, chooser_seed: int = 0, chooser: Chooser = uniform) -> Game:
    """One whole game of ``ruleset``'s riichienv preset, its walls shuffled from ``seed``, every move
    picked by ``chooser`` (with ``random.Random(chooser_seed)``) from the seat's sorted legal moves.
    The seats reacting to a discard decide in turn order from the discarder (as the ``Table`` asks
    them); riichienv takes their answers together."""
    env = env_for(ruleset, seed)
    players = env.num_players
    rng = random.Random(chooser_seed)
    hands: list[Hand] = []
    observations = env.reset()
    dealt = None
    while not env.done():
        if (env.round_wind, env.oya, env.honba) != dealt:  # a new hand: a hand's end changes one of them
            dealt = (env.round_wind, env.oya, env.honba)
            hands.append(Hand(env.oya, wall_at_deal(env), _dealt(env), tuple(env.scores())))
        hand = hands[-1]
        hand.replacements = env.rinshan_draw_count  # kans and kita; a replacement draw comes before a decision
        order = _turn_order(env, players)
        answers = {}
        for seat in sorted(observations, key=order):
            actions = observations[seat].legal_actions()
            legal = moves_of(env, seat, actions)
            chosen = chooser(rng, legal)
            hand.decisions.append(Decision(seat, legal, chosen))
            answers[seat] = _answer(env, seat, chosen, actions)
        left, replaced = len(env.wall), env.rinshan_draw_count
        held = _held(env) if left <= _NEAR_END else None
        observations = env.step(answers)
        if not env.done() and (env.round_wind, env.oya, env.honba) == dealt:
            _wall_events(env, hand, answers.values(), left, replaced)
        elif held is not None:
            hand.held = _after(held, answers)
    _results(env, hands, players)
    for hand in hands:
        hand.ours = wall_to_ours(hand.theirs, players, hand.replacements)
    return Game(ruleset, seed, chooser_seed, hands, tuple(env.scores()))


#: ``env.wall`` holds the live wall and the dead wall (14): the hands are kept from this many tiles on.
_NEAR_END = 24


def _held(env: Any) -> list[tuple[list[int], tuple[Any, ...]]]:
    return [(list(tiles), tuple(melds)) for tiles, melds in zip(env.hands, env.melds, strict=True)]


def _after(held: list[tuple[list[int], tuple[Any, ...]]], answers: dict[int, Any]) -> tuple[Any, ...]:
    """The hands ``held`` before a step, less the tile a seat discarded in it."""
    for seat, action in answers.items():
        if int(action.action_type) == int(AT.DISCARD):
            held[seat][0].remove(action.tile)
    return tuple((tuple(sorted(tiles)), melds) for tiles, melds in held)


def _dealt(env: Any) -> tuple[tuple[int, ...], ...]:
    hands = [list(hand) for hand in env.hands]
    hands[env.oya].remove(env.drawn_tile)
    return tuple(tuple(sorted(hand)) for hand in hands)


_KANS = {int(AT.ANKAN): True, int(AT.DAIMINKAN): False, int(AT.KAKAN): False}


def _wall_events(env: Any, hand: Hand, answers: Any, left: int, replaced: int) -> None:
    """What one step did to the wall (a hand that goes on): a kan, a kita or a discard, then the draw
    it led to (one tile less in ``env.wall``; a replacement when ``rinshan_draw_count`` rose)."""
    for action in answers:
        kind = int(action.action_type)
        if kind in _KANS:
            hand.wall_events.append(("kan", _KANS[kind]))
        elif kind == int(AT.KITA):
            hand.wall_events.append(("kita",))
        elif kind == int(AT.DISCARD):
            hand.wall_events.append(("discard",))
    if len(env.wall) == left - 1:
        drawn = "replacement" if env.rinshan_draw_count > replaced else "draw"
        hand.wall_events.append((drawn, env.drawn_tile))
    hand.wall_events.append(("dora", tuple(env.dora_indicators)))


def _answer(env: Any, seat: int, move: Move, actions: Sequence[Any]) -> Any:
    """The action to step with for ``move``; riichi is declared here first (its own step)."""
    steps = actions_of(move, actions)
    if len(steps) == 1:
        return steps[0]
    after = env.step({seat: steps[0]})
    discard = [action for action in after[seat].legal_actions() if move_of(action) == Move("discard", move.tile)]
    assert len(discard) == 1, f"after RIICHI, {move.tile} is {len(discard)} discards"
    return discard[0]


def _turn_order(env: Any, players: int) -> Callable[[int], int]:
    """Seats reacting to a discard (or an added kan) from the one after its player."""
    first = (env.current_player + 1) % players if env.phase == riichienv.Phase.WaitResponse else 0
    return lambda seat: (seat - first) % players


def _results(env: Any, hands: list[Hand], players: int) -> None:
    """Each hand's result from riichienv's log (read once: it is rebuilt on each read): the deltas
    of its ``hora`` events (several on a multiple ron) or its ``ryukyoku`` event, less 1,000 for each
    riichi accepted (``reach_accepted``). The next hand's starting scores less this one's say the
    same (tests/oracles/test_riichienv_play.py checks it); after the last hand, riichienv's final scores also
    hold the sticks left on the table, given to the top (a matter of the standings, not the hand)."""
    outcomes: list[tuple[list[int], list[int], str]] = []
    for event in env.mjai_log:
        kind = event["type"]
        if kind == "start_kyoku":
            outcomes.append(([0] * players, [], ""))
        elif kind == "reach_accepted":
            outcomes[-1][0][event["actor"]] -= 1000
        elif kind in ("hora", "ryukyoku"):
            deltas, winners, ended = outcomes[-1]
            for seat, delta in enumerate(event["deltas"]):
                deltas[seat] += delta
            if kind == "hora":
                winners.append(event["actor"])
                ended = "tsumo" if event["actor"] == event["target"] else "ron"
            else:
                ended = ENDINGS[event["reason"]]
            outcomes[-1] = (deltas, winners, ended)
    assert len(outcomes) == len(hands), f"{len(outcomes)} hands in the log, {len(hands)} dealt"
    for hand, (deltas, winners, ended) in zip(hands, outcomes, strict=True):
        hand.result = HandResult(tuple(deltas), tuple(winners), ended)


# --------------------------------------------------------------------------------------------- the Table


class Difference(NamedTuple):
    """The first place a ``Table`` replaying a recorded game parts from riichienv: hand ``hand`` (0
    first), decision ``decision`` of that hand (``None``: the hand's result), what differs
    (``seat``: another seat decides; ``legal``: other legal moves, ``theirs``/``ours`` the moves
    only riichienv / only the Table allows; ``result``: the hands' results; ``refused``: the Table
    refused riichienv's move, ``ours`` its reason)."""

    hand: int
    decision: int | None
    what: str
    theirs: Any
    ours: Any


def replay_on_table(
    game: Game, table: Any, ignore: frozenset[str] = frozenset(), tally: dict[str, int] | None = None
) -> Difference | Skipped | None:
    """Play ``game``'s recorded moves at ``table`` (a ``yakuset.riichi.Table`` made with
    ``wall=game.walls``), comparing at every decision the seat and its legal moves, and after every
    hand its result; the first difference, a :class:`Skipped` where a known rule difference (pure
    karaten) parts the scores, or ``None`` when everything agrees. A reaction the Table
    asks for whose only legal move is ``pass`` is played as ``pass`` and not compared: riichienv asks
    only seats that have more than ``pass``. riichienv asks every seat that may react at once; the
    Table, seat by seat, asks no one for a call once a seat has called ron: a riichienv reaction
    without ron after a ron in the same round is not compared, and one with ron is compared without
    its calls.

    Moves are compared by their tiles' names (:func:`same_tiles`): riichienv lists a call for each
    combination of copies (chi 18 with 21+24 and with 22+24, 21 and 22 both a plain 6m), the Table
    one for each combination of names; the Table plays its own move of the same names, so the copies
    the two hands keep may differ from then on, never their names.

    ``ignore``: move kinds left out of the comparison on both sides (for a Table that has no calls
    yet: a game played by :func:`never` those kinds); a decision left with only ``pass`` is then
    skipped (riichienv's) or played as ``pass`` (the Table's).

    ``tally``: counts ``decisions`` compared and ``hands`` whose results were compared."""
    tally = {} if tally is None else tally
    for number, hand in enumerate(game.hands):
        ron_made = False  # in this round of reactions
        for index, decision in enumerate(hand.decisions):
            theirs = tuple(move for move in decision.legal if move.kind not in ignore)
            if Move("pass") not in decision.legal:  # a turn, not a reaction
                ron_made = False
            elif ron_made and Move("ron") not in decision.legal:
                continue  # riichienv asks every seat at once; the Table stops asking for calls after a ron
            elif ron_made:  # and offers only ron and pass after one
                theirs = tuple(move for move in theirs if move.kind not in _CALL_KINDS)
            ron_made = ron_made or decision.chosen == Move("ron")
            if theirs == (Move("pass"),) and ignore:
                continue
            legal = _table_moves(table, ignore)
            while legal == (Move("pass"),) and decision.chosen.kind != "pass":
                table.play(type(table.legal_moves()[0])("pass"))
                legal = _table_moves(table, ignore)
            if table.to_move != decision.seat:
                return Difference(number, index, "seat", decision.seat, table.to_move)
            ours_by = {same_tiles(move): move for move in reversed(legal)}
            theirs_by = {same_tiles(move): move for move in theirs}
            if ours_by.keys() != theirs_by.keys():
                only_theirs = tuple(move for key, move in theirs_by.items() if key not in ours_by)
                only_ours = tuple(move for key, move in ours_by.items() if key not in theirs_by)
                if not only_ours and karaten_riichi(table, decision.seat, only_theirs):
                    return Skipped(number, PURE_KARATEN_RIICHI, (decision.seat,))
                return Difference(number, index, "legal", only_theirs, only_ours)
            tally["decisions"] = tally.get("decisions", 0) + 1
            move = ours_by[same_tiles(decision.chosen)]
            try:
                table.play(type(table.legal_moves()[0])(*move))
            except ValueError as refused:
                return Difference(number, index, "refused", move, str(refused))
        while len(table.hands) <= number and _table_moves(table, ignore) == (Move("pass"),):
            table.play(type(table.legal_moves()[0])("pass"))
        if len(table.hands) <= number:
            return Difference(number, None, "result", hand.result, "the hand goes on")
        ours = table_result(table.hands[number])
        tally["hands"] = tally.get("hands", 0) + 1
        if ours != hand.result:
            karaten = pure_karaten(hand, ours, table)
            if karaten:
                return Skipped(number, PURE_KARATEN, karaten)
            return Difference(number, None, "result", hand.result, ours)
    return None


class Skipped(NamedTuple):
    """A game whose comparison stopped at hand ``hand`` (0 first) on a known rule difference: ``reason``
    says which, ``seats`` whom it concerned. The later hands are not compared (the scores part)."""

    hand: int
    reason: str
    seats: tuple[int, ...]


PURE_KARATEN = (
    "pure karaten: at the exhaustive draw riichienv pays as tenpai a hand whose every wait is a tile its "
    "holder has all four of (docs/rules/riichi-table.md §6: noten)"
)


PURE_KARATEN_RIICHI = (
    "pure karaten: riichienv offers riichi with a discard that leaves a hand whose every wait is a tile its "
    "holder has all four of (docs/rules/riichi-table.md §6: no tenpai, no riichi)"
)

_MELD_TYPES = {"chi": "Chi", "pon": "Pon", "kan": "Daiminkan", "ankan": "Ankan"}


def is_pure_karaten(tiles: Sequence[int], melds: Sequence[Any], players: int) -> bool:
    """Whether a hand of 13 (less 3 a meld: riichienv ``Meld`` s) waits only on tiles its holder has
    all four of, in the hand or the melds: riichienv's ``get_waits`` (which does not count the copies
    left) finds waits, each of them held four times."""
    evaluator = riichienv.HandEvaluator if players == 4 else riichienv.HandEvaluator3P
    held = [tile >> 2 for tile in tiles] + [tile >> 2 for meld in melds for tile in meld.tiles]
    waits = evaluator(list(tiles), list(melds)).get_waits()
    return bool(waits) and all(held.count(kind) == 4 for kind in waits)


def karaten_riichi(table: Any, seat: int, moves: Sequence[Move]) -> bool:
    """Whether ``moves`` (riichienv's only) are all riichi, each leaving ``seat``'s hand at the
    ``Table`` pure karaten (:func:`is_pure_karaten`)."""
    if not moves or any(move.kind != "riichi" for move in moves):
        return False
    view = table.view(seat)
    melds = [
        riichienv.Meld(getattr(riichienv.MeldType, _MELD_TYPES[kind]), list(tiles), kind != "ankan")
        for kind, tiles in view.melds[seat]
    ]
    players = len(view.melds)
    for move in moves:
        tiles = list(view.hand)  # the Table's copies; the same names as riichienv's
        tiles.remove(next(tile for tile in tiles if _name(tile) == _name(move.tile)))
        if not is_pure_karaten(tiles, melds, players):
            return False
    return True


def pure_karaten(hand: Hand, ours: HandResult, table: Any) -> tuple[int, ...]:
    """The seats that make exactly the difference between riichienv's result of an exhaustive draw and
    the Table's (``ours``), when each is pure karaten: a hand of 13 whose waits (riichienv's
    ``get_waits``, which does not count the copies left) are all tiles the seat holds all four of, in
    its hand or its melds, paid by riichienv as tenpai and by the Table as noten. Empty when the
    difference is anything else. The Table's tenpai seats are its hand's ``end`` event's; the noten
    payments are docs/rules/riichi-table.md §4's (the total split among the noten seats and among the
    tenpai seats; nothing with none or all tenpai)."""
    theirs = hand.result
    if theirs is None or hand.held is None or not (ours.ended == theirs.ended == "exhaustive_draw"):
        return ()
    end = next(event for event in reversed(table.events) if event.type == "end")
    if end.nagashi:
        return ()
    players = len(hand.held)
    karaten = [
        seat
        for seat, (tiles, melds) in enumerate(hand.held)
        if seat not in end.tenpai and is_pure_karaten(tiles, melds, players)
    ]
    if not karaten:
        return ()
    total = table.rules.table.noten_payments
    before = _noten_payments(total, players, set(end.tenpai))
    after = _noten_payments(total, players, set(end.tenpai) | set(karaten))
    expected = tuple(d - b + a for d, b, a in zip(ours.deltas, before, after, strict=True))
    return tuple(karaten) if expected == theirs.deltas else ()


def _noten_payments(total: int, players: int, tenpai: set[int]) -> list[int]:
    if len(tenpai) in (0, players):
        return [0] * players
    gain, loss = total // len(tenpai), total // (players - len(tenpai))
    return [gain if seat in tenpai else -loss for seat in range(players)]


_CALL_KINDS = frozenset({"chi", "pon", "open_kan"})

#: The red fives' wall tiles in every preset (copy 0 of 5m, 5p, 5s; sanma has no 5m).
RED_FIVES = frozenset({16, 52, 88})


def _name(tile: int) -> int:
    """A wall tile's name as a number: its kind, twice, plus one for a red five."""
    return (tile >> 2) * 2 + (tile in RED_FIVES)


def same_tiles(move: Move) -> tuple[str, int | None, tuple[int, ...]]:
    """``move`` with each tile replaced by its name (kind, and red or not): moves that differ only in
    which copy of a tile they take are the same move."""
    tile = None if move.tile is None else _name(move.tile)
    return (move.kind, tile, tuple(sorted(_name(t) for t in move.tiles)))


def _table_moves(table: Any, ignore: frozenset[str]) -> tuple[Move, ...]:
    moves = (Move(move.kind, move.tile, tuple(move.tiles)) for move in table.legal_moves() if move.kind not in ignore)
    return tuple(sorted(moves, key=move_key))


def table_result(finished: Any) -> HandResult:
    """A ``Table``'s finished hand (``TableHand``: the state before, its ending, its settlement) as a
    :class:`HandResult`."""
    before, after = finished.state.scores, finished.settlement.state.scores
    winners = tuple(finished.settlement.winners) if finished.ending in ("ron", "tsumo") else ()
    deltas = tuple(b - a for a, b in zip(before, after, strict=True))
    return HandResult(deltas, winners, finished.ending)
