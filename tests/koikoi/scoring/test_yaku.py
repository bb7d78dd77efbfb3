"""The yaku of a pile of captured Koi-Koi cards (yakuset.koikoi.yaku), per bundled rule set.

Every expected value below is computed by hand from the yaku-values issue and
docs/rules/koikoi.md §2 (the rule family columns), never with the engine:

- nintendo / bga (Nintendo's values, S2): Goko 10, Shiko 8, Ame-shiko 7, Sanko 5, only the best
  bright yaku counts; Inoshikacho 5, Akatan 5, Aotan 5, +1 per extra card of their kind, and they
  also score alongside Tane/Tan; Akatan+Aotan 10 +1 per ribbon beyond 6, replacing both;
  Tane/Tan 1 +1 each extra; Hanami-/Tsukimi-zake 5; Kasu 1 +1 each extra; the sake cup counts
  as an animal and as chaff; no month set.
- tournament: Nintendo's yaku without the viewing yaku.
- yakuza (S7): 10/8/7/6; Inoshikacho, Akatan, Aotan fixed 5, stacking with Tane/Tan; no combined
  ribbon yaku; viewing 5; month set 4; the sake cup is an animal *or* chaff, whichever scores more.
- fudawiki / kk-add-10 (S1): 15/8/7/6; Inoshikacho and Akatan/Aotan 5 +1 per extra, Akatan+Aotan
  10 +1 beyond 6; only the best yaku of the animal group and of the ribbon group counts;
  viewing 5; month set 4; sake cup both.
- koikoi-japan (S10/S11): 10/8/7/5; Inoshikacho/Akatan/Aotan fixed 5, stacking; all six ribbons
  add a 10 bonus on top of Akatan 5 + Aotan 5 (and Tan); viewing 1, or 3 after a Koi-Koi call.
- hanafuda-flash (S14): 15/10/8/6; Inoshikacho fixed 5; Akatan/Aotan fixed 6, stacking; no
  combined ribbon yaku; no viewing yaku; month set 4; sake cup both.
"""

from __future__ import annotations

import functools

import pytest
import yakuset
from yakuset.koikoi import yaku

ALL = ("nintendo", "tournament", "bga", "yakuza", "fudawiki", "kk-add-10", "koikoi-japan", "hanafuda-flash")

# --- the cards (docs/rules/koikoi.md §1) ----------------------------------------------------------------

CRANE, CURTAIN, MOON, RAIN, PHOENIX = (
    "01-bright-crane",
    "03-bright-curtain",
    "08-bright-moon",
    "11-bright-rainman",
    "12-bright-phoenix",
)
BOAR, DEER, BUTTERFLIES = "07-animal-boar", "10-animal-deer", "06-animal-butterflies"
SAKE = "09-animal-sake"
WARBLER, CUCKOO, BRIDGE, GEESE, SWALLOW = (
    "02-animal-warbler",
    "04-animal-cuckoo",
    "05-animal-bridge",
    "08-animal-geese",
    "11-animal-swallow",
)
POETRY = ["01-ribbon-poetry", "02-ribbon-poetry", "03-ribbon-poetry"]
BLUE = ["06-ribbon-blue", "09-ribbon-blue", "10-ribbon-blue"]
PLAIN = ["04-ribbon-red", "05-ribbon-red", "07-ribbon-red", "11-ribbon-red"]
# The 24 chaff, the lightning and the yellow paulownia included.
CHAFF = [f"{m:02d}-chaff-{i}" for m in range(1, 13) if m not in (11, 12) for i in (1, 2)] + [
    "11-chaff-lightning",
    "12-chaff-1",
    "12-chaff-2",
    "12-chaff-yellow",
]
APRIL = [CUCKOO, "04-ribbon-red", "04-chaff-1", "04-chaff-2"]
SEPTEMBER = [SAKE, "09-ribbon-blue", "09-chaff-1", "09-chaff-2"]
BRIGHTS = [CRANE, CURTAIN, MOON, RAIN, PHOENIX]
ANIMALS = [WARBLER, CUCKOO, BRIDGE, BUTTERFLIES, BOAR, GEESE, SAKE, DEER, SWALLOW]
RIBBONS = POETRY + BLUE + PLAIN
DECK = BRIGHTS + ANIMALS + RIBBONS + CHAFF


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def score(ruleset_id: str, captured: list[str], **kwargs) -> yakuset.koikoi.Hand:
    return yaku(ruleset(ruleset_id), captured, **kwargs)


def counted(hand: yakuset.koikoi.Hand) -> dict[str, int]:
    """The counted yaku as {id: points}."""
    return {y.id: y.points for y in hand.yaku}


def cases(table: dict[str, tuple[int, dict[str, int]]]) -> list:
    """pytest params (ruleset_id, base, counted yaku) for a table that names every rule set."""
    assert set(table) == set(ALL), "every expectation table covers all eight rule sets"
    return [pytest.param(rs, base, yaku_points, id=rs) for rs, (base, yaku_points) in table.items()]


def check(ruleset_id: str, captured: list[str], base: int, yaku_points: dict[str, int], **kwargs) -> None:
    hand = score(ruleset_id, captured, **kwargs)
    assert counted(hand) == yaku_points, hand.explanation
    assert hand.base == base, hand.explanation


def test_card_constants_are_the_48_card_deck():
    # Guards the constants themselves against the rule set's deck (docs/rules/koikoi.md §1).
    assert len(DECK) == 48 == len(set(DECK))
    assert set(DECK) == set(ruleset("nintendo").rules.cards)


# --- brights: only the best bright yaku counts ------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ALL)
def test_rain_man_with_two_brights_is_no_yaku(ruleset_id):
    # docs/rules/koikoi.md §2 "Rain man + 2 brights: no yaku" in every family; Sanko leaves the rain man out.
    check(ruleset_id, [RAIN, CRANE, CURTAIN], 0, {})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_two_brights_without_rain_man_are_no_yaku(ruleset_id):
    check(ruleset_id, [CRANE, MOON], 0, {})


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Sanko: Nintendo 5 (S2), Yakuza 6 (S7), FudaWiki 6 (S1), Koi-Koi Japan 5 (S10), Flash 6 (S14).
            "nintendo": (5, {"sanko": 5}),
            "tournament": (5, {"sanko": 5}),
            "bga": (5, {"sanko": 5}),
            "yakuza": (6, {"sanko": 6}),
            "fudawiki": (6, {"sanko": 6}),
            "kk-add-10": (6, {"sanko": 6}),
            "koikoi-japan": (5, {"sanko": 5}),
            "hanafuda-flash": (6, {"sanko": 6}),
        }
    ),
)
def test_three_brights_without_rain_man_score_sanko(ruleset_id, base, yaku_points):
    check(ruleset_id, [CRANE, CURTAIN, MOON], base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Ame-shiko (rain man + 3): 7 everywhere but Flash's 8; the Sanko of the other three is not counted.
            "nintendo": (7, {"ame_shiko": 7}),
            "tournament": (7, {"ame_shiko": 7}),
            "bga": (7, {"ame_shiko": 7}),
            "yakuza": (7, {"ame_shiko": 7}),
            "fudawiki": (7, {"ame_shiko": 7}),
            "kk-add-10": (7, {"ame_shiko": 7}),
            "koikoi-japan": (7, {"ame_shiko": 7}),
            "hanafuda-flash": (8, {"ame_shiko": 8}),
        }
    ),
)
def test_rain_man_with_three_brights_scores_only_ame_shiko(ruleset_id, base, yaku_points):
    check(ruleset_id, [RAIN, CRANE, CURTAIN, MOON], base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Shiko (4 brights, no rain man): 8 everywhere but Flash's 10; Sanko is not counted too.
            "nintendo": (8, {"shiko": 8}),
            "tournament": (8, {"shiko": 8}),
            "bga": (8, {"shiko": 8}),
            "yakuza": (8, {"shiko": 8}),
            "fudawiki": (8, {"shiko": 8}),
            "kk-add-10": (8, {"shiko": 8}),
            "koikoi-japan": (8, {"shiko": 8}),
            "hanafuda-flash": (10, {"shiko": 10}),
        }
    ),
)
def test_four_brights_without_rain_man_score_only_shiko(ruleset_id, base, yaku_points):
    check(ruleset_id, [CRANE, CURTAIN, MOON, PHOENIX], base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Goko: Nintendo 10 (S2), Yakuza 10 (S7), FudaWiki 15 (S1), Koi-Koi Japan 10, Flash 15.
            "nintendo": (10, {"goko": 10}),
            "tournament": (10, {"goko": 10}),
            "bga": (10, {"goko": 10}),
            "yakuza": (10, {"goko": 10}),
            "fudawiki": (15, {"goko": 15}),
            "kk-add-10": (15, {"goko": 15}),
            "koikoi-japan": (10, {"goko": 10}),
            "hanafuda-flash": (15, {"goko": 15}),
        }
    ),
)
def test_five_brights_score_only_goko(ruleset_id, base, yaku_points):
    check(ruleset_id, BRIGHTS, base, yaku_points)


def test_lesser_bright_yaku_are_listed_as_not_counted():
    hand = score("nintendo", BRIGHTS)
    dropped = {s.id for s in hand.steps if s.op == "drop"}
    assert dropped == {"shiko", "ame_shiko", "sanko"}
    assert hand.explanation.startswith("Goko (five brights) 10 = 10")


# --- animals -----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ALL)
def test_inoshikacho_alone_scores_five(ruleset_id):
    # Inoshikacho 5 in every family (docs/rules/koikoi.md §2).
    check(ruleset_id, [BOAR, DEER, BUTTERFLIES], 5, {"inoshikacho": 5})


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # One extra animal: +1 where Inoshikacho grows (Nintendo, FudaWiki), fixed 5 elsewhere.
            "nintendo": (6, {"inoshikacho": 6}),
            "tournament": (6, {"inoshikacho": 6}),
            "bga": (6, {"inoshikacho": 6}),
            "yakuza": (5, {"inoshikacho": 5}),
            "fudawiki": (6, {"inoshikacho": 6}),
            "kk-add-10": (6, {"inoshikacho": 6}),
            "koikoi-japan": (5, {"inoshikacho": 5}),
            "hanafuda-flash": (5, {"inoshikacho": 5}),
        }
    ),
)
def test_inoshikacho_with_one_extra_animal(ruleset_id, base, yaku_points):
    check(ruleset_id, [BOAR, DEER, BUTTERFLIES, WARBLER], base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Two extra animals make five animals, so Tane (1) forms too:
            # Nintendo: Inoshikacho 5+2 and Tane 1 both score; FudaWiki: only the animal group's best (7);
            # Yakuza, Koi-Koi Japan, Flash: fixed 5 stacking with Tane 1.
            "nintendo": (8, {"inoshikacho": 7, "tane": 1}),
            "tournament": (8, {"inoshikacho": 7, "tane": 1}),
            "bga": (8, {"inoshikacho": 7, "tane": 1}),
            "yakuza": (6, {"inoshikacho": 5, "tane": 1}),
            "fudawiki": (7, {"inoshikacho": 7}),
            "kk-add-10": (7, {"inoshikacho": 7}),
            "koikoi-japan": (6, {"inoshikacho": 5, "tane": 1}),
            "hanafuda-flash": (6, {"inoshikacho": 5, "tane": 1}),
        }
    ),
)
def test_inoshikacho_with_two_extra_animals_and_tane(ruleset_id, base, yaku_points):
    check(ruleset_id, [BOAR, DEER, BUTTERFLIES, WARBLER, CUCKOO], base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # The sake cup is an animal (Nintendo/FudaWiki "both"), so it is an extra Inoshikacho card where
            # extras count; on Yakuza it may be an animal but Inoshikacho is a fixed 5 there.
            "nintendo": (6, {"inoshikacho": 6}),
            "tournament": (6, {"inoshikacho": 6}),
            "bga": (6, {"inoshikacho": 6}),
            "yakuza": (5, {"inoshikacho": 5}),
            "fudawiki": (6, {"inoshikacho": 6}),
            "kk-add-10": (6, {"inoshikacho": 6}),
            "koikoi-japan": (5, {"inoshikacho": 5}),
            "hanafuda-flash": (5, {"inoshikacho": 5}),
        }
    ),
)
def test_sake_cup_is_an_extra_inoshikacho_animal(ruleset_id, base, yaku_points):
    check(ruleset_id, [BOAR, DEER, BUTTERFLIES, SAKE], base, yaku_points)


def test_inoshikacho_lists_the_sake_cup_among_its_cards_on_nintendo():
    (isc,) = score("nintendo", [BOAR, DEER, BUTTERFLIES, SAKE]).yaku
    assert set(isc.cards) == {BOAR, DEER, BUTTERFLIES, SAKE}


@pytest.mark.parametrize("ruleset_id", ALL)
def test_five_animals_without_boar_deer_butterflies_score_only_tane(ruleset_id):
    # Tane 1 for five animals in every family; Inoshikacho needs all three of boar, deer, butterflies.
    check(ruleset_id, [BOAR, DEER, WARBLER, CUCKOO, BRIDGE], 1, {"tane": 1})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_tane_adds_one_per_animal_beyond_five(ruleset_id):
    # Tane 1 +1 per extra animal: 7 animals -> 3.
    check(ruleset_id, [WARBLER, CUCKOO, BRIDGE, GEESE, SWALLOW, BOAR, DEER], 3, {"tane": 3})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_four_animals_are_no_yaku(ruleset_id):
    check(ruleset_id, [WARBLER, CUCKOO, BRIDGE, GEESE], 0, {})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_sake_cup_is_the_fifth_animal_of_tane(ruleset_id):
    # Every family lets the sake cup count as an animal (Yakuza: when that scores more, as here).
    check(ruleset_id, [WARBLER, CUCKOO, BRIDGE, GEESE, SAKE], 1, {"tane": 1})


# --- ribbons -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Akatan 5 everywhere, Flash 6 (S14).
            "nintendo": (5, {"akatan": 5}),
            "tournament": (5, {"akatan": 5}),
            "bga": (5, {"akatan": 5}),
            "yakuza": (5, {"akatan": 5}),
            "fudawiki": (5, {"akatan": 5}),
            "kk-add-10": (5, {"akatan": 5}),
            "koikoi-japan": (5, {"akatan": 5}),
            "hanafuda-flash": (6, {"akatan": 6}),
        }
    ),
)
def test_three_poetry_ribbons_score_akatan(ruleset_id, base, yaku_points):
    check(ruleset_id, POETRY, base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Aotan 5 everywhere, Flash 6 (S14).
            "nintendo": (5, {"aotan": 5}),
            "tournament": (5, {"aotan": 5}),
            "bga": (5, {"aotan": 5}),
            "yakuza": (5, {"aotan": 5}),
            "fudawiki": (5, {"aotan": 5}),
            "kk-add-10": (5, {"aotan": 5}),
            "koikoi-japan": (5, {"aotan": 5}),
            "hanafuda-flash": (6, {"aotan": 6}),
        }
    ),
)
def test_three_blue_ribbons_score_aotan(ruleset_id, base, yaku_points):
    check(ruleset_id, BLUE, base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # One extra ribbon: +1 on Nintendo/FudaWiki, fixed elsewhere.
            "nintendo": (6, {"akatan": 6}),
            "tournament": (6, {"akatan": 6}),
            "bga": (6, {"akatan": 6}),
            "yakuza": (5, {"akatan": 5}),
            "fudawiki": (6, {"akatan": 6}),
            "kk-add-10": (6, {"akatan": 6}),
            "koikoi-japan": (5, {"akatan": 5}),
            "hanafuda-flash": (6, {"akatan": 6}),
        }
    ),
)
def test_akatan_with_one_extra_ribbon(ruleset_id, base, yaku_points):
    check(ruleset_id, POETRY + PLAIN[:1], base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Two extra ribbons make five ribbons, so Tan (1) forms too: Nintendo Akatan 5+2 and Tan 1 both
            # score; FudaWiki only the ribbon group's best (Akatan 7); fixed Akatan stacks with Tan elsewhere.
            "nintendo": (8, {"akatan": 7, "tan": 1}),
            "tournament": (8, {"akatan": 7, "tan": 1}),
            "bga": (8, {"akatan": 7, "tan": 1}),
            "yakuza": (6, {"akatan": 5, "tan": 1}),
            "fudawiki": (7, {"akatan": 7}),
            "kk-add-10": (7, {"akatan": 7}),
            "koikoi-japan": (6, {"akatan": 5, "tan": 1}),
            "hanafuda-flash": (7, {"akatan": 6, "tan": 1}),
        }
    ),
)
def test_akatan_with_two_extra_ribbons_and_tan(ruleset_id, base, yaku_points):
    check(ruleset_id, POETRY + PLAIN[:2], base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Aotan with a poetry and a plain ribbon as extras: same arithmetic as Akatan.
            "nintendo": (8, {"aotan": 7, "tan": 1}),
            "tournament": (8, {"aotan": 7, "tan": 1}),
            "bga": (8, {"aotan": 7, "tan": 1}),
            "yakuza": (6, {"aotan": 5, "tan": 1}),
            "fudawiki": (7, {"aotan": 7}),
            "kk-add-10": (7, {"aotan": 7}),
            "koikoi-japan": (6, {"aotan": 5, "tan": 1}),
            "hanafuda-flash": (7, {"aotan": 6, "tan": 1}),
        }
    ),
)
def test_aotan_with_two_extra_ribbons_and_tan(ruleset_id, base, yaku_points):
    check(ruleset_id, BLUE + [POETRY[0], PLAIN[0]], base, yaku_points)


@pytest.mark.parametrize("ruleset_id", ALL)
def test_two_poetry_and_one_blue_ribbon_are_no_yaku(ruleset_id):
    check(ruleset_id, POETRY[:2] + BLUE[:1], 0, {})


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # All six poetry and blue ribbons (six ribbons, so Tan 1+1 = 2 forms too):
            # Nintendo: Akatan+Aotan 10 replaces both, plus Tan 2; FudaWiki: ribbon group best = 10;
            # Yakuza: no combined yaku, 5 + 5 + Tan 2; Koi-Koi Japan: 5 + 5 + bonus 10 + Tan 2;
            # Flash: no combined yaku, 6 + 6 + Tan 2.
            "nintendo": (12, {"akatan_aotan": 10, "tan": 2}),
            "tournament": (12, {"akatan_aotan": 10, "tan": 2}),
            "bga": (12, {"akatan_aotan": 10, "tan": 2}),
            "yakuza": (12, {"akatan": 5, "aotan": 5, "tan": 2}),
            "fudawiki": (10, {"akatan_aotan": 10}),
            "kk-add-10": (10, {"akatan_aotan": 10}),
            "koikoi-japan": (22, {"akatan": 5, "aotan": 5, "akatan_aotan": 10, "tan": 2}),
            "hanafuda-flash": (14, {"akatan": 6, "aotan": 6, "tan": 2}),
        }
    ),
)
def test_six_poetry_and_blue_ribbons_score_the_combined_ribbon_yaku(ruleset_id, base, yaku_points):
    check(ruleset_id, POETRY + BLUE, base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Seven ribbons: the combined yaku grows by 1 where it has extras (Nintendo, FudaWiki: 11), Tan 3.
            "nintendo": (14, {"akatan_aotan": 11, "tan": 3}),
            "tournament": (14, {"akatan_aotan": 11, "tan": 3}),
            "bga": (14, {"akatan_aotan": 11, "tan": 3}),
            "yakuza": (13, {"akatan": 5, "aotan": 5, "tan": 3}),
            "fudawiki": (11, {"akatan_aotan": 11}),
            "kk-add-10": (11, {"akatan_aotan": 11}),
            "koikoi-japan": (23, {"akatan": 5, "aotan": 5, "akatan_aotan": 10, "tan": 3}),
            "hanafuda-flash": (15, {"akatan": 6, "aotan": 6, "tan": 3}),
        }
    ),
)
def test_seven_ribbons_add_one_to_the_combined_ribbon_yaku(ruleset_id, base, yaku_points):
    check(ruleset_id, POETRY + BLUE + PLAIN[:1], base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # All ten ribbons: combined 10+4 where it grows; Tan 1+5 = 6.
            "nintendo": (20, {"akatan_aotan": 14, "tan": 6}),
            "tournament": (20, {"akatan_aotan": 14, "tan": 6}),
            "bga": (20, {"akatan_aotan": 14, "tan": 6}),
            "yakuza": (16, {"akatan": 5, "aotan": 5, "tan": 6}),
            "fudawiki": (14, {"akatan_aotan": 14}),
            "kk-add-10": (14, {"akatan_aotan": 14}),
            "koikoi-japan": (26, {"akatan": 5, "aotan": 5, "akatan_aotan": 10, "tan": 6}),
            "hanafuda-flash": (18, {"akatan": 6, "aotan": 6, "tan": 6}),
        }
    ),
)
def test_all_ten_ribbons(ruleset_id, base, yaku_points):
    check(ruleset_id, RIBBONS, base, yaku_points)


def test_combined_ribbon_yaku_replaces_akatan_and_aotan_on_nintendo():
    hand = score("nintendo", POETRY + BLUE)
    dropped = {s.id for s in hand.steps if s.op == "drop"}
    assert dropped == {"akatan", "aotan"}


@pytest.mark.parametrize("ruleset_id", ALL)
def test_five_ribbons_without_akatan_or_aotan_score_tan(ruleset_id):
    # Tan 1 for five ribbons in every family.
    check(ruleset_id, PLAIN + POETRY[:1], 1, {"tan": 1})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_tan_adds_one_per_ribbon_beyond_five(ruleset_id):
    # 4 plain + 2 poetry + 1 blue = 7 ribbons, no Akatan/Aotan: Tan 1+2 = 3.
    check(ruleset_id, PLAIN + POETRY[:2] + BLUE[:1], 3, {"tan": 3})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_four_ribbons_are_no_yaku(ruleset_id):
    check(ruleset_id, PLAIN, 0, {})


# --- viewing yaku ------------------------------------------------------------------------------

VIEWING = {
    # Hanami-zake / Tsukimi-zake: Nintendo 5 each (S2); Tournament: off (docs/rules/koikoi.md §4.2); Yakuza 5 (S7,
    # value chosen); FudaWiki 5 (S1); Koi-Koi Japan 1 each (S10); Flash: not included (S14).
    "nintendo": 5,
    "tournament": 0,
    "bga": 5,
    "yakuza": 5,
    "fudawiki": 5,
    "kk-add-10": 5,
    "koikoi-japan": 1,
    "hanafuda-flash": 0,
}


@pytest.mark.parametrize("ruleset_id", ALL)
def test_curtain_and_sake_cup_score_hanami_zake_where_viewing_is_on(ruleset_id):
    points = VIEWING[ruleset_id]
    check(ruleset_id, [CURTAIN, SAKE], points, {"hanami_zake": points} if points else {})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_moon_and_sake_cup_score_tsukimi_zake_where_viewing_is_on(ruleset_id):
    points = VIEWING[ruleset_id]
    check(ruleset_id, [MOON, SAKE], points, {"tsukimi_zake": points} if points else {})


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Curtain, moon and sake cup: both viewing yaku (two brights are no bright yaku).
            "nintendo": (10, {"hanami_zake": 5, "tsukimi_zake": 5}),
            "tournament": (0, {}),
            "bga": (10, {"hanami_zake": 5, "tsukimi_zake": 5}),
            "yakuza": (10, {"hanami_zake": 5, "tsukimi_zake": 5}),
            "fudawiki": (10, {"hanami_zake": 5, "tsukimi_zake": 5}),
            "kk-add-10": (10, {"hanami_zake": 5, "tsukimi_zake": 5}),
            "koikoi-japan": (2, {"hanami_zake": 1, "tsukimi_zake": 1}),
            "hanafuda-flash": (0, {}),
        }
    ),
)
def test_both_viewing_yaku_score_together(ruleset_id, base, yaku_points):
    check(ruleset_id, [CURTAIN, MOON, SAKE], base, yaku_points)


def test_tournament_lists_the_viewing_yaku_as_not_counted():
    hand = score("tournament", [CURTAIN, MOON, SAKE])
    assert hand.base == 0
    assert {s.id for s in hand.steps if s.op == "drop"} == {"hanami_zake", "tsukimi_zake"}


@pytest.mark.parametrize("ruleset_id", ALL)
def test_curtain_and_moon_without_sake_cup_are_no_yaku(ruleset_id):
    check(ruleset_id, [CURTAIN, MOON], 0, {})


@pytest.mark.parametrize(
    ("own_calls", "points"),
    [
        (0, 1),  # Koi-Koi Japan: viewing 1 ...
        (1, 3),  # ... 3 once the player has called Koi-Koi (S10)
        (3, 3),
    ],
)
def test_koikoi_japan_viewing_is_worth_three_after_a_call(own_calls, points):
    check("koikoi-japan", [CURTAIN, SAKE], points, {"hanami_zake": points}, own_calls=own_calls)
    check(
        "koikoi-japan",
        [CURTAIN, MOON, SAKE],
        2 * points,
        {"hanami_zake": points, "tsukimi_zake": points},
        own_calls=own_calls,
    )


@pytest.mark.parametrize("ruleset_id", ["nintendo", "yakuza", "fudawiki"])
def test_own_calls_do_not_change_a_fixed_viewing_yaku(ruleset_id):
    # Only Koi-Koi Japan's viewing yaku depend on calls; Nintendo/Yakuza/FudaWiki: 5.
    check(ruleset_id, [CURTAIN, SAKE], 5, {"hanami_zake": 5}, own_calls=2)


# --- the sake cup's roles ------------------------------------------------------------------------

NINE_CHAFF = CHAFF[:9]
FOUR_ANIMALS = [WARBLER, CUCKOO, BRIDGE, GEESE]


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # 4 animals + sake cup + 9 chaff. "Both" (Nintendo, FudaWiki, Koi-Koi Japan, Flash): the sake cup
            # is the 5th animal and the 10th chaff at once, Tane 1 + Kasu 1. Yakuza ("animal or junk"):
            # one role only, Tane 1 or Kasu 1, never both.
            "nintendo": (2, {"tane": 1, "kasu": 1}),
            "tournament": (2, {"tane": 1, "kasu": 1}),
            "bga": (2, {"tane": 1, "kasu": 1}),
            "yakuza": (1, None),  # tane or kasu: checked below
            "fudawiki": (2, {"tane": 1, "kasu": 1}),
            "kk-add-10": (2, {"tane": 1, "kasu": 1}),
            "koikoi-japan": (2, {"tane": 1, "kasu": 1}),
            "hanafuda-flash": (2, {"tane": 1, "kasu": 1}),
        }
    ),
)
def test_sake_cup_counts_as_animal_and_chaff_at_once_only_where_it_is_both(ruleset_id, base, yaku_points):
    hand = score(ruleset_id, FOUR_ANIMALS + [SAKE] + NINE_CHAFF)
    assert hand.base == base, hand.explanation
    if yaku_points is None:
        assert counted(hand) in ({"tane": 1}, {"kasu": 1}), hand.explanation
    else:
        assert counted(hand) == yaku_points, hand.explanation
        assert all(SAKE in y.cards for y in hand.yaku)


def test_yakuza_sake_cup_counts_as_chaff_when_that_scores_more():
    # 3 animals + sake cup + 9 chaff: as an animal, 4 animals (nothing); as chaff, 10 chaff = Kasu 1.
    hand = score("yakuza", [WARBLER, CUCKOO, BRIDGE, SAKE] + NINE_CHAFF)
    assert counted(hand) == {"kasu": 1}
    assert hand.base == 1
    assert SAKE in hand.yaku[0].cards


def test_yakuza_sake_cup_counts_as_animal_when_that_scores_more():
    # 4 animals + sake cup + 5 chaff: as an animal, Tane 1; as chaff, 6 chaff (nothing).
    hand = score("yakuza", FOUR_ANIMALS + [SAKE] + CHAFF[:5])
    assert counted(hand) == {"tane": 1}
    assert hand.base == 1
    assert SAKE in hand.yaku[0].cards


def test_yakuza_sake_cup_in_the_month_set_whatever_its_role():
    # September's four cards in September: Season 4 (S7), the sake cup is a September card either way.
    check("yakuza", SEPTEMBER, 4, {"tsukifuda": 4}, month=9)


# --- the month set (Tsukifuda / Season) ----------------------------------------------------------

MONTH_SET = {
    # Month set 4: Yakuza (S7 "Season"), FudaWiki (S1), KK-ADD-10 (FudaWiki's yaku), Flash (S14);
    # not in Nintendo's list (so not Tournament/BGA) nor Koi-Koi Japan's (S11).
    "nintendo": 0,
    "tournament": 0,
    "bga": 0,
    "yakuza": 4,
    "fudawiki": 4,
    "kk-add-10": 4,
    "koikoi-japan": 0,
    "hanafuda-flash": 4,
}


@pytest.mark.parametrize("ruleset_id", ALL)
def test_all_four_cards_of_the_rounds_month_score_the_month_set(ruleset_id):
    points = MONTH_SET[ruleset_id]
    check(ruleset_id, APRIL, points, {"tsukifuda": points} if points else {}, month=4)


@pytest.mark.parametrize("ruleset_id", ALL)
def test_month_set_does_not_score_without_the_rounds_month(ruleset_id):
    check(ruleset_id, APRIL, 0, {})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_month_set_does_not_score_in_another_month(ruleset_id):
    check(ruleset_id, APRIL, 0, {}, month=5)


@pytest.mark.parametrize("ruleset_id", ALL)
def test_three_cards_of_the_rounds_month_are_no_month_set(ruleset_id):
    check(ruleset_id, APRIL[:3], 0, {}, month=4)


# --- chaff ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ALL)
def test_ten_chaff_score_kasu_one(ruleset_id):
    # Kasu 1 for ten chaff in every family; the lightning and the yellow paulownia are chaff.
    check(ruleset_id, CHAFF[-10:], 1, {"kasu": 1})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_twelve_chaff_score_kasu_three(ruleset_id):
    # Kasu 1 +1 per extra chaff: 12 -> 3.
    check(ruleset_id, CHAFF[:12], 3, {"kasu": 3})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_nine_chaff_are_no_yaku(ruleset_id):
    check(ruleset_id, NINE_CHAFF, 0, {})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_sake_cup_is_the_tenth_chaff_of_kasu(ruleset_id):
    # Every family lets the sake cup count as chaff (Yakuza: when that scores more, as here).
    check(ruleset_id, NINE_CHAFF + [SAKE], 1, {"kasu": 1})


@pytest.mark.parametrize("ruleset_id", ALL)
def test_all_24_chaff_score_kasu_fifteen(ruleset_id):
    check(ruleset_id, CHAFF, 15, {"kasu": 15})


# --- combinations --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # Sanko (crane, curtain, phoenix) + 5 animals + 5 ribbons + 10 chaff: bright yaku + Tane 1 + Tan 1
            # + Kasu 1 in every family (no Inoshikacho, Akatan, Aotan or viewing cards).
            "nintendo": (8, {"sanko": 5, "tane": 1, "tan": 1, "kasu": 1}),
            "tournament": (8, {"sanko": 5, "tane": 1, "tan": 1, "kasu": 1}),
            "bga": (8, {"sanko": 5, "tane": 1, "tan": 1, "kasu": 1}),
            "yakuza": (9, {"sanko": 6, "tane": 1, "tan": 1, "kasu": 1}),
            "fudawiki": (9, {"sanko": 6, "tane": 1, "tan": 1, "kasu": 1}),
            "kk-add-10": (9, {"sanko": 6, "tane": 1, "tan": 1, "kasu": 1}),
            "koikoi-japan": (8, {"sanko": 5, "tane": 1, "tan": 1, "kasu": 1}),
            "hanafuda-flash": (9, {"sanko": 6, "tane": 1, "tan": 1, "kasu": 1}),
        }
    ),
)
def test_sanko_tane_tan_and_kasu_add_up(ruleset_id, base, yaku_points):
    pile = [CRANE, CURTAIN, PHOENIX, WARBLER, CUCKOO, BRIDGE, GEESE, SWALLOW] + PLAIN + POETRY[:1] + CHAFF[:10]
    check(ruleset_id, pile, base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "base", "yaku_points"),
    cases(
        {
            # All five brights, boar/deer/butterflies, sake cup, three poetry ribbons:
            # Nintendo: Goko 10 + Inoshikacho 5+1 (sake) + Hanami 5 + Tsukimi 5 + Akatan 5 = 31;
            # Tournament: the same without viewing = 21; FudaWiki: Goko 15 + 6 + 5 + 5 + 5 = 36;
            # Yakuza: 10 + 5 + 5 + 5 + 5 = 30; Koi-Koi Japan: 10 + 5 + 1 + 1 + 5 = 22;
            # Flash: 15 + 5 + Akatan 6 = 26.
            "nintendo": (31, {"goko": 10, "inoshikacho": 6, "hanami_zake": 5, "tsukimi_zake": 5, "akatan": 5}),
            "tournament": (21, {"goko": 10, "inoshikacho": 6, "akatan": 5}),
            "bga": (31, {"goko": 10, "inoshikacho": 6, "hanami_zake": 5, "tsukimi_zake": 5, "akatan": 5}),
            "yakuza": (30, {"goko": 10, "inoshikacho": 5, "hanami_zake": 5, "tsukimi_zake": 5, "akatan": 5}),
            "fudawiki": (36, {"goko": 15, "inoshikacho": 6, "hanami_zake": 5, "tsukimi_zake": 5, "akatan": 5}),
            "kk-add-10": (36, {"goko": 15, "inoshikacho": 6, "hanami_zake": 5, "tsukimi_zake": 5, "akatan": 5}),
            "koikoi-japan": (22, {"goko": 10, "inoshikacho": 5, "hanami_zake": 1, "tsukimi_zake": 1, "akatan": 5}),
            "hanafuda-flash": (26, {"goko": 15, "inoshikacho": 5, "akatan": 6}),
        }
    ),
)
def test_goko_inoshikacho_viewing_and_akatan_add_up(ruleset_id, base, yaku_points):
    check(ruleset_id, BRIGHTS + [BOAR, DEER, BUTTERFLIES, SAKE] + POETRY, base, yaku_points)


@pytest.mark.parametrize(
    ("ruleset_id", "month", "own_calls", "base", "yaku_points"),
    [
        # The whole deck: 5 brights, 9 animals, 10 ribbons, 24 chaff (+ the sake cup where it is chaff).
        # Nintendo: Goko 10, Inoshikacho 5+6, Tane 1+4, Akatan+Aotan 10+4, Tan 1+5, viewing 5+5,
        # Kasu 1+15 (25 chaff with the sake cup) = 72.
        pytest.param(
            "nintendo",
            None,
            0,
            72,
            {
                "goko": 10,
                "inoshikacho": 11,
                "tane": 5,
                "akatan_aotan": 14,
                "tan": 6,
                "hanami_zake": 5,
                "tsukimi_zake": 5,
                "kasu": 16,
            },
            id="nintendo",
        ),
        # Nintendo has no month set: giving the month changes nothing.
        pytest.param(
            "nintendo",
            1,
            0,
            72,
            {
                "goko": 10,
                "inoshikacho": 11,
                "tane": 5,
                "akatan_aotan": 14,
                "tan": 6,
                "hanami_zake": 5,
                "tsukimi_zake": 5,
                "kasu": 16,
            },
            id="nintendo-month",
        ),
        pytest.param(
            "bga",
            None,
            0,
            72,
            {
                "goko": 10,
                "inoshikacho": 11,
                "tane": 5,
                "akatan_aotan": 14,
                "tan": 6,
                "hanami_zake": 5,
                "tsukimi_zake": 5,
                "kasu": 16,
            },
            id="bga",
        ),
        # Tournament: Nintendo's 72 without the two viewing yaku = 62.
        pytest.param(
            "tournament",
            None,
            0,
            62,
            {"goko": 10, "inoshikacho": 11, "tane": 5, "akatan_aotan": 14, "tan": 6, "kasu": 16},
            id="tournament",
        ),
        # FudaWiki: Goko 15, animal group best Inoshikacho 11, ribbon group best combined 14, viewing 10,
        # Kasu 16 = 66; the round's month adds the month set 4 = 70.
        pytest.param(
            "fudawiki",
            None,
            0,
            66,
            {"goko": 15, "inoshikacho": 11, "akatan_aotan": 14, "hanami_zake": 5, "tsukimi_zake": 5, "kasu": 16},
            id="fudawiki",
        ),
        pytest.param(
            "fudawiki",
            1,
            0,
            70,
            {
                "goko": 15,
                "inoshikacho": 11,
                "akatan_aotan": 14,
                "hanami_zake": 5,
                "tsukimi_zake": 5,
                "kasu": 16,
                "tsukifuda": 4,
            },
            id="fudawiki-month",
        ),
        pytest.param(
            "kk-add-10",
            12,
            0,
            70,
            {
                "goko": 15,
                "inoshikacho": 11,
                "akatan_aotan": 14,
                "hanami_zake": 5,
                "tsukimi_zake": 5,
                "kasu": 16,
                "tsukifuda": 4,
            },
            id="kk-add-10-month",
        ),
        # Yakuza, sake cup as an animal: Goko 10, ISC 5, Tane 1+4, Akatan 5, Aotan 5, Tan 6, viewing 10,
        # Kasu 1+14 (24 chaff) = 61 (as chaff: Tane 4 + Kasu 16, also 61); month set 4 = 65.
        pytest.param(
            "yakuza",
            None,
            0,
            61,
            {
                "goko": 10,
                "inoshikacho": 5,
                "tane": 5,
                "akatan": 5,
                "aotan": 5,
                "tan": 6,
                "hanami_zake": 5,
                "tsukimi_zake": 5,
                "kasu": 15,
            },
            id="yakuza",
        ),
        pytest.param(
            "yakuza",
            9,
            0,
            65,
            {
                "goko": 10,
                "inoshikacho": 5,
                "tane": 5,
                "akatan": 5,
                "aotan": 5,
                "tan": 6,
                "hanami_zake": 5,
                "tsukimi_zake": 5,
                "kasu": 15,
                "tsukifuda": 4,
            },
            id="yakuza-month",
        ),
        # Koi-Koi Japan: Goko 10, ISC 5, Tane 5, Akatan 5, Aotan 5, bonus 10, Tan 6, viewing 1+1, Kasu 16 = 64;
        # after a call the viewing yaku are 3 each: 68.
        pytest.param(
            "koikoi-japan",
            None,
            0,
            64,
            {
                "goko": 10,
                "inoshikacho": 5,
                "tane": 5,
                "akatan": 5,
                "aotan": 5,
                "akatan_aotan": 10,
                "tan": 6,
                "hanami_zake": 1,
                "tsukimi_zake": 1,
                "kasu": 16,
            },
            id="koikoi-japan",
        ),
        pytest.param(
            "koikoi-japan",
            None,
            1,
            68,
            {
                "goko": 10,
                "inoshikacho": 5,
                "tane": 5,
                "akatan": 5,
                "aotan": 5,
                "akatan_aotan": 10,
                "tan": 6,
                "hanami_zake": 3,
                "tsukimi_zake": 3,
                "kasu": 16,
            },
            id="koikoi-japan-called",
        ),
        # Flash: Goko 15, ISC 5, Tane 5, Akatan 6, Aotan 6, Tan 6, Kasu 16 = 59; month set 4 = 63.
        pytest.param(
            "hanafuda-flash",
            None,
            0,
            59,
            {"goko": 15, "inoshikacho": 5, "tane": 5, "akatan": 6, "aotan": 6, "tan": 6, "kasu": 16},
            id="hanafuda-flash",
        ),
        pytest.param(
            "hanafuda-flash",
            3,
            0,
            63,
            {"goko": 15, "inoshikacho": 5, "tane": 5, "akatan": 6, "aotan": 6, "tan": 6, "kasu": 16, "tsukifuda": 4},
            id="hanafuda-flash-month",
        ),
    ],
)
def test_the_whole_deck(ruleset_id, month, own_calls, base, yaku_points):
    check(ruleset_id, DECK, base, yaku_points, month=month, own_calls=own_calls)


@pytest.mark.parametrize("ruleset_id", ALL)
def test_the_order_of_captured_cards_does_not_matter(ruleset_id):
    pile = BRIGHTS + [BOAR, DEER, BUTTERFLIES, SAKE] + POETRY + NINE_CHAFF
    forward, backward = score(ruleset_id, pile, month=1), score(ruleset_id, pile[::-1], month=1)
    assert forward.base == backward.base
    assert counted(forward) == counted(backward)


# --- empty pile ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ALL)
def test_empty_pile_has_base_zero_and_no_yaku(ruleset_id):
    hand = score(ruleset_id, [], month=4, own_calls=1)
    assert hand.base == 0
    assert hand.yaku == ()
    assert hand.explanation == "no yaku = 0"


# --- input errors --------------------------------------------------------------------------------


def test_unknown_card_raises_input_error_naming_it():
    with pytest.raises(yakuset.InputError, match="01-bright-crain"):
        score("nintendo", [CURTAIN, "01-bright-crain"])


def test_input_error_is_a_value_error():
    with pytest.raises(ValueError):
        score("nintendo", ["13-bright-nothing"])


def test_duplicate_card_raises_input_error_naming_it():
    with pytest.raises(yakuset.InputError, match="03-bright-curtain"):
        score("nintendo", [CURTAIN, MOON, CURTAIN])


def test_string_instead_of_a_list_raises_input_error():
    with pytest.raises(yakuset.InputError):
        score("nintendo", CRANE)


def test_non_string_card_raises_input_error():
    with pytest.raises(yakuset.InputError):
        score("nintendo", [CRANE, 1])


def test_more_than_48_cards_raise_input_error():
    with pytest.raises(yakuset.InputError):
        score("nintendo", DECK + [CRANE])


@pytest.mark.parametrize("month", [0, 13, -1])
def test_month_outside_1_to_12_raises_input_error(month):
    with pytest.raises(yakuset.InputError, match=str(month)):
        score("yakuza", APRIL, month=month)


@pytest.mark.parametrize("month", ["4", 4.0, True])
def test_month_that_is_not_a_whole_number_raises_input_error(month):
    with pytest.raises(yakuset.InputError):
        score("yakuza", APRIL, month=month)


def test_negative_own_calls_raise_input_error():
    with pytest.raises(yakuset.InputError):
        score("koikoi-japan", [CURTAIN, SAKE], own_calls=-1)


def test_riichi_rule_set_is_refused():
    with pytest.raises(yakuset.InputError):
        yaku(yakuset.load_ruleset("tenhou"), [CRANE])
