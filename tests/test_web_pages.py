"""The studio's pages rendered on the server (through httpx's ASGI transport): every bundled rule
set's page, editor and calculator, the download, and an unknown id."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'yakuset[web]'")
pytest.importorskip("httpx", reason="the page tests need httpx (the test extra)")

import yakuset
from markupsafe import escape  # as Jinja escapes

from .web_support import call


@pytest.mark.parametrize("ident", [rs.id for rs in yakuset.list_rulesets()])
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


def test_the_editor_starts_from_the_file_escaped():
    text = yakuset.load_ruleset("nintendo").path.read_text(encoding="utf-8")
    page = call("GET", "/rulesets/nintendo/edit").text
    assert f'<textarea id="initial" hidden>{escape(text)}</textarea>' in page


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
