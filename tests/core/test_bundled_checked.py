"""The bundled rule sets made ready to load fast (``yakuset._core.prebuilt``): each file's parsed
form and the record of the texts that passed the schema.

Loading a bundled rule set skips the JSON Schema when the file's text is the recorded one, and
reads its parsed form (JSON, with every location) instead of parsing the YAML. So the record in
use must be true: every bundled file, with the schema in use, passes the checks the loader skips,
and its parsed form is exactly what parsing its text gives. Nothing of it is in git: a wheel's
build step writes it into the package; a checkout builds it into the user's cache on first use
(the tests' cache is a folder of their own, tests/conftest.py).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
import yakuset
from yakuset._core import bundled, prebuild, prebuilt, schemas, validate, yamlparse, yamlsource
from yakuset._core.errors import Location
from yakuset._core.resolve import chain, game_of, read_source, resolve
from yakuset._core.ruleset import bundled_ids
from yakuset._house import REGISTRY

from ..helpers import BUNDLED, ROOT, located_shape

FILES = sorted(BUNDLED.glob("*/*.yaml"))
SCHEMAS = schemas.schemas(REGISTRY.games)


def _name(path):
    return path.relative_to(BUNDLED).as_posix()


def _record():
    """The record in use (a checkout builds it into the tests' cache on first use)."""
    return prebuild.ensure(REGISTRY.games)


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """A cache of this test's own and no packaged record: the record is built on first use."""
    monkeypatch.setenv("YAKUSET_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(prebuilt, "packaged_folder", lambda: tmp_path / "no-package")
    prebuilt.clear()
    prebuild._build_once.cache_clear()
    yield tmp_path / "cache"
    prebuilt.clear()
    prebuild._build_once.cache_clear()


@pytest.fixture
def copied_rulesets(tmp_path, monkeypatch):
    """The bundled folder copied, so that a test may change a bundled file."""
    folder = tmp_path / "rulesets"
    shutil.copytree(BUNDLED, folder)
    monkeypatch.setattr(bundled, "rulesets_dir", lambda: folder)
    bundled.bundled_files.cache_clear()
    yield folder
    bundled.bundled_files.cache_clear()


def test_every_bundled_file_is_recorded_with_its_text():
    record = _record()
    assert record is not None
    assert record.schema == SCHEMAS.digest
    assert record.texts == {_name(p): prebuilt.digest(p.read_bytes()) for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_a_recorded_file_passes_the_schema_as_written_and_its_form_is_its_parse(path):
    name, text = _name(path), path.read_text(encoding="utf-8")
    data, problems = yamlparse.parse(text, "f.yaml")
    assert problems == []
    first, _ = read_source(text, path, name)
    files, _ = chain(first)
    assert validate.check_file(data, Location(name, 1, 1), SCHEMAS, game_of(files)) == []
    form = _record().form(name, text)
    assert located_shape(yamlsource.from_json(form, "f.yaml")) == located_shape(data)


@pytest.mark.parametrize("ident", bundled_ids())
def test_every_bundled_rule_set_passes_the_schema_resolved(ident):
    path = bundled.bundled_files()[ident]
    first, _ = read_source(path.read_text("utf-8"), path, ident)
    sources, problems = chain(first)
    assert problems == []
    assert validate.check_resolved(resolve(sources), Location(ident, 1, 1), SCHEMAS) == []


def test_a_bundled_file_as_recorded_is_not_checked_again(monkeypatch):
    def refuse(*args):
        raise AssertionError("the schema ran on a recorded bundled file")

    prebuild.ensure(REGISTRY.games)  # built (in a checkout's cache) before the schema is refused
    yakuset.clear_caches()
    monkeypatch.setattr(validate, "check_file", refuse)
    monkeypatch.setattr(validate, "check_resolved", refuse)
    assert yakuset.load_ruleset("tenhou").id == "tenhou"


def test_a_bundled_rule_set_as_recorded_loads_without_a_yaml_parser():
    prebuild.ensure(REGISTRY.games)  # the subprocess shares the cache (YAKUSET_CACHE_DIR)
    code = "import sys, yakuset; yakuset.load_ruleset('tenhou'); print('yaml' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "False\n"


def test_a_changed_bundled_text_is_checked_as_any_file():
    path = bundled.bundled_files()["nintendo"]
    changed = path.read_text(encoding="utf-8").replace("name: ", "nmae: ", 1)
    assert _record().form("koikoi/nintendo.yaml", changed) is None
    with pytest.raises(yakuset.RulesetError, match="nmae"):
        yakuset.load_ruleset_text(changed, path)


def test_a_file_outside_the_bundled_folder_is_never_taken_as_bundled(tmp_path):
    path = bundled.bundled_files()["nintendo"]
    copy = tmp_path / "nintendo.yaml"
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert bundled.bundled_name(path) == "koikoi/nintendo.yaml"
    assert bundled.bundled_name(copy) is None


def test_a_parsed_form_that_is_not_the_one_recorded_is_not_used(tmp_path):
    record = _record()
    folder = tmp_path / "record"
    shutil.copytree(record.folder, folder)
    (folder / "koikoi" / "nintendo.json").write_text('["map", 1, 1, []]\n', encoding="utf-8")
    text = bundled.bundled_files()["nintendo"].read_text(encoding="utf-8")
    assert prebuilt.read(folder).form("koikoi/nintendo.yaml", text) is None
    assert prebuilt.read(record.folder).form("koikoi/nintendo.yaml", text) is not None


def test_without_a_packaged_record_the_cache_is_built_on_first_use_then_reused(own_cache, monkeypatch):
    assert prebuilt.record(SCHEMAS.digest) is None
    yakuset.load_ruleset("nintendo")
    record = prebuilt.record(SCHEMAS.digest)
    assert record is not None and record.folder.parent == own_cache
    assert record.texts == {_name(p): prebuilt.digest(p.read_bytes()) for p in FILES}

    def refuse(*args):
        raise AssertionError("the cache was built again")

    prebuilt.clear()
    prebuild._build_once.cache_clear()
    monkeypatch.setattr(prebuild, "build", refuse)
    again = prebuild.ensure(REGISTRY.games)
    assert (again.folder, again.texts) == (record.folder, record.texts)


def test_a_changed_bundled_file_gets_a_cache_folder_of_its_own_without_it(own_cache, copied_rulesets):
    before = prebuild.ensure(REGISTRY.games)
    path = copied_rulesets / "koikoi" / "nintendo.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: ", "nmae: ", 1), encoding="utf-8")
    prebuilt.clear()
    after = prebuild.ensure(REGISTRY.games)
    assert after.folder != before.folder
    # tournament extends nintendo: a chain is recorded only where each file of it passes
    assert set(before.texts) - set(after.texts) == {"koikoi/nintendo.yaml", "koikoi/tournament.yaml"}


def test_a_bundled_file_that_fails_the_schema_is_left_out_with_its_problems(tmp_path, copied_rulesets):
    path = copied_rulesets / "riichi" / "ema-2025.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\nscoring: {round_to: -5}\n", encoding="utf-8")
    failed = prebuild.build(tmp_path / "built", SCHEMAS)
    assert sorted(failed) == ["riichi/ema-2016.yaml", "riichi/ema-2025.yaml"]  # ema-2016 extends ema-2025
    assert "scoring.round_to" in failed["riichi/ema-2025.yaml"][0]
    recorded = json.loads((tmp_path / "built" / prebuilt.RECORD).read_text(encoding="utf-8"))["files"]
    assert sorted(recorded) == sorted(_name(p) for p in FILES if "ema-20" not in p.name)
    assert not (tmp_path / "built" / "riichi" / "ema-2025.json").exists()


def test_nothing_is_trusted_when_the_schemas_are_not_the_ones_recorded(own_cache, tmp_path, monkeypatch):
    built = tmp_path / "package"
    built.mkdir()
    prebuild.build(built, SCHEMAS)
    monkeypatch.setattr(prebuilt, "packaged_folder", lambda: built)
    assert prebuilt.record(SCHEMAS.digest).folder == built
    koikoi_only = {"koikoi": REGISTRY.games["koikoi"]}  # a registry without Riichi
    changed = schemas.schemas(koikoi_only)
    assert changed.digest != SCHEMAS.digest
    assert prebuilt.record(changed.digest) is None  # the package's record is for other schemas
    record = prebuild.ensure(koikoi_only)
    assert record.folder != built and record.schema == changed.digest
    assert set(record.texts) == {_name(p) for p in FILES if p.parent.name == "koikoi"}


def test_a_cache_that_cannot_be_written_leaves_loading_as_for_any_file(own_cache):
    own_cache.write_text("a file where the cache folder would be\n", encoding="utf-8")
    assert prebuild.ensure(REGISTRY.games) is None
    yakuset.clear_caches()
    try:
        assert yakuset.load_ruleset("nintendo").id == "nintendo"
    finally:
        yakuset.clear_caches()


def test_the_repository_keeps_no_generated_rule_set_file():
    listed = subprocess.run(["git", "ls-files", "schema", "rulesets"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    assert [f for f in listed.stdout.split() if not f.endswith((".yaml", ".schema.json"))] == []
