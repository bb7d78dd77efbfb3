"""The rule sets a request names: a bundled id, or a posted YAML text.

A bundled id is looked up among the bundled ids before anything is loaded (a request never
names a path); each bundled rule set is loaded once per server. A posted text goes through the
same safe loader as a file, as if it were a file of the name given, and its ``extends`` reaches
bundled ids only (``load_ruleset_text(..., bundled_parents_only=True)``); the last few texts
are remembered, since the editor sends the same text for its problems, tables and diff.
"""

from __future__ import annotations

import contextlib
import contextvars
import re
import threading
from collections import OrderedDict
from collections.abc import Iterator
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


def is_bundled(rs: RuleSet) -> bool:
    """Whether ``rs`` is the bundled rule set of its id that :func:`bundled` gives."""
    return _bundled.get(rs.id) is rs


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


#: The last texts posted, with what they loaded to (the rule set or its problems), newest last.
_texts: OrderedDict[tuple[str, str], RuleSet | RulesetError] = OrderedDict()
_TEXTS = 16
_texts_lock = threading.Lock()
#: The texts being loaded, each by one thread: the others that ask for it wait for that one.
_loading: dict[tuple[str, str], threading.Lock] = {}

Loaded = dict[tuple[str, str], "RuleSet | RulesetError"]

#: The texts the current request has loaded (:func:`keeping`), whatever was posted since.
_KEPT: contextvars.ContextVar[Loaded | None] = contextvars.ContextVar("yakuset_web_kept", default=None)


def _load_text(text: str, name: str) -> RuleSet | RulesetError:
    key = (text, name)
    kept = _KEPT.get()
    if kept is not None and key in kept:
        return kept[key]
    with _texts_lock:
        found = _texts.get(key)
        if found is not None:
            _texts.move_to_end(key)
            return found
        loading = _loading.get(key)
        if loading is None:  # this thread loads it; others asking meanwhile wait for it
            loading = _loading[key] = threading.Lock()
            loading.acquire()
            mine = True
        else:
            mine = False
    if not mine:
        with loading:
            pass
        return _load_text(text, name)
    try:
        try:
            found = load_ruleset_text(text, name, bundled_parents_only=True)
        except RulesetError as exc:
            found = exc
        with _texts_lock:
            _texts[key] = found
            while len(_texts) > _TEXTS:
                _texts.popitem(last=False)
    finally:
        with _texts_lock:
            del _loading[key]
        loading.release()
    return found


def posted(text: str, name: str) -> RuleSet:
    """The rule set of a posted text shown as ``name``; raises :class:`RulesetError` with its problems."""
    found = _load_text(text, name)
    if isinstance(found, RulesetError):
        raise found
    return found


def loaded(value: Any, field: str = "ruleset") -> bool:
    """Whether :func:`ruleset_of` answers ``value`` at once: its rule set is loaded and remembered,
    or the request is wrong in a way found without loading anything."""
    if isinstance(value, str):
        return value in _bundled or value not in bundled_ids()
    if isinstance(value, dict) and isinstance(value.get("text"), str) and set(value) <= {"text", "name"}:
        try:
            key = (value["text"], posted_name(value.get("name"), f"{field}.name"))
        except RequestProblem:
            return True
        with _texts_lock:
            return key in _texts
    return True


def every_loaded() -> bool:
    """Whether every bundled rule set is loaded."""
    return all(ident in _bundled for ident in bundled_ids())


def load(value: Any, field: str = "ruleset") -> Loaded:
    """Load the rule set ``value`` names; a posted text's is returned, for :func:`keeping` to
    keep until the request is answered. A request that names none rightly is left for
    :func:`ruleset_of` to refuse."""
    if not isinstance(value, dict):
        with contextlib.suppress(RequestProblem):
            ruleset_of(value, field)
        return {}
    text = value.get("text")
    try:
        name = posted_name(value.get("name"), f"{field}.name")
    except RequestProblem:
        return {}
    return {(text, name): _load_text(text, name)} if isinstance(text, str) else {}


@contextlib.contextmanager
def keeping(texts: Loaded) -> Iterator[None]:
    """Meanwhile, in this context, :func:`ruleset_of` answers these posted texts without
    loading them again, however many others were posted since."""
    token = _KEPT.set({**(_KEPT.get() or {}), **texts})
    try:
        yield
    finally:
        _KEPT.reset(token)


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
