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
    with pytest.raises(
        yakuset.RulesetError,
        match=r"implements .yakuset_koikoi_[a-z_]+., a hook of koikoi rule sets; this is a riichi rule set",
    ):
        load("extends: tenhou\nplugins:\n  luck: {}\n", reg, tmp_path)
    assert load("extends: nintendo\nplugins:\n  luck: {}\n", reg, tmp_path).plugin_settings("luck") == {}


class OptionalKoikoiHooks:
    """A Koi-Koi plugin whose hooks are marked optional (pluggy then checks no spec for them)."""

    NAME = "festival"

    @yakuset.hookimpl(optionalhook=True)
    def yakuset_koikoi_award_context(self, ruleset, base, own_calls, opponent_calls, field_brights):
        return {}

    @yakuset.hookimpl(optionalhook=True)
    def yakuset_koikoi_festival_bonus(self, ruleset):
        return 0


class OptionalRiichiHook:
    NAME = "house_yaku"

    @yakuset.hookimpl(optionalhook=True)
    def yakuset_riichi_yaku_detectors(self):
        return {}


@pytest.mark.parametrize(
    ("parent", "plugin", "hooks", "games"),
    [
        ("tenhou", OptionalKoikoiHooks(), ["yakuset_koikoi_award_context", "yakuset_koikoi_festival_bonus"], "koikoi"),
        ("nintendo", OptionalRiichiHook(), ["yakuset_riichi_yaku_detectors"], "riichi"),
    ],
)
def test_another_games_plugin_is_a_load_error_even_with_optional_hooks(tmp_path, parent, plugin, hooks, games):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {parent}\nplugins:\n  {plugin.NAME}: {{}}\n", encoding="utf-8")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path, plugins=[plugin])
    problems = caught.value.problems
    assert [p.path for p in problems] == [f"plugins.{plugin.NAME}"] * len(hooks)
    assert all(f"a hook of {games} rule sets" in p.message for p in problems)
    assert sorted(hook for hook in hooks if any(hook in p.message for p in problems)) == sorted(hooks)


def test_an_optional_hook_of_no_game_stays_excused(tmp_path):
    class Optional:
        NAME = "later"

        @yakuset.hookimpl(optionalhook=True)
        def yakuset_someday(self):
            return None

    path = tmp_path / "house.yaml"
    path.write_text("extends: tenhou\nplugins:\n  later: {}\n", encoding="utf-8")
    assert yakuset.load_ruleset(path, plugins=[Optional()]).plugin_settings("later") == {}


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
    with pytest.raises(yakuset.riichi.NoYaku):
        evaluate(rs, **HAND)
    assert evaluate(load_text("extends: tenhou\n", tmp_path / "plain.yaml", reg), **HAND).han == 1


def test_two_plugins_of_one_rank_detecting_one_yaku_are_a_problem_tryfirst_settles_it(tmp_path):
    text = "extends: tenhou\nplugins:\n  one: {}\n  two: {}\n"
    with pytest.raises(yakuset.RulesetError, match="plugins 'two' and 'one' both detect 'tanyao'"):
        load(text, registry(one=detects("tanyao", False), two=detects("tanyao", True)), tmp_path)
    rs = load(text, registry(one=detects("tanyao", False, tryfirst=True), two=detects("tanyao", True)), tmp_path)
    with pytest.raises(yakuset.riichi.NoYaku):
        evaluate(rs, **HAND)


class Lucky:
    def __init__(self, error: Exception) -> None:
        self.error = error

    @hookimpl
    def yakuset_koikoi_lucky_hand(self, ruleset, hand):
        raise self.error


def test_a_game_hook_that_raises_is_a_plugin_error_naming_it_and_the_engines_own_errors_pass(tmp_path):
    from yakuset.koikoi.rules.hooks import Hooks

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


# --- the Koi-Koi facade calls what pluggy would call, in pluggy's order -------------------------
# koikoi/rules/hooks.py calls each implementation itself (a deal asks three hooks); these compare it
# with the plugin manager's own hook caller, asked with the same arguments.

DEALT = ("01-bright-crane", "02-chaff-1")
TOTALS = {"alice": 10, "bob": 12}


class Asks:
    """A plugin that records when it is asked and answers as it is told."""

    def __init__(self, name: str, asked: list[str], answer: object = None, **order: bool) -> None:
        self.name, self.asked, self.answer = name, asked, answer

        @hookimpl(**order)
        def yakuset_koikoi_lucky_hand(ruleset, hand):
            asked.append(name)
            return answer

        @hookimpl(**order)
        def yakuset_koikoi_match_end(ruleset, totals, extras):
            asked.append(name)
            return answer

        self.yakuset_koikoi_lucky_hand = yakuset_koikoi_lucky_hand
        self.yakuset_koikoi_match_end = yakuset_koikoi_match_end


def asking(tmp_path, plugins: dict[str, object]) -> yakuset.RuleSet:
    names = "".join(f"  {name}: {{}}\n" for name in plugins)
    return load(f"extends: nintendo\nplugins:\n  lucky_hands: null\n{names}", registry(**plugins), tmp_path)


def both_ways(rs: yakuset.RuleSet, asked: list[str], hook: str, facade, **arguments) -> tuple[object, object]:
    """What the facade answers and the order it asks in, then what pluggy answers and its order."""
    from_facade = facade(), list(asked)
    asked.clear()
    from_pluggy = getattr(rs.plugin_manager.hook, hook)(ruleset=rs, **arguments), list(asked)
    asked.clear()
    return from_facade, from_pluggy


def test_the_facade_asks_in_pluggys_order_and_stops_where_pluggy_stops(tmp_path):
    from yakuset.koikoi import FixedAward
    from yakuset.koikoi.rules.hooks import Hooks

    asked: list[str] = []
    won = FixedAward("house", "the house's hand", 4)
    plugins = {
        "late": Asks("late", asked, won, trylast=True),
        "plain": Asks("plain", asked),
        "early": Asks("early", asked, tryfirst=True),
        "second": Asks("second", asked, won),
    }
    rs = asking(tmp_path, plugins)
    facade, pluggy = both_ways(rs, asked, "yakuset_koikoi_lucky_hand", lambda: Hooks(rs).lucky_hand(DEALT), hand=DEALT)
    assert facade == pluggy
    assert facade[1][0] == "early" and facade[1][-1] != "late"  # tryfirst first; stopped before trylast
    assert facade[0] == won


def test_the_facade_collects_every_answer_in_pluggys_order(tmp_path):
    from yakuset.koikoi import MatchAdjustment
    from yakuset.koikoi.rules.hooks import Hooks

    asked: list[str] = []
    plugins = {
        name: Asks(name, asked, None if name == "silent" else [MatchAdjustment("alice", 1, name, name)], **order)
        for name, order in (("late", {"trylast": True}), ("silent", {}), ("early", {"tryfirst": True}), ("plain", {}))
    }
    rs = asking(tmp_path, plugins)
    facade, pluggy = both_ways(
        rs, asked, "yakuset_koikoi_match_end", lambda: Hooks(rs).match_end(TOTALS, {}), totals=TOTALS, extras={}
    )
    assert facade[1] == pluggy[1] and facade[1][0] == "early" and facade[1][-1] == "late"
    assert facade[0] == [found for answer in pluggy[0] for found in answer]


class TakesTheHandOnly:
    @hookimpl
    def yakuset_koikoi_lucky_hand(self, hand):
        from yakuset.koikoi import FixedAward

        return FixedAward("short", f"{len(hand)} cards", len(hand))


class Wraps:
    """A new-style wrapper around the other implementations: pluggy runs it."""

    def __init__(self) -> None:
        self.wrapped = 0

    @hookimpl(wrapper=True)
    def yakuset_koikoi_lucky_hand(self, ruleset, hand):
        self.wrapped += 1
        found = yield
        return found


def test_an_implementation_taking_fewer_arguments_is_asked_with_those_it_names(tmp_path):
    from yakuset.koikoi.rules.hooks import Hooks

    rs = asking(tmp_path, {"short": TakesTheHandOnly()})
    assert Hooks(rs).lucky_hand(DEALT) == rs.plugin_manager.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=DEALT)
    assert Hooks(rs).lucky_hand(DEALT).points == 2


def test_a_hook_with_a_wrapper_is_called_through_pluggy(tmp_path):
    from yakuset.koikoi.rules.hooks import Hooks

    wraps = Wraps()
    rs = asking(tmp_path, {"wraps": wraps, "short": TakesTheHandOnly()})
    assert Hooks(rs).lucky_hand(DEALT).points == 2
    assert wraps.wrapped == 1


def test_the_second_plugins_error_names_the_second_plugin(tmp_path):
    from yakuset.koikoi.rules.hooks import Hooks

    asked: list[str] = []
    rs = asking(tmp_path, {"quiet": Asks("quiet", asked, tryfirst=True), "broken": Lucky(KeyError("month"))})
    with pytest.raises(yakuset.PluginError) as caught:
        Hooks(rs).lucky_hand(DEALT)
    assert (caught.value.plugin, caught.value.hook) == ("broken", "yakuset_koikoi_lucky_hand")
    assert isinstance(caught.value.__cause__, KeyError)
    with pytest.raises(yakuset.PluginError) as through_pluggy:
        rs.plugin_manager.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=DEALT)
    assert str(through_pluggy.value) == str(caught.value)
