"""Hostile game logs: every shared log of tests/data/logs mutated structurally (elements, events
and lines dropped, doubled, swapped or moved; attribute and field values made hostile; the log
cut short between two events), one
small log of each text format cut at every byte, and hostile documents (deep nesting, entities,
huge and non-finite numbers, wrong types, other encodings, gzip bombs). Each case is bytes."""

from __future__ import annotations

import functools
import gzip
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

LOGS_DIR = Path(__file__).resolve().parents[1] / "data" / "logs"
SUFFIXES = (".mjlog", ".json", ".jsonl")
#: How many mutations a log gets: mostly one, so that many still read and replay.
ROUNDS = (1, 1, 1, 2, 4)

#: Attribute values of a Tenhou element: numbers out of every range, lists of the wrong length
#: or with holes, words, escapes, other digits.
XML_VALUES = [
    "",
    "-1",
    "0",
    "4",
    "136",
    "255",
    "9999",
    "99999999999999999999999",
    "-99999999999999999999",
    "nan",
    "inf",
    "1e400",
    "1.5",
    "0x10",
    " 1",
    "\u0661",  # an Arabic-Indic one: int() reads it
    "1,2",
    "1,,2",
    ",",
    "1,2,3,4,5,6,7,8,9,10,11,12,13,14",
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
    "a,b",
    "&amp;",
    "&#0;",
    "%FF%FE",
    "%",
    "x" * 300,
]
XML_TAGS = ["INIT", "AGARI", "RYUUKYOKU", "N", "REACH", "DORA", "GO", "UN", "TAIKYOKU", "T1", "D200", "BYE", "Z"]
#: Values of a JSON log's fields (NaN and the infinities as Python's json writes them).
JSON_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    4,
    13,
    37,
    53,
    136,
    10**30,
    -(10**30),
    1.5,
    1e308,
    float("nan"),
    float("inf"),
    float("-inf"),
    "",
    "x",
    "1m",
    "5mr",
    "?",
    "九種九牌",
    "和了",
    "流局",
    "p4343",
    "c121314",
    "r45",
    "m41414141",
    "k454545",
    "a46464646",
    [],
    [0],
    [[]],
    {},
    {"a": 1},
    [None] * 20,
]
MJAI_TYPES = [
    "start_game",
    "start_kyoku",
    "tsumo",
    "dahai",
    "chi",
    "pon",
    "daiminkan",
    "ankan",
    "kakan",
    "reach",
    "reach_accepted",
    "dora",
    "hora",
    "ryukyoku",
    "end_kyoku",
    "end_game",
    "nukidora",
    "none",
    "",
]


@functools.cache
def shared_logs() -> tuple[tuple[str, bytes], ...]:
    """Every Riichi log under tests/data/logs: (name, bytes), in name order (the Koi-Koi
    records of koikoi/ are JSON of another shape: tests/koikoi/logs tests their reader)."""
    paths = sorted(p for p in LOGS_DIR.rglob("*") if p.suffix in SUFFIXES and p.parent.name != "koikoi")
    return tuple((f"{p.parent.name}/{p.name}", p.read_bytes()) for p in paths)


@functools.cache
def smallest(suffix: str) -> tuple[str, bytes]:
    """The smallest shared log of a format (the one cut at every byte)."""
    return min((log for log in shared_logs() if log[0].endswith(suffix)), key=lambda log: (len(log[1]), log[0]))


def truncations(suffix: str) -> Iterator[tuple[str, bytes]]:
    """The smallest ``suffix`` log cut at every byte, from the first to the last."""
    name, data = smallest(suffix)
    for end in range(len(data)):
        yield f"{name} cut at byte {end}", data[:end]


# --- structural mutations -----------------------------------------------------------------------

_ELEMENT = re.compile(rb"<[^<>]*>")
_ATTRIBUTE = re.compile(rb'([A-Za-z_][\w]*)="([^"]*)"')


def _shuffle_items(rng: random.Random, items: list[Any]) -> None:
    """Drop, duplicate, swap or move one item of ``items`` in place."""
    if not items:
        return
    i, j = rng.randrange(len(items)), rng.randrange(len(items))
    op = rng.randrange(4)
    if op == 0:
        del items[i]
    elif op == 1:
        items.insert(j, items[i])
    elif op == 2:
        items[i], items[j] = items[j], items[i]
    else:
        items.insert(j, items.pop(i))


def _xml_attribute(rng: random.Random, element: bytes) -> bytes:
    """One attribute of ``element`` given a hostile value, dropped, doubled, or its tag renamed."""
    found = list(_ATTRIBUTE.finditer(element))
    roll = rng.random()
    if not found or roll < 0.1:
        return re.sub(rb"^<(/?)\w+", b"<\\1" + rng.choice(XML_TAGS).encode(), element, count=1)
    match = rng.choice(found)
    if roll < 0.2:
        return element[: match.start()] + element[match.end() :]
    if roll < 0.3:
        return element[: match.end()] + b" " + match.group(0) + element[match.end() :]
    value = _hostile_xml_value(rng, match.group(2))
    return element[: match.start(2)] + value + element[match.end(2) :]


def _hostile_xml_value(rng: random.Random, value: bytes) -> bytes:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(XML_VALUES).encode()
    parts = value.split(b",")
    if roll < 0.8 and parts:
        index = rng.randrange(len(parts))
        parts[index] = rng.choice(XML_VALUES).split(",")[0].encode()
        return b",".join(parts)
    _shuffle_items(rng, parts)
    return b",".join(parts)


def mutate_xml(rng: random.Random, data: bytes) -> bytes:
    """A Tenhou XML log with one to four elements dropped, doubled, swapped, moved or changed."""
    pieces = _ELEMENT.split(data)
    elements = _ELEMENT.findall(data)
    body = list(elements)
    for _ in range(rng.choice(ROUNDS)):
        if rng.random() < 0.5 or len(body) < 3:
            _shuffle_items(rng, body)
        elif body:
            index = rng.randrange(len(body))
            body[index] = _xml_attribute(rng, body[index])
    glue = pieces[0] if pieces else b""
    return glue + b"".join(body) + (pieces[-1] if len(pieces) > 1 else b"")


def _walk(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _walk(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _walk(value, (*path, index))
    return found


def _at(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


def mutate_json(rng: random.Random, data: Any, rounds: int) -> Any:
    """``data`` (a copy) with ``rounds`` values replaced, dropped, doubled, swapped or moved."""
    data = json.loads(json.dumps(data))
    for _ in range(rounds):
        paths = [p for p in _walk(data) if p]
        if not paths:
            return rng.choice(JSON_VALUES)
        path = rng.choice(paths)
        parent, key = _at(data, path[:-1]), path[-1]
        roll = rng.random()
        if roll < 0.45:
            parent[key] = rng.choice(JSON_VALUES)
        elif roll < 0.55 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += rng.choice([-1, 1, 4, 100, -1000])
        elif isinstance(parent, list):
            _shuffle_items(rng, parent)
        elif roll < 0.75:
            del parent[key]
        else:
            parent[rng.choice(["extra", "log", "rule", "name", "sc", "type", "actor", "pai"])] = parent[key]
    return data


def _dumps(rng: random.Random, data: Any) -> str:
    return json.dumps(data, ensure_ascii=rng.random() < 0.5)


def mutate_tenhou6(rng: random.Random, data: bytes) -> bytes:
    return _dumps(rng, mutate_json(rng, json.loads(data), rng.choice(ROUNDS))).encode()


def mutate_mjai(rng: random.Random, data: bytes) -> bytes:
    """An mjai log with lines dropped, doubled, swapped or moved, or one event's fields changed."""
    lines = data.decode().splitlines()
    for _ in range(rng.choice(ROUNDS)):
        roll = rng.random()
        if roll < 0.4:
            _shuffle_items(rng, lines)
            continue
        index = rng.randrange(len(lines))
        event = json.loads(lines[index])
        if roll < 0.55 and isinstance(event, dict):
            event["type"] = rng.choice(MJAI_TYPES)
            lines[index] = _dumps(rng, event)
        else:
            lines[index] = _dumps(rng, mutate_json(rng, event, 1))
    return "\n".join(lines).encode() + b"\n"


MUTATORS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    ".mjlog": mutate_xml,
    ".json": mutate_tenhou6,
    ".jsonl": mutate_mjai,
}


def cut_between(rng: random.Random, data: bytes, suffix: str) -> bytes:
    """A log cut short between two events: after a random line of mjai, after a random element
    of Tenhou XML (the root closed again), inside a random hand's list of tenhou.net/6."""
    if suffix == ".jsonl":
        lines = data.splitlines(keepends=True)
        return b"".join(lines[: rng.randrange(len(lines) + 1)])
    if suffix == ".mjlog":
        ends = [match.end() for match in _ELEMENT.finditer(data)]
        return data[: rng.choice(ends)] + b"</mjloggm>" if ends else data
    document = json.loads(data)
    hand = rng.choice(document["log"])
    del hand[rng.randrange(len(hand)) :]
    return json.dumps(document).encode()


def mutated_log(rng: random.Random, index: int) -> tuple[str, bytes]:
    """Shared log number ``index`` (cycling through them all) with a structural mutation, or
    (a fifth of them) cut short between two events."""
    logs = shared_logs()
    name, data = logs[index % len(logs)]
    suffix = "." + name.rsplit(".", 1)[1]
    if rng.random() < 0.2:
        return f"{name} cut between events", cut_between(rng, data, suffix)
    return f"{name} mutated", MUTATORS[suffix](rng, data)


# --- hostile documents --------------------------------------------------------------------------


def _xml_documents(rng: random.Random) -> list[Callable[[], bytes]]:
    _, first = smallest(".mjlog")
    depth = rng.choice([100, 1000, 5000, 50000])
    return [
        lambda: b'<mjloggm ver="2.3">' + b"<a>" * depth + b"</a>" * depth + b"</mjloggm>",
        lambda: (
            b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            b'<mjloggm ver="2.3"><INIT seed="&b;"/></mjloggm>'
        ),
        lambda: b'<!DOCTYPE l [<!ENTITY x SYSTEM "file:///etc/passwd">]><mjloggm ver="2.3">&x;</mjloggm>',
        lambda: (
            b'<mjloggm ver="2.3"><INIT seed="0,0,0,0,0,0" ten="250,250,250,250" oya="0" hai0="'
            + b",".join(b"%d" % rng.randrange(200) for _ in range(rng.randint(0, 20)))
            + b'"/></mjloggm>'
        ),
        lambda: first.replace(b'"', b"'"),
        lambda: first.decode().encode("utf-16"),
        lambda: b'<?xml version="1.0" encoding="EBCDIC-bogus"?>' + first,
        lambda: first.replace(b"<INIT", b"<INIT " + b'x="1" ' * rng.choice([10, 1000, 20000]), 1),
        lambda: first + b"<mjloggm>" * 3,
        lambda: b"<mjloggm" + b" " * 100 + b">",
        lambda: first.replace(b"ten=", b"ten=\x00", 1),
        lambda: b"<mjloggm ver='2.3'>" + b"<INIT/>" * rng.choice([1, 500, 5000]) + b"</mjloggm>",
    ]


def _json_documents(rng: random.Random) -> list[Callable[[], bytes]]:
    _, small = smallest(".json")
    game = json.loads(small)
    depth = rng.choice([100, 999, 5000, 100_000])
    huge = "9" * rng.choice([20, 400, 5000, 100_000])
    return [
        lambda: b"[" * depth + b"]" * depth,
        lambda: b'{"log": ' + b"[" * depth + b"]" * depth + b"}",
        lambda: (
            b'{"title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {"disp": "x", "aka": 1}, "log": [[[0, 0, 0], '
            + huge.encode()
            + b"]]}"
        ),
        lambda: json.dumps({**game, "log": [[[0, 0, float("nan")], *game["log"][0][1:]]]}).encode(),
        lambda: json.dumps({**game, "log": [[[0, 0, 0], [float("inf")] * 4, *game["log"][0][2:]]]}).encode(),
        lambda: json.dumps({**game, "log": game["log"] * rng.choice([2, 50, 500])}).encode(),
        lambda: json.dumps({**game, "log": {"0": game["log"][0]}}).encode(),
        lambda: json.dumps({**game, "rule": {"disp": 3, "aka": "x"}}).encode(),
        lambda: json.dumps({**game, "name": None}).encode(),
        lambda: json.dumps([game]).encode(),
        lambda: small.decode().encode("utf-16"),
        lambda: small.decode().encode("utf-32"),
        lambda: small[:-1] + b',"log": []}',
        lambda: b'{"type":"start_game","names":["0","1","2","3"]}\n' + b'{"type":"tsumo","actor":0,"pai":"1m"}\n' * 5,
        lambda: (
            b'{"type":"start_kyoku","bakaze":"E","dora_marker":"2s","kyoku":1e400,"honba":-1,"kyotaku":NaN,"oya":0,'
            b'"scores":[1,2,3],"tehais":[]}\n'
        ),
        lambda: b"\n".join([b'{"type":"start_game"}'] + [b"[" * 50 + b"]" * 50] * rng.randint(1, 5)),
    ]


def _gzip_documents(rng: random.Random) -> list[Callable[[], bytes]]:
    _, small = smallest(".json")
    packed = gzip.compress(small)
    return [
        lambda: gzip.compress(b"\0" * rng.choice([5 * 2**20, 64 * 2**20])),
        lambda: packed[: rng.randrange(2, len(packed))],
        lambda: packed + b"trailing",
        lambda: gzip.compress(packed),
        lambda: b"\x1f\x8b",
    ]


def hostile_document(rng: random.Random) -> tuple[str, bytes]:
    """A hand-made hostile log text (or path-like text): XML, JSON, gzip or neither."""
    roll = rng.random()
    pool = (_xml_documents(rng) if roll < 0.4 else _json_documents(rng) if roll < 0.8 else _gzip_documents(rng)) + [
        lambda: b"",
        lambda: b"\xef\xbb\xbf",
        lambda: b"\x00" * 10,
        lambda: b"<",
        lambda: b"{",
        lambda: rng.randbytes(64),
    ]
    index = rng.randrange(len(pool))
    return f"hostile document {index} of {len(pool)}", pool[index]()
