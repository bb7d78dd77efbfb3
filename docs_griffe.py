"""A griffe extension (named in mkdocs.yml) for the Python API's pages: the docstrings' few
reStructuredText marks (``:func:`x```, double backquotes, ``::``) read as Markdown, the same way
the hooks' reference reads them (``yakuset._docs._text.docstring``)."""

from __future__ import annotations

from typing import Any

import griffe
from yakuset._docs._text import docstring


class RestMarks(griffe.Extension):  # type: ignore[misc]
    """Rewrite each docstring's marks when griffe has read it."""

    def on_instance(self, *, obj: griffe.Object, **_: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = docstring(obj.docstring.value)
