"""The "did you mean" hint every error message shares."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(name: str, known: Iterable[str], *, code: bool = False) -> str | None:
    """``"did you mean 'own_calls'?"`` for the known name closest to ``name``, or ``None``.

    ``code`` quotes the name as code (```own_calls```), as expression messages do.
    """
    close = difflib.get_close_matches(name, list(known), n=1)
    if not close:
        return None
    return f"did you mean `{close[0]}`?" if code else f"did you mean {close[0]!r}?"
