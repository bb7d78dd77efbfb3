"""What a server serves (a :class:`Site`), and the rule sets a request names: an offered id, or a
posted YAML text.

An id is looked up among the site's ids before anything is loaded (a request never names a
path); each offered rule set is loaded once per site. A posted text goes through the same safe
loader as a file, as if it were a file of the name given, and its ``extends`` reaches bundled
ids only (``load_text(..., bundled_parents_only=True)``); the last few texts are remembered,
since the editor sends the same text for its problems, tables and diff.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import json
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .._core import bundled, ruleset
from .._core.errors import RulesetError
from .._core.game import Game
from .._core.plugins import Registry
from .._core.ruleset import RuleSet
from .._core.webpart import Operation, WebPart, json_type
from .._house import REGISTRY
from .limits import RequestProblem
from .parts import operations, web_part

#: The name a posted text is shown as (``house.yaml``): never opened, so only a plain file name.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}\.ya?ml")
DEFAULT_NAME = "posted.yaml"

#: How many posted texts a site remembers, with what they loaded to.
TEXTS = 16

Loaded = dict[tuple[str, str], "RuleSet | RulesetError"]

#: The texts the current request has loaded (:meth:`Site.keeping`), whatever was posted since.
_KEPT: contextvars.ContextVar[Loaded | None] = contextvars.ContextVar("yakuset_web_kept", default=None)


class Site:
    """What one server serves: the games and plugins of ``registry`` and the rule sets it offers
    by id (``files``: rule-set files, each offered by its name without ``.yaml``; by default the
    engine's bundled rule sets).

    It remembers what it loads: each offered rule set (once), the last :data:`TEXTS` posted
    texts, and the answers about offered rule sets that :meth:`remembered` keeps. A server
    keeps one site for its life; the heavy requests' worker processes make their own.
    """

    def __init__(self, registry: Registry, files: Iterable[str | os.PathLike[str]] | None = None) -> None:
        self.registry = registry
        sources: dict[str, str | Path] = (
            {ident: ident for ident in ruleset.bundled_ids()}
            if files is None
            else {Path(file).stem: Path(file).resolve() for file in files}
        )
        self._sources = sources
        #: The offered ids, in order.
        self.ids: list[str] = sorted(sources)
        self._loaded: dict[str, RuleSet] = {}
        self._lock = threading.Lock()
        self._texts: OrderedDict[tuple[str, str], RuleSet | RulesetError] = OrderedDict()
        self._texts_lock = threading.Lock()
        # The texts being loaded, each by one thread: the others that ask for it wait for that one.
        self._loading: dict[tuple[str, str], threading.Lock] = {}
        self._answers: dict[tuple[str, str, str], Any] = {}

    @property
    def games(self) -> Mapping[str, Game]:
        """The games rule sets of this site may be written for, by name."""
        return self.registry.games

    @functools.cached_property
    def parts(self) -> dict[str, WebPart]:
        """Each game's web part, by the game's name."""
        return {name: web_part(game) for name, game in self.games.items()}

    @functools.cached_property
    def schema(self) -> bytes:
        """The rule-set JSON Schema of this site's games standing alone, as JSON (``yakuset
        schema --json``); made once."""
        from .._core.schemas import schemas

        return json.dumps(schemas(self.games).standalone(), ensure_ascii=False).encode("utf-8")

    @functools.cached_property
    def operations(self) -> dict[str, tuple[str, Operation]]:
        """Every game's API operations by name, with the game that offers each."""
        return operations(self.parts)

    # --- offered rule sets --------------------------------------------------------------------

    def offered(self, ident: str, game: str | None = None) -> RuleSet:
        """The offered rule set ``ident`` (loaded once); 404 for an id the site does not offer,
        with a did-you-mean among ``game``'s ids when the request needs that game's."""
        found = self._loaded.get(ident)
        if found is not None:
            return found
        source = self._sources.get(ident)
        if source is None:
            others = set(bundled.ids_of_game()) - set(bundled.ids_of_game(game))
            ids = [i for i in self.ids if i not in others]
            raise RequestProblem(404, *bundled.not_found(ident, game, offered=ids, files=False))
        with self._lock:
            if ident not in self._loaded:
                self._loaded[ident] = ruleset.load(source, self.registry)
            return self._loaded[ident]

    def is_offered(self, rs: RuleSet) -> bool:
        """Whether ``rs`` is the offered rule set of its id that :meth:`offered` gives."""
        return self._loaded.get(rs.id) is rs

    def every(self) -> list[RuleSet]:
        """Every offered rule set, in id order, each loaded once."""
        return [self.offered(ident) for ident in self.ids]

    def every_loaded(self) -> bool:
        """Whether every offered rule set is loaded."""
        return all(ident in self._loaded for ident in self.ids)

    def remembered(self, kind: str, rs: RuleSet, fmt: str, make: Any) -> Any:
        """``make()``, made once per site for an offered rule set (its page's table, its ``show``
        answer: they take up to a few milliseconds, which the event loop would otherwise spend
        on every request); made each time for a posted one."""
        if not self.is_offered(rs):
            return make()
        key = (kind, rs.id, fmt)
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = make()
        return found

    # --- posted texts ------------------------------------------------------------------------------

    def _load_text(self, text: str, name: str) -> RuleSet | RulesetError:
        key = (text, name)
        kept = _KEPT.get()
        if kept is not None and key in kept:
            return kept[key]
        with self._texts_lock:
            found = self._texts.get(key)
            if found is not None:
                self._texts.move_to_end(key)
                return found
            loading = self._loading.get(key)
            if loading is None:  # this thread loads it; others asking meanwhile wait for it
                loading = self._loading[key] = threading.Lock()
                loading.acquire()
                mine = True
            else:
                mine = False
        if not mine:
            with loading:
                pass
            return self._load_text(text, name)
        try:
            try:
                found = ruleset.load_text(text, name, self.registry, bundled_parents_only=True)
            except RulesetError as exc:
                found = exc
            with self._texts_lock:
                self._texts[key] = found
                while len(self._texts) > TEXTS:
                    self._texts.popitem(last=False)
        finally:
            with self._texts_lock:
                del self._loading[key]
            loading.release()
        return found

    def posted(self, text: str, name: str) -> RuleSet:
        """The rule set of a posted text shown as ``name``; raises :class:`RulesetError` with its problems."""
        found = self._load_text(text, name)
        if isinstance(found, RulesetError):
            raise found
        return found

    # --- what a request names ----------------------------------------------------------------------

    def loaded(self, value: Any, field: str = "ruleset") -> bool:
        """Whether :meth:`ruleset_of` answers ``value`` at once: its rule set is loaded and
        remembered, or the request is wrong in a way found without loading anything."""
        if isinstance(value, str):
            return value in self._loaded or value not in self._sources
        if isinstance(value, dict) and isinstance(value.get("text"), str) and set(value) <= {"text", "name"}:
            try:
                key = (value["text"], posted_name(value.get("name"), f"{field}.name"))
            except RequestProblem:
                return True
            with self._texts_lock:
                return key in self._texts
        return True

    def load(self, value: Any, field: str = "ruleset") -> Loaded:
        """Load the rule set ``value`` names; a posted text's is returned, for :meth:`keeping` to
        keep until the request is answered. A request that names none rightly is left for
        :meth:`ruleset_of` to refuse."""
        if not isinstance(value, dict):
            with contextlib.suppress(RequestProblem):
                self.ruleset_of(value, field)
            return {}
        text = value.get("text")
        try:
            name = posted_name(value.get("name"), f"{field}.name")
        except RequestProblem:
            return {}
        return {(text, name): self._load_text(text, name)} if isinstance(text, str) else {}

    def ruleset_of(self, value: Any, field: str = "ruleset", game: str | None = None) -> RuleSet:
        """The rule set a request names in ``field``: an offered id, or ``{"text": YAML, "name": "house.yaml"}``;
        ``game``: the game the request needs (an unknown id's did-you-mean is among its ids)."""
        named = reference(value, field)
        return self.offered(named, game) if isinstance(named, str) else self.posted(*named)


def reference(value: Any, field: str = "ruleset") -> str | tuple[str, str]:
    """What a request's ``field`` names, checked in its shape only (nothing is loaded): an id,
    or a posted ``(text, name)``; anything else is refused naming the field."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"text", "name"})
        if unknown:
            raise RequestProblem(
                422, f"unknown key {str(unknown[0])!r:.60} in {field}", "a posted rule set has `text` and `name`"
            )
        text = value.get("text")
        if not isinstance(text, str):
            raise RequestProblem(422, f"{field}.text must be the rule set's YAML text, got {json_type(text)}")
        return text, posted_name(value.get("name"), f"{field}.name")
    raise RequestProblem(
        422,
        f'{field} must be a bundled id or {{"text": YAML, "name": "house.yaml"}}, got {json_type(value)}',
    )


@contextlib.contextmanager
def keeping(texts: Loaded) -> Iterator[None]:
    """Meanwhile, in this context, :meth:`Site.ruleset_of` answers these posted texts without
    loading them again, however many others were posted since."""
    token = _KEPT.set({**(_KEPT.get() or {}), **texts})
    try:
        yield
    finally:
        _KEPT.reset(token)


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


@functools.cache
def house() -> Site:
    """The engine's own site: its games and built-in plugins, its bundled rule sets (what
    ``yakuset serve`` serves)."""
    return Site(REGISTRY)
