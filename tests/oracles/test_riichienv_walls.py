"""riichienv 0.4.11's wall of a hand against ours (``Wall.given``; docs/rules/riichi-table.md §5),
through the conversion in tests/oracles/riichienv_play.py: the same deal, the same first draw and first dora
indicator, and, in whole seeded games, every draw, every replacement draw after a kan or a kita,
and every dora indicator revealed, step by step.

What riichienv does was found by playing walls given to ``RiichiEnv.reset(wall=...)`` (the tests
below pin it): it deals from the start of the list, like us; at four players its dead wall is ours
(replacement tiles 135-132, dora indicators 131, 129, ... over their ura 130, 128, ...). At three
players it keeps 8 replacement tiles (107-100) before its first indicator (99), where we keep 4 and
then the live wall's last tiles; the conversion depends on the hand's number of replacement draws
(``wall_to_ours``).
"""

from __future__ import annotations

import random

import pytest
import yakuset
from yakuset.riichi.table.wall import Wall, tile_set

riichienv = pytest.importorskip("riichienv", reason="riichienv is a test extra (pip install -e .[test])")

from .riichienv_play import (
    PRESETS,
    Hand,
    eager,
    env_for,
    our_layout,
    play,
    their_layout,
    wall_at_deal,
    wall_to_ours,
    wall_to_theirs,
)

RULESETS = {name: yakuset.load_ruleset(name) for name in PRESETS}


def _tiles(name: str) -> tuple[int, ...]:
    return tile_set(yakuset.riichi.rules_of(RULESETS[name]).table)


def _given_walls(name: str, count: int) -> list[list[int]]:
    """``count`` walls of the rule set's tiles in riichienv's order, shuffled by Python's ``random``
    (another generator than either engine's)."""
    rng = random.Random(f"riichienv walls {name}")
    walls = []
    for _ in range(count):
        wall = list(_tiles(name))
        rng.shuffle(wall)
        walls.append(wall)
    return walls


def _deal_agrees(name: str, wall: list[int], dealer: int) -> None:
    players = PRESETS[name].players
    env = env_for(name, 0)
    env.reset(oya=dealer, wall=list(wall))
    ours = Wall.given(RULESETS[name], wall_to_ours(wall, players, 0))
    hands = ours.deal(dealer)
    theirs = [list(hand) for hand in env.hands]
    theirs[dealer].remove(env.drawn_tile)
    assert [sorted(hand) for hand in hands] == [sorted(hand) for hand in theirs]
    assert env.current_player == dealer
    assert ours.draw() == env.drawn_tile
    assert ours.dora_indicators == tuple(env.dora_indicators)
    assert wall_at_deal(env)[13 * players :] == wall[13 * players :]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_given_wall_deals_the_same_hands_first_draw_and_first_dora_indicator(name: str) -> None:
    for number, wall in enumerate(_given_walls(name, 25)):
        _deal_agrees(name, wall, number % PRESETS[name].players)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_given_wall_deals_the_same_everywhere_over_a_thousand_walls(name: str) -> None:
    for number, wall in enumerate(_given_walls(name, 1000)):
        _deal_agrees(name, wall, number % PRESETS[name].players)


@pytest.mark.parametrize(
    ("players", "replacements"), [(3, n) for n in range(9)] + [(4, n) for n in range(5)]
)  # four players: four kans at most, no kita
def test_the_conversion_is_a_permutation_and_its_inverse_undoes_it(players: int, replacements: int) -> None:
    wall = list(range(136 if players == 4 else 108))
    random.Random(replacements).shuffle(wall)
    ours = wall_to_ours(wall, players, replacements)
    assert sorted(ours) == sorted(wall)
    back = wall_to_theirs(ours, players, replacements)
    theirs, mine = their_layout(players, replacements), our_layout(players, replacements)
    for frm, to in zip(theirs.live + theirs.replacements, mine.live + mine.replacements, strict=True):
        assert ours[to] == wall[frm] and back[frm] == wall[frm]
    if players == 4:
        assert ours == wall, "at four players the layouts are the same"


def test_at_three_players_no_one_conversion_serves_every_hand() -> None:
    # riichienv's place 93 is both engines' last live tile in a hand without replacement draws, and
    # riichienv's fourth dora indicator (the third kan's) in a hand with kans enough (ours: 97).
    assert their_layout(3, 0).live[-1] == our_layout(3, 0).live[-1] == 93
    assert their_layout(3, 4).indicators[6] == 93 and our_layout(3, 4).indicators[6] == 97
    # riichienv's fifth replacement tile is its place 103, ours the live wall's first tile to join
    # the dead wall (93), where riichienv's first dora indicator sits 4 places nearer (99, ours 103).
    assert their_layout(3, 5).replacements[4] == 103 and our_layout(3, 5).replacements[4] == 93
    assert their_layout(3, 0).indicators[0] == 99 and our_layout(3, 0).indicators[0] == 103


def _replay_events(ours: Wall, hand: Hand) -> tuple[int, int]:
    assert ours.draw() == hand.theirs[13 * len(hand.dealt)]
    kans = replaced = 0
    for step, event in enumerate(hand.wall_events):
        where = f"dealer {hand.dealer}, wall event {step} {event}"
        if event[0] == "kan":
            kans += 1
            ours.kan(closed=event[1])
        elif event[0] == "discard":
            ours.discarded()
        elif event[0] == "kita":
            # riichienv shows an open kan's indicator, due after the kan's discard, when the kan's
            # player sets a north aside first (seed 100 of tenhou-sanma, hand 2: daiminkan, replacement
            # draw, kita); our rule sets say "after the discard" and a kita is none. Not a matter of
            # the layout: the indicator it shows is checked to be the one our wall shows next.
            ours.discarded()
        elif event[0] == "draw":
            assert ours.draw() == event[1], where
        elif event[0] == "replacement":
            replaced += 1
            assert ours.replacement() == event[1], where
        elif event[0] == "dora":
            assert ours.dora_indicators == event[1], where
    return kans, replaced


def _games_agree(name: str, seeds: range) -> tuple[int, int, int]:
    hands = kans = replaced = 0
    for seed in seeds:
        game = play(name, seed, seed, eager)
        for hand in game.hands:
            ours = Wall.given(RULESETS[name], hand.ours)
            assert [tuple(sorted(seat)) for seat in ours.deal(hand.dealer)] == list(hand.dealt), f"seed {seed}"
            seen = _replay_events(ours, hand)
            hands, kans, replaced = hands + 1, kans + seen[0], replaced + seen[1]
    return hands, kans, replaced


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_seeded_games_draw_the_same_tiles_and_show_the_same_dora_indicators(name: str) -> None:
    hands, kans, replaced = _games_agree(name, range(2))
    assert hands >= 15 and kans >= 1 and replaced >= 1, (hands, kans, replaced)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_thousand_seeded_hands_draw_the_same_tiles_and_show_the_same_dora_indicators(name: str) -> None:
    hands, kans, replaced = _games_agree(name, range(100, 220 if PRESETS[name].players == 4 else 240))
    assert hands >= 1000 and kans >= 50, (hands, kans, replaced)
