"""Whole Koi-Koi matches between bots, played fast enough for balance studies.

This is the referee's rules (``_referee``) in a form built for speed: the captured piles are
running sums of card weights (``_tables``), so a turn costs a few dictionary lookups and one
look-up of what the pile makes, and nothing is checked that the code itself guarantees. What
a plugin decides (lucky hands at the deal, Dealer's Privilege, the match end) is asked through
the same hooks, and the award comes from :func:`yakuset.koikoi.award`.
``tests/test_koikoi_simulation.py`` plays the same matches through the referee and requires
the same events.

A match is played from one seed: match ``i`` of a study uses :func:`match_seed` (seed, i). The
deck's shuffles come from one random stream and each bot's choices from its own, so the same
seed deals the same cards to bots of any kind.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._core.errors import InputError
from ._award import award
from ._rules import KoikoiRules, koikoi_rules
from ._tables import Tables, tables
from ._tally import Tally

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet
    from ._bots import Bot

#: The players' names in simulated matches, by seat.
SEATS = ("a", "b")


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a study seeded ``seed``: independent of how the matches are
    split among processes, and far apart for neighbouring indices."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """How one round ended. Seats are 0 and 1 (``SEATS``); ``kind`` is what ended it: ``shobu``,
    ``automatic_shobu``, ``lucky_hand``, ``draw`` (decided at the deal) or ``exhaustive_draw``;
    ``yaku`` are the ids in the winner's hand when the round was won by yaku."""

    month: int
    dealer: int
    kind: str
    winner: int | None
    points: int
    yaku: tuple[str, ...]
    offers: tuple[int, int]
    calls: tuple[int, int]
    redeals: int


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match: the first dealer's seat, each round, the totals and the winner's seat
    (``None`` for a tie)."""

    first_dealer: int
    rounds: tuple[RoundRecord, ...]
    totals: tuple[int, int]
    winner: int | None


@dataclass(frozen=True, slots=True, eq=False)
class Deck:
    """What a simulation needs of a rule set's deck, looked up once per rule set."""

    rules: KoikoiRules
    tables: Tables
    cards: tuple[str, ...]
    month_of: dict[str, int]
    weights: dict[int, dict[str, int]]  # round month -> card id -> weight
    brights: dict[int, frozenset[str]]  # round month -> the cards the award's field_brights counts


@functools.lru_cache(maxsize=64)
def _deck(rules: KoikoiRules) -> Deck:
    compiled = tables(rules)
    cards = tuple(rules.cards)
    roles = rules.roles[0]
    return Deck(
        rules,
        compiled,
        cards,
        {card.id: card.month for card in rules.cards.values()},
        {month: compiled.months[month].weights for month in rules.months},
        {
            month: frozenset(c.id for c in rules.cards.values() if rules.field_brights.matches(c, month, roles))
            for month in rules.months
        },
    )


class RoundState:
    """A round being played: what each seat holds and has captured. Bots read it through a
    :class:`yakuset.koikoi.View`."""

    __slots__ = (
        "banked",
        "bases",
        "calls",
        "captured",
        "deck",
        "dealer",
        "field",
        "field_brights",
        "by_month",
        "hands",
        "month",
        "number",
        "stock",
        "totals",
        "turns",
        "weights",
        "match_totals",
    )

    def __init__(self, deck: Deck, month: int, number: int, dealer: int, order: list[str], match_totals: list[int]):
        rules = deck.rules
        size, field_size = rules.hand_cards, rules.field_cards
        # Dealt as the referee's scripts deal: the dealer's hand, the other's, then the field.
        first, second = order[:size], order[size : 2 * size]
        self.hands = [first, second] if dealer == 0 else [second, first]
        self.field = order[2 * size : 2 * size + field_size]
        self.stock = order[2 * size + field_size :]
        self.stock.reverse()  # the top card is popped from the end
        self.field_brights = sum(1 for card in self.field if card in deck.brights[month])
        # The field by month, each month's cards in the order they came: a card's matches are
        # one look-up.
        self.by_month: dict[int, list[str]] = {m: [] for m in deck.rules.months}
        month_of = deck.month_of
        for card in self.field:
            self.by_month[month_of[card]].append(card)
        self.deck, self.month, self.number, self.dealer = deck, month, number, dealer
        self.weights = deck.weights[month]
        self.captured: list[list[str]] = [[], []]
        self.totals = [0, 0]
        self.bases = [0, 0]
        self.banked = [0, 0]
        self.calls = [0, 0]
        self.turns = [0, 0]
        self.match_totals = match_totals

    def base_of(self, total: int, calls: int) -> int:
        """The base of a pile whose weights sum to ``total`` (the best way of counting dual cards)."""
        tables = self.deck.tables
        best = tables.plan(0, total, calls).base
        if len(tables.rules.roles) == 1:
            return best
        for way in range(1, len(tables.rules.roles)):
            other = tables.plan(way, total, calls).base
            if other > best:
                best = other
        return best


def _deal(rs: RuleSet, state: RoundState) -> tuple[str, int | None, int] | None:
    """What the deal decides at once, as the referee asks the plugins: ``("redeal", None, 0)``,
    ``("draw", None, 0)``, ``("lucky_hand", seat, points)`` or ``None`` to play."""
    table = state.deck.rules.table
    months = list(map(state.deck.month_of.__getitem__, state.field))
    counts = [months.count(m) for m in set(months)]
    if 4 in counts:
        if table.field_four == "redeal":
            return ("redeal", None, 0)
        if table.field_four != "play_on":
            raise InputError(f"{rs.id}: simulated matches do not play `match.field_four: {table.field_four}`")
    elif table.field_pairs == "redeal" and counts and all(n == 2 for n in counts):
        return ("redeal", None, 0)
    hook = rs.hook
    dealer = state.dealer
    hands = {SEATS[dealer]: tuple(state.hands[dealer]), SEATS[1 - dealer]: tuple(state.hands[1 - dealer])}
    lucky = {}
    for name, hand in hands.items():  # the dealer first
        found = hook.yakuset_lucky_hand(ruleset=rs, hand=hand)
        if found is not None:
            lucky[name] = found
    outcome = hook.yakuset_deal(ruleset=rs, hands=hands, field=tuple(state.field), dealer=SEATS[dealer], lucky=lucky)
    if outcome is None:
        if len(lucky) != 1:
            return None
        name, found = next(iter(lucky.items()))
        return ("lucky_hand", SEATS.index(name), found.points)
    if outcome.kind == "lucky_hand":
        points = outcome.award.points if outcome.award is not None else 0
        return ("lucky_hand", SEATS.index(outcome.winner), points)
    return (outcome.kind, None, 0)


#: What :func:`play_match` writes to its ``log``: ``("deal", hands by seat, field)``,
#: ``("turn", seat, cards captured)``, ``("answer", seat, "koikoi" or "shobu")``.
LogEntry = tuple[str, Any, Any]


def play_round(
    rs: RuleSet,
    deck: Deck,
    month: int,
    number: int,
    dealer: int,
    rng: random.Random,
    bots: Sequence[Bot],
    views: Sequence[Any],
    match_totals: list[int],
    log: list[LogEntry] | None = None,
) -> RoundRecord:
    """Deal (again while the plugins ask for a redeal) and play one round to its end."""
    rules = deck.rules
    redeals = 0
    cards = deck.cards
    draw = rng.random
    while True:
        # A uniform shuffle: the cards sorted by independent uniform keys (half the time of
        # random.shuffle, which draws a bounded integer per card in Python code).
        order = sorted(cards, key=lambda _: draw())
        state = RoundState(deck, month, number, dealer, order, match_totals)
        if log is not None:
            log.append(("deal", (tuple(state.hands[0]), tuple(state.hands[1])), tuple(state.field)))
        decided = _deal(rs, state)
        if decided is None or decided[0] != "redeal":
            break
        redeals += 1
        if redeals > 100:
            raise InputError(f"{rs.id}: the deal was redone 100 times; its redeal rules never let a round start")
    for view in views:
        view._state = state
    if decided is not None:
        kind, winner, points = decided
        if kind == "lucky_hand":
            return RoundRecord(month, dealer, kind, winner, points, (), (0, 0), (0, 0), redeals)
        return RoundRecord(month, dealer, kind, None, 0, (), (0, 0), (0, 0), redeals)
    month_of = deck.month_of
    weights = state.weights
    by_month = state.by_month
    stock = state.stock
    hands, captured, totals, bases, banked, calls, turns = (
        state.hands,
        state.captured,
        state.totals,
        state.bases,
        state.banked,
        state.calls,
        state.turns,
    )
    base_of = state.base_of
    table = rules.table
    limit = table.call_limit
    per_round = table.limit_scope == "round"
    new_yaku = table.offer_on == "new_yaku"
    minimum = table.minimum_base
    if table.weather or table.on_exhaustive_draw != "forfeit":
        raise InputError(f"{rs.id}: simulated matches do not play weather or `calls.on_exhaustive_draw: score`")
    banked_ids: list[frozenset[str]] = [frozenset(), frozenset()]
    last = rules.hand_cards
    offers = [0, 0]
    seat = dealer
    while True:
        bot, view = bots[seat], views[seat]
        played = bot.play(view)
        hands[seat].remove(played)  # a card not in the hand is the bot's error: ValueError
        pile = captured[seat]
        before = len(pile)
        card = played
        for turned in (False, True):  # the played card, then the stock's top card
            if turned:
                card = stock.pop()
            matches = by_month[month_of[card]]
            if not matches:
                matches.append(card)
                continue
            pile.append(card)
            if len(matches) == 2:
                chosen = bot.capture(view, card, tuple(matches))
                if chosen not in matches:
                    raise InputError(f"bot {type(bot).__name__} chose {chosen!r}, not one of {matches}")
                matches.remove(chosen)
                pile.append(chosen)
            else:
                pile.extend(matches)
                matches.clear()
        turns[seat] += 1
        if log is not None:
            log.append(("turn", seat, tuple(pile[before:])))
        if len(pile) > before:
            total = totals[seat]
            for card in pile[before:]:
                total += weights[card]
            totals[seat] = total
            bases[seat] = base_of(total, calls[seat])
        if new_yaku:
            counted = state.deck.tables.best(totals[seat], calls[seat])[1].counted
            rose = any(ident not in banked_ids[seat] for _, ident, _, _ in counted)
        else:
            rose = bases[seat] > banked[seat]
        if rose and bases[seat] >= minimum:
            used = calls[0] + calls[1] if per_round else calls[seat]
            if turns[seat] == last or (limit is not None and used >= limit):
                return _won(rs, state, seat, "automatic_shobu", offers, redeals)
            offers[seat] += 1
            called = bot.koikoi(view)
            if log is not None:
                log.append(("answer", seat, "koikoi" if called else "shobu"))
            if not called:
                return _won(rs, state, seat, "shobu", offers, redeals)
            calls[seat] += 1
            # As the referee: measured with the call counted, so a yaku worth more after a
            # call is not itself a rise.
            banked[seat] = bases[seat] = base_of(totals[seat], calls[seat])
            if new_yaku:
                best = state.deck.tables.best(totals[seat], calls[seat])[1]
                banked_ids[seat] = frozenset(ident for _, ident, _, _ in best.counted)
        elif turns[seat] == last and turns[1 - seat] == last:
            return _exhaustive_draw(rs, state, offers, redeals)
        seat = 1 - seat


def _exhaustive_draw(rs: RuleSet, state: RoundState, offers: list[int], redeals: int) -> RoundRecord:
    """Both hands are played out and nobody stopped: a plugin may still pay (Dealer's Privilege)."""
    month, dealer = state.month, state.dealer
    privilege = rs.hook.yakuset_exhaustive_draw(ruleset=rs, dealer=SEATS[dealer])
    calls = (state.calls[0], state.calls[1])
    if privilege is None:
        return RoundRecord(month, dealer, "exhaustive_draw", None, 0, (), (offers[0], offers[1]), calls, redeals)
    winner = SEATS.index(privilege.recipient)
    return RoundRecord(
        month, dealer, "exhaustive_draw", winner, privilege.points, (), (offers[0], offers[1]), calls, redeals
    )


def _won(rs: RuleSet, state: RoundState, seat: int, kind: str, offers: list[int], redeals: int) -> RoundRecord:
    base = state.bases[seat]
    calls = state.calls
    result = award(rs, base, own_calls=calls[seat], opponent_calls=calls[1 - seat], field_brights=state.field_brights)
    way_plan = state.deck.tables.best(state.totals[seat], calls[seat])[1]
    yaku = tuple(ident for _, ident, _, _ in way_plan.counted)
    return RoundRecord(
        state.month,
        state.dealer,
        kind,
        seat,
        int(result.points),
        yaku,
        (offers[0], offers[1]),
        (calls[0], calls[1]),
        redeals,
    )


def first_dealer(deck: Deck, rng: random.Random) -> int:
    """Each player draws a card: the earlier month deals; the same month, the higher-ranked
    kind; still tied, draw again."""
    rank = {"bright": 0, "animal": 1, "ribbon": 2, "chaff": 3}
    cards = deck.rules.cards
    while True:
        a, b = rng.sample(deck.cards, 2)
        ka = (cards[a].month, rank.get(cards[a].kind, 4))
        kb = (cards[b].month, rank.get(cards[b].kind, 4))
        if ka != kb:
            return 0 if ka < kb else 1


def play_match(rs: RuleSet, seed: int, bots: Sequence[Any], log: list[LogEntry] | None = None) -> MatchRecord:
    """Play one whole match of ``rs`` from ``seed`` between two bot factories (seat 0, seat 1);
    with ``log``, append what happened to it (:data:`LogEntry`)."""
    rules = koikoi_rules(rs)
    deck = _deck(rules)
    deal_rng = random.Random(seed)
    made = [factory(rs, random.Random(f"{seed}:bot:{seat}")) for seat, factory in enumerate(bots)]
    from ._bots import View

    table = rules.table
    if table.after_draw == "last_yaku":
        raise InputError(f"{rs.id}: simulated matches do not play `match.after_draw: last_yaku`")
    match_totals = [table.start_points, table.start_points]
    views = [View(seat) for seat in (0, 1)]
    dealer = first = first_dealer(deck, deal_rng)
    played = []
    months = rules.months
    for number in range(rules.rounds):
        month = months[number % len(months)]
        record = play_round(rs, deck, month, number, dealer, deal_rng, made, views, match_totals, log)
        played.append(record)
        if record.winner is not None:
            match_totals[record.winner] += record.points
            if table.zero_sum:
                match_totals[1 - record.winner] -= record.points
        if record.winner is not None and record.kind != "exhaustive_draw":
            if table.after_win != "winner":
                dealer = dealer if table.after_win == "same_dealer" else 1 - dealer
            else:
                dealer = record.winner
        elif record.kind in ("draw", "exhaustive_draw"):
            dealer = dealer if table.after_draw == "same_dealer" else 1 - dealer
        if (table.target is not None and max(match_totals) >= table.target) or (
            table.until_out and min(match_totals) <= 0
        ):
            break
    totals = {SEATS[0]: match_totals[0], SEATS[1]: match_totals[1]}
    for found in rs.hook.yakuset_match_end(ruleset=rs, totals=dict(totals), extras={}):
        for adjustment in found or ():
            totals[adjustment.player] += adjustment.points
    a, b = totals[SEATS[0]], totals[SEATS[1]]
    return MatchRecord(first, tuple(played), (a, b), None if a == b else (0 if a > b else 1))


def tally(records: Sequence[MatchRecord]) -> Tally:
    """The counts a study keeps, over ``records``."""
    t = Tally()
    for match in records:
        _count(t, match)
    return t


def _count(t: Tally, match: MatchRecord) -> None:
    t.matches += 1
    t.lengths[len(match.rounds)] += 1
    if match.winner is None:
        t.ties += 1
    elif match.winner == match.first_dealer:
        t.first_wins += 1
    else:
        t.second_wins += 1
    for r in match.rounds:
        t.rounds += 1
        t.points[r.points] += 1
        t.redeals += r.redeals
        t.offers += r.offers[0] + r.offers[1]
        t.calls += r.calls[0] + r.calls[1]
        if r.kind in ("draw", "exhaustive_draw"):
            t.draws += 1  # Dealer's Privilege may pay on a draw: its points are counted above
            continue
        t.wins += 1
        t.dealer_wins += r.winner == r.dealer
        if r.kind == "lucky_hand":
            t.lucky_hands += 1
        elif r.winner is not None:
            t.calls_won += r.calls[r.winner]
            t.yaku_wins += 1
            t.deciding.update(r.yaku)


def play_matches(rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[Any]) -> Tally:
    """The tally of matches ``start .. stop-1`` of a study seeded ``seed``."""
    t = Tally()
    for index in range(start, stop):
        _count(t, play_match(rs, match_seed(seed, index), bots))
    return t
