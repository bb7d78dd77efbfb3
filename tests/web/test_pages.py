"""The studio's pages rendered on the server (through httpx's ASGI transport): every bundled rule
set's page, editor and calculator, the download, and an unknown id."""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'yakuset[web]'")
pytest.importorskip("httpx", reason="the page tests need httpx (the test extra)")

import yakuset
from markupsafe import escape  # as Jinja escapes

from ..helpers import ROOT, bundled_ids
from .support import call, limits_for_tests


@pytest.mark.parametrize("ident", bundled_ids())
def test_every_bundled_rule_set_has_its_pages(ident):
    rs = yakuset.load_ruleset(ident)
    page = call("GET", f"/rulesets/{ident}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert f"<h1>{rs.name} <small>({ident}," in page.text
    for file in rs.files:
        assert f"<li>{escape(file.display)}</li>" in page.text
    assert ('class="grid award-table"' if rs.game == "koikoi" else 'class="grid payment-grid"') in page.text
    if rs.game == "koikoi":
        assert page.text.count('<svg class="card') == len(yakuset.koikoi.rules_of(rs).cards)
    editor = call("GET", f"/rulesets/{ident}/edit")
    assert editor.status_code == 200 and '<script src="/static/editor.js">' in editor.text
    assert call("GET", f"/rulesets/{ident}/calculator").status_code == 200


def test_the_download_is_the_file_as_written():
    answer = call("GET", "/rulesets/kk-add-10/download")
    assert answer.headers["content-disposition"] == 'attachment; filename="kk-add-10.yaml"'
    assert answer.text == yakuset.load_ruleset("kk-add-10").path.read_text(encoding="utf-8")


def test_an_unknown_rule_set_page_is_404_with_the_bundled_ids():
    answer = call("GET", "/rulesets/nintndo")
    assert answer.status_code == 404
    assert "no bundled rule set named &#39;nintndo&#39;" in answer.text
    assert "did you mean &#39;nintendo&#39;?" in answer.text


def test_the_editor_starts_from_the_stub_yakuset_new_writes(tmp_path, monkeypatch, capsys):
    from yakuset._cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["new", "nintendo-house", "--extends", "nintendo"]) == 0
    text = (tmp_path / "nintendo-house.yaml").read_text(encoding="utf-8")
    page = call("GET", "/rulesets/nintendo/edit").text
    # The same stub, its schema named by this server's own URL (the test client's base URL).
    first, _, rest = text.partition("\n")
    served = "# yaml-language-server: $schema=http://yakuset.test/api/v1/schema"
    assert first.startswith("# yaml-language-server: $schema=http")
    assert f'<textarea id="initial" hidden>{escape(served)}\n{escape(rest)}</textarea>' in page
    assert 'value="nintendo-house.yaml"' in page and '<input id="open" type="file"' in page


def _server_folders() -> list[str]:
    """The folders of this installation a page could give away: the package's and its data's."""
    from yakuset._core import bundled

    package = Path(yakuset.__file__).resolve().parent
    return sorted({str(package), str(package.parent), str(bundled.data_root().resolve())})


@pytest.mark.parametrize("ident", bundled_ids())
def test_no_page_or_answer_shows_where_the_server_keeps_its_files(ident):
    # Issue 42 item 28: the editor's stub named the schema by its path in the server's site-packages.
    shown = [f"/rulesets/{ident}", f"/rulesets/{ident}/edit", f"/api/v1/rulesets/{ident}"]
    shown += [f"/api/v1/rulesets/{ident}/text", f"/api/v1/rulesets/{ident}/table", "/", "/api/v1/schema"]
    for url in shown:
        answer = call("GET", url)
        assert answer.status_code == 200, url
        assert [folder for folder in _server_folders() if folder in answer.text] == [], url


def test_the_static_files_are_served():
    assert "YakusetEditor" in call("GET", "/static/editor.js").text
    assert "window.Studio" in call("GET", "/static/studio.js").text


@pytest.mark.parametrize("path", ["/", "/rulesets/nintendo", "/rulesets/tenhou/edit", "/rulesets/tenhou/calculator"])
def test_every_page_names_an_icon_that_is_served(path):
    # Without one, the browser asks for /favicon.ico and logs its 404 on every page.
    page = call("GET", path).text
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
    icon = call("GET", "/static/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


def test_favicon_ico_is_answered_for_pages_without_a_head():
    # The API's JSON opened in a browser has no <link rel="icon">: the browser asks for /favicon.ico.
    icon = call("GET", "/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


def _rows(page: str, table_id: str) -> dict[str, str]:
    """The rows of the table in the section ``table_id``, by their ``data-yaku``."""
    import re

    section = page.split(f'<section id="{table_id}">', 1)[1].split("</section>", 1)[0]
    return dict(re.findall(r'<tr data-(?:yaku|item)="([^"]+)">(.*?)</tr>', section, re.S))


@pytest.mark.parametrize(("ident", "off", "on"), [("nintendo", "tsukifuda", "goko"), ("tenhou", "renhou", "pinfu")])
def test_a_yaku_the_rule_set_turns_off_is_listed_as_off_not_as_scoring(ident, off, on):
    # _koikoi.yaml: Tsukifuda `enabled: false`; _riichi.yaml: renhou `enabled: false` (tenhou keeps it).
    page = call("GET", f"/rulesets/{ident}").text
    assert off not in _rows(page, "yaku") and on in _rows(page, "yaku")
    assert off in _rows(page, "yaku-off") and on not in _rows(page, "yaku-off")


def test_the_tournament_page_lists_the_viewing_yaku_as_off():
    # tournament.yaml: `yaku_rules.viewing: never` (docs/rules/koikoi.md §4.2).
    page = call("GET", "/rulesets/tournament").text
    assert {"hanami_zake", "tsukimi_zake"} <= set(_rows(page, "yaku-off")) - set(_rows(page, "yaku"))


def test_the_koikoi_yaku_table_names_cards_in_words():
    rows = _rows(call("GET", "/rulesets/nintendo").text, "yaku")
    assert not any("{" in row for row in rows.values())  # never a Python dict's text
    # _koikoi.yaml: Hanami-zake needs the curtain and the sake cup; Inoshikacho the boar, deer and butterflies.
    for ident, names in [("hanami_zake", ["curtain", "sake"]), ("inoshikacho", ["boar", "deer", "butterflies"])]:
        assert all(name in rows[ident] for name in names), rows[ident]
    assert "4 brights, not the rain man" in rows["shiko"]  # `cards: {kind: bright, rain: false}, count: 4`


def test_a_riichi_page_shows_the_table_rules_in_their_own_section():
    import re

    page = call("GET", "/rulesets/tenhou").text
    section = page.split('<section id="table-rules">', 1)[1].split("</section>", 1)[0]
    rules = dict(re.findall(r'<tr data-rule="([^"]+)"><td><code>[^<]*</code></td><td>([^<]*)</td>', section))
    # tenhou.yaml: uma 10-20, 20,000 oka, one red five of each suit, double ron paid, honba to the nearest winner.
    assert rules["points.uma"] == "20000, 10000, -10000, -20000"
    assert rules["points.oka"] == "20000"
    assert [rules[f"tiles.red_fives.{suit}"] for suit in "mps"] == ["1", "1", "1"]
    assert (rules["wins.multiple_ron"], rules["wins.honba_to"]) == ("all", "nearest")
    assert "draws.noten_payments" in rules and "dealer.honba.draw" in rules
    # WRC 2022: only the winner nearest the discarder is paid, the head bump (WRC 2015 §5.7.6).
    wrc = call("GET", "/rulesets/wrc-2022").text
    assert '<tr data-rule="wins.multiple_ron"><td><code>multiple_ron</code></td><td>head_bump</td>' in wrc


@pytest.mark.parametrize(
    ("ident", "inputs"),
    [
        ("tenhou", ["melds", "ura", "honba", "riichi_sticks"]),
        ("tenhou-sanma", ["melds", "ura", "honba", "riichi_sticks", "kita"]),
        ("bga", ["field_brights"]),
    ],
)
def test_the_calculators_take_what_the_api_takes(ident, inputs):
    page = call("GET", f"/rulesets/{ident}/calculator").text
    for name in inputs:
        assert f'id="{name}"' in page
    assert ('id="kita"' in page) == (ident == "tenhou-sanma")  # north tiles are extracted in three-player games


@functools.cache
def capped_site() -> Any:
    """A server that offers a house rule set capping the award (issue 42 item 24) beside FudaWiki."""
    from yakuset._house import REGISTRY
    from yakuset._web.sources import Site

    return Site(REGISTRY, [ROOT / "tests" / "data" / "house-award-max30.yaml"])


def test_a_capped_rule_sets_page_shows_the_cap_with_its_tables():
    import httpx
    from yakuset._web import create_app

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app(limits_for_tests(), site=capped_site))
        async with httpx.AsyncClient(transport=transport, base_url="http://yakuset.test") as client:
            return await client.get("/rulesets/house-award-max30")

    page = asyncio.run(go())
    assert page.status_code == 200
    assert '<p class="award-cap">award = base × multipliers, capped at 30 (award.max)</p>' in page.text
    assert "no award above <code>30</code>" in page.text
    # Rule document 000's row 8 with no opponent call (16, 32, 48, 64, 80, 96), each at most 30.
    assert "<tr><th>8</th><td>16</td>" + "<td>30</td>" * 5 + "</tr>" in page.text
