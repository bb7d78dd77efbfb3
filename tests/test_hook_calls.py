"""Hooks are called one way, through pluggy: a plugin's failure in any hook (its settings schema
included) is a PluginError naming the plugin and the hook; a rule set's manager knows its own
game's hooks only; and which plugin's yaku detector wins is decided by tryfirst/trylast, never by
the order the plugins are named in."""

from __future__ import annotations

import textwrap

import pytest
import yakuset
from yakuset import hookimpl
from yakuset._core.plugins import Registry
from yakuset._core.ruleset import load_text
from yakuset._house import REGISTRY
from yakuset.riichi import evaluate


class BrokenSettings:
    @hookimpl
    def yakuset_settings_schema(self):
        return 1 / 0


class ListForSettings:
    @hookimpl
    def yakuset_settings_schema(self):
        return ["not", "a", "schema"]


class KoikoiLuck:
    @hookimpl
    def yakuset_koikoi_lucky_hand(self, ruleset, hand):
        return None


def detects(ident: str, answer: bool, *, tryfirst: bool = False, trylast: bool = False) -> object:
    class Detects:
        @hookimpl(tryfirst=tryfirst, trylast=trylast)
        def yakuset_riichi_yaku_detectors(self):
            return {ident: lambda reading, situation: answer}

    return Detects()


def registry(**plugins: object) -> Registry:
    return Registry.of(REGISTRY.games.values(), {**REGISTRY.builtins, **plugins})


def load(text: str, reg: Registry, tmp_path) -> yakuset.RuleSet:
    return load_text(textwrap.dedent(text), tmp_path / "house.yaml", reg)


def test_a_settings_schema_hook_that_raises_is_a_plugin_error_naming_plugin_and_hook(tmp_path):
    reg = registry(broken=BrokenSettings())
    with pytest.raises(yakuset.PluginError) as caught:
        load("extends: nintendo\nplugins:\n  broken: {}\n", reg, tmp_path)
    assert (caught.value.plugin, caught.value.hook) == ("broken", "yakuset_settings_schema")
    assert "ZeroDivisionError" in str(caught.value)


def test_a_settings_schema_that_is_no_mapping_is_a_located_problem(tmp_path):
    reg = registry(listed=ListForSettings())
    with pytest.raises(yakuset.RulesetError, match=r"house\.yaml:3:\d+: plugins\.listed: .*returned list"):
        load("extends: nintendo\nplugins:\n  listed: {}\n", reg, tmp_path)


def test_a_koikoi_hook_in_a_riichi_rule_set_is_refused_as_the_other_games_hook(tmp_path):
    reg = registry(luck=KoikoiLuck())
    with pytest.raises(yakuset.RulesetError, match="is a hook of koikoi rule sets, and this is a riichi rule set"):
        load("extends: tenhou\nplugins:\n  luck: {}\n", reg, tmp_path)
    assert load("extends: nintendo\nplugins:\n  luck: {}\n", reg, tmp_path).plugin_settings("luck") == {}


# A closed hand won by ron on a single wait: the built-in detectors find tanyao and nothing else.
HAND = dict(hand="234m456p23466688s", win="8s", tsumo=False)


@pytest.mark.parametrize("named_first", [True, False])
def test_a_plugins_detector_replaces_the_built_in_one_whatever_order_they_are_named_in(tmp_path, named_first):
    reg = registry(no_tanyao=detects("tanyao", False))
    # A parent without the built-in detectors lets the child name both plugins in either order.
    (tmp_path / "bare.yaml").write_text("extends: tenhou\nplugins:\n  riichi_yaku: null\n", encoding="utf-8")
    names = ["no_tanyao: {}", "riichi_yaku: {}"] if named_first else ["riichi_yaku: {}", "no_tanyao: {}"]
    rs = load("extends: bare.yaml\nplugins:\n  " + "\n  ".join(names) + "\n", reg, tmp_path)
    assert list(rs.plugins) == [name.split(":")[0] for name in names]
    with pytest.raises(yakuset.InputError, match="no yaku"):
        evaluate(rs, **HAND)
    assert evaluate(load_text("extends: tenhou\n", tmp_path / "plain.yaml", reg), **HAND).han == 1


def test_two_plugins_of_one_rank_detecting_one_yaku_are_a_problem_tryfirst_settles_it(tmp_path):
    text = "extends: tenhou\nplugins:\n  one: {}\n  two: {}\n"
    with pytest.raises(yakuset.RulesetError, match="plugins 'two' and 'one' both detect 'tanyao'"):
        load(text, registry(one=detects("tanyao", False), two=detects("tanyao", True)), tmp_path)
    rs = load(text, registry(one=detects("tanyao", False, tryfirst=True), two=detects("tanyao", True)), tmp_path)
    with pytest.raises(yakuset.InputError, match="no yaku"):
        evaluate(rs, **HAND)


class Lucky:
    def __init__(self, error: Exception) -> None:
        self.error = error

    @hookimpl
    def yakuset_koikoi_lucky_hand(self, ruleset, hand):
        raise self.error


def test_a_game_hook_that_raises_is_a_plugin_error_naming_it_and_the_engines_own_errors_pass(tmp_path):
    from yakuset.koikoi._hooks import Hooks

    hand = ("01-bright-crane",)
    rs = load("extends: nintendo\nplugins:\n  luck: {}\n", registry(luck=Lucky(ZeroDivisionError("no"))), tmp_path)
    with pytest.raises(yakuset.PluginError, match="plugin 'luck' failed in its hook yakuset_koikoi_lucky_hand"):
        Hooks(rs).lucky_hand(hand)
    rs = load(
        "extends: nintendo\nplugins:\n  luck: {}\n", registry(luck=Lucky(yakuset.InputError("bad hand"))), tmp_path
    )
    with pytest.raises(yakuset.InputError, match="bad hand"):
        Hooks(rs).lucky_hand(hand)


class OldName:
    @hookimpl
    def yakuset_lucky_hand(self, ruleset, hand):
        return None


def test_a_hook_under_its_name_before_the_game_prefix_is_refused_with_the_new_name(tmp_path):
    with pytest.raises(yakuset.RulesetError, match="did you mean 'yakuset_koikoi_lucky_hand'"):
        load("extends: nintendo\nplugins:\n  old: {}\n", registry(old=OldName()), tmp_path)
