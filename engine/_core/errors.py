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

    def __str__(self) -> str:
        # A name found nowhere has no line to point at: the message and its hint, as the command
        # line says them.
        return f"{self.message} (hint: {self.hint})"


class InputError(ValueError):
    """An evaluator was called with arguments no game situation can have."""


class IllegalMove(InputError):
    """A move a game's table does not take now; the table is unchanged.

    Each game's table raises it (``yakuset.riichi.Table``, ``yakuset.koikoi.Table``) from the
    one table rule that refuses the move:

    - ``rule``: that rule's id, stable across versions (``"furiten"``, ``"kuikae"``,
      ``"must_capture"``, ``"not_your_turn"``, ``"malformed"`` ...);
    - ``key``: the rule-set key that sets the rule (``"wins.kuikae"``), or ``None`` for a rule
      of the game itself;
    - ``move``: the move as it was given (parsed into the game's ``Move`` when it could be);
    - ``seat``: who was to move (a Riichi seat 0-3, a Koi-Koi player's name), or ``None`` once
      the game is over;
    - ``reason``: the refusal in words, which ``str()`` gives.

    Two refusals are equal when all five are; code reads the fields, never the words.
    """

    def __init__(
        self, rule: str, reason: str, *, move: object = None, seat: int | str | None = None, key: str | None = None
    ) -> None:
        self.rule, self.reason, self.move, self.seat, self.key = rule, reason, move, seat, key
        super().__init__(reason)

    def _fields(self) -> tuple[object, ...]:
        return (type(self), self.rule, self.key, self.move, self.seat, self.reason)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IllegalMove):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self), self.rule, self.key, self.seat, self.reason))

    def __reduce__(self) -> tuple[object, ...]:
        return (_illegal_move, (type(self), self.rule, self.reason, self.move, self.seat, self.key))

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(rule={self.rule!r}, key={self.key!r}, move={self.move!r}, "
            f"seat={self.seat!r}, reason={self.reason!r})"
        )


def _illegal_move(
    cls: type[IllegalMove], rule: str, reason: str, move: object, seat: int | str | None, key: str | None
) -> IllegalMove:
    """Rebuild a pickled :class:`IllegalMove` (a worker's refusal read by the parent process)."""
    return cls(rule, reason, move=move, seat=seat, key=key)


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
