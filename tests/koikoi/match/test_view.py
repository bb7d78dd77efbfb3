"""Bots play at any ``yakuset.koikoi.Table`` through ``table.view(player)``: the built-in greedy
and random bots play whole matches from the public API alone, a view follows its table move by
move, and nothing a view shows holds the opponent's hand or the stock."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
import yakuset
from yakuset import koikoi
from yakuset.koikoi import Move, Table, View

from ...helpers import bundled_ids

KOIKOI = list(bundled_ids("koikoi"))


def decide(table: Table, bot: koikoi.Bot, view: View) -> Move:
    """The bot's answer to the table's pending decision, as a move (the public API only)."""
    if table.pending == "play":
        return Move("play", bot.play(view))
    if table.pending == "choose":
        card = table.choosing
        assert card is not None
        return Move("choose", card, bot.capture(view, card, view.matches(card)))
    return Move("koikoi") if bot.koikoi(view) else Move("shobu")


def decisions(rs: yakuset.RuleSet, seed: int, names: list[str]) -> Iterator[tuple[Table, str, View]]:
    """Play a whole match between the bots ``names`` at a table, yielding before each decision."""
    table = Table(rs, ("alice", "bob"), seed)
    factories = koikoi.find_bots(rs, names)
    bots = {p: factory(rs, random.Random(f"{seed}:{p}")) for p, factory in zip(table.players, factories)}
    views = {p: table.view(p) for p in table.players}
    while not table.finished:
        player = table.to_move
        assert player is not None
        yield table, player, views[player]
        table.play(decide(table, bots[player], views[player]))


@pytest.mark.parametrize("ruleset", KOIKOI)
@pytest.mark.parametrize("names", [["greedy", "random"], ["random", "greedy"]])
def test_greedy_and_random_bots_play_whole_matches_at_a_table_through_the_view(ruleset, names):
    rs = yakuset.load_ruleset(ruleset)
    for seed in range(3):
        tables = {id(table): table for table, _, _ in decisions(rs, seed, names)}
        (table,) = tables.values()  # one table, played to the end
        assert table.finished and table.result is not None
        assert table.result.rounds and table.trace.splitlines()[-1].startswith("match over: ")


def test_a_view_follows_its_table_move_by_move():
    rs = yakuset.load_ruleset("fudawiki")
    for table, player, view in decisions(rs, 4, ["greedy", "greedy"]):
        other = next(p for p in table.players if p != player)
        assert (view.player, view.month, view.is_dealer) == (player, table.month, table.dealer == player)
        assert view.round_number == table.round_number - 1  # from 0
        assert view.hand == table.hand(player) and view.field == table.field
        assert view.captured == table.captured(player) and view.opponent_captured == table.captured(other)
        assert view.stock_left == table.stock_count
        assert (view.match_points, view.opponent_match_points) == (table.totals[player], table.totals[other])
        assert (view.calls, view.opponent_calls) == (table.round.calls(player), table.round.calls(other))
        assert view.base == table.round.base(player) and view.opponent_base == table.round.base(other)
        assert view.turns_left == len(table.hand(player)) + (table.pending == "choose")
        legal = table.legal_moves()
        if table.pending == "play":
            assert [Move("play", card) for card in view.playable] == legal
        if table.pending == "choose":
            assert table.choosing is not None
            assert [m.target for m in legal] == list(view.matches(table.choosing))


def shown(view: View) -> set[str]:
    """Every card id anything of the view's public surface gives."""
    found: set[str] = set()
    for name in dir(view):
        if name.startswith("_") or name == "rules":
            continue
        value = getattr(view, name)
        if callable(value):
            continue
        if isinstance(value, tuple):
            found.update(v for v in value if isinstance(v, str))
        elif isinstance(value, str):
            found.add(value)
    for card in (*view.hand, *view.field):
        found.update(view.matches(card))
    return found


@pytest.mark.parametrize("ruleset", ["nintendo", "bga", "hanafuda-flash"])
def test_nothing_a_view_shows_holds_the_opponents_hand_or_the_stock(ruleset):
    rs = yakuset.load_ruleset(ruleset)
    deck = set(koikoi.rules_of(rs).cards)
    checked = 0
    for table, player, view in decisions(rs, 2, ["random", "greedy"]):
        other = next(p for p in table.players if p != player)
        visible = {*table.field, *table.hand(player), *table.captured(player), *table.captured(other)}
        hidden = deck - visible  # the opponent's hand and the stock
        assert set(table.hand(other)) <= hidden
        assert not shown(view) & hidden
        checked += 1
    assert checked > 50


def test_a_view_of_someone_not_at_the_table_is_refused():
    table = Table(yakuset.load_ruleset("nintendo"), ("alice", "bob"), 1)
    with pytest.raises(yakuset.InputError, match="'carol' is not at this table"):
        table.view("carol")
