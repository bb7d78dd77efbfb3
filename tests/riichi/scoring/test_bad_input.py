"""Bad Riichi input: every hand no game can produce is refused with a message naming the problem.

docs/architecture.md ("Errors"): wrong arguments raise a ``ValueError`` subclass (``yakuset.InputError``) whose
message says what is wrong; the CLI prints one line on stderr and exits 2, never a traceback.
"""

from __future__ import annotations

import functools
import json

import pytest
import yakuset
from yakuset import InputError
from yakuset.riichi import score

from ...helpers import run


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def refused(ruleset_id: str = "ema-2025", **kwargs) -> str:
    """The message of the InputError that scoring this hand raises."""
    with pytest.raises(InputError) as info:
        score(ruleset(ruleset_id), **kwargs)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message and "\n" not in message
    return message


# --- yaku ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["ema-2025", "tenhou", "full-scoring"])
def test_dora_alone_is_refused_as_no_yaku(ruleset_id):
    message = refused(ruleset_id, yaku=[], dora=3, fu=30)
    assert "no yaku" in message
    assert "dora" in message


@pytest.mark.parametrize("yaku_id", ["riichi", "pinfu", "iipeikou", "chiitoitsu", "ryanpeikou", "double_riichi"])
def test_closed_only_yaku_in_an_open_hand_is_refused(yaku_id):
    message = refused(yaku=[yaku_id, "tanyao"], fu=30, open=True)
    assert yaku_id in message
    assert "closed" in message and "open" in message


def test_closed_only_yakuman_in_an_open_hand_is_refused():
    message = refused(yakuman=["kokushi"], open=True)
    assert "kokushi" in message and "closed" in message


def test_unknown_yaku_is_refused_with_did_you_mean():
    message = refused(yaku=["tanyoa"], fu=30)
    assert "unknown yaku 'tanyoa'" in message
    assert "did you mean 'tanyao'" in message


def test_unknown_yakuman_is_refused_with_did_you_mean():
    message = refused(yakuman=["daisangan"])
    assert "'daisangan'" in message
    assert "did you mean 'daisangen'" in message


@pytest.mark.parametrize("stronger, weaker", [("double_riichi", "riichi"), ("ryanpeikou", "iipeikou")])
def test_a_yaku_declared_with_the_one_it_replaces_is_refused(stronger, weaker):
    message = refused(yaku=[weaker, stronger], fu=40)
    assert f"'{stronger}' replaces '{weaker}'" in message


def test_a_yaku_declared_twice_is_refused():
    message = refused(yaku=["tanyao", "tanyao"], fu=40)
    assert "'tanyao'" in message and "twice" in message


def test_ippatsu_without_riichi_is_refused():
    message = refused(yaku=["ippatsu", "tanyao"], fu=40)
    assert "ippatsu" in message and "riichi" in message


# --- han and fu ----------------------------------------------------------------------------------


@pytest.mark.parametrize("han", [0, -1, -13])
def test_han_below_1_is_refused(han):
    message = refused(han=han, fu=30)
    assert "han" in message and "at least 1" in message and str(han) in message


@pytest.mark.parametrize("han", [2.5, "3", True, [3]])
def test_non_integer_han_is_refused(han):
    message = refused(han=han, fu=30)
    assert "han" in message and "whole number" in message


@pytest.mark.parametrize(
    "name, value",
    [
        ("han", True),
        ("han", 1.0),
        ("han", -13),
        ("fu", True),
        ("fu", 30.0),
        ("fu", -110),
        ("honba", True),
        ("honba", -1),
        ("honba", 10_001),
        ("riichi_sticks", False),
        ("riichi_sticks", -256),
        ("dealer", 1),
        ("tsumo", 0),
    ],
)
def test_a_bad_argument_is_refused_after_the_same_hand_was_scored(name, value):
    # The hand of 1 han 30 fu, scored every way first, is kept by the rule set: what reads it
    # back (True as 1, -13 as 13 from the end, 1 as True) must still refuse the argument.
    for dealer in (False, True):
        for tsumo in (False, True):
            score(ruleset("tenhou"), han=1, fu=30, dealer=dealer, tsumo=tsumo)
            score(ruleset("tenhou"), han=13, fu=110, dealer=dealer, tsumo=tsumo)
    hand = {"han": 1, "fu": 30, "dealer": False, "tsumo": False, "honba": 1, "riichi_sticks": 0, name: value}
    assert name in refused("tenhou", **hand)


@pytest.mark.parametrize("fu", [0, 10, 18, 19, -30])
def test_fu_below_20_is_refused(fu):
    message = refused(han=2, fu=fu)
    assert "fu" in message and "20" in message and str(fu) in message


@pytest.mark.parametrize("fu", [30.5, "30"])
def test_non_integer_fu_is_refused(fu):
    assert "fu" in refused(han=2, fu=fu)


def test_fu_above_any_hand_is_refused():
    message = refused(han=1, fu=150)
    assert "150" in message and "fu" in message


def test_25_fu_without_chiitoitsu_is_refused():
    message = refused(yaku=["tanyao", "riichi"], fu=25)
    assert "25" in message and "chiitoitsu" in message


def test_25_fu_with_one_han_is_refused_as_chiitoitsu_is_two():
    message = refused(han=1, fu=25)
    assert "25" in message and "chiitoitsu" in message


def test_chiitoitsu_with_other_fu_is_refused():
    message = refused(yaku=["chiitoitsu"], fu=30)
    assert "chiitoitsu" in message and "25" in message


@pytest.mark.parametrize("hand", [dict(han=2, fu=20), dict(yaku=["riichi", "tanyao"], fu=20)])
def test_20_fu_on_a_ron_is_refused(hand):
    message = refused(**hand)
    assert "20 fu" in message and "ron" in message


def test_20_fu_on_a_one_han_tsumo_is_refused_as_pinfu_tsumo_is_two():
    message = refused(han=1, fu=20, tsumo=True)
    assert "20 fu" in message and "pinfu" in message


def test_a_regular_hand_below_the_limits_needs_fu():
    message = refused(yaku=["riichi", "tanyao"])
    assert "fu is needed" in message
    assert "fu is needed" in refused(han=3)


# --- situation -----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["ema-2025", "tenhou", "full-scoring"])
def test_suuankou_by_ron_is_refused(ruleset_id):
    message = refused(ruleset_id, yakuman=["suuankou"])
    assert "suuankou" in message and "tsumo" in message


@pytest.mark.parametrize("ruleset_id", ["ema-2025", "tenhou", "full-scoring"])
def test_suuankou_tanki_by_ron_is_accepted(ruleset_id):
    result = score(ruleset(ruleset_id), yakuman=["suuankou_tanki"])
    assert result.payments["ron"] in (32000, 64000)


def test_renhou_by_the_dealer_is_refused_under_ema_2025():
    message = refused(yaku=["renhou"], dealer=True)
    assert "renhou" in message and "dealer" in message


def test_renhou_by_tsumo_is_refused_under_ema_2025():
    message = refused(yaku=["renhou"], tsumo=True)
    assert "renhou" in message and "tsumo" in message


@pytest.mark.parametrize(
    "yaku_id, situation",
    [("menzen_tsumo", dict()), ("haitei", dict()), ("houtei", dict(tsumo=True)), ("chankan", dict(tsumo=True))],
)
def test_win_condition_yaku_on_the_wrong_win_are_refused(yaku_id, situation):
    message = refused(yaku=[yaku_id, "tanyao"], fu=40, **situation)
    assert yaku_id in message and "tsumo" in message


@pytest.mark.parametrize("name", ["honba", "riichi_sticks"])
@pytest.mark.parametrize("value", [-1, -5])
def test_negative_honba_or_riichi_sticks_are_refused(name, value):
    message = refused(han=3, fu=40, **{name: value})
    assert name in message and str(value) in message


@pytest.mark.parametrize("name", ["honba", "riichi_sticks"])
def test_non_integer_honba_or_riichi_sticks_are_refused(name):
    assert name in refused(han=3, fu=40, **{name: 1.5})


@pytest.mark.parametrize("name", ["dealer", "tsumo", "open"])
def test_flags_must_be_true_or_false(name):
    assert name in refused(yaku=["tanyao"], fu=40, **{name: "yes"})


def test_negative_dora_is_refused():
    assert "dora" in refused(yaku=["riichi"], dora=-1, fu=40)


# --- which way in --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, named",
    [
        (dict(han=3, fu=40, yaku=["riichi"]), ("han", "yaku")),
        (dict(han=3, fu=40, yakuman=["daisangen"]), ("han", "yakuman")),
        (dict(yaku=["riichi"], yakuman=["daisangen"], fu=40), ("yaku", "yakuman")),
    ],
)
def test_giving_more_than_one_of_han_yaku_yakuman_is_refused(hand, named):
    message = refused(**hand)
    assert "exactly one" in message
    for name in named:
        assert name in message


def test_giving_none_of_han_yaku_yakuman_is_refused():
    assert "exactly one" in refused(fu=30)


def test_dora_with_han_is_refused():
    assert "dora" in refused(han=3, fu=40, dora=1)


def test_yaku_as_a_string_is_refused():
    assert "list" in refused(yaku="riichi,pinfu", fu=30)


def test_daichisei_under_yaku_is_refused_where_it_is_disabled():
    # Off in every bundled rule set (docs/rules/riichi.md §6: daichisei is optional, off by default).
    for ruleset_id in ("ema-2025", "full-scoring", "tenhou"):
        message = refused(ruleset_id, yaku=["daichisei"])
        assert "'daichisei'" in message and "rule set" in message
        assert "'daichisei'" in refused(ruleset_id, yakuman=["daichisei"])


@pytest.mark.parametrize("yaku_id", ["tanyao", "riichi", "chinitsu"])
def test_a_non_yakuman_under_yakuman_is_refused(yaku_id):
    message = refused(yakuman=["daisangen", yaku_id])
    assert f"'{yaku_id}' is not a yakuman" in message


def test_yakuman_with_fu_or_dora_is_refused():
    assert "dora" in refused(yakuman=["daisangen"], dora=2)
    assert "fu" in refused(yakuman=["daisangen"], fu=40)


def test_an_empty_yakuman_list_is_refused():
    assert "yakuman" in refused(yakuman=[])


def test_a_koikoi_ruleset_is_refused_for_riichi_scoring():
    with pytest.raises(InputError, match="koikoi"):
        score(yakuset.load_ruleset("nintendo"), han=3, fu=40)


# --- the CLI -------------------------------------------------------------------------------------


BAD_CALLS = [
    (["--yaku", "riichi", "--dora-count", "3", "--fu", "30", "--open"], "closed"),
    (["--yaku", "pinfu,tanyao", "--fu", "30", "--open"], "pinfu"),
    (["--yaku", "", "--dora-count", "3", "--fu", "30"], "no yaku"),
    (["--yaku", "tanyoa", "--fu", "30"], "did you mean 'tanyao'"),
    (["--yaku", "riichi,double_riichi", "--fu", "40"], "replaces"),
    (["--yaku", "iipeikou,ryanpeikou", "--fu", "40"], "replaces"),
    (["--han", "0", "--fu", "30"], "han"),
    (["--han", "2.5", "--fu", "30"], "--han"),
    (["--han", "2", "--fu", "10"], "fu"),
    (["--han", "1", "--fu", "25"], "chiitoitsu"),
    (["--yaku", "tanyao", "--fu", "25"], "chiitoitsu"),
    (["--han", "2", "--fu", "20"], "ron"),
    (["--yakuman", "suuankou"], "suuankou"),
    (["--yaku", "renhou", "--dealer"], "renhou"),
    (["--han", "3", "--fu", "40", "--honba", "-1"], "honba"),
    (["--han", "3", "--fu", "40", "--riichi-sticks", "-1"], "riichi"),
    (["--han", "3", "--fu", "40", "--yaku", "riichi"], "exactly one"),
    (["--yaku", "daichisei"], "daichisei"),
    (["--yakuman", "daisangen,tanyao"], "not a yakuman"),
    (["--yakuman", "daisangen", "--dora-count", "2"], "dora"),
    (["--han", "3"], "fu"),
]


@pytest.mark.parametrize("argv, named", BAD_CALLS)
def test_cli_score_bad_input_prints_one_line_on_stderr_and_exits_2(capsys, argv, named):
    code, out, err = run(capsys, "score", "ema-2025", *argv)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert named in lines[0]


@pytest.mark.parametrize("argv, named", BAD_CALLS[:6])
def test_cli_score_bad_input_with_json_exits_2_with_the_error_as_json(capsys, argv, named):
    code, out, err = run(capsys, "score", "ema-2025", "--json", *argv)
    assert (code, err) == (2, "")
    assert named in json.loads(out)["error"]["message"]


def test_cli_score_refuses_a_koikoi_ruleset(capsys):
    code, out, err = run(capsys, "score", "nintendo", "--han", "3", "--fu", "40")
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1 and "koikoi" in err


def test_cli_open_tanyao_with_dora_is_fine_under_ema_2025(capsys):
    # Kuitan is allowed (docs/rules/riichi.md §1a): 1 + 3 dora = 4 han 30 fu, kiriage mangan.
    code, out, err = run(capsys, "score", "ema-2025", "--yaku", "tanyao", "--dora-count", "3", "--fu", "30", "--open")
    assert (code, err) == (0, "")
    assert "8000" in out


@pytest.mark.parametrize("kita", [[], {}, None, 0.0, False])
def test_a_count_of_norths_that_is_no_whole_number_is_refused_even_when_empty(kita):
    # issue 42 item 19: kita=[] and kita={} were read as no norths at four players
    with pytest.raises(InputError, match="kita must be a whole number"):
        yakuset.riichi.evaluate(yakuset.load_ruleset("tenhou"), "234m456p789s11z345s", win="3s", riichi=True, kita=kita)


@pytest.mark.parametrize("melds", [None, {}, ""])
def test_melds_that_are_no_list_are_refused_even_when_empty(melds):
    # issue 42 item 19: melds=None was read as no melds
    rs = yakuset.load_ruleset("tenhou")
    with pytest.raises(InputError, match="melds must be a list of"):
        yakuset.riichi.evaluate(rs, "234m456p789s11z345s", win="3s", riichi=True, melds=melds)
    with pytest.raises(InputError, match="melds must be a list of"):
        yakuset.riichi.waits("234m456p789s11z34s", melds)
