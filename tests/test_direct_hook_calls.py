"""Hooks called in hot loops skip pluggy's dispatch (`_core.plugins.direct_caller`) and answer
exactly as a call through the plugin manager does: the same order, the same first answer, every
answer of a hook that collects them, and a plugin's own error named as a PluginError."""

from __future__ import annotations

import pytest
import yakuset
from yakuset import FixedAward, hookimpl
from yakuset._core.errors import PluginError
from yakuset._core.plugins import direct_caller
from yakuset._house import REGISTRY


class Lucky:
    def __init__(self, points: int | None, error: Exception | None = None) -> None:
        self.points, self.error = points, error

    @hookimpl
    def yakuset_lucky_hand(self, ruleset, hand):
        if self.error is not None:
            raise self.error
        return None if self.points is None else FixedAward("lucky", "lucky", self.points)


class Ordered:
    @hookimpl(tryfirst=True)
    def yakuset_lucky_hand(self, hand):  # takes fewer arguments than the hook offers
        return FixedAward("first", "tried first", 1)


class Adjust:
    def __init__(self, points: int) -> None:
        self.points = points

    @hookimpl
    def yakuset_match_end(self, ruleset, totals, extras):
        return [yakuset.MatchAdjustment(player, self.points, "bonus", "a bonus") for player in totals]


def manager(*plugins: object):
    built = REGISTRY.new_manager()
    for index, plugin in enumerate(plugins):
        built.register(plugin, name=f"p{index}")
    return built


@pytest.mark.parametrize(
    "plugins",
    [
        (Lucky(None),),
        (Lucky(3), Lucky(5)),  # the last registered answers first
        (Lucky(None), Lucky(7)),
        (Ordered(), Lucky(3)),  # tryfirst wins over registration order
        (),
    ],
)
def test_a_first_result_hook_answers_as_through_the_manager(plugins):
    built = manager(*plugins)
    through = built.hook.yakuset_lucky_hand(ruleset=None, hand=("01-bright-crane",))
    direct = direct_caller(built, "yakuset_lucky_hand")(None, ("01-bright-crane",))
    assert direct == through


def test_a_collecting_hook_lists_every_answer_in_pluggys_order():
    built = manager(Adjust(1), Adjust(2))
    kwargs = {"ruleset": None, "totals": {"a": 0}, "extras": {}}
    assert direct_caller(built, "yakuset_match_end")(*kwargs.values()) == built.hook.yakuset_match_end(**kwargs)


def test_a_plugins_own_error_is_a_plugin_error_naming_it():
    built = manager(Lucky(3), Lucky(None, ZeroDivisionError("division by zero")))
    with pytest.raises(PluginError, match="plugin 'p1' failed in its hook yakuset_lucky_hand: ZeroDivisionError"):
        direct_caller(built, "yakuset_lucky_hand")(None, ())


def test_the_engines_own_errors_pass_through_unchanged():
    built = manager(Lucky(None, yakuset.InputError("bad hand")))
    with pytest.raises(yakuset.InputError, match="bad hand"):
        direct_caller(built, "yakuset_lucky_hand")(None, ())


class Wrapping:
    @hookimpl(wrapper=True)
    def yakuset_lucky_hand(self, ruleset, hand):
        found = yield
        return FixedAward("wrapped", "wrapped", found.points * 10) if found is not None else None


def test_a_hook_with_a_wrapper_is_called_through_pluggy_with_the_same_answer():
    built = manager(Lucky(3), Wrapping())
    direct = direct_caller(built, "yakuset_lucky_hand")(None, ())
    assert direct == built.hook.yakuset_lucky_hand(ruleset=None, hand=()) == FixedAward("wrapped", "wrapped", 30)
