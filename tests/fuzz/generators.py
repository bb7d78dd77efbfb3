"""What the fuzzer feeds yakuset: rule files mutated by structure, hostile YAML scalars and text.

Every generator takes a ``random.Random`` so that a seed reproduces a run exactly.
"""

from __future__ import annotations

import copy
import random
import string
from collections.abc import Callable
from typing import Any

import yaml
from yakuset._core import bundled

#: Every bundled file (abstract bases too) as plain data and as text, by file name.
SOURCES: dict[str, str] = {
    path.name: path.read_text(encoding="utf-8") for path in sorted(bundled.rulesets_dir().glob("*/*.yaml"))
}
# libyaml where PyYAML has it: read at collection, and the pure-Python reader takes a second.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DOCUMENTS: dict[str, Any] = {name: yaml.load(text, Loader=_LOADER) for name, text in SOURCES.items()}

HOSTILE_SCALARS = [
    "1:20",
    "1:20:30",
    "190:20:30",
    "-1:00",
    "0x",
    "0x_",
    "0xFF",
    "0o17",
    "017",
    "0b101",
    "0b",
    "+",
    "-",
    "_",
    "1_000",
    "1e400",
    "-1e400",
    "1e15",
    "1e16",
    "1.5",
    "-0.0",
    ".inf",
    "-.inf",
    "+.Inf",
    ".nan",
    ".NaN",
    "NaN",
    "9" * 30,
    "9" * 5000,
    "1:" * 50 + "1",
    "~",
    "null",
    "Null",
    "yes",
    "no",
    "on",
    "off",
    "Y",
    "maybe",
    "",
    "2001-12-14",
    "2001-12-14t21:59:43.10-05:00",
    "=",
    "<<",
    "!",
    "&",
    "*",
    "|",
    ">",
    "%",
    "@",
    "`",
    "'",
    '"',
    "\u2028",
    "\u2029",
    "\x85",
    "\ufeff",
    "\x00",
    "\ud800",
    "\U0001f004",
    "\t",
    "\r",
    "é",
    "  lead",
    "trail  ",
]
TAGS = [
    "!!int",
    "!!float",
    "!!bool",
    "!!null",
    "!!str",
    "!!binary",
    "!!timestamp",
    "!!set",
    "!!omap",
    "!!pairs",
    "!custom",
    "!!python/object:os.system",
    "!<tag:yaml.org,2002:int>",
    "!!merge",
    "!!value",
]
EXPRESSIONS = [
    "base >= 7",
    "1 + own_calls",
    "min(1 + own_calls, 6)",
    "fu * 2 ** (han + 2)",
    "base / 0",
    "1 // 0",
    "base % 0",
    "2 ** 201",
    "2 ** 2 ** 30",
    "10 ** 15 * 10",
    "1e300 * 1e300",
    "round_up(base, 0)",
    "round_up(base, -1)",
    "basic * 2",
    "basic",
    "han / 3",
    "(0 - 8) ** 0.5",
    "ceil(1e200)",
    "max()",
    "min(1)",
    "own_cals",
    "import os",
    "__import__('os')",
    "x if y else z",
    "base if true else false",
    "not 1",
    "1 < 2 < 3",
    "-base",
    "abs(-base)",
    "floor(base / 3)",
    "base >= 7 and",
    ")",
    "(" * 200 + ")" * 200,
    "a" * 600,
    "fu * 2 ** (han + 60)",
    "1.5",
    "0",
    "-1",
    "true",
    "false",
    "1e15 * 1e15",
    "opponent_calls * 1e15",
]
NUMBERS: list[Any] = [
    0,
    1,
    -1,
    2,
    6,
    7,
    13,
    100,
    10**6,
    10**15,
    10**16,
    10**30,
    -(10**20),
    0.5,
    1.5,
    -2.5,
    1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    True,
    False,
]
OTHER_VALUES: list[Any] = [
    None,
    "",
    "x",
    "unlimited",
    "both",
    "best",
    "kind_only",
    "animal",
    "always",
    "never",
    "single",
    "add",
    "add_with_doubles",
    "none",
    "yakuman",
    "multiple",
    [],
    {},
    [1],
    {"a": 1},
    ["riichi"],
    {"id": "x"},
    [{"id": "x"}],
    "nintendo",
    "_koikoi",
    "./missing.yaml",
    "../../../../etc/passwd",
    "/dev/zero",
    "tenhou",
    "koikoi",
    "riichi",
    "chess",
]


def _walk(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    found = [(path, node)]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _walk(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _walk(value, (*path, index))
    return found


def _parent(root: Any, path: tuple[Any, ...]) -> Any:
    node = root
    for step in path[:-1]:
        node = node[step]
    return node


def _typo(rng: random.Random, word: str) -> str:
    if not word:
        return rng.choice(string.ascii_lowercase)
    i = rng.randrange(len(word))
    choice = rng.randrange(4)
    if choice == 0:
        return word[:i] + word[i + 1 :]
    if choice == 1:
        return word[:i] + rng.choice(string.ascii_lowercase + "_") + word[i:]
    if choice == 2 and len(word) > 1:
        j = min(i + 1, len(word) - 1)
        return word[:i] + word[j] + word[i] + word[j + 1 :]
    return word.upper() if rng.random() < 0.5 else word + "s"


def _any_value(rng: random.Random, pool: list[Any]) -> Any:
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(NUMBERS)
    if kind == 1:
        return rng.choice(EXPRESSIONS)
    if kind == 2:
        # A copy: the tree is mutated later, and a module value shared there would carry one
        # example's mutations into the next (even into itself, as a cycle).
        return copy.deepcopy(rng.choice(OTHER_VALUES))
    if kind == 3 and pool:
        return copy.deepcopy(rng.choice(pool))
    if kind == 4:
        return rng.choice(HOSTILE_SCALARS)
    depth = rng.randrange(1, 4)
    value: Any = copy.deepcopy(rng.choice(NUMBERS + OTHER_VALUES))
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {rng.choice(["id", "x", "when", "factor"]): value}
    return value


def mutate(rng: random.Random, data: Any, rounds: int | None = None) -> Any:
    """``data`` (a rule file's plain data) with 1-5 structural mutations applied at random nodes."""
    root = copy.deepcopy(data)
    pool = [value for _, value in _walk(root)]
    for _ in range(rounds if rounds is not None else rng.randint(1, 5)):
        nodes = _walk(root)
        path, node = rng.choice(nodes)
        action = rng.randrange(8)
        if not path:
            if isinstance(root, dict) and root:
                key = rng.choice(list(root))
                if action < 4:
                    del root[key]
                else:
                    root[_typo(rng, str(key))] = root.pop(key)
            continue
        parent = _parent(root, path)
        last = path[-1]
        if action == 0 and isinstance(parent, dict):
            del parent[last]
        elif action == 1 and isinstance(parent, dict):
            parent[_typo(rng, str(last))] = parent.pop(last)
        elif action == 2 and isinstance(parent, list):
            parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(rng.choice(parent)))
        elif action == 3 and isinstance(parent, list):
            parent.pop(last)
        elif action == 4 and isinstance(node, str):
            parent[last] = _typo(rng, node)
        elif action == 5 and isinstance(parent, dict) and isinstance(node, dict | list):
            parent[last] = (
                node[0] if isinstance(node, list) and node else dict(node) if isinstance(node, dict) else None
            )
        else:
            parent[last] = _any_value(rng, pool)
    return root


class _Dumper(yaml.SafeDumper):
    pass


def _represent_float(dumper: yaml.SafeDumper, value: float) -> yaml.ScalarNode:
    return dumper.represent_float(value)


def dump(rng: random.Random, data: Any) -> str:
    """YAML text of ``data`` in a random style, sometimes roughened at the text level."""
    try:
        text = yaml.dump(
            data,
            Dumper=_Dumper,
            default_flow_style=rng.choice([None, True, False]),
            allow_unicode=rng.random() < 0.5,
            sort_keys=False,
            width=rng.choice([40, 80, 10**6]),
        )
    except (yaml.YAMLError, ValueError, RecursionError):
        text = "game: koikoi\n"
    return roughen(rng, text) if rng.random() < 0.3 else text


def roughen(rng: random.Random, text: str) -> str:
    """Text-level hostility: tags, anchors and aliases, odd line breaks, block scalars, raw scalars."""
    lines = text.splitlines(keepends=True) or ["\n"]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        line = lines[i]
        choice = rng.randrange(8)
        if choice == 0 and ": " in line:
            key, _, value = line.partition(": ")
            lines[i] = f"{key}: {rng.choice(TAGS)} {value}"
        elif choice == 1 and ": " in line:
            key, _, value = line.partition(": ")
            lines[i] = f"{key}: {rng.choice(HOSTILE_SCALARS)!s}\n".replace("\n\n", "\n")
        elif choice == 2 and ": " in line:
            key, _, value = line.partition(": ")
            indent = len(key) - len(key.lstrip()) + 2
            lines[i] = f"{key}: {rng.choice(['>', '|', '>-', '|+'])}\n{' ' * indent}{value.strip() or 'x'}\n"
        elif choice == 3:
            lines[i] = line.replace("\n", rng.choice(["\r", "\r\n", "\u2028", "\x85", "\n\n"]))
        elif choice == 4 and ": " in line:
            key, _, value = line.partition(": ")
            lines[i] = f"{key}: &a {value}" if value.strip() else line
            lines.append(f"{rng.choice(['extra', 'name'])}: *a\n")
        elif choice == 5:
            lines.insert(i, line)
        elif choice == 6:
            lines[i] = " " * rng.randrange(4) + line.lstrip(" ")
        else:
            lines[i] = line.replace(":", rng.choice([": ", ":", "::", " :"]), 1)
    return "".join(lines)


def mutated_file(rng: random.Random) -> tuple[str, str]:
    """A bundled file's name and a mutated text of it."""
    name = rng.choice(sorted(SOURCES))
    return name, dump(rng, mutate(rng, DOCUMENTS[name]))


def hostile_scalar_file(rng: random.Random) -> tuple[str, str]:
    """A bundled rule set with one value replaced, at the text level, by a hostile or tagged scalar."""
    name = rng.choice([n for n in sorted(SOURCES) if not n.startswith("_")])
    lines = SOURCES[name].splitlines(keepends=True)
    candidates = [i for i, line in enumerate(lines) if ": " in line and not line.lstrip().startswith("#")]
    for _ in range(rng.randint(1, 2)):
        i = rng.choice(candidates)
        key, _, _ = lines[i].partition(": ")
        scalar = rng.choice(HOSTILE_SCALARS + EXPRESSIONS)
        if rng.random() < 0.4:
            scalar = f"{rng.choice(TAGS)} {scalar}"
        if rng.random() < 0.3:
            scalar = repr(scalar) if rng.random() < 0.5 else '"' + scalar.replace('"', "") + '"'
        lines[i] = f"{key}: {scalar}\n"
    return name, "".join(lines)


GENERATORS: dict[str, Callable[[random.Random], tuple[str, str]]] = {
    "mutated": mutated_file,
    "scalar": hostile_scalar_file,
}
