"""The ``human`` Riichi bot: plays with the habits people show at the table (issue 44).

It sees the game through its seat's :class:`yakuset.riichi.View` only and counts its discards by
:func:`yakuset.riichi.tile_efficiency`, as ``efficiency`` does; on top of that it has habits,
each a named parameter of :class:`Habits` whose default comes from calibration against
Tenhou's houou room (``bench/realism.py``; the habits' table is in docs/tour.md):

- *push or fold*: against a riichi or a threatening open hand, a hand far from tenpai (or a
  cheap one-shanten or bad-wait tenpai hand) discards the safest tile instead: genbutsu (the
  threat's own discards, and every tile passed after its riichi, which it can no longer ron),
  then suji and kabe (each two-sided wait that could take the tile ruled out), honours by how
  many copies are seen, terminals (:func:`danger`); a tenpai, wide or valuable hand pushes.
- *calls*: pons a value honour (dragons, seat and round wind) unless the hand stays cheap and
  slow (Riichi Book 1, ch. 9); where the rule set counts tanyao in an open hand
  (``wins.open_tanyao``), chis and pons simples when the hand is all simples or nearly and holds
  dora; plays for a flush and calls its suit; with a value-honour triplet, any call that brings
  the hand nearer tenpai. It plays only the legal moves the table offers (kuikae and atozuke
  are the table's; ``pair_calls`` reads ``wins.atozuke``).
- *riichi*: stays dama with an expensive hand that has a yaku (Riichi Book 1, ch. 7), declares
  riichi otherwise, a bad wait included, but not late in the hand; keeps its dora.
- *tenpai at the draw*: late in the hand, when folding under a rule set that pays noten
  (``draws.noten_payments``), keeps tenpai with a discard that is safe enough.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from yakuset import RuleSet
from yakuset.riichi import DRAGONS, Efficiency, Move, View, discard_choices, rules_of, tile_efficiency

_WIND_TILE = {"east": 27, "south": 28, "west": 29, "north": 30}
_SEAT_WINDS = ("east", "south", "west", "north")
_WINS = ("tsumo", "ron")
_CALLS = ("chi", "pon")
#: Whether each tile kind is a simple (2-8 of a suit).
_SIMPLE = tuple(kind < 27 and kind % 9 not in (0, 8) for kind in range(34))


@dataclass(frozen=True)
class Habits:
    """The habits of the ``human`` bot, each a number its play reads (defaults: calibrated
    against Tenhou's houou room, bench/realism.py).

    - ``fold_shanten``: facing a threat, a hand this many tiles or more from tenpai folds.
    - ``push_han``: facing a threat, a one-shanten hand (or a tenpai hand with a bad wait) worth
      fewer han than this (dora included, riichi not) folds; worth this or more, it pushes.
    - ``push_accepted``: a one-shanten hand that many tiles bring to tenpai pushes, however cheap.
    - ``open_push_han``: as ``push_han`` when the threats are open hands only.
    - ``threat_melds``: an open hand (no riichi) with this many melds is a threat when one of them
      is a value-honour triplet or holds a dora; ``threat_melds + 1`` melds always are.
    - ``good_wait``: a wait of at least this many unseen tiles is good.
    - ``dama_han``: a closed tenpai hand with a yaku worth at least this many han (dora
      included, riichi not) stays dama; else it declares riichi, whatever its wait.
    - ``riichi_until``: a closed tenpai hand declares riichi only while at least this many tiles
      are left in the live wall; later it stays dama.
    - ``tanyao_outside``: where open tanyao counts, a chi or pon of simples is made when the
      hand after it holds at most this many terminals and honours (and it brings the hand nearer
      tenpai).
    - ``tanyao_shanten``: and when the hand after it is at most this far from tenpai.
    - ``tanyao_dora``: and when the hand holds at least this many dora (red fives included).
    - ``flush_outside``: a hand with at most this many tiles outside its longest suit and the
      honours (and its melds in that suit or honours) plays for a flush: it calls that suit's
      tiles and honours when the call brings it nearer tenpai.
    - ``pair_calls``: a hand with a value-honour pair makes any call that brings it nearer
      tenpai (the rule set's atozuke decides whether it may then win without the pon).
    - ``slow_accepted``: a value honour is ponned unless the hand stays cheap and slow: two or
      more from tenpai after the pon, no dora, and fewer than this many tiles to advance it.
    - ``behind_from``: in the last round wind of the game, a seat placed this or lower (1 first)
      makes a tanyao call with one terminal or honour more, however far it is ...
    - ``behind_uma``: ... where climbing one place gains at least this much uma (the rule set's
      ``points.uma``: at tenhou 20,000 from third to second, 10,000 from last to third; with no
      uma, a place is worth no hurry).
    - ``dora_worth``: a dora is discarded only when that accepts at least this many tiles more
      than the best discard of another kind that leaves the hand as near tenpai.
    - ``tenpai_keep``: with at most this many tiles left in the live wall, a folding tenpai hand
      keeps tenpai where noten is paid, if a tenpai discard's danger is at most ``keep_danger``.
    - ``keep_danger``: the danger (:func:`danger`) a tenpai-keeping discard may have.
    """

    fold_shanten: int = 3
    push_han: int = 3
    open_push_han: int = 2
    push_accepted: int = 20
    threat_melds: int = 3
    good_wait: int = 5
    dama_han: int = 4
    riichi_until: int = 25
    tanyao_outside: int = 1
    tanyao_shanten: int = 2
    tanyao_dora: int = 2
    flush_outside: int = 5
    slow_accepted: int = 24
    pair_calls: bool = False
    behind_from: int = 3
    behind_uma: int = 10_000
    dora_worth: int = 100
    tenpai_keep: int = 12
    keep_danger: int = 4


#: The habits the ``human`` bot plays with.
HABITS = Habits()


class _Rules:
    """What the bot reads of a rule set, once."""

    __slots__ = ("open_tanyao", "atozuke", "noten_paid", "dora_of", "reds", "last_wind", "uma", "return_points")

    def __init__(self, rs: RuleSet) -> None:
        table = rules_of(rs).table
        self.open_tanyao = table.open_tanyao
        self.atozuke = table.atozuke
        self.noten_paid = table.noten_payments > 0
        self.dora_of = table.dora_of
        #: The red fives' wall tiles: a five's lowest copies (man, pin, sou).
        self.reds = frozenset(
            (4 + 9 * suit) * 4 + copy for suit, count in enumerate(table.red_fives) for copy in range(count)
        )
        #: The game's last regular round wind: east in a tonpuusen, south in a hanchan.
        self.last_wind = "east" if table.winds == 1 else "south"
        #: The uma by place, keyed by how many players are at or above ``return_points``.
        self.uma = table.uma
        self.return_points = table.return_points


class HumanBot:
    """Plays as people do at Tenhou's houou room (:class:`Habits`): folds against a threat with a
    far hand, calls value honours and tanyao, stays dama with a good hand, keeps tenpai late."""

    def __init__(self, rs: RuleSet, rng: random.Random, habits: Habits = HABITS) -> None:
        self.habits = habits
        self.rules = _Rules(rs)
        self._state: object = None
        self._passed_from: list[list[int] | None] = []  # per seat: each seat's discards after its riichi

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        for move in moves:
            if move.kind in _WINS:
                return move
        self._follow(view)
        if moves[-1].kind == "pass":
            return self._react(view, moves)
        discards, riichi = discard_choices(moves)
        if len(discards) == 1 and not riichi:  # after riichi: the drawn tile
            return next(iter(discards.values()))
        if not discards:
            return moves[-1]
        return self._discard(view, discards, riichi)

    # --- what the bot keeps of the hand ---------------------------------------------------------

    def _follow(self, view: View) -> None:
        """Note, per hand, where each riichi's passed tiles begin (every seat's discards from
        the first time this bot saw the riichi: a tile passed then cannot win it)."""
        state = view.state
        if state is not self._state:
            self._state = state
            self._passed_from = [None] * len(state.scores)
        flags = view.riichi
        for seat, flag in enumerate(flags):
            if flag and self._passed_from[seat] is None:
                self._passed_from[seat] = [len(d) for d in view.discards]

    # --- a discard --------------------------------------------------------------------------------

    def _discard(self, view: View, discards: dict[int, Move], riichi: dict[int, Move]) -> Move:
        ranked = tile_efficiency(view)
        threats = _threats(view, self._passed_from, self.habits.threat_melds, self.rules)
        if threats:
            best = next((e for e in ranked if e.kind in discards), ranked[0])
            han = hand_han(view, self.rules)
            riichi_threat = any(flag for seat, flag in enumerate(view.riichi) if seat != view.seat)
            if self._folds(best, han, riichi_threat):
                return self._fold(view, ranked, discards, threats)
        if riichi and view.live_left < self.habits.riichi_until:
            riichi = {}  # late: tenpai stays dama (a hand without a yaku keeps it for the draw)
        if riichi:
            for found in ranked:
                chosen = riichi.get(found.kind)
                if chosen is not None:
                    if self._dama(view, found):
                        return discards.get(found.kind, chosen)
                    return chosen
        for found in self._plan(view, ranked):
            chosen = discards.get(found.kind)
            if chosen is not None:
                return chosen
        return next(iter(discards.values()))

    def _folds(self, best: Efficiency, han: int, riichi_threat: bool) -> bool:
        """Whether a hand whose best discard is ``best``, worth ``han``, folds against a threat
        (a riichi among them, or only open hands)."""
        habits = self.habits
        if best.shanten >= habits.fold_shanten:
            return True
        least = habits.push_han if riichi_threat else habits.open_push_han
        if best.shanten >= 1:
            return han < least and best.accepted < habits.push_accepted
        return han < least and best.accepted < habits.good_wait

    def _fold(self, view: View, ranked: list[Efficiency], discards: dict[int, Move], threats: list[bytes]) -> Move:
        """The safest discard (ties: the most efficient); late, where noten is paid, a
        tenpai-keeping discard that is safe enough."""
        seen = visible(view)
        order = {e.kind: index for index, e in enumerate(ranked)}
        scored = sorted(
            (max(danger(kind, safe, seen) for safe in threats), order.get(kind, 99), kind) for kind in discards
        )
        habits = self.habits
        if self.rules.noten_paid and view.live_left <= habits.tenpai_keep:
            tenpai = {e.kind for e in ranked if e.shanten == 0}
            for risk, _, kind in scored:
                if kind in tenpai and risk <= habits.keep_danger:
                    return discards[kind]
        return discards[scored[0][2]]

    def _dama(self, view: View, found: Efficiency) -> bool:
        """Whether the tenpai left by discarding ``found.kind`` stays dama: a hand worth
        ``dama_han`` with a yaku of its own (Riichi Book 1, ch. 7: an expensive hand may stay
        dama whatever its wait)."""
        counts = bytearray(view.counts)
        counts[found.kind] -= 1
        yaku, dora = _yaku_and_dora(view, bytes(counts), self.rules)
        return yaku > 0 and yaku + dora >= self.habits.dama_han

    def _plan(self, view: View, ranked: list[Efficiency]) -> list[Efficiency]:
        """``ranked`` as the hand's plan orders it: a dora is kept unless its discard accepts
        ``dora_worth`` more tiles than the best other as near; an open hand without a
        value-honour triplet plays for a flush (its other suits' tiles go first among equally
        near discards) or for tanyao (its terminals and honours go first)."""
        ranked = self._keeping_dora(view, ranked)
        own = view.melds[view.seat]
        if not own or _has_value_triplet(view, own):
            return ranked
        suit = flush_suit(view, view.counts, self.habits.flush_outside)
        lowest = ranked[0].shanten
        if suit is not None:
            off = [e for e in ranked if e.shanten == lowest and e.kind < 27 and e.kind // 9 != suit]
        else:
            off = [e for e in ranked if e.shanten == lowest and not _SIMPLE[e.kind]]
        return off + ranked if off else ranked

    def _keeping_dora(self, view: View, ranked: list[Efficiency]) -> list[Efficiency]:
        dora = {self.rules.dora_of[tile >> 2] for tile in view.dora_indicators}
        counts = view.counts
        reds = self.rules.reds
        dora.update(tile >> 2 for tile in view.hand if tile in reds and counts[tile >> 2] == 1)  # a lone red five
        best = ranked[0]
        if best.kind not in dora:
            return ranked
        other = next((e for e in ranked if e.kind not in dora and e.shanten == best.shanten), None)
        if other is None or best.accepted - other.accepted >= self.habits.dora_worth:
            return ranked
        return [other, *ranked]

    # --- a call -----------------------------------------------------------------------------------

    def _react(self, view: View, moves: Sequence[Move]) -> Move:
        passing = moves[-1]
        calls = [move for move in moves if move.kind in _CALLS and move.tile is not None]
        if not calls:
            return passing
        threats = _threats(view, self._passed_from, self.habits.threat_melds, self.rules)
        shanten = view.shanten
        if threats and shanten >= self.habits.fold_shanten:
            return passing
        valued = value_honours(view)
        for move in calls:
            if cast(int, move.tile) >> 2 in valued:  # a value honour: Riichi Book 1's judgement alone
                if move.kind == "pon" and self._pons_value(view, move):
                    return move
            elif self._calls(view, move, shanten):
                return move
        return passing

    def _value_held(self, view: View) -> bool:
        """Whether the concealed hand holds a value-honour triplet (Riichi Book 1, ch. 9, "Melding
        judgement 4": such a hand may meld whenever that advances it), or, with ``pair_calls``,
        a value-honour pair (its yaku comes with a later pon or the win on it)."""
        counts = view.counts
        least = 2 if self.habits.pair_calls and self.rules.atozuke else 3
        return any(counts[kind] >= least for kind in value_honours(view))

    def _pons_value(self, view: View, move: Move) -> bool:
        """Whether to pon a value honour: unless the hand stays both cheap and slow (Riichi Book
        1, ch. 9: two or more from tenpai after the pon, no dora, and few tiles to advance it)."""
        after = _After(view, move)
        best = tile_efficiency(cast(View, after))[0]
        if best.shanten <= 1 or best.accepted >= self.habits.slow_accepted:
            return True
        return _yaku_and_dora(view, view.counts, self.rules)[1] > 0

    def _calls(self, view: View, move: Move, shanten: int) -> bool:
        """Whether to make the chi or pon ``move`` of a hand ``shanten`` from tenpai: with a
        value-honour triplet already, or for a flush of the called tile's suit, when it brings
        the hand nearer; for tanyao, when the rule set counts it open, the hand is all simples or
        nearly and holds dora."""
        habits, rules = self.habits, self.rules
        own = view.melds[view.seat]
        tile = cast(int, move.tile) >> 2
        after = _After(view, move)
        if _has_value_triplet(view, own) or self._value_held(view):
            return _best(after) < shanten
        suit = flush_suit(view, view.counts, habits.flush_outside)
        if suit is not None and (tile >= 27 or tile // 9 == suit):
            return _best(after) < shanten
        if not rules.open_tanyao or not _SIMPLE[tile]:
            return False
        if not all(_SIMPLE[t >> 2] for _, tiles in own for t in tiles):
            return False
        behind = self._behind(view)
        outside = sum(count for kind, count in enumerate(after.counts) if count and not _SIMPLE[kind])
        if outside > habits.tanyao_outside + behind:
            return False
        near = _best(after)
        if near >= shanten or not (behind or near <= habits.tanyao_shanten):
            return False
        return _yaku_and_dora(view, view.counts, rules)[1] >= habits.tanyao_dora

    def _behind(self, view: View) -> bool:
        """Whether this seat is placed ``behind_from`` or lower in the game's last round wind,
        where climbing a place gains ``behind_uma`` or more."""
        state = view.state
        if state.round_wind != self.rules.last_wind:
            return False
        scores = state.scores
        mine = scores[view.seat]
        place = 1 + sum(score > mine for score in scores)
        if place < self.habits.behind_from:
            return False
        uma = self.rules.uma[sum(score >= self.rules.return_points for score in scores)]
        return uma[place - 2] - uma[place - 1] >= self.habits.behind_uma


# --- reading the table ------------------------------------------------------------------------------


def value_honours(view: View) -> set[int]:
    """The honour tiles whose triplet is a yaku for ``view``'s seat: dragons, seat and round wind."""
    state = view.state
    seat_wind = _SEAT_WINDS[(view.seat - state.dealer) % len(state.scores)]
    return {*DRAGONS, _WIND_TILE[seat_wind], _WIND_TILE[state.round_wind]}


def _has_value_triplet(view: View, melds: Sequence[tuple[str, tuple[int, ...]]]) -> bool:
    valued = value_honours(view)
    return any(kind != "chi" and tiles[0] >> 2 in valued for kind, tiles in melds)


def flush_suit(view: View, counts: bytes, outside: int) -> int | None:
    """The suit (0-2) ``view``'s hand plays a flush in: its melds all of that suit or honours,
    and at most ``outside`` of its concealed tiles (``counts``) of the other suits; else ``None``."""
    own = view.melds[view.seat]
    by_suit = [sum(counts[9 * suit : 9 * suit + 9]) for suit in range(3)]
    suit = max(range(3), key=by_suit.__getitem__)
    if sum(by_suit) - by_suit[suit] > outside:
        return None
    for _, tiles in own:
        kind = tiles[0] >> 2
        if kind < 27 and kind // 9 != suit:
            return None
    return suit


def visible(view: View) -> bytearray:
    """How many copies of each tile kind ``view``'s seat sees: its hand, every discard and meld,
    the dora indicators."""
    seen = bytearray(view.counts)
    for melds in view.melds:
        for _, tiles in melds:
            for tile in tiles:
                seen[tile >> 2] += 1
    for discards in view.discards:
        for tile in discards:
            seen[tile >> 2] += 1
    for tile in view.dora_indicators:
        seen[tile >> 2] += 1
    return seen


def _threats(view: View, passed_from: Sequence[list[int] | None], melds: int, rules: _Rules) -> list[bytes]:
    """For each other seat that threatens (a riichi, or an open hand of ``melds`` melds with a
    value-honour triplet or a dora, or of more melds), its genbutsu by tile kind (1: safe): its
    own discards, and after its riichi every tile passed since."""
    found = []
    discards = view.discards
    all_melds = view.melds
    dora: set[int] | None = None
    for seat, flag in enumerate(view.riichi):
        if seat == view.seat:
            continue
        if not flag:
            shown = all_melds[seat]
            if len(shown) < melds:
                continue
            if len(shown) == melds:
                if dora is None:
                    dora = {rules.dora_of[tile >> 2] for tile in view.dora_indicators}
                if not _loud(view, shown, dora):
                    continue
        safe = bytearray(34)
        for tile in discards[seat]:
            safe[tile >> 2] = 1
        start = passed_from[seat] if flag else None
        if start is not None:
            for other, tiles in enumerate(discards):
                for tile in tiles[start[other] :]:
                    safe[tile >> 2] = 1
        found.append(bytes(safe))
    return found


def _loud(view: View, melds: Sequence[tuple[str, tuple[int, ...]]], dora: set[int]) -> bool:
    """Whether open melds show a value: a value-honour triplet or a dora."""
    if _has_value_triplet_of(view, melds):
        return True
    return any(tile >> 2 in dora for _, tiles in melds for tile in tiles)


def _has_value_triplet_of(view: View, melds: Sequence[tuple[str, tuple[int, ...]]]) -> bool:
    """A value-honour triplet among ``melds`` for any seat: dragons or the round wind."""
    state = view.state
    valued = {*DRAGONS, _WIND_TILE[state.round_wind]}
    return any(kind != "chi" and tiles[0] >> 2 in valued for kind, tiles in melds)


def danger(kind: int, safe: bytes, seen: bytes | bytearray) -> int:
    """How dangerous discarding ``kind`` is against a seat whose genbutsu are ``safe`` (0-33 by
    kind, 1 safe), ``seen`` the copies of each kind visible: 0 genbutsu; an honour by the copies
    left unseen (0: 0, 1: 1, 2: 4, 3: 7); a number tile 2 (terminal), 3 (two or eight) or 4,
    plus 6 for each two-sided wait that could take it and neither suji (the tile three away is
    genbutsu) nor kabe (all four of a tile that wait needs are seen) rules out."""
    if safe[kind]:
        return 0
    if kind >= 27:
        return (0, 1, 4, 7, 7)[max(0, 4 - seen[kind])]
    number = kind % 9
    risk = 2 if number in (0, 8) else 3 if number in (1, 7) else 4
    if number >= 3 and not (safe[kind - 3] or seen[kind - 1] >= 4 or seen[kind - 2] >= 4):
        risk += 6
    if number <= 5 and not (safe[kind + 3] or seen[kind + 1] >= 4 or seen[kind + 2] >= 4):
        risk += 6
    return risk


def hand_han(view: View, rules: _Rules) -> int:
    """The han ``view``'s hand shows now (riichi not counted): its yaku and its dora."""
    yaku, dora = _yaku_and_dora(view, view.counts, rules)
    return yaku + dora


def _yaku_and_dora(view: View, counts: bytes, rules: _Rules) -> tuple[int, int]:
    """The han of the yaku the tiles ``counts`` with the seat's melds show (value-honour
    triplets, tanyao, a flush) and of their dora and red fives."""
    every = bytearray(counts)
    own = view.melds[view.seat]
    tiles_shown: list[int] = list(view.hand)
    for _, tiles in own:
        tiles_shown.extend(tiles)
        for tile in tiles:
            every[tile >> 2] += 1
    closed = all(kind == "ankan" for kind, _ in own)
    dora = sum(every[rules.dora_of[tile >> 2]] for tile in view.dora_indicators)
    dora += sum(tile in rules.reds for tile in tiles_shown)
    yaku = 0
    state = view.state
    seat_wind = _WIND_TILE[_SEAT_WINDS[(view.seat - state.dealer) % len(state.scores)]]
    for kind in (*DRAGONS, seat_wind, _WIND_TILE[state.round_wind]):
        yaku += every[kind] >= 3
    if all(_SIMPLE[kind] or not count for kind, count in enumerate(every)) and (closed or rules.open_tanyao):
        yaku += 1
    suits = {kind // 9 for kind in range(27) if every[kind]}
    if len(suits) == 1:
        honours = any(every[27:])
        yaku += (3 if honours else 6) - (not closed)
    return yaku, dora


class _After:
    """What :func:`yakuset.riichi.tile_efficiency` reads of a view, after a call by its seat."""

    __slots__ = ("seat", "counts", "copies", "melds", "discards", "dora_indicators")

    def __init__(self, view: View, move: Move) -> None:
        counts = bytearray(view.counts)
        for tile in move.tiles:
            counts[tile >> 2] -= 1
        melds = list(view.melds)
        called = (move.kind, tuple(sorted((*move.tiles, cast(int, move.tile)))))
        melds[view.seat] = (*melds[view.seat], called)
        self.seat = view.seat
        self.counts = bytes(counts)
        self.copies = view.copies
        self.melds = tuple(melds)
        self.discards = view.discards
        self.dora_indicators = view.dora_indicators


def _best(after: _After) -> int:
    """The shanten after the call and its best discard."""
    return tile_efficiency(cast(View, after))[0].shanten


__all__ = ["HABITS", "Habits", "HumanBot", "danger", "hand_han", "value_honours", "visible"]
