"""``monstertrick serve``: the game in a web browser, one game process per tab.

textual-serve (the optional extra ``monstertrick[web]``) starts a game process,
``python -m monstertrick [COMMAND...]``, for every browser tab that opens the page, and
draws its screen with xterm.js. The command is fixed when the server starts: nothing a
browser sends becomes part of it. Closing a tab ends its game process; the game's autosave
keeps it for Continue.

What a browser may do is bounded (:mod:`monstertrick.net.guards`): only pages that name this
server (its Host names) are served, every message is metered, terminal sizes are clamped
and every game process ends with its tab or the server. The glue to textual-serve is in
:mod:`monstertrick.net.transports.browser`.

Importing this module imports neither Textual nor textual-serve: that happens only in
:func:`serve`, when the server is about to run.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from ..guards import MessageLimits, is_loopback, terminal_size

TITLE = "Monster Trick"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
MAX_GAMES = 16
"""Game processes at once by default (one per open tab); a tab beyond them is refused."""

INSTALL_HINT = (
    "serving in a browser needs textual-serve, which is not installed: "
    'pip install "monstertrick[web]"'
)

SERVABLE = ("play", "resume", "view")
"""The commands a tab may run (the others do not open the game's screen)."""

LIMITS = MessageLimits()
"""What one tab may send. The page sends a message per key, mouse move and resize: a
person never comes near these; a flood, or one message larger than a paste of a few
lines, closes the tab (the game's autosave keeps it)."""


def app_argv(args: Sequence[str]) -> list[str]:
    """The command that runs the game for one tab: this interpreter, this package and the
    fixed arguments.

    ``-m`` alone would put the server's working folder first on the game's import path,
    so a stray ``re.py`` or ``json.py`` there would be run instead of Python's own: ``-P``
    (Python 3.11 and newer) leaves it out; Python 3.10 has only ``-I``, which also
    ignores PYTHON* variables and the user's site-packages.
    """
    safe_path = "-P" if sys.version_info >= (3, 11) else "-I"
    return [sys.executable, safe_path, "-m", "monstertrick", *args]


def app_command(args: Sequence[str]) -> str:
    """:func:`app_argv` as one line of shell, each part quoted (it is run without a shell;
    this is how it is shown)."""
    return shlex.join(app_argv(args))


def exposure_warning(host: str, port: int, saves: str) -> str | None:
    """What to tell the person serving on an address other machines can reach."""
    if is_loopback(host):
        return None
    return (
        f"monstertrick: warning: serving on {host}:{port}, which other machines may reach. "
        "There is no login: anyone who opens the page plays, and every tab shares the "
        f"saved games in {saves}. Serve on 127.0.0.1 unless you trust the network."
    )


# ---------------------------------------------------------------------- the page's messages


@dataclass(frozen=True)
class Stdin:
    """Keys, mouse and pastes, as a terminal would send them."""

    data: str


@dataclass(frozen=True)
class Resize:
    """The terminal's new size, already clamped."""

    columns: int
    rows: int


@dataclass(frozen=True)
class Ping:
    """A round trip: the page wants ``data`` back."""

    data: str


@dataclass(frozen=True)
class Focus:
    """The page gained (or lost) the keyboard."""

    focused: bool


ClientMessage = Stdin | Resize | Ping | Focus


def parse_message(text: str) -> ClientMessage | None:
    """One message of textual-serve's page (a JSON list: ``["stdin", TEXT]``,
    ``["resize", {"width": W, "height": H}]``, ``["ping", TEXT]``, ``["focus"]`` or
    ``["blur"]``), or None for anything else, which is ignored."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope:
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(data, str):
        return Stdin(data)
    if kind == "resize" and isinstance(data, dict):
        size = terminal_size(data.get("width"), data.get("height"))
        return None if size is None else Resize(*size)
    if kind == "ping" and isinstance(data, str) and len(data) <= 64:
        return Ping(data)
    if kind in ("focus", "blur"):
        return Focus(kind == "focus")
    return None


# ---------------------------------------------------------------------- serving


def serve(
    args: Sequence[str],
    *,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    allow_hosts: Sequence[str] = (),
    max_games: int = MAX_GAMES,
) -> int:
    """Serve ``monstertrick ARGS...`` to browsers until SIGINT, SIGTERM or SIGHUP; the
    exit code.

    ``args`` must already be checked (``cli`` does it with its own parser), and so must
    ``host`` and ``allow_hosts`` be host names. Pages are served to the names of
    :meth:`~monstertrick.net.guards.HostNames.for_address`.
    """
    try:
        from .browser import GameServer
    except ImportError:
        print(f"monstertrick: {INSTALL_HINT}", file=sys.stderr)
        return 2

    from ...saves import SaveStore
    from ..guards import HostNames

    warning = exposure_warning(host, port, str(SaveStore().saves))
    if warning is not None:
        print(warning, file=sys.stderr)

    names = HostNames.for_address(host, allow_hosts)
    server = GameServer(
        app_argv(args), host=host, port=port, names=names, limits=LIMITS, max_games=max_games
    )
    try:
        server.serve()
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else str(exc)  # not aiohttp's long form
        print(f"monstertrick: cannot serve on {host}:{port}: {reason}", file=sys.stderr)
        return 1
    return 0
