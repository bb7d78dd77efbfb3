"""The studio in a real browser: Playwright driving the system's Chromium (no browser download)
against `yakuset serve` on a loopback port. Each page's screenshot is saved under
build/screenshots/ (a test artifact, not committed)."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'yakuset[web]'")
playwright = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (the test extra)")

import yakuset

from ..helpers import ROOT
from .support import running_server

#: A real browser driving the studio takes seconds a page: these are among the slow tests.
pytestmark = pytest.mark.slow

SHOTS = ROOT / "build" / "screenshots"
# Chromium stalls on a closed network without the background-networking flags.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium() -> str | None:
    for candidate in (os.environ.get("YAKUSET_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with running_server() as url:
        yield url


#: How long an action or an expectation may wait (ms). They wait on the page's state, so the
#: bound costs nothing when the page is quick; a busy machine runs the editor's diff slowly.
WAIT_MS = 120_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = _chromium()
    if executable is None:
        pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium) or $YAKUSET_CHROMIUM")
    playwright.expect.set_options(timeout=WAIT_MS)
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=executable, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    elsewhere: list[str] = []
    opened.on("request", lambda request: None if request.url.startswith(base_url) else elsewhere.append(request.url))
    yield opened
    context.close()
    assert elsewhere == [], "the studio must work offline: it asked for " + ", ".join(elsewhere)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_the_list_shows_both_games_with_sources_and_parents(page):
    page.goto("/")
    for rs in yakuset.list_rulesets():
        row = page.locator(f'tr[data-ruleset="{rs.id}"]')
        assert row.locator("td").nth(1).inner_text() == rs.name
    assert page.locator("#game-koikoi tr[data-ruleset]").count() >= 5
    assert page.locator("#game-riichi tr[data-ruleset]").count() >= 4
    assert page.locator('tr[data-ruleset="kk-add-10"] td').nth(3).inner_text() == "fudawiki"
    shot(page, "list")


def test_the_nintendo_page(page):
    page.goto("/")
    page.click('tr[data-ruleset="nintendo"] a[href="/rulesets/nintendo"]')
    page.wait_for_url("**/rulesets/nintendo")
    assert page.locator("#extends li").all_inner_texts() == [
        "<bundled>/koikoi/nintendo.yaml",
        "<bundled>/koikoi/_koikoi.yaml",
    ]
    first = page.locator("table.award-table").first
    # One call each a round (nintendo.yaml): no column past one call.
    assert first.locator("tbody tr").first.locator("td").all_inner_texts() == ["1", "2"]
    assert page.locator('#yaku-off tr[data-item="tsukifuda"]').count() == 1
    assert page.locator('#yaku tr[data-yaku="tsukifuda"]').count() == 0
    assert page.locator("#cards svg.card").count() == 48
    assert page.locator('tr[data-yaku="goko"] td').nth(1).inner_text() == "10"
    page.click("#resolved summary")
    origins = dict(
        zip(
            page.locator("#resolved td:first-child").all_inner_texts(),
            page.locator("#resolved td.origin").all_inner_texts(),
        )
    )
    rs = yakuset.load_ruleset("nintendo")
    for path, _value, where in rs.leaves():
        if path in (("calls", "limit_per_round"), ("name",)):
            assert origins[".".join(map(str, path))] == f"{where.file}:{where.line}"
    assert origins["calls.limit_per_round"].startswith("<bundled>/koikoi/nintendo.yaml:")
    assert origins["game"].startswith("<bundled>/koikoi/_koikoi.yaml:")
    assert "lucky_hands" in page.locator("#plugins").inner_text()
    shot(page, "ruleset-nintendo")


def test_the_tenhou_page(page):
    page.goto("/rulesets/tenhou")
    assert page.locator("table.payment-grid").count() == 4
    assert "mangan" in page.locator("#limits").inner_text()
    assert page.locator("table.limits-table tbody tr").count() >= 5
    assert (
        page.locator('#table-rules tr[data-rule="points.uma"] td').nth(1).inner_text() == "20000, 10000, -10000, -20000"
    )
    assert page.locator('#yaku-off tr[data-item="renhou"]').count() == 1
    shot(page, "ruleset-tenhou")


def test_edit_the_streak_cap_see_the_typo_at_its_line_fix_it_and_see_tables_and_diff_change(page):
    page.goto("/rulesets/fudawiki/edit")
    status = page.locator("#status")
    playwright.expect(status).to_have_text("valid")
    text = page.input_value("#initial")  # the stub `yakuset new fudawiki-house --extends fudawiki` writes
    assert "extends: fudawiki\nname: fudawiki-house\n" in text
    columns = page.locator("#tables table.award-table").first.locator("thead th")
    playwright.expect(columns).to_have_count(7)  # base and 0-5+ calls: FudaWiki has no call limit
    summary = page.locator("#diff .diff-summary")
    playwright.expect(summary).to_contain_text("1 rule change(s) (only the name, the metadata or `extends` differ)")
    shot(page, "editor-stub-opened")

    page.click(".cm-content")
    page.keyboard.press("Control+End")
    page.keyboard.insert_text("award:\n  multipliers:\n    - {id: own_streak, maxx: 3}")
    line = text.count("\n") + 3
    problem = page.locator("#problems li.problem")
    playwright.expect(problem).to_have_count(1)
    playwright.expect(problem).to_contain_text(f"fudawiki-house.yaml:{line}:")
    playwright.expect(problem).to_contain_text("unknown key 'maxx'")
    playwright.expect(problem).to_contain_text("did you mean 'max'?")
    playwright.expect(status).to_have_text("1 problem(s)")
    playwright.expect(page.locator(".cm-lintRange-error")).to_have_count(1)  # marked in the editor too
    # The tables and the diff are the last valid text's: greyed, and they say so.
    playwright.expect(page.locator("#tables")).to_have_class("stale")
    playwright.expect(page.locator("#diff")).to_have_class("stale")
    playwright.expect(page.locator(".stale-note").first).to_be_visible()
    problem.locator("a").click()  # the link goes to the line
    assert page.locator(".cm-activeLine").inner_text().strip() == "- {id: own_streak, maxx: 3}"
    shot(page, "editor-stub-problem")

    page.keyboard.press("End")
    for _ in range(5):  # back over "}", "3", " " and ":" to the end of "maxx"
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Backspace")
    playwright.expect(status).to_have_text("valid")
    playwright.expect(page.locator("#problems li")).to_have_count(0)
    playwright.expect(page.locator("#tables")).not_to_have_class("stale")
    playwright.expect(page.locator(".stale-note").first).to_be_hidden()
    playwright.expect(columns).to_have_count(4)  # base and 0-2+ calls: the cap is now ×3
    playwright.expect(columns.last).to_have_text("2+ calls (x3)")
    # The command line's own text: its count, and the score changes under the rule change causing them.
    playwright.expect(summary).to_contain_text("2 rule change(s);")
    change = page.locator("#diff pre.diff-text")
    playwright.expect(change).to_contain_text("award.multipliers[own_streak].max: 6 -> 3")
    playwright.expect(change).to_contain_text(f"fudawiki-house.yaml:{line}")
    playwright.expect(change).to_contain_text("Caused by award.multipliers[own_streak].max")
    shot(page, "editor-fixed")

    page.select_option("#against", "nintendo")
    playwright.expect(page.locator("#against-name")).to_have_text("nintendo")
    playwright.expect(change).to_contain_text("calls.limit_per_round")
    with page.expect_download() as download:
        page.click("#download")
    saved = download.value
    assert saved.suggested_filename == "fudawiki-house.yaml"
    assert Path(saved.path()).read_text(encoding="utf-8").endswith("- {id: own_streak, max: 3}")
    shot(page, "editor-against-nintendo")


def test_cap_the_award_and_see_the_capped_tables_and_the_caps_step(page):
    # Issue 42 item 24: `award: {max: 30}` over FudaWiki (the award formula of docs/rules/koikoi.md, no call limit).
    page.goto("/rulesets/fudawiki/edit")
    status = page.locator("#status")
    playwright.expect(status).to_have_text("valid")
    page.click(".cm-content")
    page.keyboard.press("Control+End")
    page.keyboard.insert_text("award:\n  max: 30")
    playwright.expect(page.locator("#diff .diff-summary")).to_contain_text("2 rule change(s);")
    playwright.expect(page.locator("#tables p.award-cap")).to_have_text(
        "award = base × multipliers, capped at 30 (award.max)"
    )
    # Document 000's row 7 with no opponent call, 14, 28, 42, 56, 70, 84, each at most 30.
    row = page.locator("#tables table.award-table").first.locator("tbody tr").nth(6)
    playwright.expect(row.locator("td")).to_have_text(["14", "28", "30", "30", "30", "30"])
    change = page.locator("#diff pre.diff-text")
    playwright.expect(change).to_contain_text("+ award.max: 30")
    playwright.expect(change).to_contain_text("Caused by award.max: 30")
    # The largest change worked through: 30 × 2 × 2 × 6 = 720, then the cap's step.
    playwright.expect(change).to_contain_text(
        "fudawiki-house: 30 × 2 (7+) × 2 (opponent Koi-Koi) × 6 (your streak), capped at 30 = 30"
    )
    shot(page, "editor-award-capped")


def test_open_a_local_file_see_its_problem_and_save_it_under_its_name(page, tmp_path):
    mine = tmp_path / "club.yaml"
    mine.write_text("extends: nintendo\nname: Club\ncalls:\n  limit_per_round: lots\n", encoding="utf-8")
    page.goto("/rulesets/nintendo/edit")
    playwright.expect(page.locator("#status")).to_have_text("valid")
    page.set_input_files("#open", str(mine))
    playwright.expect(page.locator("#name")).to_have_value("club.yaml")
    problem = page.locator("#problems li.problem")
    playwright.expect(problem).to_have_count(1)
    playwright.expect(problem).to_contain_text("club.yaml:4:")
    playwright.expect(problem).to_contain_text("calls.limit_per_round")
    playwright.expect(page.locator("#tables")).to_have_class("stale")
    with page.expect_download() as download:
        page.click("#download")
    assert download.value.suggested_filename == "club.yaml"
    assert Path(download.value.path()).read_text(encoding="utf-8") == mine.read_text(encoding="utf-8")
    shot(page, "editor-opened-file-problem")


def test_click_koikoi_cards_and_see_the_award(page):
    page.goto("/rulesets/nintendo/calculator")
    for card in ("01-bright-crane", "03-bright-curtain", "08-bright-moon"):
        page.click(f'button.pick[data-card="{card}"]')
    playwright.expect(page.locator("#yaku .base")).to_have_text("base 5")
    playwright.expect(page.locator("#yaku")).to_contain_text("Sanko (three brights): 5")
    playwright.expect(page.locator("#award .points")).to_have_text("5 points")
    page.fill("#opponent_calls", "1")
    playwright.expect(page.locator("#award .points")).to_have_text("10 points")
    page.click('button.pick[data-card="12-bright-phoenix"]')
    playwright.expect(page.locator("#yaku .base")).to_have_text("base 8")
    playwright.expect(page.locator("#award .points")).to_have_text("32 points")
    playwright.expect(page.locator("#award .explanation")).to_have_text("8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 = 32")
    playwright.expect(page.locator("#award ol.steps li").first).to_have_text("seven_plus: × 2 (7+)")  # as --explain
    shot(page, "calculator-koikoi")


def test_the_koikoi_calculator_passes_the_field_brights(page):
    # bga.yaml: "Bright Base Multiplier = number of brights dealt face-up" (×1 with none).
    page.goto("/rulesets/bga/calculator")
    for card in ("01-bright-crane", "03-bright-curtain", "08-bright-moon"):
        page.click(f'button.pick[data-card="{card}"]')
    playwright.expect(page.locator("#yaku")).to_contain_text("Sanko")
    base = page.locator("#yaku .base").inner_text().split()[1]
    explanation = page.locator("#award .explanation")
    playwright.expect(explanation).to_have_text(re.compile(rf"^{base} ×"))  # the award of the three brights
    points = page.locator("#award .points")
    alone = int(points.inner_text().split()[0])
    page.fill("#field_brights", "2")
    playwright.expect(points).to_have_text(f"{2 * alone} points")
    playwright.expect(page.locator("#award .explanation")).to_contain_text("× 2 (brights on the field)")


def test_type_a_riichi_hand_and_see_the_payment(page):
    page.goto("/rulesets/tenhou/calculator")
    page.fill("#hand", "234m456p23456788s")
    page.fill("#win", "4s")
    page.fill("#dora", "7s")
    page.check('input.flag[value="riichi"]')
    page.check('input.flag[value="tsumo"]')
    page.select_option("#seat_wind", "east")  # the dealer (the calculator, like the CLI, starts at a non-dealer)
    # The command line's words: `yakuset hand tenhou 234m456p23456788s --win 4s --dora-indicator 7s --riichi --tsumo
    # --seat east --explain`. A dealer's haneman tsumo is 6000 from each of the three others.
    result = page.locator("#result")
    playwright.expect(result.locator(".payment")).to_have_text(
        "dealer tsumo: 6 han 20 fu (haneman): each player pays 6000; total 18000"
    )
    playwright.expect(result).to_contain_text("yaku: Riichi 1 han, Menzen tsumo 1 han, Pinfu 1 han, Tanyao 1 han")
    playwright.expect(result.locator("ol.steps li").nth(0)).to_have_text("Riichi: 1")
    playwright.expect(result.locator("ol.steps")).to_contain_text("Dora: 2")
    playwright.expect(result.locator("ol.steps")).not_to_contain_text(": ×")  # a value, never "Dora: × 2"
    page.fill("#ura", "7s")  # two more dora under the indicator: 8 han, baiman, 8000 all
    playwright.expect(result.locator(".payment")).to_have_text(
        "dealer tsumo: 8 han 20 fu (baiman): each player pays 8000; total 24000"
    )
    page.fill("#hand", "234m456p23456788x")
    playwright.expect(page.locator("#result .error")).to_be_visible()


def test_the_riichi_calculator_takes_melds_honba_and_sticks(page):
    # The `mahjong` package's HandCalculator (the oracle) on the same hand won by the dealer: haku
    # pon, 1 han 30 fu, 1500 + 600 for two honba from the discarder, 3100 with the riichi stick.
    page.goto("/rulesets/tenhou/calculator")
    page.select_option("#seat_wind", "east")
    page.fill("#hand", "234m456p22678s")
    page.fill("#win", "8s")
    page.fill("#melds", "pon 555z")
    page.fill("#honba", "2")
    page.fill("#riichi_sticks", "1")
    result = page.locator("#result")
    playwright.expect(result.locator(".payment")).to_have_text(
        "dealer ron: 1 han 30 fu: the discarder pays 2100; total 3100"
    )
    playwright.expect(result).to_contain_text("yaku: Yakuhai (white dragon) 1 han")
    shot(page, "calculator-riichi")


def test_tiles_clicked_make_the_hand(page):
    page.goto("/rulesets/tenhou/calculator")
    for tile in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5z", "5z", "5z", "5m", "5m"]:
        page.click(f'button.tile[data-tile="{tile}"]')
    assert page.input_value("#hand") == "123m456p789s555z55m"
    playwright.expect(page.locator("#result")).to_contain_text("yaku: Yakuhai (white dragon) 1 han")
