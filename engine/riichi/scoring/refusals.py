"""The refusals of scoring that callers tell apart by type, not by their words."""

from __future__ import annotations

from ..._core.errors import InputError


class NoYaku(InputError):
    """A hand complete in its tiles that has no yaku (dora alone is not one, unless the rule set
    says so): :func:`yakuset.riichi.evaluate` and :func:`yakuset.riichi.score` refuse it. An
    :class:`yakuset.InputError`, as every refusal of a wrong argument is; the table asks for it
    by type to tell a win it may not offer from a fault of its own."""
