"""Koi-Koi's kinds, each list of words stated once: the cards' kinds and ribbons, a move's kind,
the decision a table waits for, the referee's events and how a round ends, what a deal's plugin
may decide, and the choices a rule set makes in its ``match``, ``calls`` and ``yaku_rules``
sections.

Each is a :class:`enum.StrEnum`, so a member is the plain word everywhere a word was taken
(``MoveKind.PLAY == "play"``): rule files, the JSON of the command line and the API, the traces.
A member's ``repr`` is its word's too (``'play'``), so the values that hold one (a ``Move``, an
``Event``, a ``TableRound``) read as they always did. The rule-set schema's lists of the same
words are checked against these (tests/koikoi/test_kinds.py).
"""

from __future__ import annotations

from enum import StrEnum


class Word(StrEnum):
    """A kind that is its word, in its ``repr`` too."""

    def __repr__(self) -> str:
        return str.__repr__(self)


class CardKind(Word):
    """A card's kind (``cards[].kind``), in the order the deck lists them within a month."""

    BRIGHT = "bright"
    ANIMAL = "animal"
    RIBBON = "ribbon"
    CHAFF = "chaff"


class Ribbon(Word):
    """A ribbon's colour (``cards[].ribbon``)."""

    POETRY = "poetry"
    BLUE = "blue"
    PLAIN = "plain"


class MoveKind(Word):
    """The kind of a move at a ``yakuset.koikoi.Table``: a hand card played, one of two field
    cards chosen for a capture, or the answer to a Koi-Koi offer."""

    PLAY = "play"
    CHOOSE = "choose"
    KOIKOI = "koikoi"
    SHOBU = "shobu"


#: The month a card filter names for the round's month (``cards: {month: round}``).
ROUND_MONTH = "round"

#: The two answers to a Koi-Koi offer, in the order ``legal_moves`` lists them.
ANSWERS = (MoveKind.KOIKOI, MoveKind.SHOBU)


class Decision(Word):
    """What a table waits for (``Table.pending``): a card from the hand, the choice of two field
    cards, or an answer to a Koi-Koi offer."""

    PLAY = "play"
    CHOOSE = "choose"
    KOIKOI_OR_SHOBU = "koikoi_or_shobu"


class EventKind(Word):
    """The kind of the referee's answer to a deal, a turn or an answer (``Event.kind``).

    The fields an event carries follow from its kind: a round-ending kind (:attr:`ends_round`)
    carries ``points``, ``next_dealer`` and, when someone scores, ``winner`` and ``award``; the
    others carry neither.
    """

    DEALT = "dealt"
    REDEAL = "redeal"
    LUCKY_HAND = "lucky_hand"
    FIELD_FOUR = "field_four"
    DRAW = "draw"
    CONTINUE = "continue"
    OFFER = "offer"
    KOIKOI = "koikoi"
    SHOBU = "shobu"
    AUTOMATIC_SHOBU = "automatic_shobu"
    EXHAUSTIVE_DRAW = "exhaustive_draw"

    @property
    def ends_round(self) -> bool:
        """Whether an event of this kind ends its round."""
        return self.value in _ENDINGS


class Ending(Word):
    """How a round ended (``TableRound.ended``): the kind of the event that ended it."""

    LUCKY_HAND = EventKind.LUCKY_HAND.value
    FIELD_FOUR = EventKind.FIELD_FOUR.value
    DRAW = EventKind.DRAW.value
    SHOBU = EventKind.SHOBU.value
    AUTOMATIC_SHOBU = EventKind.AUTOMATIC_SHOBU.value
    EXHAUSTIVE_DRAW = EventKind.EXHAUSTIVE_DRAW.value


_ENDINGS = frozenset(ending.value for ending in Ending)


class DealOutcomeKind(Word):
    """What a deal's plugin may decide at once (``DealOutcome.kind``)."""

    LUCKY_HAND = EventKind.LUCKY_HAND.value
    DRAW = EventKind.DRAW.value
    REDEAL = EventKind.REDEAL.value


# --- the rule set's choices ------------------------------------------------------------------


class SakeCup(Word):
    """How a card with a second kind counts (``yaku_rules.sake_cup``)."""

    BOTH = "both"
    BEST = "best"
    KIND_ONLY = "kind_only"


class Viewing(Word):
    """When the viewing yaku count (``yaku_rules.viewing``)."""

    ALWAYS = "always"
    NEVER = "never"
    WITH_OTHER_YAKU = "with_other_yaku"


class WeatherWhere(Word):
    """Where a weather rule looks for its cards (``yaku_rules.weather[].where``)."""

    FIELD = "field"
    CAPTURED = "captured"


class FirstDealer(Word):
    """How the first dealer is chosen (``match.first_dealer``)."""

    DRAW_CARD = "draw_card"
    RANDOM = "random"


class AfterWin(Word):
    """Who deals after a round someone won (``match.after_win``)."""

    WINNER = "winner"
    SAME_DEALER = "same_dealer"
    OTHER_PLAYER = "other_player"


class AfterDraw(Word):
    """Who deals after a round nobody won (``match.after_draw``)."""

    SAME_DEALER = "same_dealer"
    OTHER_PLAYER = "other_player"
    LAST_YAKU = "last_yaku"


class FieldFour(Word):
    """What a field dealt with four cards of a month does (``match.field_four``)."""

    REDEAL = "redeal"
    PLAY_ON = "play_on"
    DEALER_CAPTURES = "dealer_captures"
    DEALER_WINS = "dealer_wins"


class FieldPairs(Word):
    """What a field dealt as pairs of months does (``match.field_pairs``)."""

    REDEAL = "redeal"
    PLAY_ON = "play_on"


class LimitScope(Word):
    """Whom ``calls.limit_per_round`` counts (``calls.limit_scope``)."""

    PLAYER = "player"
    ROUND = "round"


class OfferOn(Word):
    """What rise of the base offers Koi-Koi (``calls.offer_on``)."""

    NEW_OR_IMPROVED = "new_or_improved"
    NEW_YAKU = "new_yaku"


class OnExhaustiveDraw(Word):
    """What the hands running out after a call gives (``calls.on_exhaustive_draw``)."""

    FORFEIT = "forfeit"
    SCORE = "score"
