"""Property tests of the loader: whatever text it is given, loading either succeeds or
raises ``yakuset.RulesetError`` whose every problem has a real location.

(a) random YAML documents (random nested data dumped with ``yaml.safe_dump``, with the
    rule-set keys and expression-like text mixed in) and random raw text;
(b) the bundled rule-set files, randomly mutated.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import pytest
import yakuset
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st
from yakuset._core import bundled

from ..helpers import examples

# One folder for the whole module: @given tests must not use function-scoped fixtures.
WORK = Path(tempfile.mkdtemp(prefix="yakuset-properties-"))
atexit.register(shutil.rmtree, WORK, True)
SUBJECT = WORK / "subject.yaml"
# A real sibling, so `extends: ./sibling.yaml` sometimes resolves (and can make a cycle).
(WORK / "sibling.yaml").write_text("extends: ./subject.yaml\nname: Sibling\n", encoding="utf-8")
(WORK / "parent.yaml").write_text("extends: nintendo\nname: Parent\n", encoding="utf-8")

BUNDLED = {
    path.name: path.read_text(encoding="utf-8") for path in sorted((bundled.rulesets_dir() / "koikoi").glob("*.yaml"))
}

PROPERTY_SETTINGS = settings(
    max_examples=examples(250),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def check_outcome(text: str, path: Path = SUBJECT) -> None:
    """The property: success, or a RulesetError whose problems all have a sane location."""
    try:
        yakuset.load_ruleset_text(text, path)
    except yakuset.RulesetError as error:
        assert error.problems
        for problem in error.problems:
            where = problem.location
            assert isinstance(where.file, str) and where.file, problem
            assert isinstance(where.line, int) and where.line >= 1, problem
            assert isinstance(where.col, int) and where.col >= 1, problem
            assert isinstance(problem.message, str) and problem.message, problem
            assert isinstance(problem.path, str)
            assert str(problem).startswith(f"{where.file}:{where.line}:{where.col}: ")
            if Path(where.file).resolve() == path.resolve():
                # a problem in the loaded text lies within it
                assert where.line <= len(text.splitlines()) + 1, problem
        assert str(error)
    # any other exception escapes and fails the test


# --- (a) generated documents ---------------------------------------------------------------

KEYS = [
    "extends",
    "game",
    "name",
    "metadata",
    "source",
    "version",
    "description",
    "calls",
    "limit_per_round",
    "award",
    "no_award_when",
    "no_award_label",
    "multipliers",
    "id",
    "label",
    "when",
    "factor",
    "max",
    "plugins",
    "lucky_hands",
    "teshi",
    "kuttsuki",
    "dealers_privilege",
    "points",
    "minipoints",
    "per_point",
    "seven_plus",
    "own_streak",
    "opponent_koikoi",
]
EXTENDS = [
    "nintendo",
    "_koikoi",
    "tournament",
    "yakuza",
    "fudawiki",
    "kk-add-10",
    "nintendoo",
    "./sibling.yaml",
    "./parent.yaml",
    "./subject.yaml",
    "./missing.yaml",
    "../",
    "/",
    "",
    "koikoi/nintendo",
]
EXPRESSIONS = [
    "base >= 7",
    "opponent_calls >= 1",
    "1 + own_calls",
    "min(1 + own_calls, 6)",
    "base <= 0",
    "2",
    "1 +",
    "own_cals",
    "base + 1",
    "2 ** 2 ** 30",
    "base ** 40",
    "__import__('os')",
    "base.__class__",
    "round_up(base, 0)",
    "1 / 0",
    "true",
    "false",
    "koikoi",
    "unlimited",
    "lucky_hands",
]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(EXPRESSIONS + EXTENDS + KEYS)
    | st.text(max_size=20)
)
keys = st.sampled_from(KEYS) | st.text(max_size=12)


def _containers(children):
    return st.lists(children, max_size=5) | st.dictionaries(keys, children, max_size=6)


documents = st.recursive(scalars, _containers, max_leaves=40)

multiplier = st.fixed_dictionaries(
    {"id": st.sampled_from(["seven_plus", "opponent_koikoi", "own_streak", "house_bonus"]) | st.text(max_size=8)},
    optional={
        "label": st.text(max_size=10),
        "when": st.sampled_from(EXPRESSIONS) | st.booleans() | scalars,
        "factor": st.sampled_from(EXPRESSIONS) | st.integers(-10, 10) | scalars,
        "max": st.integers(-2, 8) | scalars,
    },
)
# Rule-set shaped documents, so that generation reaches resolution, validation and compilation.
rulesets = st.fixed_dictionaries(
    {},
    optional={
        "extends": st.sampled_from(EXTENDS) | scalars,
        "game": st.sampled_from(["koikoi", "riichi"]) | scalars,
        "name": st.text(max_size=10) | scalars,
        "metadata": st.fixed_dictionaries({}, optional={"source": scalars, "description": scalars}) | documents,
        "calls": st.fixed_dictionaries(
            {}, optional={"limit_per_round": st.sampled_from([0, 1, 2, -1, 1.0, "unlimited", "unlimted"]) | scalars}
        ),
        "award": st.fixed_dictionaries(
            {},
            optional={
                "no_award_when": st.sampled_from(EXPRESSIONS) | scalars,
                "multipliers": st.lists(multiplier, max_size=4) | documents,
            },
        ),
        "plugins": st.dictionaries(
            st.sampled_from(["lucky_hands", "dealers_privilege", "minipoints", "lucky_handz", "Bad-Name"]),
            st.none()
            | st.dictionaries(
                st.sampled_from(["teshi", "kuttsuki", "points", "per_point", "x"]),
                st.integers(-3, 12) | scalars,
                max_size=3,
            )
            | scalars,
            max_size=3,
        ),
        "extra": documents,
    },
)


def dump(data, allow_unicode: bool, flow: bool | None) -> str:
    return yaml.safe_dump(data, allow_unicode=allow_unicode, default_flow_style=flow, sort_keys=False)


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(data=documents, allow_unicode=st.booleans(), flow=st.sampled_from([None, True, False]))
def test_any_dumped_yaml_document_loads_or_raises_only_ruleset_error(data, allow_unicode, flow):
    check_outcome(dump(data, allow_unicode, flow))


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(data=rulesets, allow_unicode=st.booleans(), flow=st.sampled_from([None, True, False]))
def test_any_ruleset_shaped_document_loads_or_raises_only_ruleset_error(data, allow_unicode, flow):
    check_outcome(dump(data, allow_unicode, flow))


YAML_PIECES = [
    "\n",
    "  ",
    "- ",
    ": ",
    "key: ",
    "[",
    "]",
    "{",
    "}",
    ",",
    "&a ",
    "*a",
    "!!python/name:os.system",
    "!!str ",
    "!tag ",
    "? ",
    "|\n  ",
    ">-\n  ",
    "'",
    '"',
    "#",
    "---\n",
    "...\n",
    "%YAML 1.1\n",
    "<<: ",
    "extends: nintendo\n",
    "name: x\n",
    "\t",
    "\r\n",
    "\ufeff",
    "\\",
    "@",
    "`",
    "~",
    "null",
]


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(text=st.text(max_size=300))
def test_any_raw_text_loads_or_raises_only_ruleset_error(text):
    check_outcome(text)


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(
    pieces=st.lists(
        st.sampled_from(YAML_PIECES) | st.sampled_from(KEYS) | st.sampled_from(EXPRESSIONS) | st.text(max_size=5),
        max_size=40,
    )
)
def test_any_yaml_like_token_soup_loads_or_raises_only_ruleset_error(pieces):
    check_outcome("".join(pieces))


# --- (b) mutated bundled files -------------------------------------------------------------


@st.composite
def mutated_bundled_file(draw) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(BUNDLED)))
    text = BUNDLED[name]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        text = draw(mutation(text))
    return name, text


def mutation(text: str):
    lines = text.splitlines(keepends=True) or [""]
    size = len(text)

    @st.composite
    def delete_range(draw):
        start = draw(st.integers(0, size))
        end = draw(st.integers(start, min(size, start + 80)))
        return text[:start] + text[end:]

    @st.composite
    def duplicate_line(draw):
        i = draw(st.integers(0, len(lines) - 1))
        return "".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :])

    @st.composite
    def insert_characters(draw):
        at = draw(st.integers(0, size))
        inserted = draw(st.text(min_size=1, max_size=10) | st.sampled_from(YAML_PIECES))
        return text[:at] + inserted + text[at:]

    @st.composite
    def swap_lines(draw):
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        swapped = list(lines)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return "".join(swapped)

    @st.composite
    def replace_value(draw):
        candidates = [i for i, line in enumerate(lines) if ": " in line or line.rstrip().endswith(":")]
        if not candidates:
            return text
        i = draw(st.sampled_from(candidates))
        key, _, _ = lines[i].partition(":")
        value = draw(
            st.sampled_from(
                EXPRESSIONS
                + EXTENDS
                + ["-1", "null", "~", "[", "{", "*a", "&a x", "''", "1.0", "[]", "{}", "!!python/name:os.system"]
            )
            | st.text(max_size=15)
        )
        return "".join(lines[:i] + [f"{key}: {value}\n"] + lines[i + 1 :])

    @st.composite
    def reindent_line(draw):
        i = draw(st.integers(0, len(lines) - 1))
        indent = draw(st.sampled_from(["", " ", "  ", "    ", "\t"]))
        return "".join(lines[:i] + [indent + lines[i].lstrip(" ")] + lines[i + 1 :])

    return st.one_of(
        delete_range(), duplicate_line(), insert_characters(), swap_lines(), replace_value(), reindent_line()
    )


def test_bundled_files_load_unmutated_from_another_folder():
    for name, text in BUNDLED.items():
        if name.startswith("_"):
            continue
        rs = yakuset.load_ruleset_text(text, WORK / name)
        assert rs.id == Path(name).stem


@pytest.mark.slow
@settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated=mutated_bundled_file())
def test_mutated_bundled_file_loads_or_raises_only_ruleset_error(mutated):
    name, text = mutated
    check_outcome(text, WORK / name)
