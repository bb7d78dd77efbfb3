"""A new house rule set's first text, the one ``yakuset new NAME --extends ID`` writes and the
studio's "Edit a copy" opens: the schema comment an editor reads, ``extends``, a ``name``, and
how to see what it inherits. It states nothing else: a house rule set states only what differs."""

from __future__ import annotations

import re

from .bundled import schema_path

_PLAIN = re.compile(r"[A-Za-z.][A-Za-z0-9 _./()-]*")


def stub_text(parent: str, name: str) -> str:
    """The stub of a rule set named ``name`` extending ``parent`` (a bundled id, or a path
    relative to the new file)."""
    shown = name if _PLAIN.fullmatch(name) and not name.endswith(" ") else _quoted(name)
    extends = parent if _PLAIN.fullmatch(parent) else _quoted(parent)
    return (
        f"# yaml-language-server: $schema={schema_path()}\n"
        f"# Only what differs from {parent}. Every value it inherits:\n"
        f"#   yakuset show {parent} --resolved\n"
        f"extends: {extends}\n"
        f"name: {shown}\n"
    )


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is YAML's)."""
    import json

    return json.dumps(text, ensure_ascii=False)
