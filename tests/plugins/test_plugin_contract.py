"""The plugin contract, hook by hook: for every hookspec a third-party plugin that implements
exactly that hook, installed through an entry point, and the engine calling it where the
hook's docstring says. Also: a misspelt or unmarked hook is a load error naming the plugin and
the hook, and the built-in plugins work with no entry point installed at all."""

from __future__ import annotations

import importlib
import re
import sys
import textwrap
from pathlib import Path

import pytest
import yakuset
from yakuset.koikoi import Match, Round, award
from yakuset.koikoi.match.trace import Answered, Entry, Played
from yakuset.riichi import evaluate

# One module per plugin, each implementing one hook (the award context needs a name added by
# another plugin, so that pair is two plugins: each still implements one hook).
PLUGINS = {
    "one_settings": """
        from yakuset import hookimpl

        @hookimpl
        def yakuset_settings_schema():
            return {"type": "object", "additionalProperties": False,
                    "properties": {"colour": {"enum": ["red", "blue"], "default": "red"}}}
    """,
    "one_names": """
        from yakuset import hookimpl

        @hookimpl
        def yakuset_expression_names(game):
            return {"jackpot": "a bonus a second plugin computes"} if game == "koikoi" else None
    """,
    "one_context": """
        from yakuset import hookimpl

        SEEN = []

        @hookimpl
        def yakuset_koikoi_award_context(ruleset, base, own_calls, opponent_calls, field_brights):
            SEEN.append(field_brights)
            return {"jackpot": 1 + field_brights}
    """,
    "one_lucky": """
        from yakuset import FixedAward, hookimpl

        @hookimpl
        def yakuset_koikoi_lucky_hand(ruleset, hand):
            if "01-bright-crane" in hand:
                return FixedAward("crane", "the crane in hand", 3)
            return None
    """,
    "one_deal": """
        from yakuset import DealOutcome, hookimpl

        @hookimpl
        def yakuset_koikoi_deal(ruleset, hands, field, dealer, lucky):
            if "12-bright-phoenix" in field:
                return DealOutcome("redeal", "the phoenix may not lie on the field")
            return None
    """,
    "one_draw": """
        from yakuset import FixedAward, hookimpl

        @hookimpl
        def yakuset_koikoi_exhaustive_draw(ruleset, dealer):
            return FixedAward("consolation", "a consolation for the dealer", 2, recipient=dealer)
    """,
    "one_match_end": """
        from yakuset import MatchAdjustment, hookimpl

        @hookimpl
        def yakuset_koikoi_match_end(ruleset, totals, extras):
            return [MatchAdjustment(player, 1, "attendance", "one point for showing up") for player in totals]
    """,
    "one_detectors": """
        from yakuset import hookimpl

        def all_simples_and_sevens(reading, situation):
            return situation.counts[6] + situation.counts[15] + situation.counts[24] >= 6

        @hookimpl
        def yakuset_riichi_yaku_detectors():
            return {"lucky_sevens": all_simples_and_sevens}
    """,
    "one_bots": """
        from yakuset import hookimpl

        class FirstCard:
            def __init__(self, ruleset, rng):
                pass

            def play(self, view):
                return view.hand[0]

            def capture(self, view, card, choices):
                return choices[0]

            def koikoi(self, view):
                return False

        @hookimpl
        def yakuset_koikoi_bots():
            return {"first_card": FirstCard, "random": FirstCard}
    """,
    "one_riichi_bots": """
        from yakuset import hookimpl

        class LowestTile:
            def __init__(self, ruleset, rng):
                pass

            def choose(self, view, moves):
                return moves[-1] if moves[-1].kind == "pass" else min(
                    (m for m in moves if m.kind == "discard"), key=lambda m: m.tile
                )

        @hookimpl
        def yakuset_riichi_bots():
            return {"lowest_tile": LowestTile, "efficiency": LowestTile}
    """,
    "misspelt": """
        from yakuset import FixedAward, hookimpl

        @hookimpl
        def yakuset_lucky_hands(ruleset, hand):
            return FixedAward("never", "never called", 99)
    """,
    "unmarked": """
        from yakuset import FixedAward

        def yakuset_koikoi_lucky_hand(ruleset, hand):
            return FixedAward("never", "never called", 99)
    """,
}


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Install a package with every plugin above (entry-point group ``yakuset``) on sys.path."""
    for name, source in PLUGINS.items():
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = tmp_path / "contract_plugins-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: contract-plugins\nVersion: 1.0\n", encoding="utf-8")
    points = "".join(f"{name} = {name}\n" for name in PLUGINS)
    (info / "entry_points.txt").write_text(f"[yakuset]\n{points}", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in PLUGINS:
        sys.modules.pop(name, None)


def house(folder, text: str) -> yakuset.RuleSet:
    path = folder / "house.yaml"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return yakuset.load_ruleset(path)


NO_BUILT_IN_LUCK = """
    extends: nintendo
    name: House
    plugins:
      lucky_hands: null
      {plugin}: {{}}
"""

PLAIN_HANDS = {
    "alice": [
        "02-animal-warbler",
        "04-animal-cuckoo",
        "05-animal-bridge",
        "06-animal-butterflies",
        "07-animal-boar",
        "09-chaff-1",
        "11-chaff-lightning",
        "12-chaff-yellow",
    ],
    "bob": [
        "01-ribbon-poetry",
        "02-chaff-1",
        "04-chaff-1",
        "06-chaff-1",
        "10-chaff-1",
        "03-chaff-2",
        "05-chaff-2",
        "07-chaff-2",
    ],
}
FIELD_TWO_BRIGHTS = [
    "01-bright-crane",
    "03-bright-curtain",
    "08-chaff-1",
    "02-chaff-2",
    "04-chaff-2",
    "05-chaff-1",
    "06-chaff-2",
    "07-chaff-1",
]
FIELD_NO_BRIGHTS = [
    "01-chaff-1",
    "03-chaff-1",
    "08-chaff-1",
    "02-chaff-2",
    "04-chaff-2",
    "05-chaff-1",
    "06-chaff-2",
    "07-chaff-1",
]


def test_settings_schema_alone_checks_the_settings_and_fills_its_default(installed):
    rs = house(installed, NO_BUILT_IN_LUCK.format(plugin="one_settings"))
    assert rs.plugin_settings("one_settings") == {"colour": "red"}
    with pytest.raises(yakuset.RulesetError, match=r"plugins\.one_settings\.colour"):
        house(installed, NO_BUILT_IN_LUCK.format(plugin="one_settings").replace("{}", "{colour: green}"))


JACKPOT = """
    extends: nintendo
    name: Jackpot
    plugins:
      {plugins}
    award:
      multipliers:
        - id: jackpot
          label: jackpot
          factor: jackpot
"""


def test_expression_names_alone_is_asked_at_load_and_its_name_needs_a_value(installed):
    rs = house(installed, JACKPOT.format(plugins="one_names: {}"))  # the name is known: it loads
    with pytest.raises(yakuset.InputError, match="jackpot"):
        award(rs, base=5)


def test_award_context_gets_what_the_award_sees_the_field_brights_included(installed):
    import one_context

    rs = house(installed, JACKPOT.format(plugins="{one_names: {}, one_context: {}}"))
    assert award(rs, base=5, field_brights=2).points == 15  # 5 × (1 + 2)
    rnd = Round(rs, ["alice", "bob"], "alice")
    rnd.deal(PLAIN_HANDS, FIELD_TWO_BRIGHTS)
    assert rnd.field_brights == 2
    assert one_context.SEEN == [2]


def test_lucky_hand_alone_changes_what_the_referee_does_at_the_deal(installed):
    rs = house(installed, NO_BUILT_IN_LUCK.format(plugin="one_lucky"))
    hands = {"alice": PLAIN_HANDS["alice"], "bob": [*PLAIN_HANDS["bob"][1:], "01-bright-crane"]}
    event = Round(rs, ["alice", "bob"], "alice").deal(hands, FIELD_NO_BRIGHTS)
    assert (event.kind, event.winner, event.points) == ("lucky_hand", "bob", 3)
    assert event.award is not None and event.award.label == "the crane in hand"
    without = yakuset.load_ruleset("nintendo")
    assert Round(without, ["alice", "bob"], "alice").deal(hands, FIELD_NO_BRIGHTS).kind == "dealt"


def test_deal_alone_decides_the_deal(installed):
    rs = house(installed, NO_BUILT_IN_LUCK.format(plugin="one_deal"))
    field = [*FIELD_NO_BRIGHTS[1:], "12-bright-phoenix"]
    event = Round(rs, ["alice", "bob"], "alice").deal(PLAIN_HANDS, field)
    assert (event.kind, event.message) == ("redeal", "the phoenix may not lie on the field")


def test_exhaustive_draw_alone_pays_when_the_hands_run_out(installed):
    rs = house(installed, NO_BUILT_IN_LUCK.format(plugin="one_draw"))
    found = rs.hook.yakuset_koikoi_exhaustive_draw(ruleset=rs, dealer="alice")
    assert (found.points, found.recipient) == (2, "alice")
    rnd = Round(rs, ["alice", "bob"], "alice")
    rnd.deal(PLAIN_HANDS, FIELD_NO_BRIGHTS)
    event = None
    for _ in range(8):  # nobody captures anything: both hands run out
        for player in ("alice", "bob"):
            event = rnd.turn(player, [])
    assert event is not None and (event.kind, event.winner, event.points) == ("exhaustive_draw", "alice", 2)


def test_match_end_alone_adjusts_the_totals_before_the_winner(installed):
    rs = house(installed, NO_BUILT_IN_LUCK.format(plugin="one_match_end") + "    match: {rounds: 1}\n")
    match = Match(rs, ["alice", "bob"], "alice")
    rnd = match.new_round()
    rnd.deal(PLAIN_HANDS, FIELD_NO_BRIGHTS)
    for _ in range(8):
        for player in ("alice", "bob"):
            rnd.turn(player, [])
    result = match.finish()
    assert [a.label for a in result.adjustments] == ["one point for showing up"] * 2
    assert dict(result.totals) == {"alice": 1, "bob": 1}


def test_yaku_detectors_alone_find_a_house_yaku_from_the_tiles(installed):
    rs = house(
        installed,
        """
        extends: tenhou
        name: Sevens
        plugins:
          one_detectors: {}
        yaku:
          - {id: lucky_sevens, label: Lucky sevens, han: 2}
    """,
    )
    result = evaluate(rs, "777m777p777s234m55p", win="5p", tsumo=True)
    assert "lucky_sevens" in result.yaku
    assert (
        "lucky_sevens" not in evaluate(yakuset.load_ruleset("tenhou"), "777m777p777s234m55p", win="5p", tsumo=True).yaku
    )


def test_misspelt_hook_is_a_load_error_naming_the_plugin_and_the_hook(installed):
    with pytest.raises(yakuset.RulesetError) as caught:
        house(installed, NO_BUILT_IN_LUCK.format(plugin="misspelt"))
    message = str(caught.value)
    assert "'misspelt'" in message and "'yakuset_lucky_hands'" in message
    assert "did you mean 'yakuset_koikoi_lucky_hand'?" in message
    assert "house.yaml:5:3:" in message  # where the rule set names the plugin


def test_hook_without_hookimpl_is_a_load_error(installed):
    with pytest.raises(yakuset.RulesetError, match="'yakuset_koikoi_lucky_hand' without @hookimpl"):
        house(installed, NO_BUILT_IN_LUCK.format(plugin="unmarked"))


def test_built_in_plugins_need_no_entry_point(monkeypatch):
    # A checkout that is not installed has no entry points: the built-ins are registered directly.
    monkeypatch.setattr("yakuset._core.plugins.entry_points", lambda group: [])
    rs = yakuset.load_ruleset("yakuza")
    assert set(rs.plugins) == {"lucky_hands", "dealers_privilege"}
    assert rs.hook.yakuset_koikoi_exhaustive_draw(ruleset=rs, dealer="alice").points == 6
    assert yakuset.riichi.evaluate(
        yakuset.load_ruleset("tenhou"), "234m456p789s11z345s", win="3s", tsumo=True
    ).yaku == ("menzen_tsumo",)


def test_koikoi_bots_alone_offers_a_bot_that_simulated_matches_play(installed):
    rs = yakuset.load_ruleset("nintendo")  # bots are found by name, not turned on by the rule set
    first_card, random_bot = yakuset.koikoi.find_bots(rs, ["first_card", "random"])
    assert first_card.__name__ == "FirstCard"
    assert random_bot.__module__ == "yakuset._plugins.koikoi_bots"  # a built-in name is never taken
    log: list[Entry] = []
    record = yakuset.koikoi.play_match(rs, 5, [first_card, random_bot], log)
    played = [entry for entry in log if isinstance(entry, Played) and entry.player == "a"]
    assert played and len(record.rounds) == 12
    assert all(entry.choice == "shobu" for entry in log if isinstance(entry, Answered) and entry.player == "a")


def test_riichi_bots_alone_offers_a_bot_that_simulated_games_play(installed):
    rs = yakuset.load_ruleset("tenhou")
    found = yakuset.riichi.find_bots(rs, ["lowest_tile", "efficiency", "tsumogiri", "tsumogiri"])
    assert [(bot.name, bot.plugin) for bot in found] == [
        ("lowest_tile", "one_riichi_bots"),
        ("efficiency", "riichi_bots"),  # a built-in name is never taken
        ("tsumogiri", "riichi_bots"),
        ("tsumogiri", "riichi_bots"),
    ]
    table = yakuset.riichi.Table(rs, seed=2)
    bots = [(bot, bot.factory(rs, None)) for bot in found]
    from yakuset.riichi.study.simulation import play_out

    play_out(table, bots)
    discards = [e for e in table.events if e.type == "discard" and e.seat == 0 and not e.riichi]
    assert discards and table.ended


def test_every_hookspec_has_a_single_hook_plugin_here():
    specs = set()
    for module in (yakuset._core.hookspecs, yakuset.koikoi.hookspecs, yakuset.riichi.hookspecs):
        specs |= {name for name in vars(module) if name.startswith("yakuset_")}
    implemented = {
        line.split("def ", 1)[1].split("(")[0]
        for name, source in PLUGINS.items()
        if name.startswith("one_")
        for line in source.splitlines()
        if line.strip().startswith("def yakuset_")
    }
    assert implemented == specs


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def test_every_name_a_hookspec_or_docstring_points_at_exists():
    reference = re.compile(r":(?:func|class|data|meth|attr|mod|exc):`~?(yakuset(?:\.\w+)+)`")
    engine = Path(yakuset.__file__).parent
    missing = [
        f"{path.relative_to(engine)}: {match.group(1)}"
        for path in sorted(engine.rglob("*.py"))
        for match in reference.finditer(path.read_text(encoding="utf-8"))
        if not _resolves(match.group(1))
    ]
    assert missing == []
