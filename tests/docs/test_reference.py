"""The documentation site's generated reference (yakuset._docs) has an entry for every schema
field, hookspec, command-line option and API endpoint, each found here from its own source
(the schema files, pluggy, argparse, the server's routes), and says what those sources say."""

from __future__ import annotations

import functools
import importlib
import itertools
import json
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pluggy
import pytest
import yaml
from yakuset import diff
from yakuset._cli import build_parser
from yakuset._core import hookspecs
from yakuset._core.errors import RulesetError
from yakuset._core.expressions import ExpressionError, compile_expression
from yakuset._core.schemas import CORE
from yakuset._docs import _commands, _expressions, _hooks, _python, _rulesets, _schema, makers, navigation, pages
from yakuset._house import REGISTRY, list_rulesets, load_ruleset_text

from ..helpers import ROOT

SCHEMA_FILES = {None: CORE, **{name: game.schema for name, game in REGISTRY.games.items()}}


@functools.cache
def _bundled() -> tuple[Any, ...]:
    """``list_rulesets()``, loaded once for the module (the tests read the rule sets, none
    changes one)."""
    return tuple(list_rulesets())


@functools.cache
def _ruleset_page(ident: str) -> str:
    """A bundled rule set's generated page, made once for the module."""
    return _rulesets.page(next(rs for rs in _bundled() if rs.id == ident), set())


@functools.cache
def _fields_page(game: str | None) -> str:
    return _schema.page(game, _schema.fields()[game], "fields")


def _sections(page: str, level: str = "###") -> dict[str, str]:
    """Each heading's name (the text in backticks) and the text below it, to the next heading
    of that level or higher."""
    found = {}
    parts = re.split(rf"^(#{{1,{len(level)}}} .*)$", page, flags=re.M)
    for heading, body in zip(parts[1::2], parts[2::2]):
        named = re.match(rf"{level} `([^`]+)`", heading)
        if named:
            found[named.group(1)] = body
    return found


def _schema_nodes(node: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every property a schema file names, at any depth: (its key, its schema)."""
    found = []
    if isinstance(node, dict):
        for key, sub in node.get("properties", {}).items():
            found.append((key, sub))
        for value in node.values():
            found += _schema_nodes(value)
    elif isinstance(node, list):
        for value in node:
            found += _schema_nodes(value)
    return found


@pytest.mark.parametrize("game", list(SCHEMA_FILES))
def test_every_key_a_schema_names_has_a_field_entry(game):
    entries = _sections(_fields_page(game))
    named = {key for key, _ in _schema_nodes(json.loads(SCHEMA_FILES[game].read_text(encoding="utf-8")))}
    # The resolved-entry point (`$defs/resolved`) repeats sections with `required` only.
    missing = {key for key in named if not any(path.split(".")[-1].split("[")[0] == key for path in entries)}
    assert not missing, f"fields with no entry on the {game or 'common'} page: {sorted(missing)}"


@pytest.mark.parametrize("game", list(SCHEMA_FILES))
def test_a_fields_default_and_allowed_values_are_the_schemas(game):
    entries = _sections(_fields_page(game))
    checked = 0
    for key, node in _schema_nodes(json.loads(SCHEMA_FILES[game].read_text(encoding="utf-8"))):
        if "description" not in node:
            continue
        # The entry of this key whose text is this node's description.
        matching = [
            body
            for path, body in entries.items()
            if path.split(".")[-1].split("[")[0] == key and " ".join(node["description"].split()[:6]) in body
        ]
        assert matching, f"{key}: no entry has its description"
        body = matching[0]
        shown_default = re.search(r"^- \*\*default\*\*: `+ ?(.*?) ?`+$", body, re.M)
        if "default" in node:
            assert shown_default, f"{key}: the entry shows no default"
            assert yaml.safe_load(shown_default.group(1)) == node["default"], key
            checked += 1
        else:
            assert shown_default is None, f"{key}: the entry shows a default the schema does not have"
        for value in node.get("enum", []):
            assert re.search(rf"^- \*\*allowed\*\*: .*`{re.escape(str(json.dumps(value)).strip(chr(34)))}`", body, re.M)
    assert checked or game is None


def _plain_leaves(rs: Any) -> list[tuple[str, Any]]:
    """A rule set's values under plain mapping keys (no list item, no plugin on the way)."""
    return [
        (".".join(map(str, path)), value)
        for path, value, _ in rs.leaves()
        if all(isinstance(step, str) for step in path) and path[0] not in ("plugins",)
    ]


def test_a_fields_entry_says_what_every_bundled_rule_set_sets_it_to():
    rulesets = list(_bundled())
    for rs in rulesets:
        entries = _sections(_fields_page(rs.game)) | _sections(_fields_page(None))
        for path, value in _plain_leaves(rs):
            body = entries[path]
            listed = [re.match(r"^- (`+) ?(.*?) ?\1: (.*)$", line) for line in body.splitlines()]
            if "- … and" in body:
                continue  # more values than an entry lists: the comparison has them
            said = next((m.group(3) for m in listed if m and yaml.safe_load(m.group(2)) == value), None)
            assert said is not None, f"{path}: the entry does not list {rs.id}'s value {value!r}"
            assert said == "every bundled rule set" or rs.id in re.split(r"[ ,;]+", said), (
                f"{path}: {rs.id} is not listed under {value!r}"
            )


def test_a_sections_entry_names_the_bundled_rule_sets_that_have_it():
    """A section (a field with fields below it) is listed for the rule sets with a value in it:
    `kita` (north as a dora, docs/rules/sanma.md) for the two three-player rule sets only."""
    for game in ("koikoi", "riichi"):
        entries = _sections(_fields_page(game))
        members = [rs for rs in _bundled() if rs.game == game]
        parents = {path.split(".")[0].split("[")[0] for path in entries if "." in path or "[" in path}
        for section in parents:
            having = [rs.id for rs in members if any(path[0] == section for path, _, _ in rs.leaves())]
            said = re.search(r"^In (.*); its fields are below\.$", entries[section], re.M)
            assert said, section
            assert said.group(1) == (
                "every bundled rule set" if having == [rs.id for rs in members] else ", ".join(having)
            )
    kita = _sections(_fields_page("riichi"))["kita"]
    assert "In mahjong-soul-sanma, tenhou-sanma; its fields are below." in kita


def test_every_value_of_every_bundled_rule_set_lies_under_a_field_entry():
    for rs in _bundled():
        entries = set(_sections(_fields_page(rs.game))) | set(_sections(_fields_page(None)))
        for path, _, _ in rs.leaves():
            general = ""
            for index, step in enumerate(path):
                if isinstance(step, int):
                    general += "[]"
                elif index == 1 and path[0] == "plugins":
                    general += f".{_schema.ANY_KEY}"
                else:
                    general += f".{step}" if general else str(step)
                below = general + (
                    "["
                    if isinstance(path[index + 1 : index + 2] or None, tuple) and isinstance(path[index + 1], int)
                    else "."
                )
                if general in entries and not any(e.startswith(below) for e in entries):
                    break  # a field that describes nothing below it holds the rest of the value whole
            assert general in entries, f"{rs.id}: {general} has no field entry"


def test_an_example_is_placed_at_its_fields_path():
    for game in SCHEMA_FILES:
        for item in _schema.fields()[game]:
            sample = _schema.example(item)
            if sample is None:
                continue
            text = _sections(_fields_page(game))[item.path]
            block = re.search(r"```yaml\n(.*?)```", text, re.S)
            assert block, item.path
            node: Any = yaml.safe_load(block.group(1))
            for step in item.path.replace("[]", ".[]").split("."):
                node = node[0] if step == "[]" else node["example" if step == _schema.ANY_KEY else step]
            assert node == sample, item.path


# --- hooks -------------------------------------------------------------------------------------------


def test_every_hookspec_has_an_entry_with_its_firstresult_and_docstring():
    page = _hooks.page()
    entries = _sections(page)
    modules = [hookspecs, *(game.hookspecs for game in REGISTRY.games.values())]
    for module in modules:
        manager = pluggy.PluginManager(hookspecs.PROJECT)
        manager.add_hookspecs(module)
        names = [name for name in vars(manager.hook) if name.startswith(f"{hookspecs.PROJECT}_")]
        assert names, module.__name__
        for name in names:
            assert name in entries, f"{name} has no entry"
            caller = getattr(manager.hook, name)
            body = entries[name]
            assert ("**firstresult**" in body) == bool(caller.spec.opts["firstresult"]), name
            first_line = caller.spec.function.__doc__.strip().splitlines()[0]
            assert re.sub(r"``([^`]+)``", r"`\1`", first_line) in body, name
            for parameter in caller.spec.argnames:
                assert re.search(rf"\b{parameter}\b", body.split("```")[1]), f"{name}: {parameter} not in its signature"


# --- the command line ------------------------------------------------------------------------------


def test_every_command_and_option_has_an_entry_with_its_default():
    page = _commands.page()
    entries = _sections(page, "##")
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    assert len(subparsers.choices) >= 10
    for name, sub in subparsers.choices.items():
        body = entries.get(f"yakuset {name}")
        assert body is not None, f"`yakuset {name}` has no entry"
        rows = [line for line in body.splitlines() if line.startswith("| `")]
        for action in sub._actions:
            if action.help == "show this help message and exit":
                continue
            words = action.option_strings or [action.metavar or action.dest]
            row = next((r for r in rows if all(w in r.split(" | ")[0] for w in words)), None)
            assert row is not None, f"yakuset {name}: {words} has no entry"
            default = row.rstrip(" |").rsplit(" | ", 1)[-1]
            # By identity, as 0 == False: a default of 0 (--seed, --honba) is shown (issue 42 item 25).
            shown = action.default is not None and action.default is not False and action.default != []
            if action.option_strings and shown and not action.required:
                assert default.strip("`") == str(action.default), f"yakuset {name} {words[0]}"


def test_the_command_pages_commands_are_the_parsers_in_order():
    names = [name for name, _ in _commands.commands()]
    table = re.findall(r"^\| \[`([a-z-]+)`\]", _commands.page(), re.M)
    assert table == names


# --- the HTTP API --------------------------------------------------------------------------------------


def test_every_route_the_server_serves_has_an_entry_with_its_body_fields():
    pytest.importorskip("starlette", reason="the web extra is not installed")
    from starlette.routing import Route
    from yakuset._docs import _api
    from yakuset._web.app import create_app

    page = _api.page()
    entries = _sections(page, "##")
    served = [
        (method, route.path)
        for route in create_app().routes
        if isinstance(route, Route) and route.path.startswith("/api/v1/")
        for method in sorted(route.methods or ())
        if method != "HEAD"
    ]
    assert len(served) >= 10
    document = _api.document()
    for method, path in served:
        if path == "/api/v1/openapi.json":
            continue
        body = entries.get(f"{method} {path}")
        assert body is not None, f"{method} {path} has no entry"
        operation = document["paths"][path][method.lower()]
        fields = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
        for field in fields.get("properties", {}):
            assert f"| `{field}` |" in body, f"{method} {path}: body field {field} has no row"


# --- rule sets -----------------------------------------------------------------------------------------


def test_every_bundled_rule_set_has_a_page_with_its_source_and_every_doubt_of_its_file():
    for rs in _bundled():
        page = _ruleset_page(rs.id)
        assert rs.metadata["source"] in page
        own = rs.files[0]
        marked = [n for n, line in enumerate(own.path.read_text(encoding="utf-8").splitlines(), 1) if "⚠" in line]
        for number in marked:
            assert f"`{own.display}:{number}`" in page, f"{rs.id}: the ⚠ of line {number} is not on its page"
        assert ("## ⚠" in page) == bool(marked or any("⚠" in f.path.read_text(encoding="utf-8") for f in rs.files))


def test_a_rule_sets_page_opens_with_its_tables_and_says_where_its_doubts_are():
    """Issue 42 item 33: the tables a designer came for come first; the doubtful sources follow
    them, announced by a line under the heading that links to them."""
    for rs in _bundled():
        page = _ruleset_page(rs.id)
        if "## ⚠" not in page:
            assert "⚠ Some values' sources are doubtful" not in page, rs.id
            continue
        headings = re.findall(r"^## (.+)$", page, re.M)
        doubts = next(h for h in headings if h.startswith("⚠ Where the sources are doubtful"))
        before = headings[: headings.index(doubts)]
        assert "Tables" in before and ("Yaku" in before or "yaku" not in rs.document), (rs.id, headings)
        assert doubts.endswith("{#doubtful-sources}")
        top = page.split("\n## ", 1)[0]
        assert "[where, and why](#doubtful-sources)" in top, rs.id


def test_the_generated_pages_name_each_game_as_the_site_does():
    """Issue 42 item 33: Koi-Koi and Riichi, as the hand-written pages and the studio say them,
    in the headings and the navigation of the generated pages, never the files' `koikoi`."""
    made = pages()
    titles = {"koikoi": "Koi-Koi", "riichi": "Riichi"}
    for game, title in titles.items():
        assert made[f"rulesets/{game}-compared.md"].count(f"\n# Every {title} rule set compared\n") == 1
        assert made[f"reference/fields-{game}.md"].startswith(f"# Fields of {title} rule sets\n")
        assert title in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    listed = [name for entries in navigation().values() for entry in entries for name in entry]
    assert "Every Koi-Koi rule set compared" in listed and "Fields of Riichi rule sets" in listed
    for name in listed:
        assert not re.search(r"(?<![\w.])(koikoi|riichi)\b", name), name  # yakuset.koikoi names a module
    for path, text in made.items():
        for heading in re.findall(r"^#{1,2} (.+)$", text, re.M):
            # a game's name in words is capitalised; `koikoi` in code is the file's value
            assert not re.search(r"(?<![`\w-])(koikoi|riichi) rule set", heading), (path, heading)


def test_the_comparison_says_it_scrolls_to_its_last_rule_set_and_its_style_keeps_words_whole():
    """Issue 42 item 33: the Riichi comparison broke identifiers mid-word and ran off the page.
    The page's table lies in a `matrix` block the site's stylesheet scrolls both ways, rule
    column and heading row in view, its values wrapping between words only."""
    members = _rulesets.rulesets()["riichi"]
    page = _rulesets.matrix("riichi", members)
    assert f"scrolls sideways to its last rule set ({members[-1].id})" in page
    assert '<div class="matrix" markdown>' in page
    css = (ROOT / "docs" / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    rules = dict(re.findall(r"([^{}]+)\{([^}]*)\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S)))
    declared = {" ".join(k.split()): " ".join(v.split()) for k, v in rules.items()}
    assert "word-break: normal;" in declared[".md-typeset .matrix table:not([class]) code"]
    assert "overflow-wrap: normal;" in declared[".md-typeset .matrix table:not([class]) code"]
    table = declared[".md-typeset .matrix table:not([class])"]
    assert "overflow: auto;" in table and "max-width: 100%;" in table and "display: block;" in table
    assert "position: sticky;" in declared[".md-typeset .matrix th"]
    assert "position: sticky;" in declared[".md-typeset .matrix td:first-child, .md-typeset .matrix th:first-child"]


def test_every_switched_on_yaku_has_an_example_hand_drawn_on_its_rule_sets_page():
    """Each yaku a bundled rule set switches on has a hand drawn that scores it there, except
    where the rules leave none: nagashi mangan is a draw, not a hand; three players have no
    2m-8m for a run in every suit; Tournament switches the viewing yaku off by
    ``yaku_rules.viewing: never`` (docs/rules/koikoi.md §4.2)."""
    for rs in _bundled():
        page = _ruleset_page(rs.id)
        examples = rs.part.examples.yaku_examples(rs)
        switched_on = [item["id"] for item in rs.document["yaku"] if item.get("enabled", True)]
        assert [example.yaku for example in examples] == switched_on
        without = {example.yaku for example in examples if not example.figure}
        expected = {"nagashi_mangan"} & set(switched_on)
        if rs.document.get("tiles", {}).get("removed"):
            expected.add("sanshoku")
        if rs.document.get("yaku_rules", {}).get("viewing") == "never":
            expected |= {"hanami_zake", "tsukimi_zake"}
        assert without == expected, rs.id
        for example in examples:
            assert f"{{#example-{example.yaku}}}" in page
            if example.figure:
                assert example.figure in page and example.explanation in page
                assert example.figure.count("<svg") == (
                    14 + sum(len(tiles) - 1 - 3 for _, tiles in _melds_of(example.setting))  # a kan: one more
                    if rs.game == "riichi"
                    else example.setting.count(",") + 1
                )


def _melds_of(setting: str) -> list[tuple[str, str]]:
    """The melds a Riichi example's setting names (``melds: pon 999m, kan 1111m``)."""
    found = re.search(r"melds: ([^;]+)", setting)
    return [tuple(meld.split()) for meld in found.group(1).split(", ")] if found else []  # type: ignore[misc]


def test_the_yaku_values_of_the_rulebooks_are_in_the_koikoi_comparison():
    """docs/rules/koikoi.md §4's summary: Gokō is 15 in FudaWiki, KK-ADD-10 and Hanafuda Flash,
    10 in the five others (Nintendo among them)."""
    members = _rulesets.rulesets()["koikoi"]
    page = _rulesets.matrix("koikoi", members)
    head = next(line for line in page.splitlines() if line.startswith("| rule |") and "nintendo" in line)
    columns = [cell.strip() for cell in head.strip("|").split("|")]
    row = next(line for line in page.splitlines() if line.startswith("| ≠ `yaku[goko].points`"))
    cells = dict(zip(columns, (cell.strip() for cell in row.strip("|").split("|"))))
    # The three at 15 are the fewer: their cells are bold.
    assert cells["[nintendo](nintendo.md)"] == "`10`"
    assert cells["[fudawiki](fudawiki.md)"] == "**`15`**"


@pytest.mark.parametrize("game", ["koikoi", "riichi"])
def test_the_comparison_marks_exactly_the_rules_diff_finds_changed_between_some_pair(game):
    members = _rulesets.rulesets()[game]
    page = _rulesets.matrix(game, members)
    differ = set(re.findall(r"^\| ≠ `([^`]+)`", page, re.M))
    same = set(re.findall(r"^\| `([^`]+)` \|", page, re.M))
    changed = set()
    for a, b in itertools.combinations(members, 2):
        changed |= {c.path for c in diff.rule_changes(diff.structural(a, b))}
    for path in changed:  # a whole item or mapping added or removed: each of its rows differs
        assert path in differ or any(row.startswith((path + ".", path + "[")) for row in differ), path
    for row in differ:
        assert any(row == path or row.startswith((path + ".", path + "[")) for path in changed), row
    assert not differ & same


def test_the_generated_pages_are_in_the_navigation_and_nothing_else_is():
    generated = set(makers())
    listed = {path for entries in navigation().values() for entry in entries for path in entry.values()}
    assert listed == generated


# --- the site -------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_site_builds_strictly_with_every_generated_page(tmp_path):
    pytest.importorskip("mkdocs", reason="the docs extra is not installed: pip install '.[docs]'")
    site = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr
    for path in pages():
        assert (site / Path(path).with_suffix(".html")).is_file(), path
    assert (site / "tutorials" / "first-house-rule.html").is_file()
    assert not _external_loads(site), "the site loads from other hosts (it must work offline)"
    # Every public name rendered: mkdocstrings (or the constant's heading) gives it its full name as id.
    for module in PUBLIC_MODULES:
        html = (site / "reference" / Path(_python.page_name(module)).with_suffix(".html")).read_text(encoding="utf-8")
        ids = set(re.findall(r'id="([\w.]+)"', html))
        missing = [name for name in importlib.import_module(module).__all__ if f"{module}.{name}" not in ids]
        assert not missing, f"{module}: not rendered: {missing}"


#: What makes a page load a file (a link's href only when the link is a stylesheet, an icon, a
#: font, a preload or a preconnect; an anchor's href is a link the reader may follow, no load).
_LOADS = re.compile(
    r"<(?:script|img|iframe|source|audio|video|embed)\b[^>]*?\bsrc=[\"']([^\"']+)"
    r"|<link\b(?=[^>]*\brel=[\"'][^\"']*(?:stylesheet|icon|preload|preconnect|prefetch|dns-prefetch|font))"
    r"[^>]*?\bhref=[\"']([^\"']+)"
    r"|@import\s+(?:url\()?[\"']?([^\"')\s;]+)"
    r"|url\(\s*[\"']?([^\"')]+)",
    re.I,
)


def _external_loads(site: Path) -> list[str]:
    """Every file the built site's pages and stylesheets load from another host, ``page: url``."""
    found = []
    for path in sorted([*site.rglob("*.html"), *site.rglob("*.css")]):
        for match in _LOADS.finditer(path.read_text(encoding="utf-8", errors="replace")):
            url = next(group for group in match.groups() if group)
            if re.match(r"(?:[a-z][a-z0-9+.-]*:)?//", url, re.I) and not url.startswith("data:"):
                found.append(f"{path.relative_to(site)}: {url}")
    return found


def test_a_load_from_another_host_is_found(tmp_path):
    """The check the site's build test makes finds what it looks for: a theme font from a CDN
    (what the site loaded before ``theme.font: false``), not a link to read or a data URL."""
    page = (
        '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>'
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">'
        '<a href="https://riichi.wiki/">a source</a><link rel="canonical" href="https://example.org/">'
        '<img src="../assets/logo.svg"><style>b{background:url("data:image/svg+xml;x")}</style>'
        '<script src="//cdn.example.org/x.js"></script>'
    )
    (tmp_path / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "extra.css").write_text("@import url('https://fonts.example.org/a.css');", encoding="utf-8")
    assert _external_loads(tmp_path) == [
        "extra.css: https://fonts.example.org/a.css",
        "index.html: https://fonts.gstatic.com",
        "index.html: https://fonts.googleapis.com/css?family=Roboto",
        "index.html: //cdn.example.org/x.js",
    ]


# --- the Python API ------------------------------------------------------------------------------------


PUBLIC_MODULES = ["yakuset", "yakuset.koikoi", "yakuset.riichi", "yakuset.diff"]


def _python_entries(module: str) -> set[str]:
    """The names the Python API page of ``module`` has an entry for: a mkdocstrings block, a
    constant's heading or a link to the module that documents it, each by its full name."""
    text = _python.page(module)
    found = set(re.findall(r"^::: (\S+)$", text, re.M))
    found |= set(re.findall(r'<span id="([\w.]+)"></span>', text))
    return found


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_every_name_of_a_public_modules_all_has_a_python_api_entry(module):
    exported = importlib.import_module(module).__all__
    assert len(exported) >= 15
    missing = [name for name in exported if f"{module}.{name}" not in _python_entries(module)]
    assert not missing, f"{module}: no entry for {missing}"


def test_every_package_below_yakuset_with_an_all_is_a_documented_public_module():
    """A new public package (a third game) gets its page: every package of the install whose
    name has no private part and that declares ``__all__``."""
    import yakuset

    found = [
        info.name
        for info in pkgutil.walk_packages(yakuset.__path__, "yakuset.")
        if info.ispkg and not any(part.startswith("_") for part in info.name.split("."))
    ]
    public = {"yakuset", *(name for name in found if hasattr(importlib.import_module(name), "__all__"))}
    assert public == set(_python.MODULES) == set(PUBLIC_MODULES)


def test_a_name_reexported_from_a_game_links_to_the_games_entry():
    text = _python.page("yakuset")
    assert (
        '<span id="yakuset.Award"></span>`Award`: [`yakuset.koikoi.Award`](python-yakuset-koikoi.md#yakuset.koikoi.Award)'
        in text
    )
    assert "::: yakuset.load_ruleset" in text
    assert '<span id="yakuset.riichi"></span>`riichi`: [`yakuset.riichi`](python-yakuset-riichi.md)' in text


def test_the_docs_hook_links_the_package_griffe_reads_to_the_folder_python_imports(tmp_path):
    """An editable install maps `yakuset` to engine/ through an import hook griffe cannot read;
    the hook's link gives griffe a folder named `yakuset` in either install."""
    pytest.importorskip("mkdocs", reason="the docs extra is not installed: pip install '.[docs]'")
    import yakuset

    sys.path.insert(0, str(ROOT))
    try:
        docs_hooks = importlib.import_module("docs_hooks")
    finally:
        sys.path.remove(str(ROOT))
    link = docs_hooks.link_sources(tmp_path)
    assert link.name == "yakuset"
    assert link.resolve() == Path(yakuset.__file__).resolve().parent
    assert docs_hooks.link_sources(tmp_path) == link  # a second build keeps it


# --- the expression language --------------------------------------------------------------------------


def _expression_sections() -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    """Each place of the expression page, by field path: (each field's kind, each variable's kind)."""
    found = {}
    for body in re.split(r"^#### ", _expressions.page(), flags=re.M)[1:]:
        body = body.split("\n## ")[0].split("\n### ")[0]
        fields = dict(re.findall(r"\[`([^`]+)`\]\([^)]*\) \((number|condition)\)", body))
        variables = dict(re.findall(r"^\| <span id=\"[^\"]+\"></span>`(\w+)` \| (number|condition) \|", body, re.M))
        for path in fields:
            found[path] = (fields, variables)
    return found


def _override(document: Any, steps: list[str], text: str) -> dict[str, Any] | None:
    """A child rule set's mapping that writes ``text`` at the field ``steps`` (``yaku[]``: the
    first item with an id that has the rest), where ``document`` has that field; else ``None``."""
    head, *rest = steps
    if not isinstance(document, dict):
        return None
    if head.endswith("[]"):
        for item in document.get(head[:-2]) or []:
            below = _override(item, rest, text) if isinstance(item, dict) and "id" in item else None
            if below is not None:
                return {head[:-2]: [{"id": item["id"], **below}]}
        return None
    if not rest:
        return {head: text} if head in document else None
    below = _override(document.get(head), rest, text)
    return None if below is None else {head: below}


def _load_problem(game: str, path: str, text: str) -> str | None:
    """What loading a child of a bundled rule set that has ``path`` says when ``text`` is
    written there (``None`` when it loads)."""
    for rs in _bundled():
        if rs.game != game:
            continue
        child = _override(rs.document, path.split("."), text)
        if child is None:
            continue
        try:
            load_ruleset_text(yaml.safe_dump({"extends": rs.id, "name": "probe", **child}), "probe.yaml")
        except RulesetError as error:
            return str(error)
        return None
    raise AssertionError(f"no bundled {game} rule set has {path}")


@pytest.mark.parametrize("game", list(REGISTRY.games))
def test_every_expression_field_lists_the_names_the_loader_accepts_there(game):
    """The loader's own hint for an unknown name ("known names: ...") is what the page lists,
    and a field the page calls a number refuses a condition."""
    sections = _expression_sections()
    paths = [path for context in REGISTRY.games[game].expressions() for path in context.fields]
    assert paths
    for path in paths:
        assert path in sections, f"{path} has no entry on the expression page"
        fields, variables = sections[path]
        said = _load_problem(game, path, "zzz_unknown")
        assert said is not None, path
        known = re.search(r"known names: ([\w, ]+)\)", said)
        assert known, said
        assert set(known.group(1).split(", ")) == set(variables), path
        refused = _load_problem(game, path, "1 == 1")
        if fields[path] == "number":
            assert refused is not None and "expected a number" in refused, path
        else:
            assert refused is None or "expected a number" not in refused, path


def test_every_function_the_compiler_knows_has_an_entry_with_its_arguments():
    page = _expressions.page()
    rows = dict(re.findall(r"^\| <span id=\"function-\w+\"></span>`(\w+)` \| ([^|]+) \|", page, re.M))
    assert len(rows) >= 6
    for name, count in rows.items():
        fewest = int(count.split()[0])
        compile_expression(f"{name}({', '.join(['1'] * fewest)})", {}, "number")
        if fewest > 0:
            with pytest.raises(ExpressionError, match="argument"):
                compile_expression(f"{name}({', '.join(['1'] * (fewest - 1))})", {}, "number")
        if count.strip().isdigit():
            with pytest.raises(ExpressionError, match="argument"):
                compile_expression(f"{name}({', '.join(['1'] * (fewest + 1))})", {}, "number")
    with pytest.raises(ExpressionError, match="unknown function") as refused:
        compile_expression("zzz(1)", {}, "number")
    assert set(refused.value.hint.removeprefix("functions: ").split(", ")) == set(rows)


def test_every_operator_on_the_expression_page_compiles_and_others_do_not():
    page = _expressions.page()
    table = page.split("## Operators")[1].split("##")[0]
    symbols = set(re.findall(r"`([^`]+)`", table))
    for symbol in ("+", "-", "*", "/", "//", "%", "**"):
        assert symbol in symbols
        compile_expression(f"2 {symbol} 1", {}, "number")
    for symbol in ("==", "!=", "<", "<=", ">", ">="):
        assert symbol in symbols
        compile_expression(f"2 {symbol} 1", {}, "condition")
    for refused in ("2 << 1", "2 & 1", "2 is 1", "2 in 1", "~2"):
        with pytest.raises(ExpressionError):
            compile_expression(
                refused, {}, "number" if "<<" in refused or "&" in refused or "~" in refused else "condition"
            )


# --- "Validated against" ------------------------------------------------------------------------------

VALIDATION = (ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
#: A test module that compares with an independent implementation imports it (or its helpers here).
ORACLE = re.compile(
    r"(^\s*(import|from) (mahjong|riichienv)\b)|importorskip\(\"(mahjong|riichienv)|\b(sanma_oracles|riichienv_play)\b",
    re.M,
)


def _validation_rows() -> list[tuple[list[str], list[str]]]:
    """Each row of the page's tables: (the figures quoted in code, the test files named)."""
    rows = []
    for line in VALIDATION.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) != 4 or cells[0] == "compared with" or cells[0].startswith("---"):
            continue
        rows.append((re.findall(r"`([^`]+)`", cells[2]), re.findall(r"`(tests/[^`]+\.py)`", cells[3])))
    return rows


def test_each_figure_on_the_validation_page_is_in_the_test_it_cites():
    rows = _validation_rows()
    assert len(rows) >= 15
    for figures, files in rows:
        assert figures and files, (figures, files)
        texts = [(ROOT / name).read_text(encoding="utf-8") for name in files]
        for figure in figures:
            assert any(figure in text for text in texts), f"{figure!r} is in none of {files}"


def test_every_test_that_uses_an_independent_implementation_is_on_the_validation_page():
    cited = {name for _, files in _validation_rows() for name in files}
    using = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests").rglob("test_*.py")
        if path.name != "test_reference.py" and ORACLE.search(path.read_text(encoding="utf-8"))
    }
    assert len(using) >= 10
    assert not using - cited, f"not on docs/validation.md: {sorted(using - cited)}"


@pytest.mark.parametrize(
    ("line", "comment"),
    [
        ("rounds: 12  # ⚠ one source", "⚠ one source"),
        ('colour: "#d22"  # ⚠ no source', "⚠ no source"),
        ("colour: '#d22'", None),
        ("label: Dealer's privilege  # ⚠ a guess", "⚠ a guess"),
        ("label: Dealer's #1 rule", "1 rule"),
        ("# ⚠ a comment of its own", "⚠ a comment of its own"),
        ("id: a#b", None),
        ("ids: [a, '#b']  # ⚠ x", "⚠ x"),
    ],
)
def test_a_doubts_comment_starts_where_yaml_starts_it_not_at_the_first_hash(line, comment):
    """Where the comment starts is where PyYAML ends the value: the rule before it reads the
    same as the whole line."""
    at = _rulesets.comment_start(line)
    found = None if at is None else line[at:].lstrip("# ").strip()
    assert found == comment
    rule = line if at is None else line[:at]
    assert yaml.safe_load(rule) == yaml.safe_load(line)
