"""The Riichi ``Table`` against an independent engine, move by move (issue 26): riichienv 0.4.11
plays whole games of each platform preset (``tenhou``, ``mahjong-soul``, ``tenhou-sanma``,
``mahjong-soul-sanma``; tests/oracles/riichienv_play.py), recording every decision and every hand's wall;
the ``Table`` is dealt the same walls (converted to ours) and plays the same moves, and at every
decision the seat to move and its legal moves must be the same, and after every hand its result
(each seat's points change, the winners, how it ended).

What is left out, and why:

- ``NOT_YET``: nothing now (every kind of move is compared: the calls, the kans and kita). A kind
  the Table did not play would be left out of the games (``never``) and of both sides' legal
  moves, and a reaction left with only ``pass`` not compared (riichienv asks only seats that
  have more).
- **Pure karaten** (a hand whose every wait is a tile its holder has all four of, counting its
  melds and set-aside norths): riichienv pays it as tenpai and offers riichi on it, as every
  preset's rule set says (`draws.karaten: concealed`, docs/rules/riichi-table.md §6), so no game
  is skipped; under a house rule set counting the melds (`held`) ``replay_on_table`` returns a
  ``Skipped`` for exactly that hand (the seats found by riichienv's own ``get_waits``, and
  riichienv's deltas equal to the Table's with those seats paid as tenpai; or a turn where the
  only moves riichienv has more are riichi, each leaving such a hand).
- After a game's last hand, riichienv's final scores hold the riichi sticks left on the table,
  given to the top: the standings' matter, not the hand's; hand results are compared without it.
- Moves are compared by their tiles' names, not copies, and riichienv's reactions after a ron in
  the same round are not compared (``replay_on_table`` says why: how each engine lists and asks,
  not what it allows).

Found with calls, and fixed in the Table (ours): after four kans by more than one seat the Table
offered calls on the discard after the fourth; riichienv offers only ron and aborts the hand
(tenhou seed 150, hand 0), as docs/rules/riichi-table.md §6 has it
(tests/riichi/table/test_play.py pins it on a rigged wall); and a closed kan of a tile a riichi hand
waited on made that hand furiten for good (it may not rob the kan, so no winning tile passed it),
where riichienv let it ron its other wait (tenhou seeds 1488 and 1704 of 1,000 whole games).
"""

from __future__ import annotations

import os

import pytest
import yakuset
from yakuset.riichi import Table

riichienv = pytest.importorskip("riichienv", reason="riichienv is a test extra (pip install -e .[test])")

from .riichienv_play import (
    PRESETS,
    PURE_KARATEN,
    PURE_KARATEN_RIICHI,
    Chooser,
    Skipped,
    eager,
    never,
    play,
    replay_on_table,
    uniform,
)

#: Move kinds the Table does not play yet (see the module's docstring): none.
NOT_YET: frozenset[str] = frozenset()
RULESETS = {name: yakuset.load_ruleset(name) for name in PRESETS}
#: Whole games per preset in the slow run, four in five with the eager chooser: 200 in a whole
#: test run (CI, the README's command); ``YAKUSET_RIICHIENV_GAMES=1000`` plays the issue's
#: thousand (docs/development.md: about 0.2 s of CPU a game).
GAMES = int(os.environ.get("YAKUSET_RIICHIENV_GAMES", "200"))


def _differences(name: str, seeds: range, chooser: Chooser) -> list[str]:
    """The differences found in the games of ``seeds``, a game skipped at pure karaten among them
    (each preset's rule set counts pure karaten as riichienv does)."""
    found = []
    for seed in seeds:
        game = play(name, seed, seed, never(NOT_YET, chooser))
        difference = replay_on_table(game, Table(RULESETS[name], wall=game.walls), NOT_YET)
        if difference is not None:
            found.append(f"{name} seed {seed} ({chooser.__name__}): {difference}")
    return found


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_table_offers_and_settles_what_riichienv_does_move_by_move(name: str) -> None:
    assert _differences(name, range(1), eager) == []


def _held(name: str) -> yakuset.RuleSet:
    """``name`` with pure karaten counted noten: the seat's melds and norths make a wait dead."""
    text = f"extends: {name}\nname: {name} held\ndraws:\n  karaten: held\n"
    return yakuset.load_ruleset_text(text, f"{name}-held.yaml")


#: riichienv games (eager chooser) with a pure karaten hand, by what holds the wait's other
#: copies: (preset, seed, hand, seat, what riichienv does with it: pays it as tenpai at the
#: exhaustive draw, or offers riichi on it).
PURE_KARATEN_GAMES = {
    "pon": ("tenhou-sanma", 98, 4, 1, PURE_KARATEN),
    "open kan": ("tenhou", 299, 3, 2, PURE_KARATEN),
    "closed kan": ("tenhou-sanma", 232, 10, 2, PURE_KARATEN_RIICHI),
    "added kan": ("tenhou", 38, 5, 3, PURE_KARATEN),
}


@pytest.mark.parametrize("held_by", sorted(PURE_KARATEN_GAMES))
def test_pure_karaten_is_tenpai_as_riichienv_pays_it_and_noten_where_melds_count(held_by: str) -> None:
    name, seed, hand, seat, reason = PURE_KARATEN_GAMES[held_by]
    game = play(name, seed, seed, never(NOT_YET, eager))
    assert replay_on_table(game, Table(RULESETS[name], wall=game.walls), NOT_YET) is None
    assert replay_on_table(game, Table(_held(name), wall=game.walls), NOT_YET) == Skipped(hand, reason, (seat,))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_whole_games_agree_move_by_move_with_riichienv(name: str) -> None:
    eager_games = GAMES * 4 // 5
    found = _differences(name, range(1000, 1000 + eager_games), eager)
    found += _differences(name, range(1800, 1800 + GAMES - eager_games), uniform)
    assert found == [], "\n".join(found[:20])
