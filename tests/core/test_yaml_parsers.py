"""Both YAML parsers give the same located data: libyaml's (fast, used when PyYAML has it) and
PyYAML's pure-Python one (the fallback, and the one whose messages every error reports).

A rule set's values and every location the engine reports (each mapping, key, value and list
item) must not depend on which parser read the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from yakuset._core import yamlparse
from yakuset._core.yamlsource import RULE_FILE, Lines

from ..helpers import BUNDLED, ROOT, located_shape

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML was built without libyaml")

FILES = sorted([*BUNDLED.glob("*/*.yaml"), *(ROOT / "examples").glob("*/*.yaml"), *(ROOT / "tests").rglob("*.yaml")])

TEXTS = {
    "non-ASCII before values": "name: 'Koï-Koï ★ 花札'\nnote: >\n  folded\n  text\nlist: [1, 2.5, 'x', null, true]\n",
    "astral characters": "a: '🀄🀅'\nb: [🀀, 🀁]\nc: {d: 🀂}\n",
    "CR LF line ends": "game: koikoi\r\nname: X\r\naward:\r\n  multipliers: []\r\n",
    "lone CR line ends": "game: koikoi\rname: X\r",
    "block scalars": "a: |\n  one\n  two\nb: |-\n\n  three\nc: >+\n  four\n",
    "anchors and aliases": "base: &b {x: 1, y: [1, 2]}\nuse: *b\nagain: [*b, *b]\n",
    "quoted keys and escapes": "\"quoted\": \"a\\tb\\u00e9\"\n'single': 'it''s'\n",
    "empty values": "a:\nb: ~\nc: []\nd: {}\n",
    "tags refused": "a: !!python/name:os.system x\nb: !custom 3\n",
    "duplicate keys": "a: 1\nb: 2\na: 3\n",
    "merge key": "base: &b {x: 1}\nchild:\n  <<: *b\n",
}


def _both(text: str) -> tuple[Any, Any]:
    fast = yamlparse.parse(text, "f.yaml", RULE_FILE)
    slow = yamlparse._parse_python(text, "f.yaml", Lines(text), RULE_FILE)
    return (located_shape(fast[0]), fast[1]), (located_shape(slow[0]), slow[1])


def _sized(path: Path) -> Any:
    # The pure-Python parser takes seconds on a test data file as large as the sanma payment grid.
    return pytest.param(path, marks=pytest.mark.slow) if path.stat().st_size > 32_768 else path


@pytest.mark.parametrize("path", [_sized(p) for p in FILES], ids=lambda p: str(p.relative_to(p.parents[1])))
def test_both_parsers_read_every_shipped_file_alike(path: Path):
    fast, slow = _both(path.read_text(encoding="utf-8"))
    assert fast == slow


@pytest.mark.parametrize("text", TEXTS.values(), ids=TEXTS.keys())
def test_both_parsers_read_tricky_texts_alike(text: str):
    fast, slow = _both(text)
    assert fast == slow


def test_the_fast_parser_is_the_one_used_when_present(monkeypatch):
    used = []
    original = yamlparse._BoundedCLoader.__init__

    def spy(self, *args):
        used.append(True)
        original(self, *args)

    monkeypatch.setattr(yamlparse._BoundedCLoader, "__init__", spy)
    yamlparse.parse("a: 1\n", "f.yaml")
    assert used == [True]
