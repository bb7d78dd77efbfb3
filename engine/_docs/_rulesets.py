"""A page per bundled rule set and a comparison matrix per game, read from the rule sets
themselves (resolved, the schema's defaults filled in) and their files' text (the ⚠ marks
where a source is doubtful are comments)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from .._core.docspart import ExamplesPart
from .._core.resolved import switched_off
from .._core.ruleset import RuleSet
from .._core.yamlsource import LocatedDict, LocatedList
from .._house import list_rulesets
from . import _text

#: The sections that describe a rule set without being rules.
DESCRIPTIVE_SECTIONS = frozenset({"name", "metadata", "extends"})

#: The mark a rule file's comment puts where its source is doubtful or sources disagree.
DOUBT = "⚠"
#: The anchor of a rule set page's section of doubtful sources.
DOUBTS_LINK = "#doubtful-sources"


def rulesets() -> dict[str, list[RuleSet]]:
    """The bundled rule sets (abstract bases left out), by game, in id order."""
    found: dict[str, list[RuleSet]] = {}
    for rs in list_rulesets():
        found.setdefault(rs.game, []).append(rs)
    return found


def rows(document: Any) -> Iterator[tuple[str, Any]]:
    """Every rule of a resolved document: its key (``award.multipliers[own_streak].max``: a list
    of items with ids by id) and its value (a list of plain values whole)."""

    def walk(node: Any, path: str) -> Iterator[tuple[str, Any]]:
        if isinstance(node, LocatedDict | dict) and node:
            for key, value in node.items():
                yield from walk(value, f"{path}.{key}" if path else key)
        elif isinstance(node, LocatedList | list) and node and all(isinstance(i, dict) and "id" in i for i in node):
            for item in node:
                yield from walk({k: v for k, v in item.items() if k != "id"}, f"{path}[{item['id']}]")
        else:
            yield path, node

    yield from walk(document, "")


def doubts(rs: RuleSet) -> list[tuple[str, str]]:
    """The comments of a rule set's files (itself and what it extends) that carry a ⚠ mark:
    (``file:line``, the comment, continued over the comment lines that follow it)."""
    found = []
    for source in rs.files:
        lines = source.path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            if DOUBT not in line:
                continue
            at = comment_start(line)
            if at is None:
                continue
            rule, comment = line[:at], line[at:].lstrip("# ").strip()
            if rule.strip():  # a comment after a rule: the rule it is about, then the comment
                found.append((f"{source.display}:{number}", f"`{rule.strip()}`: {comment}"))
                continue
            for after in lines[number:]:  # a comment of its own lines runs on to the next rule
                stripped = after.strip()
                if not stripped.startswith("#") or DOUBT in stripped:
                    break
                comment += " " + stripped.lstrip("# ").strip()
            found.append((f"{source.display}:{number}", comment))
    return found


def comment_start(line: str) -> int | None:
    """Where a YAML line's comment starts: a ``#`` at the line's start or after a blank, outside
    a quoted scalar (``colour: "#d22"  # ⚠ ...`` is a rule with a comment; the apostrophe of
    ``label: Dealer's`` opens nothing), or None."""
    quote = None
    for at, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"" and (at == 0 or line[at - 1] in " \t[{,"):  # a quoted scalar opens
            quote = char
        elif char == "#" and (at == 0 or line[at - 1] in " \t"):
            return at
    return None


def page_name(rs: RuleSet) -> str:
    """The file of a rule set's page, relative to the reference's ``rulesets/`` folder."""
    return f"{rs.id}.md"


def _shifted(markdown: str) -> str:
    """Markdown with every heading one level deeper (a table's own headings under ``## Tables``)."""
    return re.sub(r"^(#+) ", r"#\1 ", markdown, flags=re.M)


def _item_table(items: Sequence[Any]) -> str:
    columns: list[str] = []
    for item in items:
        columns += [key for key in item if key not in columns]
    return _text.table(
        [_text.code(c) for c in columns],
        ([_text.code(_text.inline(item[c])) if c in item else "" for c in columns] for item in items),
    )


def page(rs: RuleSet, public: set[str]) -> str:
    """A bundled rule set's page."""
    text = _heading(rs, public)
    marks = doubts(rs)
    if marks:
        text += f"{DOUBT} Some values' sources are doubtful: [where, and why]({DOUBTS_LINK}), after the tables.\n\n"
    command_line = rs.part.command_line
    if command_line is not None:
        text += "## Tables\n\n" + _shifted(command_line.table(rs, "markdown").text) + "\n"
    yaku = [dict(item) for item in rs.document.get("yaku", [])]
    if yaku:
        text += "## Yaku\n\n" + _item_table([{k: v for k, v in item.items()} for item in yaku]) + "\n"
    if marks:  # after the tables a reader of the page came for
        text += f"## {DOUBT} Where the sources are doubtful {{{DOUBTS_LINK}}}\n\n"
        text += "".join(f"- `{where}`: {_text.cell(comment)}\n" for where, comment in marks) + "\n"
    if rs.part.examples is not None:
        text += _examples(rs.part.examples, rs)
    return text + _switched_off(rs) + _plugins(rs) + _table_rules(rs)


def _heading(rs: RuleSet, public: set[str]) -> str:
    """The title, the description, the game, the sources and the files it extends (each bundled
    rule set's linked to its page)."""
    meta = rs.metadata
    text = f"# {rs.name} (`{rs.id}`)\n\n"
    text += f"{meta.get('description', '')}\n\n"
    text += f"- **game**: `{rs.game}`\n- **source**: {meta['source']}\n"
    if "version" in meta:
        text += f"- **version**: {meta['version']}\n"
    chain = []
    for source in rs.files:
        ident = source.path.stem
        linked = ident in public and ident != rs.id
        chain.append(f"[`{source.display}`]({ident}.md)" if linked else f"`{source.display}`")
    text += "- **extends**: " + " → ".join(chain) + "\n\n"
    return text + (
        "Generated from the rule set (`yakuset show "
        f"{rs.id} --resolved` lists every value with the file:line it comes from).\n\n"
    )


def _switched_off(rs: RuleSet) -> str:
    """The items the rule set turns off, and why (none: nothing)."""
    off = switched_off(rs)
    if not off:
        return ""
    rows = (
        [_text.code(o["id"]), _text.code(o["list"]), _text.code(str(o.get("why") or "enabled: false"))] for o in off
    )
    return "## Off in this rule set\n\n" + _text.table(["item", "list", "why"], rows) + "\n"


def _plugins(rs: RuleSet) -> str:
    plugins = rs.document.get("plugins") or {}
    listed = "".join(f"- `{name}`: {_text.code(_text.inline(settings or {}))}\n" for name, settings in plugins.items())
    return "## Plugins\n\n" + (listed if plugins else "None.\n")


def _table_rules(rs: RuleSet) -> str:
    """Every other section's rules, after ``extends``, each with the file:line it comes from."""
    text = "\n## Table rules\n\n"
    text += "Every other rule, after `extends`, with the file:line it comes from.\n\n"
    where = {_leaf_path(path): at.at_line() for path, _value, at in rs.leaves()}
    for section, value in rs.document.items():
        if section in DESCRIPTIVE_SECTIONS or section in {"yaku", "plugins", "game"}:
            continue
        text += f"### `{section}`\n\n"
        text += _text.table(
            ["rule", "value", "from"],
            (
                [_text.code(key), _text.code(_text.inline(rule)), _text.cell(_origin(where, key))]
                for key, rule in rows({section: value})
            ),
        )
        text += "\n"
    return text


def _examples(part: ExamplesPart, rs: RuleSet) -> str:
    """An example hand for each yaku, drawn, with the engine's account of its score under ``rs``."""
    text = (
        "## Example hands\n\n"
        "One hand for each yaku, scored by the engine under this rule set: the steps below each "
        "are its own account of the score.\n\n"
    )
    for example in part.yaku_examples(rs):
        text += f"### {example.label} (`{example.yaku}`) {{#example-{example.yaku}}}\n\n"
        if not example.figure:
            text += f"{example.explanation}\n\n"
            continue
        text += f'<div class="hand" markdown="0">{example.figure}</div>\n\n{example.setting}.\n\n'
        text += "```text\n" + example.explanation + "\n```\n\n"
    return text


def _leaf_path(path: tuple[str | int, ...]) -> str:
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path).lstrip(".")


def _origin(where: dict[str, str], key: str) -> str:
    """Where a row's value comes from: its leaf's file:line, or its first leaf's for a whole list."""
    if key in where:
        return where[key]
    prefix = re.sub(r"\[[a-z0-9_-]+\]", "", key)
    return next((at for path, at in where.items() if path.startswith(prefix)), "")


def matrix(game: str, members: Sequence[RuleSet]) -> str:
    """The comparison of every bundled rule set of a game: a row per rule, a column per rule set."""
    values = [dict(rows({k: v for k, v in rs.document.items() if k not in DESCRIPTIVE_SECTIONS})) for rs in members]
    keys: list[str] = []
    for found in values:
        keys += [key for key in found if key not in set(keys)]
    absent = "—"
    head = ["rule", *(f"[{rs.id}]({page_name(rs)})" for rs in members)]

    def cells(key: str) -> list[str]:
        return [_text.code(_text.inline(found[key])) if key in found else absent for found in values]

    def marked(key: str) -> list[str]:
        """A differing row's cells, those unlike the row's most common value in bold."""
        row = cells(key)
        usual = Counter(row).most_common(1)[0][0]
        return [cell if cell == usual else f"**{cell}**" for cell in row]

    differ = [key for key in keys if len({_text.inline(found.get(key, absent)) for found in values}) > 1]
    same = [key for key in keys if key not in set(differ)]
    # The table wants the page's whole width: no navigation or table of contents beside it.
    text = "---\nhide:\n  - navigation\n  - toc\n---\n\n"
    title = _text.game_title(game)
    text += f"# Every {title} rule set compared\n\n"
    text += (
        f"Generated from the {len(members)} bundled {title} rule sets, resolved (after `extends`, the "
        f"schema's defaults filled in): a row per rule, a column per rule set; {absent} where a rule "
        "set does not have the rule. In a row that differs, ≠ marks the rule and bold the values "
        "unlike the most common one. Items of a list with ids are rows by id "
        f"(`yaku[goko].points`). The table scrolls sideways to its last rule set ({members[-1].id}) "
        "and down, the rules and the rule sets staying in view.\n\n"
        f"- [{len(differ)} rules differ](#rules-that-differ)\n- [{len(same)} rules are the same "
        "everywhere](#rules-all-share)\n\n"
    )
    text += "## Rules that differ {#rules-that-differ}\n\n"
    differing = ([f"≠ {_text.code(key)}", *marked(key)] for key in differ)
    text += '<div class="matrix" markdown>\n\n' + _text.table(head, differing) + "\n</div>\n\n"
    text += "## Rules all share {#rules-all-share}\n\n"
    text += _text.table(["rule", "value"], ([_text.code(key), cells(key)[0]] for key in same)) + "\n"
    return text
