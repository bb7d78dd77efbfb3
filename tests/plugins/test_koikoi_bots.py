"""The ``human`` Koi-Koi bot's habits on constructed positions (plugins/koikoi_bots.py).

Each position is dealt at a koikoi-japan table as chosen (the dealer ``a``'s hand, ``b``'s, the
field, the first stock cards) and played by recorded-style moves. The right answers come from
KoiKoi-AI's 200 human game records, counted by ``python bench/koikoi_human_rates.py --habits``
(docs/validation.md): how often people call Koi-Koi at an offer by its situation, and which
card they take when a card may capture either of two; or from the rule set's award
(docs/rules/koikoi.md: Nintendo doubles a base of 7 or more).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import yakuset
from yakuset import koikoi
from yakuset._plugins.koikoi_bots import HumanBot, HumanHabits, doubling_base

# Hands of distinct months: no lucky hand, no misdealt field.
A_HAND = (
    "03-chaff-1",
    "09-chaff-1",
    "01-chaff-1",
    "02-chaff-1",
    "04-chaff-1",
    "05-chaff-1",
    "11-ribbon-red",
    "12-chaff-1",
)
B_HAND = (
    "06-chaff-1",
    "07-chaff-1",
    "10-chaff-1",
    "08-chaff-1",
    "01-chaff-2",
    "02-chaff-2",
    "04-chaff-2",
    "05-chaff-2",
)
FIELD = (
    "03-bright-curtain",
    "09-animal-sake",
    "07-animal-boar",
    "10-animal-deer",
    "06-chaff-2",
    "12-chaff-2",
    "11-chaff-lightning",
    "08-chaff-2",
)
# Turned from the stock on turns 1-5: months no field card then holds (laid on the field).
STOCK = ("01-bright-crane", "02-animal-warbler", "04-animal-cuckoo", "05-animal-bridge", "06-animal-butterflies")


def dealt(
    ruleset: str = "koikoi-japan",
    a_hand: Sequence[str] = A_HAND,
    b_hand: Sequence[str] = B_HAND,
    field: Sequence[str] = FIELD,
    stock: Sequence[str] = STOCK,
) -> koikoi.Table:
    """A table dealt as given, ``a`` dealing; the rest of the deck follows ``stock`` in the deck's order."""
    rs = yakuset.load_ruleset(ruleset)
    chosen = [*a_hand, *b_hand, *field, *stock]
    rest = [card for card in koikoi.rules_of(rs).cards if card not in chosen]
    return koikoi.Table(rs, ("a", "b"), first_dealer="a", decks=[[*chosen, *rest]])


def played(table: koikoi.Table, cards: Sequence[str]) -> koikoi.Table:
    """``table`` after each of ``cards`` is played in turn (each takes its one match, if any)."""
    for card in cards:
        assert table.pending == "play", table.pending
        table.play(koikoi.Move("play", card))
    return table


def human(table: koikoi.Table) -> HumanBot:
    return HumanBot(table.rs, random.Random(0))


def offered(table: koikoi.Table) -> koikoi.View:
    assert table.pending == "koikoi_or_shobu" and table.to_move == "a"
    return table.view("a")


def test_hanami_zake_on_the_second_turn_is_offered_unthreatened() -> None:
    # a takes the curtain, b the deer, a the sake cup: Hanami-zake, base 1; b holds no yaku and
    # no field card gives b one.
    view = offered(played(dealt(), ["03-chaff-1", "10-chaff-1", "09-chaff-1"]))
    assert (view.base, view.opponent_base) == (1, 0)
    assert not any(view.base_with((f,), opponent=True) for f in view.field)


def test_the_bot_calls_less_with_fewer_turns_left() -> None:
    # Records, unthreatened offers with no capture in hand that raises the base: people call
    # more often the more turns are left (56% of 100 with 6 or more, 29% of 160 with 3).
    early = offered(played(dealt(), ["03-chaff-1", "10-chaff-1", "09-chaff-1"]))
    table = played(dealt(), ["03-chaff-1", "10-chaff-1", "12-chaff-1", "08-chaff-1", "09-chaff-1"])
    late = offered(table)
    assert late.turns_left < early.turns_left and late.base == early.base == 1
    bot = human(table)
    assert bot.call_chance(late) < bot.call_chance(early)


def test_the_bot_seldom_calls_when_the_opponent_is_one_capture_from_a_yaku() -> None:
    # b takes the boar and the deer; the butterflies lie on the field: one capture from
    # Inoshikacho. Records: people call 24 of 400 threatened offers (6%), 481 of 1,368 others (35%).
    moves = ["03-chaff-1", "07-chaff-1", "12-chaff-1", "10-chaff-1", "09-chaff-1"]
    stock = (*STOCK[:4], "12-chaff-yellow")
    field = (*FIELD[:4], "06-animal-butterflies", *FIELD[5:])
    threatened = offered(played(dealt(field=field, stock=stock), moves))
    assert threatened.opponent_base == 0
    assert any(threatened.base_with((f,), opponent=True) for f in threatened.field)
    calm = offered(played(dealt(stock=stock), moves))
    assert not any(calm.base_with((f,), opponent=True) for f in calm.field)
    bot = human(dealt())
    assert bot.call_chance(threatened) < bot.call_chance(calm) / 3
    assert bot.call_chance(threatened) <= 0.06


def test_the_bot_calls_more_with_a_capture_in_hand_that_raises_its_base() -> None:
    # a holds an August card and the moon lies on the field: taking it adds Tsukimi-zake.
    # Records: people call 159 of 230 such unthreatened offers (69%), 322 of 1,138 others (28%).
    field = (*FIELD[:7], "08-bright-moon")
    hand = (*A_HAND[:7], "08-chaff-1")
    b_hand = (*B_HAND[:3], "12-chaff-1", *B_HAND[4:])
    table = played(dealt(a_hand=hand, b_hand=b_hand, field=field), ["03-chaff-1", "10-chaff-1", "09-chaff-1"])
    hopeful = offered(table)
    assert hopeful.base_with(("08-chaff-1", "08-bright-moon")) > hopeful.base
    plain = offered(played(dealt(), ["03-chaff-1", "10-chaff-1", "09-chaff-1"]))
    bot = human(table)
    assert bot.call_chance(hopeful) > bot.call_chance(plain)


def test_the_bot_takes_a_bright_over_a_chaff() -> None:
    # a's January chaff may take the crane or the January chaff on the field. Records: of 264
    # such choices between a bright and a chaff, people took the bright 227 times.
    field = ("01-bright-crane", "01-chaff-2", *FIELD[2:])
    b_hand = (*B_HAND[:4], "03-chaff-2", *B_HAND[5:])
    table = played(dealt(b_hand=b_hand, field=field, stock=("12-bright-phoenix",)), ["01-chaff-1"])
    assert table.pending == "choose" and table.choosing == "01-chaff-1"
    view = table.view("a")
    assert human(table).capture(view, "01-chaff-1", view.matches("01-chaff-1")) == "01-bright-crane"


def test_the_bot_stops_where_the_award_doubles_the_base() -> None:
    # Nintendo doubles a base of 7 or more (docs/rules/koikoi.md); Koi-Koi Japan never does.
    assert doubling_base(yakuset.load_ruleset("nintendo")) == 7
    assert doubling_base(yakuset.load_ruleset("koikoi-japan")) is None
    # a takes the curtain, the moon and the sake cup: Hanami-zake and Tsukimi-zake.
    field = (*FIELD[:7], "08-bright-moon")
    hand = (*A_HAND[:7], "08-chaff-1")
    b_hand = (*B_HAND[:3], "12-chaff-1", *B_HAND[4:])
    moves = ["03-chaff-1", "10-chaff-1", "08-chaff-1"]
    for ruleset in ("nintendo", "koikoi-japan"):
        table = played(dealt(ruleset, a_hand=hand, b_hand=b_hand, field=field), moves)
        if table.pending == "koikoi_or_shobu":  # a rule set may score the moon alone with nothing
            table.play(koikoi.Move("koikoi"))
        played(table, ["07-chaff-1", "09-chaff-1"])
        view = offered(table)
        bot = HumanBot(table.rs, random.Random(1), HumanHabits(call_last=1.0, call_early=1.0, threatened_call=1.0))
        if ruleset == "nintendo":
            assert view.base >= 7 and bot.call_chance(view) == 0.0
        else:
            assert bot.call_chance(view) > 0.0


class _Scored:
    """The view of an offer as it would be with other match points (the round's cards alike)."""

    def __init__(self, view: koikoi.View, mine: int, theirs: int) -> None:
        self._view, self.match_points, self.opponent_match_points = view, mine, theirs

    def __getattr__(self, name: str) -> object:
        return getattr(self._view, name)


def test_the_bot_calls_more_when_behind_in_the_match_and_less_when_ahead() -> None:
    # Records: people call 224 of 546 offers when 6 or more match points behind (41%), 170 of 668
    # within 5 (25%), 111 of 554 when 6 or more ahead (20%).
    table = played(dealt(), ["03-chaff-1", "10-chaff-1", "09-chaff-1"])
    view = offered(table)
    bot = human(table)
    behind, level, ahead = (bot.call_chance(_Scored(view, 30 + lead, 30 - lead)) for lead in (-8, 0, 8))  # type: ignore[arg-type]
    assert behind > level > ahead
