"""The ``yakuset`` command: the commands every game shares (list, show, validate, table, diff)
and those each registered game adds (Koi-Koi: award, play; Riichi: score, hand).

Exit codes: 0 success; 1 a negative answer (an invalid file, rule sets that differ); 2 a usage
or load error. Errors are printed as readable lines on stderr, never a traceback.

One module per shared command (``schema``, ``list``, ``show``, ``new``, ``validate``,
``diff``, ``simulate``, ``replay``, ``serve``, ``table``: each adds its own arguments and runs
its command) and ``games`` for the commands the registered games add; the shared parts are
``_parser`` (the parser, built for the command about to run only), ``_options`` (options
several commands take), ``_output`` (what a command prints and its exit code), ``_errors`` (an
error as one line or as JSON) and ``_main`` (:func:`main`).
"""

from ._main import main
from ._parser import build_parser

__all__ = ["build_parser", "main"]
