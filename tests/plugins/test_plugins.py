"""The built-in plugins through their hooks, per-rule-set plugin managers, and a
third-party plugin found through an entry point without touching the yakuset."""

from __future__ import annotations

import functools
import re
import sys
import tomllib
import types

import pytest
import yakuset
from yakuset import FixedAward, MatchAdjustment
from yakuset.koikoi import award

from ..helpers import ROOT, write_at as write

KOIKOI_RULESETS = ("nintendo", "tournament", "yakuza", "fudawiki", "kk-add-10")


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def line_of(path, needle: str) -> int:
    """1-based line of the first line of ``path`` containing ``needle``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


# --- lucky hands --------------------------------------------------------------------------

TESHI = [
    "03-bright-curtain",
    "03-ribbon-poetry",
    "03-chaff-1",
    "03-chaff-2",
    "01-bright-crane",
    "05-animal-bridge",
    "08-bright-moon",
    "12-chaff-1",
]
KUTTSUKI = [
    "01-bright-crane",
    "01-chaff-1",
    "04-animal-cuckoo",
    "04-ribbon-red",
    "07-animal-boar",
    "07-chaff-2",
    "11-bright-rainman",
    "11-chaff-lightning",
]
ORDINARY = [
    "01-bright-crane",
    "01-ribbon-poetry",
    "01-chaff-1",
    "02-animal-warbler",
    "03-bright-curtain",
    "04-chaff-1",
    "09-animal-sake",
    "12-bright-phoenix",
]
THREE_PAIRS = [
    "02-animal-warbler",
    "02-chaff-2",
    "06-animal-butterflies",
    "06-ribbon-blue",
    "10-animal-deer",
    "10-chaff-1",
    "08-animal-geese",
    "12-chaff-yellow",
]


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
def test_teshi_pays_six_without_multipliers_on_every_rule_set(ruleset_id):
    rs = ruleset(ruleset_id)
    result = rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=TESHI)
    assert isinstance(result, FixedAward)
    assert (result.id, result.points) == ("teshi", 6)
    assert "no multipliers" in result.explanation


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
def test_kuttsuki_pays_six_without_multipliers_on_every_rule_set(ruleset_id):
    rs = ruleset(ruleset_id)
    result = rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=KUTTSUKI)
    assert isinstance(result, FixedAward)
    assert (result.id, result.points) == ("kuttsuki", 6)


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
@pytest.mark.parametrize("hand", [ORDINARY, THREE_PAIRS], ids=["triple-and-singles", "three-pairs"])
def test_ordinary_hand_is_no_lucky_hand(ruleset_id, hand):
    rs = ruleset(ruleset_id)
    assert rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=hand) is None


def test_lucky_hand_check_does_not_change_the_hand():
    rs = ruleset("nintendo")
    hand = list(TESHI)
    rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=hand)
    assert hand == TESHI


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
def test_duplicate_card_in_hand_is_refused(ruleset_id):
    rs = ruleset(ruleset_id)
    hand = ["01-bright-crane", "01-bright-crane", *ORDINARY[3:], "05-chaff-1"]
    with pytest.raises(yakuset.InputError, match="01-bright-crane"):
        rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=hand)


@pytest.mark.parametrize(
    "bad", ["13-bright-crane", "1-bright-crane", "01-Bright-Crane", "crane", "01-joker-1", "", 1, None]
)
def test_malformed_card_id_is_refused(bad):
    rs = ruleset("nintendo")
    with pytest.raises(yakuset.InputError):
        rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=[bad, *ORDINARY[1:]])


def test_hand_given_as_one_string_is_refused():
    rs = ruleset("nintendo")
    with pytest.raises(yakuset.InputError):
        rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand="01-bright-crane")


@pytest.mark.parametrize("bad", ["01-chaff-3", "01-bright-phoenix", "12-ribbon-red"])
def test_well_formed_card_id_not_in_the_deck_is_refused(bad):
    # docs/rules/koikoi.md §1 lists the 48 card ids; month 1 has no third chaff, no phoenix, and
    # December has no ribbon. Accepting them lets a made-up hand score a lucky hand.
    rs = ruleset("nintendo")
    with pytest.raises(yakuset.InputError):
        rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=[bad, *ORDINARY[1:]])


def test_made_up_cards_do_not_make_a_teshi():
    # Only 01-chaff-1 and 01-chaff-2 exist (docs/rules/koikoi.md §1); the engine pays Teshi for this.
    rs = ruleset("nintendo")
    hand = ["01-chaff-1", "01-chaff-2", "01-chaff-3", "01-chaff-4", *ORDINARY[4:]]
    with pytest.raises(yakuset.InputError, match="01-chaff-3"):
        rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=hand)


def test_lucky_hand_can_be_turned_off_by_a_house_rule_set(tmp_path):
    house = write(
        tmp_path / "no-teshi.yaml",
        """
        extends: nintendo
        name: No Teshi
        plugins:
          lucky_hands:
            teshi: 0
        """,
    )
    rs = yakuset.load_ruleset(house)
    assert rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=TESHI) is None
    assert rs.hook.yakuset_koikoi_lucky_hand(ruleset=rs, hand=KUTTSUKI).points == 6


# --- dealer's privilege ---------------------------------------------------------------------


def test_yakuza_dealer_takes_six_when_nobody_scores():
    rs = ruleset("yakuza")
    result = rs.hook.yakuset_koikoi_exhaustive_draw(ruleset=rs, dealer="p1")
    assert isinstance(result, FixedAward)
    assert result.points == 6
    assert result.recipient == "p1"
    assert result.id == "dealers_privilege"


def test_yakuza_dealer_privilege_pays_whoever_dealt():
    rs = ruleset("yakuza")
    assert rs.hook.yakuset_koikoi_exhaustive_draw(ruleset=rs, dealer="p2").recipient == "p2"


@pytest.mark.parametrize("ruleset_id", ["nintendo", "tournament", "fudawiki", "kk-add-10"])
def test_no_dealer_privilege_outside_yakuza(ruleset_id):
    rs = ruleset(ruleset_id)
    assert rs.hook.yakuset_koikoi_exhaustive_draw(ruleset=rs, dealer="p1") is None


@pytest.mark.parametrize("dealer", ["", None, 1])
def test_dealer_privilege_refuses_a_dealer_that_names_nobody(dealer):
    rs = ruleset("yakuza")
    with pytest.raises(yakuset.InputError, match="dealer"):
        rs.hook.yakuset_koikoi_exhaustive_draw(ruleset=rs, dealer=dealer)


def test_dealer_privilege_points_come_from_the_rule_set(tmp_path):
    house = write(
        tmp_path / "oya-ken-1.yaml",
        """
        extends: nintendo
        name: Nintendo with a small Oya-ken
        plugins:
          dealers_privilege: {points: 1}
        """,
    )
    rs = yakuset.load_ruleset(house)
    assert rs.hook.yakuset_koikoi_exhaustive_draw(ruleset=rs, dealer="p2") == FixedAward(
        "dealers_privilege", "Dealer's Privilege", 1, recipient="p2"
    )


# --- KK-ADD-10 minipoints -------------------------------------------------------------------


def match_end(rs, totals, extras):
    answers = rs.hook.yakuset_koikoi_match_end(ruleset=rs, totals=totals, extras=extras)
    return [adjustment for answer in answers for adjustment in (answer or [])]


@pytest.mark.parametrize(("minipoints", "points"), [(29, 2), (10, 1), (30, 3), (19, 1), (105, 10)])
def test_every_full_ten_minipoints_adds_one_match_point(minipoints, points):
    rs = ruleset("kk-add-10")
    adjustments = match_end(rs, {"p1": 12, "p2": 15}, {"p1": {"minipoints": minipoints}})
    assert len(adjustments) == 1
    (adjustment,) = adjustments
    assert isinstance(adjustment, MatchAdjustment)
    assert (adjustment.player, adjustment.points) == ("p1", points)


@pytest.mark.parametrize("minipoints", [0, 9])
def test_fewer_than_ten_minipoints_adjust_nothing(minipoints):
    rs = ruleset("kk-add-10")
    assert match_end(rs, {"p1": 12, "p2": 15}, {"p1": {"minipoints": minipoints}}) == []


def test_minipoints_adjust_each_player_separately():
    rs = ruleset("kk-add-10")
    adjustments = match_end(rs, {"p1": 12, "p2": 15}, {"p1": {"minipoints": 29}, "p2": {"minipoints": 9}})
    assert [(a.player, a.points) for a in adjustments] == [("p1", 2)]


@pytest.mark.parametrize("ruleset_id", ["nintendo", "tournament", "yakuza", "fudawiki"])
def test_only_kk_add_10_counts_minipoints(ruleset_id):
    rs = ruleset(ruleset_id)
    assert match_end(rs, {"p1": 12, "p2": 15}, {"p1": {"minipoints": 29}, "p2": {"minipoints": 30}}) == []


@pytest.mark.parametrize(
    "extras",
    [
        {"p1": {"minipoints": -1}},
        {"p1": {"minipoints": 2.5}},
        {"p1": {"minipoints": "29"}},
        {"p3": {"minipoints": 29}},
    ],
    ids=["negative", "float", "text", "unknown-player"],
)
def test_minipoints_refuse_impossible_counts(extras):
    rs = ruleset("kk-add-10")
    with pytest.raises(yakuset.InputError):
        match_end(rs, {"p1": 12, "p2": 15}, extras)


# --- one plugin manager per rule set ----------------------------------------------------------


def test_plugin_manager_holds_only_the_plugins_a_rule_set_names():
    nintendo, yakuza, kk = ruleset("nintendo"), ruleset("yakuza"), ruleset("kk-add-10")
    assert nintendo.plugin_manager is not yakuza.plugin_manager
    assert nintendo.plugin_manager.get_plugin("dealers_privilege") is None
    assert yakuza.plugin_manager.get_plugin("dealers_privilege") is not None
    assert nintendo.plugin_manager.get_plugin("minipoints") is None
    assert kk.plugin_manager.get_plugin("minipoints") is not None
    for rs in (nintendo, yakuza, kk):
        assert rs.plugin_manager.get_plugin("lucky_hands") is not None


def test_loading_twice_builds_two_plugin_managers():
    assert yakuset.load_ruleset("yakuza").plugin_manager is not yakuset.load_ruleset("yakuza").plugin_manager


# --- errors naming plugins --------------------------------------------------------------------


def test_unknown_plugin_is_a_load_error_naming_it(tmp_path):
    house = write(
        tmp_path / "unknown-plugin.yaml",
        """
        extends: nintendo
        name: Unknown plugin
        plugins:
          no_such_plugin: {}
        """,
    )
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(house)
    message = str(caught.value)
    assert "no_such_plugin" in message
    assert f"unknown-plugin.yaml:{line_of(house, 'no_such_plugin')}:" in message


def test_misspelt_plugin_gets_a_did_you_mean_hint(tmp_path):
    house = write(
        tmp_path / "typo.yaml",
        """
        extends: nintendo
        name: Typo
        plugins:
          dealers_privilge: {points: 6}
        """,
    )
    with pytest.raises(yakuset.RulesetError, match="dealers_privilege"):
        yakuset.load_ruleset(house)


def test_built_in_plugin_setting_unknown_to_its_schema_is_a_load_error(tmp_path):
    house = write(
        tmp_path / "bad-setting.yaml",
        """
        extends: nintendo
        name: Bad setting
        plugins:
          dealers_privilege:
            pionts: 6
        """,
    )
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(house)
    message = str(caught.value)
    assert f"bad-setting.yaml:{line_of(house, 'pionts')}:" in message
    assert "pionts" in message


# --- a third-party plugin through an entry point -------------------------------------------

HOUSE_PLUGIN_SOURCE = '''
"""A studio's plugin: a birthday bonus multiplier for Koi-Koi awards."""

from yakuset import hookimpl

NAME = "birthday"


@hookimpl
def yakuset_settings_schema():
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "additionalProperties": False,
        "properties": {"factor": {"type": "integer", "minimum": 1}},
    }


@hookimpl
def yakuset_expression_names(game):
    if game != "koikoi":
        return None
    return {"birthday_bonus": "the birthday plugin's bonus factor"}


@hookimpl
def yakuset_koikoi_award_context(ruleset, base, own_calls, opponent_calls):
    return {"birthday_bonus": ruleset.plugin_settings(NAME).get("factor", 1)}
'''


@pytest.fixture
def house_plugin(tmp_path, monkeypatch):
    """Install `house-plugin` 1.0 (entry point yakuset:birthday) into a folder on sys.path."""
    assert "house_plugin" not in sys.modules
    write(tmp_path / "house_plugin.py", HOUSE_PLUGIN_SOURCE)
    info = tmp_path / "house_plugin-1.0.dist-info"
    info.mkdir()
    write(info / "METADATA", "Metadata-Version: 2.1\nName: house-plugin\nVersion: 1.0\n")
    write(info / "entry_points.txt", "[yakuset]\nbirthday = house_plugin\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("house_plugin", None)


BIRTHDAY_RULESET = """
    extends: nintendo
    name: Birthday house rules
    plugins:
      birthday:
        factor: {factor}
    award:
      multipliers:
        - id: birthday
          label: birthday
          when: birthday_bonus > 1
          factor: birthday_bonus
    """


def test_third_party_plugin_adds_an_expression_name_used_by_a_multiplier(house_plugin):
    rs = yakuset.load_ruleset(write(house_plugin / "birthday.yaml", BIRTHDAY_RULESET.format(factor=3)))
    assert rs.plugin_manager.get_plugin("birthday") is not None
    result = award(rs, base=8, own_calls=0, opponent_calls=1)
    assert result.points == 96  # 8 × 2 (7+) × 2 (opponent) × 1 × 3 (birthday)
    assert result.explanation == "8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 × 3 (birthday) = 96"
    assert [s.id for s in result.steps] == ["seven_plus", "opponent_koikoi", "own_streak", "birthday"]
    assert award(rs, base=3, own_calls=1).points == 18  # 3 × 2 (streak) × 3


def test_third_party_plugin_value_comes_from_its_settings(house_plugin):
    rs = yakuset.load_ruleset(write(house_plugin / "birthday.yaml", BIRTHDAY_RULESET.format(factor=1)))
    result = award(rs, base=8, opponent_calls=1)
    assert result.points == 32  # `when: birthday_bonus > 1` is false: Nintendo's award
    assert "birthday" not in [s.id for s in result.steps]


def test_third_party_plugin_is_not_registered_for_rule_sets_that_do_not_name_it(house_plugin):
    rs = yakuset.load_ruleset("nintendo")
    assert rs.plugin_manager.get_plugin("birthday") is None
    assert award(rs, base=8, opponent_calls=1).points == 32


def test_plugin_expression_name_is_unknown_without_the_plugin(house_plugin):
    house = write(
        house_plugin / "no-plugin.yaml",
        """
        extends: nintendo
        name: Uses the name, forgets the plugin
        award:
          multipliers:
            - id: birthday
              factor: birthday_bonus
        """,
    )
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(house)
    message = str(caught.value)
    assert "birthday_bonus" in message
    assert f"no-plugin.yaml:{line_of(house, 'factor: birthday_bonus')}:" in message


def test_third_party_plugin_settings_schema_rejects_an_unknown_key(house_plugin):
    text = BIRTHDAY_RULESET.format(factor=3).replace("factor: 3", "factr: 3")
    house = write(house_plugin / "bad-birthday.yaml", text)
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(house)
    message = str(caught.value)
    assert f"bad-birthday.yaml:{line_of(house, 'factr')}:" in message
    assert "factr" in message
    assert "plugins.birthday" in message


def test_third_party_plugin_settings_schema_rejects_a_wrong_value(house_plugin):
    text = BIRTHDAY_RULESET.format(factor="three")
    house = write(house_plugin / "bad-value.yaml", text)
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(house)
    message = str(caught.value)
    assert f"bad-value.yaml:{line_of(house, 'factor: three')}:" in message
    assert "plugins.birthday.factor" in message


# --- plugins handed to the loader, as docs/plugins.md shows them ------------------------------


def _doc_block(opening: str) -> str:
    """The fenced block of docs/plugins.md whose first line is ``opening``."""
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S):
        if block.startswith(opening):
            return block
    raise AssertionError(f"docs/plugins.md has no block starting {opening!r}")


@pytest.fixture
def house_yaku() -> types.ModuleType:
    module = types.ModuleType("house_yaku")
    exec(_doc_block("# house_yaku.py"), module.__dict__)
    return module


def test_the_documented_house_yaku_plugin_works_handed_to_the_loader(tmp_path, monkeypatch, house_yaku):
    path = tmp_path / "tenhou-daisharin.yaml"
    path.write_text(_doc_block("# tenhou-daisharin.yaml"), encoding="utf-8")
    # The page's own lines, as a user runs them beside the file, with the module importable.
    monkeypatch.setitem(sys.modules, "house_yaku", house_yaku)
    monkeypatch.chdir(tmp_path)
    shown: dict[str, object] = {}
    exec(_doc_block("import house_yaku, yakuset"), shown)
    assert shown["rs"].rules is not None  # type: ignore[attr-defined]
    rs = yakuset.load_ruleset(path, plugins=[house_yaku])
    assert rs.warnings == ()  # `new: true`: no "did you mean 'daisangen'?"
    hand = yakuset.riichi.evaluate(rs, "22334455667788p", win="8p", seat_wind="south")
    # One yakuman, non-dealer ron: 8,000 basic points x 4 (docs/rules/riichi.md, payments).
    assert (hand.yaku, hand.yakuman, hand.total) == (("daisharin",), 1, 32000)
    by_name = yakuset.load_ruleset(path, plugins={"house_yaku": house_yaku})
    assert by_name.plugin_manager.get_plugin("house_yaku") is house_yaku


def test_a_plugin_a_rule_set_names_is_unknown_unless_given_or_installed(tmp_path):
    path = tmp_path / "tenhou-daisharin.yaml"
    path.write_text(_doc_block("# tenhou-daisharin.yaml"), encoding="utf-8")
    with pytest.raises(yakuset.RulesetError, match="unknown plugin 'house_yaku'"):
        yakuset.load_ruleset(path)


def test_the_documented_plugin_package_declares_its_module_as_the_entry_point():
    project = tomllib.loads(_doc_block("# house-yaku/pyproject.toml"))
    assert project["project"]["entry-points"]["yakuset"] == {"house_yaku": "house_yaku"}
    assert project["tool"]["setuptools"]["py-modules"] == ["house_yaku"]


@pytest.mark.parametrize(
    ("plugins", "message"),
    [
        ([object()], "has no name"),
        ({"lucky_hands": object()}, "built-in plugin"),
        ({"House": object()}, "not a plugin name"),
        ({"house": None}, "must be a module or object"),
        ("house_yaku", "must be a list of plugin objects"),
    ],
)
def test_a_plugin_argument_the_loader_cannot_name_is_an_input_error(plugins, message):
    with pytest.raises(yakuset.InputError, match=message):
        yakuset.load_ruleset("tenhou", plugins=plugins)


def test_the_documented_riichi_bot_plays_a_whole_game_handed_to_the_loader():
    module = types.ModuleType("defensive_bot")
    exec(_doc_block("# defensive_bot.py"), module.__dict__)
    rs = yakuset.load_ruleset("tenhou", plugins=[module])
    bots = yakuset.riichi.find_bots(rs, ["defensive", "efficiency", "efficiency", "efficiency"])
    assert (bots[0].name, bots[0].plugin) == ("defensive", "defensive_bot")
    game = yakuset.riichi.play_game(rs, 1, bots)
    assert sorted(game.places) == [1, 2, 3, 4] and len(game.hands) >= 4


def test_the_documented_festival_plugin_doubles_the_award_when_the_rule_set_says_it_is_on():
    """docs/plugins.md's first plugin and its house rule set, as written there: Nintendo doubles
    7 or more (docs/rules/koikoi.md), and the festival multiplier doubles again when active."""
    module = types.ModuleType("festival_plugin")
    exec(_doc_block("# festival_plugin.py"), module.__dict__)
    house = _doc_block("extends: nintendo\nname: Festival rules")
    on = yakuset.load_ruleset_text(house, "festival.yaml", plugins={"festival": module})
    off = yakuset.load_ruleset_text(
        house.replace("{active: true}", "{active: false}"), "festival.yaml", plugins={"festival": module}
    )
    assert yakuset.koikoi.award(on, base=8).points == 8 * 2 * 2
    assert yakuset.koikoi.award(off, base=8).points == 8 * 2


def test_the_documented_koikoi_bot_plays_a_whole_match_handed_to_the_loader():
    """docs/plugins.md's Cautious bot: it plays every match to its end and never calls Koi-Koi."""
    module = types.ModuleType("cautious_bot")
    exec(_doc_block("# cautious_bot.py"), module.__dict__)
    rs = yakuset.load_ruleset("nintendo", plugins=[module])
    bots = yakuset.koikoi.find_bots(rs, ["cautious", "greedy"])
    rounds = [r for seed in range(5) for r in yakuset.koikoi.play_match(rs, seed, bots).rounds]
    assert len(rounds) == 5 * 12  # Nintendo's twelve months each match
    assert all(r.calls[0] == 0 for r in rounds)  # the cautious seat never calls
    assert any(r.calls[1] > 0 for r in rounds)  # the greedy one does, at the same table
