"""The quick paths of Koi-Koi scoring give exactly what the rules read as written give.

- ``award`` (a memo of finished awards, the formula's evaluators called directly) against
  ``compute``, the formula interpreted step by step, over a grid of situations of every bundled
  rule set and of a house rule set that caps the award; a memoised award against one worked out afresh; the memos stay within their bounds;
  warnings and plugin names still reach every call;
- ``yaku`` (cards summed as weights, the yaku of a count looked up: ``scoring.weights_fast``)
  against the engine's definition (``scoring.definition``: every card matched against every
  yaku's filter) on random piles of every bundled rule set and of house rule sets with two dual
  cards and with weather, the field face up or not; the fast path handles every bundled rule
  set, and a rule set it does not handle is counted by the definition, at ``yaku`` and at a
  table alike;
- ``pile(...).add(card)`` against ``yaku`` after every card;
- wrong arguments are refused with the messages they always had.
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
import textwrap
from collections.abc import Sequence

import pytest
import yakuset
from hypothesis import HealthCheck, given, settings, strategies as st
from yakuset import InputError
from yakuset._core.arguments import whole_number
from yakuset.koikoi import Hand, award, clear_memos, memo_sizes, pile, yaku
from yakuset.koikoi.scoring import counting, weights_fast
from yakuset.koikoi.scoring.award import compute
from yakuset.koikoi.scoring.definition import evaluate
from yakuset.koikoi.scoring.yaku import check_cards, check_month

from ... import helpers
from ...helpers import bundled_ids, examples

KOIKOI = bundled_ids("koikoi")


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


# --- the definition, its arguments checked as yaku() checks them ------------------------------------


def reference_yaku(
    rs: yakuset.RuleSet,
    captured: Sequence[str],
    month: int | None = None,
    own_calls: int = 0,
    field: Sequence[str] | None = None,
) -> Hand:
    """yaku() as the engine's definition gives it (every card against every yaku's filter)."""
    cards = check_cards(rs, captured, "captured")
    if month is not None:
        month = check_month(rs.rules, month)
    own_calls = whole_number("own_calls", own_calls)
    return evaluate(rs.rules, rs.id, cards, month, own_calls, field)


# A house rule set for what no bundled one has: two cards with a second kind counted the best way
# (the note lists them in the order captured), viewing yaku only with another yaku, yaku worth
# more after a call, a group whose points grow with the count, and a month set.
HOUSE = """
extends: koikoi-japan
name: Two dual cards
cards:
  - {id: 08-animal-geese, month: 8, kind: animal, also: chaff}
yaku_rules:
  sake_cup: best
  viewing: with_other_yaku
yaku:
  - {id: tane, group: counts, points: 1 if own_calls == 0 else 2}
  - {id: kasu, group: counts}
  - {id: tan, group: counts}
  - {id: tsukifuda, enabled: true}
"""


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> yakuset.RuleSet:
    path = tmp_path_factory.mktemp("house") / "two-dual.yaml"
    path.write_text(textwrap.dedent(HOUSE), encoding="utf-8")
    return yakuset.load_ruleset(path)


def random_piles(rs: yakuset.RuleSet, count: int, seed: int) -> list[tuple[list[str], int | None, int]]:
    rng = random.Random(f"{rs.id}-{seed}")
    deck = sorted(rs.rules.cards)
    return [
        (rng.sample(deck, rng.randint(0, 30)), rng.choice([None, *range(1, 13)]), rng.randint(0, 3))
        for _ in range(count)
    ]


# --- the award -------------------------------------------------------------------------------------

GRID = list(itertools.product(range(41), range(7), range(4), range(6)))
#: The quick run walks every fifth cell: each value of each variable, and every (own, opponent,
#: brights) with some base; the whole run walks them all.
WALKED = GRID[::5] if helpers.QUICK_RUN else GRID


#: A house rule set capping the award at 30 (``award.max``), whose cap the quick path applies too.
CAPPED = str(helpers.ROOT / "tests" / "data" / "house-award-max30.yaml")


@pytest.mark.parametrize("ruleset_id", [*KOIKOI, CAPPED])
def test_award_equals_the_formula_read_as_written_over_the_grid(ruleset_id):
    rs = ruleset(ruleset_id)
    clear_memos()
    for base, own, opponent, brights in WALKED:  # past the call limits too: the formula still answers
        variables = {"base": base, "own_calls": own, "opponent_calls": opponent, "field_brights": brights}
        points, steps = compute(rs.rules, variables)
        result = award(rs, base, own, opponent, brights)
        assert (result.ruleset, result.base, result.points, result.steps) == (rs.id, base, points, steps), (
            ruleset_id,
            variables,
        )
        assert type(result.points) is type(points)


@pytest.mark.parametrize("ruleset_id", KOIKOI)
def test_a_remembered_award_equals_one_worked_out_from_cold(ruleset_id):
    rs = ruleset(ruleset_id)
    limit = rs.rules.table.call_limit.calls if rs.rules.table.call_limit else 3
    for base, own, opponent, brights in itertools.product((0, 1, 6, 7, 30), range(limit + 1), range(limit + 1), (0, 5)):
        clear_memos()
        cold = award(rs, base, own, opponent, brights)
        warm = award(rs, base, own, opponent, brights)
        assert warm == cold
        assert warm.explanation == cold.explanation


def test_the_award_memo_stays_within_its_bound(monkeypatch):
    rs = ruleset("fudawiki")
    awards = rs.rules.caches.awards
    monkeypatch.setattr(awards, "size", 50)
    clear_memos()
    for base in range(1, 200):
        award(rs, base, 1, 0, 0)
        assert len(awards) <= 50
    assert len(awards) == 50
    assert award(rs, 3, 1, 0, 0).points == 6  # forgotten and worked out again


def test_the_memos_sizes_are_bounded_and_reported():
    rs = ruleset("nintendo")
    award(rs, 8, 1, 0, 0)
    yaku(rs, ["01-bright-crane", "03-bright-curtain", "08-bright-moon"], 1)
    sizes = memo_sizes()
    assert {"awards", "yaku found", "yaku steps"} <= set(sizes)
    assert sizes["awards"][0] >= 1
    clear_memos()
    assert all(used == 0 for used, _ in memo_sizes().values())


def test_every_award_past_the_call_limit_carries_its_warning_not_only_the_first():
    rs = ruleset("nintendo")
    said = (
        "2 Koi-Koi calls, but nintendo allows 1 a player in a round (calls.limit_per_round): no game reaches this award"
    )
    for _ in range(3):
        result = award(rs, 8, 2, 0)
        assert (result.points, result.warnings) == (48, (said,))
    assert award(rs, 8, 1, 0).warnings == ()


def test_every_award_past_the_field_brights_of_the_deck_carries_its_warning():
    rs = ruleset("bga")
    for _ in range(2):
        assert award(rs, 4, 0, 0, 6).warnings == (
            "6 brights on the field, but bga's deck has 5 (match.field_brights): no deal reaches this award",
        )


def test_wrong_award_arguments_are_refused_even_when_an_equal_number_is_remembered():
    rs = ruleset("nintendo")
    assert award(rs, 1).points == 1  # (rs, 1, 0, 0, 0) is remembered; True == 1 and 1.0 == 1
    with pytest.raises(InputError, match=r"^base must be a whole number, got True$"):
        award(rs, True)
    with pytest.raises(InputError, match=r"^base must be a whole number, got 1.0$"):
        award(rs, 1.0)
    with pytest.raises(InputError, match=r"^own_calls must be a whole number, got False$"):
        award(rs, 1, False)
    with pytest.raises(InputError, match=r"^opponent_calls must be a whole number of at least 0, got -1$"):
        award(rs, 1, 0, -1)
    with pytest.raises(InputError, match=r"^base must be a whole number of at most 1000000 in size"):
        award(rs, 10**6 + 1)
    with pytest.raises(InputError, match=r"expected a rule set from yakuset\.load_ruleset, got list"):
        award([], 1)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="is a riichi rule set"):
        award(yakuset.load_ruleset("tenhou"), 1)


COUNTING_PLUGIN = """
import itertools

from yakuset import hookimpl

CALLS = itertools.count(1)


@hookimpl
def yakuset_expression_names(game):
    return {"visits": "how many awards were asked for so far"} if game == "koikoi" else None


@hookimpl
def yakuset_koikoi_award_context(ruleset, base, own_calls, opponent_calls, field_brights):
    return {"visits": next(CALLS)}
"""


@pytest.fixture
def counting_ruleset(tmp_path, monkeypatch):
    (tmp_path / "counting_visits.py").write_text(COUNTING_PLUGIN, encoding="utf-8")
    info = tmp_path / "counting_visits-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: counting-visits\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[yakuset]\ncounting_visits = counting_visits\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "house.yaml"
    path.write_text(
        textwrap.dedent(
            """
            extends: fudawiki
            name: House
            plugins:
              counting_visits: {}
            award:
              multipliers:
                - {id: visits, label: visits, add: visits}
            """
        ),
        encoding="utf-8",
    )
    yield yakuset.load_ruleset(path)
    sys.modules.pop("counting_visits", None)


def test_an_award_using_a_plugins_name_asks_the_plugin_every_time(counting_ruleset):
    first = award(counting_ruleset, 5).points
    second = award(counting_ruleset, 5).points
    assert second == first + 1
    assert not counting_ruleset.rules.caches.awards


# --- the yaku of a pile -------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", KOIKOI)
def test_yaku_equals_the_definition_on_random_piles(ruleset_id):
    rs = ruleset(ruleset_id)
    clear_memos()
    for cards, month, own in random_piles(rs, examples(2500), seed=1):
        assert yaku(rs, cards, month, own) == reference_yaku(rs, cards, month, own), (cards, month, own)


def test_yaku_equals_the_definition_with_two_dual_cards_and_viewing_with_other_yaku(house):
    assert sum(1 for card in house.rules.cards.values() if card.also) == 2
    notes = 0
    piles = random_piles(house, examples(3000), seed=2)
    for cards, month, own in piles:
        hand = yaku(house, cards, month, own)
        assert hand == reference_yaku(house, cards, month, own), (cards, month, own)
        notes += any(step.op == "note" and "," in step.label for step in hand.steps)
    assert notes > len(piles) // 30  # both dual cards, named in the order captured (402 of the 3000)


def test_yaku_from_a_tuple_or_another_sequence_equals_yaku_from_a_list():
    rs = ruleset("yakuza")
    cards = ["09-animal-sake", "03-bright-curtain", "08-bright-moon", "01-bright-crane"]
    expected = reference_yaku(rs, cards)
    assert yaku(rs, tuple(cards)) == expected
    assert yaku(rs, SequenceOf(cards)) == expected


class SequenceOf(Sequence[str]):
    def __init__(self, items: list[str]) -> None:
        self.items = items

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self.items[index]

    def __len__(self) -> int:
        return len(self.items)


@pytest.mark.parametrize(
    ("captured", "month", "own_calls", "message"),
    [
        (["01-bright-crane", "99-bright-nothing"], None, 0, "'99-bright-nothing' is not a card of the nintendo deck"),
        (["01-bright-crane", 7], None, 0, "7 is not a card of the nintendo deck"),
        (["01-bright-crane", ["x"]], None, 0, r"\['x'\] is not a card of the nintendo deck"),
        (["01-bright-crane", "01-bright-crane"], None, 0, "card '01-bright-crane' appears twice in captured"),
        ("01-bright-crane", None, 0, "captured must be a list of card ids, got '01-bright-crane'"),
        (iter(["01-bright-crane"]), None, 0, "captured must be a list of card ids"),
        (["01-bright-crane"] * 49, None, 0, "captured holds 49 cards; the deck has 48"),
        (["01-bright-crane"], True, 0, "month must be a whole number, got True"),
        (["01-bright-crane"], 13, 0, "month must be 1-12, got 13"),
        (["01-bright-crane"], 1, -1, "own_calls must be a whole number of at least 0, got -1"),
        (["01-bright-crane"], 1, 1.0, "own_calls must be a whole number, got 1.0"),
        (["99-nothing"], 13, -1, "'99-nothing' is not a card"),  # the cards are checked first
    ],
)
def test_wrong_yaku_arguments_are_refused_with_the_messages_they_always_had(captured, month, own_calls, message):
    rs = ruleset("nintendo")
    for function in (yaku, reference_yaku, pile):
        with pytest.raises(InputError, match=message):
            function(rs, captured, month, own_calls)


# --- a pile that grows one card at a time --------------------------------------------------------

PROPERTY_SETTINGS = settings(
    max_examples=examples(150), deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def growing_piles(draw):
    ruleset_id = draw(st.sampled_from(KOIKOI))
    deck = sorted(ruleset(ruleset_id).rules.cards)
    order = draw(st.permutations(deck))
    return (
        ruleset_id,
        order[: draw(st.integers(0, len(deck)))],
        draw(st.none() | st.integers(1, 12)),
        draw(st.integers(0, 3)),
    )


@PROPERTY_SETTINGS
@given(growing_piles())
def test_a_pile_equals_yaku_after_every_added_card(case):
    ruleset_id, cards, month, own = case
    rs = ruleset(ruleset_id)
    state = pile(rs, month=month, own_calls=own)
    assert state.hand == yaku(rs, [], month, own)
    for n, card in enumerate(cards, 1):
        before = state
        state = state.add(card)
        hand = yaku(rs, cards[:n], month, own)
        assert state.hand == hand
        assert state.base == hand.base
        assert state.cards == tuple(cards[:n])
        assert len(state) == n
        assert len(before) == n - 1  # a pile never changes
    assert pile(rs, cards, month, own).hand == state.hand


def test_a_pile_with_two_dual_cards_equals_yaku_after_every_card(house):
    for cards, month, own in random_piles(house, 300, seed=3):
        state = pile(house, month=month, own_calls=own)
        for n, card in enumerate(cards, 1):
            state = state.add(card)
            assert state.hand == reference_yaku(house, cards[:n], month, own)


def test_a_pile_refuses_an_unknown_or_repeated_card_as_yaku_does():
    rs = ruleset("fudawiki")
    state = pile(rs, ["01-bright-crane"], month=1)
    with pytest.raises(InputError, match=r"^card '01-bright-crane' appears twice in captured$"):
        state.add("01-bright-crane")
    with pytest.raises(InputError, match=r"^'13-bright-sun' is not a card of the fudawiki deck \(card ids look"):
        state.add("13-bright-sun")
    with pytest.raises(InputError, match=r"^None is not a card of the fudawiki deck"):
        state.add(None)  # type: ignore[arg-type]
    assert state.cards == ("01-bright-crane",)


def test_a_pile_tells_its_rule_set_month_and_calls_and_is_made_only_by_pile():
    state = pile(ruleset("yakuza"), month=9, own_calls=1).add("09-animal-sake")
    assert (state.ruleset, state.month, state.own_calls, state.cards) == ("yakuza", 9, 1, ("09-animal-sake",))
    assert "yakuza" in repr(state)
    with pytest.raises(TypeError):
        yakuset.koikoi.Pile()


def test_the_yaku_memos_stay_within_their_bounds(monkeypatch):
    rs = ruleset("nintendo")
    tables = counting.tables(rs.rules)
    monkeypatch.setattr(tables.plans, "size", 20)
    monkeypatch.setattr(tables.steps, "size", 20)
    clear_memos()
    for cards, month, own in random_piles(rs, 300, seed=4):
        assert yaku(rs, cards, month, own) == reference_yaku(rs, cards, month, own)
        assert len(tables.plans) <= 20
        assert len(tables.steps) <= 20


# --- the fast path against the definition, and what it does not handle ---------------------------

WEATHER = """
extends: fudawiki
name: Weather
yaku_rules:
  weather:
    - {id: rain, enabled: true}
    - {id: fog, enabled: true}
    - {id: rain_man, enabled: true}
"""


@functools.cache
def house_text(name: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset_text(textwrap.dedent({"two-dual": HOUSE, "weather": WEATHER}[name]), f"{name}.yaml")


@st.composite
def piles_with_fields(draw):
    name = draw(st.sampled_from([*KOIKOI, "two-dual", "weather"]))
    rs = house_text(name) if name in ("two-dual", "weather") else ruleset(name)
    deck = sorted(rs.rules.cards)
    order = draw(st.permutations(deck))
    size = draw(st.integers(0, 30))
    field = draw(st.none() | st.integers(0, 12).map(lambda n: order[size : size + n]))
    return rs, order[:size], draw(st.none() | st.integers(1, 12)), draw(st.integers(0, 3)), field


@settings(max_examples=examples(600), deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(piles_with_fields())
def test_the_fast_path_gives_the_definitions_hand_for_every_bundled_rule_set(case):
    rs, cards, month, own, field = case
    assert weights_fast.handles(rs.rules) is None
    assert yaku(rs, cards, month, own, field=field) == reference_yaku(rs, cards, month, own, field)


def test_the_fast_path_handles_every_bundled_rule_set_and_says_why_it_would_not():
    for ruleset_id in KOIKOI:
        assert weights_fast.handles(ruleset(ruleset_id).rules) is None
        assert type(counting.tables(ruleset(ruleset_id).rules)) is weights_fast.Tables


def test_the_fast_path_declines_a_rule_set_whose_weights_pass_its_bound(monkeypatch):
    rules = ruleset("nintendo").rules
    bits = len(rules.roles) * len(rules.yaku) * 2 * 7 + len(rules.cards)  # fields of 7 bits, then own bits
    monkeypatch.setattr(weights_fast, "MAX_BITS", bits)
    assert weights_fast.handles(rules) is None
    monkeypatch.setattr(weights_fast, "MAX_BITS", bits - 1)
    assert weights_fast.handles(rules) == f"its cards' weights would take {bits} bits (at most {bits - 1})"


def test_the_fast_path_declines_a_yaku_that_sets_a_part_it_does_not_count(monkeypatch):
    # Viewing stands in for a rule of the definition the weights have not learnt: nintendo's
    # hanami_zake sets it, so the rule set is the definition's to count, and it counts the same.
    rs = ruleset("nintendo")
    monkeypatch.setattr(weights_fast, "COUNTED", weights_fast.COUNTED - {"viewing"})
    assert weights_fast.handles(rs.rules) == "yaku hanami_zake sets viewing, which the packed weights do not count"
    again = yakuset.load_ruleset_text("extends: nintendo\nname: Counted by the definition\n", "house.yaml")
    assert type(counting.tables(again.rules)) is not weights_fast.Tables
    cards = ["03-bright-curtain", "09-animal-sake"]
    assert yaku(again, cards, 3).base == yaku(rs, cards, 3).base == reference_yaku(rs, cards, 3, 0, None).base


SLOW = """
extends: fudawiki
name: Counted by the definition
yaku_rules:
  sake_cup: best
  weather:
    - {id: rain, enabled: true}
    - {id: fog, enabled: true}
    - {id: rain_man, enabled: true}
"""


def counted_fast_and_by_the_definition(monkeypatch: pytest.MonkeyPatch) -> tuple[yakuset.RuleSet, yakuset.RuleSet]:
    """The same rule set (weather, the sake cup counted both ways) loaded twice: counted by the
    fast path, then, its bound lowered, by the definition (each load makes its own tables)."""
    fast = yakuset.load_ruleset_text(textwrap.dedent(SLOW), "slow.yaml")
    counting.tables(fast.rules)
    monkeypatch.setattr(weights_fast, "MAX_BITS", 64)
    slow = yakuset.load_ruleset_text(textwrap.dedent(SLOW), "slow.yaml")
    return fast, slow


def test_a_rule_set_the_fast_path_does_not_handle_is_counted_by_the_definition(monkeypatch):
    fast, slow = counted_fast_and_by_the_definition(monkeypatch)
    # One way of counting per kind of the sake cup, 14 yaku of two fields of 7 bits (48 cards
    # count up to 48), then the 48 cards' own bits.
    bits = 2 * 14 * 2 * 7 + 48
    assert weights_fast.handles(slow.rules) == f"its cards' weights would take {bits} bits (at most 64)"
    assert type(counting.tables(slow.rules)) is counting.DefinitionTables
    assert type(counting.tables(fast.rules)) is weights_fast.Tables
    rng = random.Random(5)
    deck = sorted(fast.rules.cards)
    for cards, month, own in random_piles(fast, examples(400), seed=5):
        field = rng.sample([card for card in deck if card not in cards], rng.randint(0, 8))
        assert yaku(slow, cards, month, own, field=field) == yaku(fast, cards, month, own, field=field)
        assert pile(slow, cards, month, own).hand == pile(fast, cards, month, own).hand
        assert pile(slow, cards, month, own).base_on(field) == pile(fast, cards, month, own).base_on(field)


def test_a_match_counted_by_the_definition_is_the_match_counted_fast(monkeypatch):
    fast, slow = counted_fast_and_by_the_definition(monkeypatch)
    for seed in range(examples(12)):
        tables = [yakuset.koikoi.Table(rs, ("a", "b"), seed) for rs in (fast, slow)]
        rng = random.Random(seed)
        while not tables[0].finished:
            legal = tables[0].legal_moves()
            assert tables[1].legal_moves() == legal
            move = legal[rng.randrange(len(legal))]
            assert tables[0].play(move) == tables[1].play(move)
        assert tables[0].trace == tables[1].trace and tables[0].result == tables[1].result
