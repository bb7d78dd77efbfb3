"""The rule sets a request names: a bundled id, or a posted YAML text.

A bundled id is looked up among the bundled ids before anything is loaded (a request never
names a path); each bundled rule set is loaded once per server. A posted text goes through the
same safe loader as a file, as if it were a file of the name given, and its ``extends`` reaches
bundled ids only (``load_ruleset_text(..., bundled_parents_only=True)``); the last few texts
are remembered, since the editor sends the same text for its problems, tables and diff.
"""

from __future__ import annotations

import functools
import re
import threading
from typing import Any

from .. import RuleSet, RulesetError, load_ruleset, load_ruleset_text
from .._core.ruleset import bundled_ids
from .limits import RequestProblem, json_type

#: The name a posted text is shown as (``house.yaml``): never opened, so only a plain file name.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}\.ya?ml")
DEFAULT_NAME = "posted.yaml"

_bundled: dict[str, RuleSet] = {}
_bundled_lock = threading.Lock()


def bundled(ident: str) -> RuleSet:
    """The bundled rule set ``ident`` (loaded once); 404 for an id no bundled rule set has."""
    found = _bundled.get(ident)
    if found is not None:
        return found
    known = bundled_ids()
    if ident not in known:
        from .._core.hints import did_you_mean

        hint = did_you_mean(ident, known) or "bundled rule sets: " + ", ".join(known)
        raise RequestProblem(404, f"no bundled rule set named {ident!r}", hint)
    with _bundled_lock:
        if ident not in _bundled:
            _bundled[ident] = load_ruleset(ident)
        return _bundled[ident]


def every_bundled() -> list[RuleSet]:
    """Every bundled rule set (abstract bases left out), in id order, each loaded once."""
    return [bundled(ident) for ident in bundled_ids()]


def posted_name(value: Any, field: str) -> str:
    """The display name of a posted text: a plain file name ending in .yaml (never a path)."""
    if value is None:
        return DEFAULT_NAME
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise RequestProblem(
            422,
            f"{field} must be a file name such as 'house.yaml', got {json_type(value)}"
            + (f" {value[:40]!r}" if isinstance(value, str) else ""),
            "letters, digits, '.', '_' and '-', ending in .yaml; it names the text in messages and is never opened",
        )
    return value


@functools.lru_cache(maxsize=16)
def _load_text(text: str, name: str) -> RuleSet | RulesetError:
    try:
        return load_ruleset_text(text, name, bundled_parents_only=True)
    except RulesetError as exc:
        return exc


def posted(text: str, name: str) -> RuleSet:
    """The rule set of a posted text shown as ``name``; raises :class:`RulesetError` with its problems."""
    found = _load_text(text, name)
    if isinstance(found, RulesetError):
        raise found
    return found


def ruleset_of(value: Any, field: str = "ruleset") -> RuleSet:
    """The rule set a request names in ``field``: a bundled id, or ``{"text": YAML, "name": "house.yaml"}``."""
    if isinstance(value, str):
        return bundled(value)
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"text", "name"})
        if unknown:
            raise RequestProblem(
                422, f"unknown key {unknown[0]!r} in {field}", "a posted rule set has `text` and `name`"
            )
        text = value.get("text")
        if not isinstance(text, str):
            raise RequestProblem(422, f"{field}.text must be the rule set's YAML text, got {json_type(text)}")
        return posted(text, posted_name(value.get("name"), f"{field}.name"))
    raise RequestProblem(
        422,
        f'{field} must be a bundled id or {{"text": YAML, "name": "house.yaml"}}, got {json_type(value)}',
    )
