"""The digests of bundled files the loader need not check again (``schema/checked-rulesets.json``).

Loading a bundled rule set skips the JSON Schema when the file's text is the one recorded here,
because this test checked that text, alone and resolved, against the schema. So the record must
be true: every bundled file, with the schema it was checked against, passes the checks the
loader skips. After changing a bundled file or the schema, refresh the record with::

    YAKUSET_REFRESH_CHECKED=1 pytest tests/test_bundled_checked.py

(it is rewritten only when every file passes).
"""

from __future__ import annotations

import json
import os

import pytest
import yakuset
from yakuset._core import bundled, validate
from yakuset._core.errors import Location
from yakuset._core.resolve import chain, read_source, resolve
from yakuset._core.ruleset import bundled_ids

from .conftest import BUNDLED, ROOT

RECORD = ROOT / "schema" / "checked-rulesets.json"


def _checked_now() -> dict[str, object]:
    """The record as it should be, from the schema checks themselves (nothing skipped)."""
    files = {}
    for path in sorted(BUNDLED.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(BUNDLED).as_posix()
        source, problems = read_source(text, path, name)
        assert source is not None and problems == [], f"{name}: {problems}"
        assert validate.check_file(source.data, Location(name, 1, 1)) == [], name
        files[name] = bundled.digest(text.encode("utf-8"))
    for ident in bundled_ids():
        first, _ = read_source(bundled.bundled_files()[ident].read_text("utf-8"), bundled.bundled_files()[ident], ident)
        assert first is not None
        sources, problems = chain(first)
        assert problems == []
        assert validate.check_resolved(resolve(sources), Location(ident, 1, 1)) == [], ident
    return {"schema": bundled.digest(bundled.schema_path().read_bytes()), "files": files}


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
