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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .._core.errors import InputError
from .._core.plugins import direct_caller
from ._award import award
from ._rules import KoikoiRules, koikoi_rules
from ._tables import Plan, Tables, tables
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


class RoundRecord(NamedTuple):
    """How one round ended. Seats are 0 and 1 (``SEATS``); ``kind`` is what ended it, as the
    referee's event says: ``shobu``, ``automatic_shobu``, ``lucky_hand``, ``field_four`` (the
    dealer wins a misdealt field), ``draw`` (decided at the deal) or ``exhaustive_draw`` (which
    may still pay: Dealer's Privilege, or the last caller's hand); ``yaku`` are the ids in the
    winner's hand when the round was won by yaku; ``next_dealer`` who deals the next round."""

    month: int
    dealer: int
    kind: str
    winner: int | None
    points: int
    yaku: tuple[str, ...]
    offers: tuple[int, int]
    calls: tuple[int, int]
    redeals: int
    next_dealer: int


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
    lucky_hand: Callable[..., Any]  # the rule set's hooks, called without pluggy's dispatch
    deal: Callable[..., Any]
    exhaustive_draw: Callable[..., Any]
    match_end: Callable[..., Any]


@functools.lru_cache(maxsize=64)
def _deck(rules: KoikoiRules, manager: Any) -> Deck:
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
        direct_caller(manager, "yakuset_lucky_hand"),
        direct_caller(manager, "yakuset_deal"),
        direct_caller(manager, "yakuset_exhaustive_draw"),
        direct_caller(manager, "yakuset_match_end"),
    )


class RoundState:
    """A round being played: what each seat holds and has captured. Bots read it through a
    :class:`yakuset.koikoi.View`. ``shown`` is each seat's base after its last turn, as the
    referee keeps it; ``bases`` the base now (they differ only before a seat's first turn, when
    the dealer starts with captured cards)."""

    __slots__ = (
        "banked",
        "banked_ids",
        "bases",
        "by_month",
        "calls",
        "captured",
        "dealer",
        "deck",
        "field",
        "field_brights",
        "hands",
        "match_totals",
        "month",
        "number",
        "shown",
        "stock",
        "totals",
        "turns",
        "weights",
    )

    def __init__(self, deck: Deck, month: int, number: int, dealer: int, order: list[str], match_totals: list[int]):
        rules = deck.rules
        size, field_size = rules.hand_cards, rules.field_cards
        # Dealt as the table deals: the dealer's hand, the other's, the field, then the stock.
        first, second = order[:size], order[size : 2 * size]
        self.hands = [first, second] if dealer == 0 else [second, first]
        self.field = order[2 * size : 2 * size + field_size]
        self.stock = order[2 * size + field_size :]
        self.stock.reverse()  # the top card is popped from the end
        self.field_brights = 0
        self.by_month: dict[int, list[str]] = {}
        self.deck, self.month, self.number, self.dealer = deck, month, number, dealer
        self.weights = deck.weights[month]
        self.captured: list[list[str]] = [[], []]
        self.totals = [0, 0]
        self.bases = [0, 0]
        self.shown = [0, 0]
        self.banked = [0, 0]
        self.banked_ids: list[frozenset[str]] = [frozenset(), frozenset()]
        self.calls = [0, 0]
        self.turns = [0, 0]
        self.match_totals = match_totals

    def lay_out(self) -> None:
        """Keep the field by month, each month's cards in the order they came: a card's matches
        are one look-up."""
        month_of = self.deck.month_of
        self.by_month = {m: [] for m in self.deck.rules.months}
        for card in self.field:
            self.by_month[month_of[card]].append(card)

    def face_up(self) -> list[str]:
        """The field as one list (the weather looks at it)."""
        return [card for cards in self.by_month.values() for card in cards]

    def off(self, seat: int) -> int:
        """The yaku rows the weather cancels for ``seat``'s pile now."""
        tables = self.deck.tables
        return tables.cancelled(self.totals[seat], self.face_up()) if tables.weather else 0

    def base_of(self, total: int, calls: int, off: int = 0) -> int:
        """The base of a pile whose weights sum to ``total`` (the best way of counting dual cards)."""
        tables = self.deck.tables
        best = tables.plan(0, total, calls, off).base
        if len(tables.rules.roles) == 1:
            return best
        for way in range(1, len(tables.rules.roles)):
            other = tables.plan(way, total, calls, off).base
            if other > best:
                best = other
        return best

    def counted(self, seat: int, calls: int) -> frozenset[str]:
        """The ids of the yaku ``seat``'s pile counts with ``calls`` calls."""
        plan = self.deck.tables.best(self.totals[seat], calls, self.off(seat))[1]
        return frozenset(ident for _, ident, _, _ in plan.counted)

    def after_win(self, winner: int) -> int:
        rule = self.deck.rules.table.after_win
        if rule == "winner":
            return winner
        return self.dealer if rule == "same_dealer" else 1 - self.dealer

    def after_draw(self, last_rise: int | None = None) -> int:
        rule = self.deck.rules.table.after_draw
        if rule == "last_yaku":
            return self.dealer if last_rise is None else last_rise
        return self.dealer if rule == "same_dealer" else 1 - self.dealer


#: What :func:`play_match` writes to its ``log``: ``("deal", hands by seat, field)`` for each
#: deal, ``("field_four", cards the dealer captured, cards dealt in their place)``, then for
#: each turn ``("play", seat, card)``, ``("choose", seat, (card, target))`` when a card has two
#: field cards to choose from, ``("turn", seat, cards captured)``, and ``("answer", seat,
#: "koikoi" or "shobu")`` after an offer.
LogEntry = tuple[str, Any, Any]

_Outcome = tuple[str, "int | None", int]


def _deal(rs: RuleSet, state: RoundState) -> tuple[_Outcome | None, tuple[str, ...]]:
    """What the deal decides, as the referee decides it: ``("redeal", None, 0)``, ``("draw",
    None, 0)``, ``("lucky_hand", seat, points)``, ``("field_four", dealer, points)`` or ``None``
    to play; and the cards the dealer captures from a misdealt field (``field_four:
    dealer_captures``)."""
    deck = state.deck
    table = deck.rules.table
    months = list(map(deck.month_of.__getitem__, state.field))
    distinct = len(set(months))
    # Four of a month needs at most n - 3 months among n cards, pairs exactly n / 2: most
    # deals have neither, known from the number of months alone.
    counts: dict[int, int] = {}
    four = None
    if distinct <= len(months) - 3 or 2 * distinct == len(months):
        counts = Counter(months)
        four = next((m for m, n in counts.items() if n == 4), None)
    captured: tuple[str, ...] = ()
    if four is not None:
        if table.field_four == "redeal":
            return ("redeal", None, 0), ()
        if table.field_four == "dealer_captures":
            captured = tuple(card for card in state.field if deck.month_of[card] == four)
    elif table.field_pairs == "redeal" and counts and all(n == 2 for n in counts.values()):
        return ("redeal", None, 0), ()
    lucky_hand = deck.lucky_hand
    dealer = state.dealer
    first, second = tuple(state.hands[dealer]), tuple(state.hands[1 - dealer])
    lucky = {}
    found = lucky_hand(rs, first)  # the dealer first
    if found is not None:
        lucky[SEATS[dealer]] = found
    found = lucky_hand(rs, second)
    if found is not None:
        lucky[SEATS[1 - dealer]] = found
    hands = {SEATS[dealer]: first, SEATS[1 - dealer]: second}
    outcome = deck.deal(rs, hands, tuple(state.field), SEATS[dealer], lucky)
    decided: _Outcome | None = None
    if outcome is None:
        if len(lucky) == 1:
            name, found = next(iter(lucky.items()))
            decided = ("lucky_hand", SEATS.index(name), found.points)
    elif outcome.kind == "redeal":
        return ("redeal", None, 0), ()
    elif outcome.kind == "lucky_hand":
        points = outcome.award.points if outcome.award is not None else 0
        decided = ("lucky_hand", None if outcome.winner is None else SEATS.index(outcome.winner), points)
    else:
        decided = ("draw", None, 0)
    brights = deck.brights[state.month].intersection(state.field)
    state.field_brights = len(brights.difference(captured) if captured else brights)
    if four is not None and table.field_four == "dealer_wins":
        return ("field_four", dealer, table.field_four_points), ()
    return decided, captured if decided is None else ()


def _capture_for_dealer(state: RoundState, captured: tuple[str, ...], log: list[LogEntry] | None) -> None:
    """``field_four: dealer_captures``: the dealer takes the four cards of the month and as many
    are turned from the stock onto the field, again while the field holds four of a month."""
    deck, dealer = state.deck, state.dealer
    while captured:
        state.captured[dealer].extend(captured)
        state.totals[dealer] += sum(state.weights[card] for card in captured)
        fresh = [state.stock.pop() for _ in captured if state.stock]
        state.field = [card for card in state.field if card not in captured] + fresh
        if log is not None:
            log.append(("field_four", captured, tuple(fresh)))
        months = [deck.month_of[card] for card in state.field]
        four = next((m for m in set(months) if months.count(m) == 4), None)
        captured = tuple(card for card in state.field if deck.month_of[card] == four)
    state.bases[dealer] = state.base_of(state.totals[dealer], 0, state.off(dealer))


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
    """Deal (again while the rules ask for a redeal) and play one round to its end."""
    rules = deck.rules
    table = rules.table
    redeals = 0
    cards = deck.cards
    draw = rng.random
    while True:
        # A uniform shuffle, as the table's: the cards sorted by independent uniform keys (half
        # the time of random.shuffle, which draws a bounded integer per card in Python code).
        order = sorted(cards, key=lambda _: draw())
        state = RoundState(deck, month, number, dealer, order, match_totals)
        if log is not None:
            log.append(("deal", (tuple(state.hands[0]), tuple(state.hands[1])), tuple(state.field)))
        decided, captured = _deal(rs, state)
        if decided is None or decided[0] != "redeal":
            break
        redeals += 1
        if redeals > 100:
            raise InputError(f"{rs.id}: the deal was redone 100 times; its redeal rules never let a round start")
    for view in views:
        view._state = state
    if decided is not None:
        kind, winner, points = decided
        if kind == "draw":
            return RoundRecord(month, dealer, kind, None, 0, (), (0, 0), (0, 0), redeals, state.after_draw())
        after = dealer if winner is None else state.after_win(winner)
        return RoundRecord(month, dealer, kind, winner, points, (), (0, 0), (0, 0), redeals, after)
    if captured:
        _capture_for_dealer(state, captured, log)
    state.lay_out()
    month_of = deck.month_of
    weights = state.weights
    by_month = state.by_month
    stock = state.stock
    hands, piles, totals, bases, shown, banked, calls, turns = (
        state.hands,
        state.captured,
        state.totals,
        state.bases,
        state.shown,
        state.banked,
        state.calls,
        state.turns,
    )
    # One way of counting (no card with two kinds counted apart): the base is one plan's.
    base_of = state.base_of if len(rules.roles) > 1 else _one_way(deck.tables.plan)
    weather = bool(deck.tables.weather)
    field_weather = any(w.where == "field" for w in table.weather)
    must_capture = table.must_capture
    limit = table.call_limit
    per_round = table.limit_scope == "round"
    new_yaku = table.offer_on == "new_yaku"
    minimum = table.minimum_base
    last = rules.hand_cards
    offers = [0, 0]
    last_rise: int | None = None
    last_caller: tuple[int, Plan] | None = None  # the last caller and their yaku when they called
    seat = dealer
    while True:
        bot, view = bots[seat], views[seat]
        hand = hands[seat]
        played = bot.play(view)
        laid = must_capture and played in hand and not by_month[month_of[played]]
        if laid and any(by_month[month_of[c]] for c in hand):
            raise InputError(f"bot {type(bot).__name__} laid {played!r}, but the rule set says it must capture")
        try:
            hand.remove(played)
        except ValueError:
            raise InputError(f"bot {type(bot).__name__} played {played!r}, which is not in its hand") from None
        if log is not None:
            log.append(("play", seat, played))
        pile = piles[seat]
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
                if log is not None:
                    log.append(("choose", seat, (card, chosen)))
                matches.remove(chosen)
                pile.append(chosen)
            else:
                pile.extend(matches)
                matches.clear()
        turns[seat] += 1
        if len(pile) > before:
            taken = pile[before:]
            if log is not None:
                log.append(("turn", seat, tuple(taken)))
            total = totals[seat]
            for card in taken:
                total += weights[card]
            totals[seat] = total
            bases[seat] = base_of(total, calls[seat], state.off(seat) if weather else 0)
        else:
            if log is not None:
                log.append(("turn", seat, ()))
            if field_weather:  # the field changed: what it cancels may have changed
                bases[seat] = base_of(totals[seat], calls[seat], state.off(seat))
            elif shown[seat] == bases[seat]:
                # Nothing of this player's changed since their last turn: no offer, no rise.
                if turns[seat] == last and turns[1 - seat] == last:
                    return _exhaustive_draw(rs, state, offers, redeals, last_rise, last_caller)
                seat = 1 - seat
                continue
        base = bases[seat]
        # Offered on a new yaku only, or on any rise; never below the minimum base.
        new = not state.counted(seat, calls[seat]) <= state.banked_ids[seat] if new_yaku else base > banked[seat]
        rose = new and base >= minimum
        risen = base > shown[seat]
        shown[seat] = base
        if rose:
            if risen:
                last_rise = seat
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
            off = state.off(seat) if weather else 0
            plan = deck.tables.best(totals[seat], calls[seat], off)[1]
            banked[seat] = bases[seat] = shown[seat] = plan.base
            state.banked_ids[seat] = frozenset(ident for _, ident, _, _ in plan.counted)
            last_caller = (seat, plan)
        elif turns[seat] == last and turns[1 - seat] == last:
            return _exhaustive_draw(rs, state, offers, redeals, seat if risen else last_rise, last_caller)
        elif risen:
            last_rise = seat
        seat = 1 - seat


def _one_way(plan: Callable[[int, int, int, int], Plan]) -> Callable[[int, int, int], int]:
    def base_of(total: int, calls: int, off: int = 0) -> int:
        return plan(0, total, calls, off).base

    return base_of


def _exhaustive_draw(
    rs: RuleSet,
    state: RoundState,
    offers: list[int],
    redeals: int,
    last_rise: int | None,
    caller: tuple[int, Plan] | None,
) -> RoundRecord:
    """Both hands are played out and nobody stopped: the last caller may score the yaku they
    called on (``calls.on_exhaustive_draw: score``), or a plugin may pay (Dealer's Privilege)."""
    if caller is not None and state.deck.rules.table.on_exhaustive_draw == "score":
        return _won(rs, state, caller[0], "exhaustive_draw", offers, redeals, caller[1])
    month, dealer = state.month, state.dealer
    privilege = state.deck.exhaustive_draw(rs, SEATS[dealer])
    calls = (state.calls[0], state.calls[1])
    after = state.after_draw(last_rise)
    if privilege is None:
        return RoundRecord(month, dealer, "exhaustive_draw", None, 0, (), (offers[0], offers[1]), calls, redeals, after)
    winner = SEATS.index(privilege.recipient)
    return RoundRecord(
        month, dealer, "exhaustive_draw", winner, privilege.points, (), (offers[0], offers[1]), calls, redeals, after
    )


def _won(
    rs: RuleSet, state: RoundState, seat: int, kind: str, offers: list[int], redeals: int, plan: Plan | None = None
) -> RoundRecord:
    """``seat`` wins the round with its pile now (or with ``plan``, the yaku it called on)."""
    calls = state.calls
    if plan is None:
        plan = state.deck.tables.best(state.totals[seat], calls[seat], state.off(seat))[1]
    result = award(
        rs, plan.base, own_calls=calls[seat], opponent_calls=calls[1 - seat], field_brights=state.field_brights
    )
    return RoundRecord(
        state.month,
        state.dealer,
        kind,
        seat,
        int(result.points),
        tuple(ident for _, ident, _, _ in plan.counted),
        (offers[0], offers[1]),
        (calls[0], calls[1]),
        redeals,
        state.after_win(seat),
    )


def first_dealer(deck: Deck, rng: random.Random) -> int:
    """The first dealer's seat, decided as the table decides it (``match.first_dealer``): each
    player draws a card, the earlier month deals, in the same month the card of higher value
    (``match.card_values``), else both draw again; or at random."""
    table = deck.rules.table
    if table.first_dealer == "random":
        return SEATS.index(rng.choice(SEATS))
    values, cards = table.card_values, deck.rules.cards
    while True:
        a, b = rng.sample(deck.cards, 2)
        ka = (cards[a].month, -values.get(cards[a].kind, 0))
        kb = (cards[b].month, -values.get(cards[b].kind, 0))
        if ka != kb:
            return 0 if ka < kb else 1


def play_match(rs: RuleSet, seed: int, bots: Sequence[Any], log: list[LogEntry] | None = None) -> MatchRecord:
    """Play one whole match of ``rs`` from ``seed`` between two bot factories (seat 0, seat 1);
    with ``log``, append what happened to it (:data:`LogEntry`). The same seed deals the same
    cards as :class:`yakuset.koikoi.Table` with that seed."""
    rules = koikoi_rules(rs)
    deck = _deck(rules, rs.plugin_manager)
    deal_rng = random.Random(seed)
    made = [factory(rs, random.Random(f"{seed}:bot:{seat}")) for seat, factory in enumerate(bots)]
    from ._bots import View

    table = rules.table
    match_totals = [table.start_points, table.start_points]
    views = [View(seat, table.must_capture) for seat in (0, 1)]
    dealer = first = first_dealer(deck, deal_rng)
    played = []
    months = rules.months
    for number in range(rules.rounds):
        month = months[number % len(months)]
        record = play_round(rs, deck, month, number, dealer, deal_rng, made, views, match_totals, log)
        played.append(record)
        if record.winner is not None and record.points:
            match_totals[record.winner] += record.points
            if table.zero_sum:
                match_totals[1 - record.winner] -= record.points
        dealer = record.next_dealer
        if (table.target is not None and max(match_totals) >= table.target) or (
            table.until_out and min(match_totals) <= 0
        ):
            break
    totals = {SEATS[0]: match_totals[0], SEATS[1]: match_totals[1]}
    for found in deck.match_end(rs, dict(totals), {}):
        for adjustment in found or ():
            totals[adjustment.player] += adjustment.points
    a, b = totals[SEATS[0]], totals[SEATS[1]]
    return MatchRecord(first, tuple(played), (a, b), None if a == b else (0 if a > b else 1))


def _count(t: Tally, match: MatchRecord) -> None:
    t.matches += 1
    t.lengths[len(match.rounds)] += 1
    if match.winner is None:
        t.ties += 1
    else:
        if match.winner == match.first_dealer:
            t.first_wins += 1
        else:
            t.second_wins += 1
        t.seat_a_wins += match.winner == 0
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
        t.seat_a_round_wins += r.winner == 0
        if r.kind == "lucky_hand":
            t.lucky_hands += 1
        elif r.kind == "field_four":
            t.field_fours += 1
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
