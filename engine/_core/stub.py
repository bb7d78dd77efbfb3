"""A new house rule set's first text, the one ``yakuset new NAME --extends ID`` writes and the
studio's "Edit a copy" opens: the schema comment an editor reads, ``extends``, a ``name``, and
how to see what it inherits. It states nothing else: a house rule set states only what differs.

The schema comment names the schema by a URL ``yakuset serve`` answers (``GET /api/v1/schema``),
never by a path on the machine that wrote the file: the file is shared and moved, and a path
into one machine's site-packages names nothing on another."""

from __future__ import annotations

import re

_PLAIN = re.compile(r"[A-Za-z.][A-Za-z0-9 _./()-]*")


def stub_text(parent: str, name: str, schema: str) -> str:
    """The stub of a rule set named ``name`` extending ``parent`` (a bundled id, or a path
    relative to the new file), whose schema comment names ``schema`` (a URL)."""
    shown = name if _PLAIN.fullmatch(name) and not name.endswith(" ") else _quoted(name)
    extends = parent if _PLAIN.fullmatch(parent) else _quoted(parent)
    return (
        f"# yaml-language-server: $schema={schema}\n"
        f"# Only what differs from {parent}. Every value it inherits:\n"
        f"#   yakuset show {parent} --resolved\n"
        f"extends: {extends}\n"
        f"name: {shown}\n"
    )


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is YAML's)."""
    import json

    return json.dumps(text, ensure_ascii=False)
