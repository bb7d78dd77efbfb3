"""``yakuset serve``: the rule-set studio in the browser and the JSON API (``yakuset._web``;
the ``web`` extra)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .._core.commands import count_argument, positive_argument
from .._core.errors import InputError
from ._output import EXIT_OK

HELP = "the rule-set studio in the browser and the JSON API (pip install 'yakuset[web]')"

#: Where the server listens unless told otherwise.
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000
#: The rule-set JSON Schema as a server started with the defaults serves it (``GET /api/v1/schema``,
#: the API's answer to ``yakuset schema --json``): what the files ``yakuset new`` writes name,
#: the same on every machine.
SCHEMA_URL = f"http://{DEFAULT_HOST}:{DEFAULT_PORT}/api/v1/schema"

#: Where `mkdocs build` writes the documentation site, from a checkout (mkdocs.yml).
BUILT_SITE = Path("build") / "site"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="the address to listen on (an address other than loopback serves other machines too, with a warning)",
    )
    sub.add_argument("--port", type=_port_argument, default=DEFAULT_PORT, help="the port (0: any free one)")
    sub.add_argument(
        "--time-limit", type=_seconds_argument, default=10.0, metavar="SECONDS", help="the most time a request may take"
    )
    sub.add_argument(
        "--heavy", type=positive_argument, default=2, metavar="N", help="diff and replay requests run N at a time"
    )
    sub.add_argument(
        "--docs",
        metavar="DIR",
        help="serve the documentation site built in DIR under /docs/ (default: build/site if `mkdocs build` made it)",
    )


def run(args: argparse.Namespace) -> int:
    from importlib.util import find_spec

    if any(find_spec(name) is None for name in ("starlette", "uvicorn", "jinja2")):
        raise InputError("`yakuset serve` needs the web extra: pip install 'yakuset[web]'")
    from .. import _web

    docs = _built_site(args.docs)
    try:
        sock = _web.listen(args.host, args.port)
    except OSError as exc:
        raise InputError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    if not _loopback(args.host):
        print(
            f"yakuset: warning: listening on {args.host}: anyone who can reach this machine can use the server "
            "(there is no authentication); the default, 127.0.0.1, serves this machine only",
            file=sys.stderr,
        )

    def ready() -> None:
        if args.json:  # one object a program reads to find the server
            print(json.dumps({"url": _web.url(sock), "api": "/api/v1", "docs": "/docs/" if docs else None}), flush=True)
            return
        site = "; the documentation: /docs/" if docs else ""
        print(f"yakuset serve: {_web.url(sock)} (the API: /api/v1{site}; Ctrl-C stops)", flush=True)

    _web.serve(sock, _web.Limits(seconds=args.time_limit, heavy=args.heavy), ready, docs=docs)
    return EXIT_OK


def _loopback(host: str) -> bool:
    """Whether ``host`` serves this machine only."""
    import ipaddress

    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _built_site(given: str | None) -> Path | None:
    """The built documentation site to serve under /docs: the folder given, which must hold one,
    else build/site in the working folder when it holds one."""
    folder = Path(given) if given is not None else BUILT_SITE
    if (folder / "index.html").is_file():
        return folder.resolve()
    if given is not None:
        raise InputError(f"--docs {given}: no built documentation site there (no index.html); `mkdocs build` makes one")
    return None


def _seconds_argument(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {value!r}") from None
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"expected more than 0 and at most 3600 seconds, got {value!r}")
    return seconds


def _port_argument(value: str) -> int:
    port = count_argument(value)
    if port > 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {value!r}")
    return port
