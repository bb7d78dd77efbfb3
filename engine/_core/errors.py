"""The engine's error types.

Every problem found while loading a rule set is a :class:`Problem` with a
location; a :class:`RulesetError` carries all problems found in one run.
Wrong arguments to an evaluator raise :class:`InputError`, a ``ValueError``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a rule-set file; ``line`` and ``col`` count from 1."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def at_line(self) -> str:
        """``file:line``; a place in no file (line 0, such as ``<schema default>``) is its name alone."""
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass(frozen=True, slots=True)
class ValueLocation(Location):
    """Where a scalar value's text starts, and whether that text sits on one line of the file
    (only then does a column inside the value, such as a place in an expression, exist)."""

    one_line: bool = True


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a rule-set file."""

    location: Location
    path: str
    message: str
    hint: str | None = None
    #: A setting that loads but does nothing, or looks like a slip: reported, never refused.
    warning: bool = False

    def as_dict(self) -> dict[str, object]:
        """The problem's JSON shape (``validate --json``, ``yakuset serve``): file, line, col, path,
        message, hint, warning."""
        where = self.location
        return {
            "file": where.file,
            "line": where.line,
            "col": where.col,
            "path": self.path,
            "message": self.message,
            "hint": self.hint,
            "warning": self.warning,
        }

    def __str__(self) -> str:
        text = f"{self.location}: {self.path or '<document>'}: {'warning: ' if self.warning else ''}{self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text


class RulesetError(Exception):
    """A rule set could not be loaded.

    ``str()`` gives one ``file:line:col: path: message`` line per problem;
    ``problems`` holds them as :class:`Problem` objects, in file order.
    """

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise ValueError("RulesetError needs at least one problem")
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class RulesetNotFound(RulesetError):
    """No bundled rule set and no file has the name given. ``message`` and ``hint`` are
    :func:`yakuset._core.bundled.not_found`'s; the one problem is placed at the name itself."""

    def __init__(self, name: str, message: str, hint: str) -> None:
        self.name, self.message, self.hint = name, message, hint
        super().__init__([Problem(Location(name, 1, 1), "", message, hint)])


class InputError(ValueError):
    """An evaluator was called with arguments no game situation can have."""


class PluginError(RuntimeError):
    """A plugin's hook raised: ``plugin`` and ``hook`` name it, ``__cause__`` is what it raised.

    Not the caller's fault and not the rule file's: the message says whose code failed.
    """

    def __init__(self, plugin: str, hook: str, error: BaseException) -> None:
        self.plugin, self.hook = plugin, hook
        reason = " ".join(str(error).split()) or "(no message)"
        super().__init__(f"plugin {plugin!r} failed in its hook {hook}: {type(error).__name__}: {reason}")


class YakusetWarning(UserWarning):
    """The warning category yakuset once raised for an argument no game reaches. Such warnings
    now travel on the result (``Award.warnings``) and nothing raises this class; it stays so
    that code which filters it still imports."""
