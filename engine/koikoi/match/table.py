"""A whole Koi-Koi match played from moves: :class:`Table`.

``Table`` is not ``yakuset.Game`` (the protocol a game implements to join the engine); it is a
table at which one match is played. It shuffles and deals from a seed (hand and field sizes from
the rule set), keeps the hands, the field and the stock, offers the legal moves of the pending
decision, refuses an illegal move with the rule that refuses it and the reason
(:class:`IllegalMove`, the state unchanged), and reports each finished turn to the referee
(:class:`Round`), which scores it under the rule set's yaku and table rules
(``koikoi.rules_of(rs).table``). The next round is dealt as soon as one ends.

The API, for bots and simulations::

    table = Table(rs, players=("a", "b"), seed=1)      # the seed decides the deck and the first dealer
    while not table.finished:
        move = choose(table.legal_moves())             # Move(kind, card, target), hashable
        events = table.play(move)                      # the referee's Events (may be empty)
    table.result                                       # TableResult: totals, winner, rounds
    table.trace                                        # the match as text: same seed and moves, same text
    table.log                                          # the same, as typed records (``match.trace``)

A bot plays through ``table.view(player)``, a read-only :class:`View` of what that player may
see (:func:`yakuset.koikoi.play_match` plays whole matches of bots at a table).

The pending decision (``table.pending``, a :class:`~yakuset.koikoi.kinds.Decision`) is one of
(each table rule is written once, in ``match.table_rules``):

- ``"play"``: ``table.to_move`` plays a hand card: ``Move("play", card)``. A card captures the
  field card of its month, all three when three are there, or is laid on the field when none
  is; with two there the player chooses next. Then the stock's top card is turned and treated
  likewise. With ``match.must_capture`` a player who holds a card that captures must play one.
- ``"choose"``: ``table.choosing`` (the card played or turned) captures one of two field cards
  of its month: ``Move("choose", card, target)``.
- ``"koikoi_or_shobu"``: the player's yaku rose: ``Move("koikoi")`` plays on,
  ``Move("shobu")`` stops and scores.
- ``None`` once the match is over.

``play`` returns the referee's events in order: a finished turn's (``continue``, which carries
no hand here, ``offer``, ``automatic_shobu``, ``exhaustive_draw``), an answer's (``koikoi``,
``shobu``), and when a round ends the next deal's (``redeal``, ``dealt``, or a round decided at
the deal). A move that only starts a turn (a card waiting for a choice) returns ``()``.

Read-only views: ``hand(player)``, ``field``, ``stock_count``, ``captured(player)``,
``to_move``, ``pending``, ``choosing``, ``totals``, ``month``, ``round_number``, ``dealer``,
``finished``, ``round`` (the referee's :class:`Round`) and ``state`` (all of them at once, a
:class:`TableState`). ``play`` and ``legal_moves`` are written for speed in ``match.table_fast``,
beside their readable reference ``match.turns`` and the table rules of ``match.table_rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import count
from random import Random
from typing import TYPE_CHECKING

from ..._core.arguments import a_seed, shown
from ..._core.errors import InputError
from ..kinds import Decision
from ..rules.compiled import KoikoiRules, rules_of
from . import table_fast
from .events import Event, check_players
from .matches import Match
from .moves import Move
from .table_core import TableCore
from .table_results import TableRound, TableState
from .table_rules import RuleBook, rule_book
from .trace import Entry, Refereed, Started, text
from .view import View

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from .referee import Round


def _table_rules(rules: KoikoiRules) -> tuple[RuleBook, bool, bool, Callable[[TableCore], list[Move]]]:
    """The table rules a rule set's table follows, and how its legal moves are made (whether a
    play's are the hand's own moves, whether the other decisions' are the game's own, and the
    builder of those made at their first need: ``match.table_fast``),
    worked out at the rules' first table (kept by ``rules.caches``)."""
    found = rules.caches.table_rules
    if found is None:
        book = rule_book(rules.table)
        found = rules.caches.table_rules = (book, *table_fast.legal_sets(book))
    return found  # type: ignore[no-any-return]


class Table(TableCore):
    """One Koi-Koi match played from moves under a rule set (see the module's docstring).

    ``seed`` decides the first dealer's draw and every deal. ``first_dealer`` names the first
    dealer instead of drawing for it; ``decks`` gives deck orders for the first deals (each a
    list of every card id: the dealer's hand, the other hand, the field, then the stock from its
    top), for rigged deals in tests; later deals are shuffled from the seed.
    """

    __slots__ = ()

    def __init__(
        self,
        rs: RuleSet,
        players: Sequence[str] = ("a", "b"),
        seed: int = 0,
        *,
        first_dealer: str | None = None,
        decks: Iterable[Sequence[str]] = (),
    ) -> None:
        self.rs = rs
        self.rules = rules_of(rs)
        self.seed = a_seed("seed", seed)
        names = check_players(players, players[0] if isinstance(players, list | tuple) and players else None)
        self.players = names
        self._cards = tuple(self.rules.cards)
        if isinstance(decks, str | bytes) or not isinstance(decks, Iterable):
            raise InputError(f"decks must be a list of deck orders (each a list of card ids), got {shown(decks)}")
        self._decks = list(map(self._check_deck, decks, count()))
        self._rng = Random(self.seed)
        if first_dealer is None:
            first_dealer, drawn = self._draw_for_dealer()
        else:
            check_players(names, first_dealer)
            drawn = ()
        self.first_dealer = first_dealer
        self.drawn = drawn  # the cards drawn for the first deal: ((player, card), (player, card)), or ()
        # The log's records as plain tuples, (record type, *fields): made into records when read.
        self._log = [(Started, rs.id, names, self.seed, drawn, first_dealer)]
        self._match = Match(rs, names, first_dealer)
        self._records = []
        self._opponent = {names[0]: names[1], names[1]: names[0]}
        events = self._match._events
        # A quiet turn's record: the other player's turn follows.
        self._quiet = {names[0]: (Refereed, events[names[0]]), names[1]: (Refereed, events[names[1]])}
        self._book, self._plain_play, self._plain_rest, self._build_legal = _table_rules(self.rules)
        self._set_up_cards()
        self.result = None
        self._over = False
        self._opening = self._next_round()

    # --- views ---------------------------------------------------------------------------

    finished = table_fast.finished

    @property
    def pending(self) -> Decision | None:
        """The decision the table waits for: ``play``, ``choose``, ``koikoi_or_shobu``, or ``None``."""
        return self._pending

    @property
    def to_move(self) -> str | None:
        """The player who must decide (``None`` once the match is over)."""
        return self._to_move

    @property
    def choosing(self) -> str | None:
        """With ``choose`` pending: the card (played or turned) that captures one of two field cards."""
        return self._choosing

    @property
    def round(self) -> Round:
        """The referee's current (or last) round."""
        return self._round

    @property
    def round_number(self) -> int:
        """The current round's number, from 1."""
        return len(self._match.rounds)

    @property
    def month(self) -> int:
        return self.round.month

    @property
    def dealer(self) -> str:
        return self.round.dealer

    def hand(self, player: str) -> tuple[str, ...]:
        """``player``'s hand."""
        return tuple(self._hands[self._seated(player)][0])

    @property
    def field(self) -> tuple[str, ...]:
        """The face-up cards, in the order they came."""
        return tuple(self._field)

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    @property
    def totals(self) -> dict[str, int]:
        """Each player's match points so far (before the match-end plugins)."""
        return self._match.totals

    @property
    def rounds(self) -> tuple[TableRound, ...]:
        """The rounds finished so far."""
        return tuple(self._records)

    @property
    def opening(self) -> tuple[Event, ...]:
        """The referee's events of the first deal(s), before any move."""
        return self._opening

    @property
    def state(self) -> TableState:
        """Every view at once."""
        return TableState(
            self.round_number,
            self.month,
            self.dealer,
            self._to_move,
            self._pending,
            self._choosing,
            {p: tuple(self._hands[p][0]) for p in self.players},
            tuple(self._field),
            len(self._stock),
            {p: self.captured(p) for p in self.players},
            self.totals,
            self.finished,
        )

    @property
    def log(self) -> tuple[Entry, ...]:
        """The match so far as typed records (``yakuset.koikoi.match.trace``), one per line of :attr:`trace`."""
        return tuple(entry[0](*entry[1:]) for entry in self._log)

    @property
    def trace(self) -> str:
        """The match so far as text, one line per deal, move and referee answer: a match replayed
        from its seed with the same moves has the same trace."""
        return text(self.log)

    def view(self, player: str) -> View:
        """What ``player`` sees of the round in play, as a bot sees it (:class:`yakuset.koikoi.View`):
        read-only and live, it follows the table move by move, across rounds."""
        return View(self, self._seated(player))

    def _seated(self, player: str) -> str:
        if player not in self.players:
            raise InputError(f"{player!r} is not at this table ({' and '.join(self.players)} are)")
        return player

    # --- moves ---------------------------------------------------------------------------

    legal_moves = table_fast.legal_moves
    play = table_fast.play
