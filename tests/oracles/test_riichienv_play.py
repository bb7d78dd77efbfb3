"""The riichienv side of the move-by-move comparison (tests/oracles/riichienv_play.py): riichienv's legal
actions in our ``Move`` vocabulary and back, on real games, and what a recorded game holds."""

from __future__ import annotations

import random

import pytest

riichienv = pytest.importorskip("riichienv", reason="riichienv is a test extra (pip install -e .[test])")

from .riichienv_play import AT, PRESETS, Move, actions_of, eager, env_for, move_of, moves_of, play, uniform

KINDS = {
    "discard",
    "riichi",
    "tsumo",
    "ron",
    "chi",
    "pon",
    "open_kan",
    "closed_kan",
    "added_kan",
    "kita",
    "nine_terminals",
    "pass",
}


def _same(one: object, other: object) -> bool:
    """The same action: type, tile and the tiles it uses (an ``Action`` made here has no actor)."""
    return _shape(one) == _shape(other)


def _shape(action: object) -> tuple[int, object, list[int]]:
    return (int(action.action_type), action.tile, sorted(action.consume_tiles))  # type: ignore[attr-defined]


def _translations_hold(name: str, seed: int) -> set[str]:
    """Play one game, checking at every decision that each legal action is one move and back."""
    env = env_for(name, seed)
    rng = random.Random(seed)
    observations = env.reset()
    seen: set[str] = set()
    while not env.done():
        answers = {}
        for seat, observation in observations.items():
            actions = observation.legal_actions()
            moves = moves_of(env, seat, actions)
            assert len(set(moves)) == len(moves), f"two actions, one move: {moves}"
            assert {move.kind for move in moves} <= KINDS
            seen |= {move.kind for move in moves}
            declares = [action for action in actions if action.action_type == AT.RIICHI]
            riichi = [move for move in moves if move.kind == "riichi"]
            assert bool(declares) == bool(riichi)
            for action in actions:
                if action.action_type != AT.RIICHI:
                    (back,) = actions_of(move_of(action), actions)
                    assert _same(back, action)
            for move in riichi:
                declare, discard = actions_of(move, actions)
                assert _same(declare, declares[0])
                after = env.clone().step({seat: declare})[seat].legal_actions()
                assert [a for a in after if _same(a, discard)], f"{move}: no such discard after RIICHI"
            chosen = eager(rng, moves)
            steps = actions_of(chosen, actions)
            if chosen.kind == "riichi":
                after = env.step({seat: steps[0]})[seat].legal_actions()
                (steps[-1],) = [a for a in after if move_of(a) == Move("discard", chosen.tile)]
            answers[seat] = steps[-1]
        observations = env.step(answers)
    return seen


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_legal_action_is_one_move_and_back_in_real_games(name: str) -> None:
    seen = _translations_hold(name, 1)
    assert {"discard", "riichi", "pon", "pass", "ron"} <= seen, seen


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_legal_action_is_one_move_and_back_over_forty_games(name: str) -> None:
    seen: set[str] = set()
    for seed in range(40):
        seen |= _translations_hold(name, seed)
    expected = KINDS - ({"chi"} if PRESETS[name].players == 3 else {"kita"}) - {"nine_terminals"}  # rare
    assert seen >= expected, expected - seen


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_recorded_game_holds_every_decision_result_and_wall(name: str) -> None:
    game = play(name, 7, 7, eager)
    players = PRESETS[name].players
    start = 25000 if players == 4 else 35000  # the presets' starting points (tenhou.yaml, tenhou-sanma.yaml)
    assert game.hands and len(game.walls) == len(game.hands)
    for hand in game.hands:
        assert hand.result is not None
        assert len(hand.result.deltas) == players
        assert sorted(hand.ours) == sorted(hand.theirs)
        for decision in hand.decisions:
            assert decision.chosen in decision.legal
            assert list(decision.legal) == sorted(decision.legal, key=lambda m: (m.kind, m.tile or -1, m.tiles))
        if hand.result.ended in ("ron", "tsumo"):
            assert hand.result.winners and all(hand.result.deltas[w] > 0 for w in hand.result.winners)
            last = [d.chosen.kind for d in hand.decisions if d.chosen.kind in ("ron", "tsumo")]
            assert last and last[-1] == hand.result.ended
        else:
            assert not hand.result.winners
    # every point is accounted for: a hand's result is the next hand's start less its own; after
    # the last, riichienv's final scores also hold the sticks left on the table, given to the top
    for hand, following in zip(game.hands, game.hands[1:]):
        assert hand.result.deltas == tuple(b - a for a, b in zip(hand.start, following.start))  # type: ignore[union-attr]
    last = game.hands[-1]
    left = [f - s - d for f, s, d in zip(game.scores, last.start, last.result.deltas)]  # type: ignore[union-attr]
    assert sum(left) % 1000 == 0 and sum(1 for x in left if x) <= 1 and min(left) >= 0, left
    assert game.hands[0].start == (start,) * players


def test_the_same_seeds_record_the_same_game() -> None:
    one, two = play("tenhou-sanma", 3, 4, uniform), play("tenhou-sanma", 3, 4, uniform)
    assert [h.decisions for h in one.hands] == [h.decisions for h in two.hands]
    assert one.walls == two.walls and one.scores == two.scores
