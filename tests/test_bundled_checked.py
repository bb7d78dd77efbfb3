"""The digests of bundled files the loader need not check again (``schema/checked-rulesets.json``)
and their parsed forms (``schema/parsed/``).

Loading a bundled rule set skips the JSON Schema when the file's text is the one recorded here,
because this test checked that text, alone and resolved, against the schema; and it reads the
file's parsed form (JSON, with every location) instead of parsing the YAML. So the record must
be true: every bundled file, with the schema it was checked against, passes the checks the
loader skips, and its parsed form is exactly what parsing its text gives. After changing a
bundled file or the schema, refresh the record with::

    YAKUSET_REFRESH_CHECKED=1 pytest tests/test_bundled_checked.py

(it is rewritten only when every file passes).
"""

from __future__ import annotations

import json
import os

import pytest
import yakuset
from yakuset._core import bundled, validate, yamlparse, yamlsource
from yakuset._core.errors import Location
from yakuset._core.resolve import chain, read_source, resolve
from yakuset._core.ruleset import bundled_ids

from .conftest import BUNDLED, ROOT

RECORD = ROOT / "schema" / "checked-rulesets.json"


def _parsed_form(text: str, name: str) -> bytes:
    data, problems = yamlparse.parse(text, name)
    assert problems == [], f"{name}: {problems}"
    return (json.dumps(yamlsource.to_json(data), ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _checked_now() -> dict[str, object]:
    """The record as it should be, from the schema checks themselves (nothing skipped)."""
    files, parsed = {}, {}
    for path in sorted(BUNDLED.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(BUNDLED).as_posix()
        data, problems = yamlparse.parse(text, name)
        assert data is not None and problems == [], f"{name}: {problems}"
        assert validate.check_file(data, Location(name, 1, 1)) == [], name
        files[name] = bundled.digest(text.encode("utf-8"))
        form = _parsed_form(text, name)
        parsed[name] = bundled.digest(form)
        if os.environ.get("YAKUSET_REFRESH_CHECKED"):
            target = ROOT / "schema" / "parsed" / name.replace(".yaml", ".json")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(form)
    for ident in bundled_ids():
        first, _ = read_source(bundled.bundled_files()[ident].read_text("utf-8"), bundled.bundled_files()[ident], ident)
        assert first is not None
        sources, problems = chain(first)
        assert problems == []
        assert validate.check_resolved(resolve(sources), Location(ident, 1, 1)) == [], ident
    return {"schema": bundled.digest(bundled.schema_path().read_bytes()), "files": files, "parsed": parsed}


def test_the_record_of_checked_bundled_files_is_true():
    expected = _checked_now()
    if os.environ.get("YAKUSET_REFRESH_CHECKED"):
        RECORD.write_text(json.dumps(expected, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    assert recorded == expected, (
        "a bundled file or the schema changed: YAKUSET_REFRESH_CHECKED=1 pytest tests/test_bundled_checked.py"
    )


def test_a_bundled_file_as_recorded_is_not_checked_again(monkeypatch):
    def refuse(*args):
        raise AssertionError("the schema ran on a recorded bundled file")

    monkeypatch.setattr(validate, "check_file", refuse)
    monkeypatch.setattr(validate, "check_resolved", refuse)
    yakuset.clear_caches()
    assert yakuset.load_ruleset("tenhou").id == "tenhou"


def test_a_changed_bundled_text_is_checked_as_any_file(monkeypatch):
    path = bundled.bundled_files()["nintendo"]
    changed = path.read_text(encoding="utf-8").replace("name: ", "nmae: ", 1)
    assert not bundled.is_checked(path, changed)
    with pytest.raises(yakuset.RulesetError, match="nmae"):
        yakuset.load_ruleset_text(changed, path)


def test_a_file_outside_the_bundled_folder_is_never_taken_as_checked(tmp_path):
    path = bundled.bundled_files()["nintendo"]
    copy = tmp_path / "nintendo.yaml"
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert bundled.is_checked(path, path.read_text(encoding="utf-8"))
    assert not bundled.is_checked(copy, copy.read_text(encoding="utf-8"))


def test_nothing_is_trusted_when_the_schema_is_not_the_one_recorded(monkeypatch, tmp_path):
    schema = tmp_path / "ruleset.schema.json"
    schema.write_text(bundled.schema_path().read_text(encoding="utf-8") + " ", encoding="utf-8")
    monkeypatch.setattr(bundled, "schema_path", lambda: schema)
    monkeypatch.setattr(bundled, "checked_path", lambda: RECORD)
    bundled.checked_digests.cache_clear()
    try:
        assert bundled.checked_digests() == {}
    finally:
        bundled.checked_digests.cache_clear()


@pytest.mark.parametrize("path", sorted(BUNDLED.glob("*/*.yaml")), ids=lambda p: p.name)
def test_a_parsed_form_read_back_is_the_parse_of_its_text_with_every_location(path):
    from .test_yaml_parsers import _shape

    name = path.relative_to(BUNDLED).as_posix()
    text = path.read_text(encoding="utf-8")
    form = json.loads((ROOT / "schema" / "parsed" / name.replace(".yaml", ".json")).read_text(encoding="utf-8"))
    assert _shape(yamlsource.from_json(form, "f.yaml")) == _shape(yamlparse.parse(text, "f.yaml")[0])


def test_a_bundled_rule_set_as_recorded_loads_without_a_yaml_parser():
    import subprocess
    import sys

    code = "import sys, yakuset; yakuset.load_ruleset('tenhou'); print('yaml' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "False\n"


def test_a_parsed_form_that_is_not_the_one_recorded_is_not_used(monkeypatch, tmp_path):
    from yakuset._core import resolve

    fake = tmp_path / "nintendo.json"
    fake.write_text('["map", 1, 1, []]\n', encoding="utf-8")
    monkeypatch.setattr(bundled, "parsed_path", lambda name: fake)
    assert resolve._parsed("koikoi/nintendo.yaml") is None
