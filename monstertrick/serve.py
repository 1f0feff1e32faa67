"""``monstertrick serve``: the game in a web browser, one game process per tab.

textual-serve (the optional extra ``monstertrick[web]``) starts a game process,
``python -m monstertrick [COMMAND...]``, for every browser tab that opens the page, and
draws its screen with xterm.js. The command is fixed when the server starts: nothing a
browser sends becomes part of it. Closing a tab ends its game process; the game's autosave
keeps it for Continue.

Importing this module imports neither Textual nor textual-serve: that happens only in
:func:`serve`, when the server is about to run.
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import logging
import re
import shlex
import sys
from collections.abc import Sequence
from typing import Any

TITLE = "Monster Trick"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
INSTALL_HINT = (
    "serving in a browser needs textual-serve, which is not installed: "
    'pip install "monstertrick[web]"'
)

HOST_HEADER = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]+)?|\[[0-9A-Fa-f:.]+\](:[0-9]+)?")
"""A Host header that may go into the page's links as it is."""

SHUTDOWN_WAIT = 5.0
"""Seconds a stopping server waits for the game processes of open tabs to end."""

SERVABLE = ("play", "resume", "view")
"""The commands a tab may run (the others do not open the game's screen)."""


def app_command(args: Sequence[str]) -> str:
    """The shell command that runs the game for one tab: this interpreter, this package,
    the fixed arguments, each quoted.

    ``-m`` alone would put the server's working folder first on the game's import path,
    so a stray ``re.py`` or ``json.py`` there would be run instead of Python's own: ``-P``
    (Python 3.11 and newer) leaves it out; Python 3.10 has only ``-I``, which also
    ignores PYTHON* variables and the user's site-packages.
    """
    safe_path = "-P" if sys.version_info >= (3, 11) else "-I"
    return shlex.join([sys.executable, safe_path, "-m", "monstertrick", *args])


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, port: int, saves: str) -> str | None:
    """What to tell the person serving on an address other machines can reach."""
    if is_loopback(host):
        return None
    return (
        f"monstertrick: warning: serving on {host}:{port}, which other machines may reach. "
        "There is no login: anyone who opens the page plays, and every tab shares the "
        f"saved games in {saves}. Serve on 127.0.0.1 unless you trust the network."
    )


def serve(args: Sequence[str], *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> int:
    """Serve ``monstertrick ARGS...`` to browsers until SIGINT or SIGTERM; the exit code.

    ``args`` must already be checked (``cli`` does it with its own parser).
    """
    try:
        from aiohttp import web
        from textual_serve.server import Server
    except ImportError:
        print(f"monstertrick: {INSTALL_HINT}", file=sys.stderr)
        return 2

    from .saves import SaveStore

    warning = exposure_warning(host, port, str(SaveStore().saves))
    if warning is not None:
        print(warning, file=sys.stderr)

    class GameServer(Server):
        """textual-serve's server, with the game's title and addresses that follow
        the browser (a server bound to 0.0.0.0 is opened at this machine's address)."""

        def initialize_logging(self) -> None:
            super().initialize_logging()
            # one line per page and file fetched is noise at a game table
            logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

        async def handle_index(self, request: Any) -> Any:
            # The page's links (static files, the WebSocket) go back to the address the
            # browser used. Only this page changes; the command never does.
            if HOST_HEADER.fullmatch(request.host):
                self.public_url = f"{request.scheme}://{request.host}"
            response = await super().handle_index(request)
            assert isinstance(response, web.Response) and response.text is not None
            title = f"<title>{html.escape(TITLE)}</title>"
            response.text = response.text.replace("<head>", f"<head>\n    {title}", 1)
            return response

        async def handle_websocket(self, request: Any) -> Any:
            # Browsers let any page open a WebSocket anywhere: only this server's own
            # page may start a game (it sends its own address as the Origin).
            origin = request.headers.get("Origin")
            if origin is not None and origin != f"{request.scheme}://{request.host}":
                raise web.HTTPForbidden(text="only the game's own page may open a game")
            # One tab: its game process lives as long as this handler.
            tab = asyncio.current_task()
            if tab is not None:
                tabs.add(tab)
            try:
                return await super().handle_websocket(request)
            finally:
                if tab is not None:
                    tabs.discard(tab)

        async def on_shutdown(self, app: Any) -> None:
            # A stopping server closes every tab, which ends its game process (the
            # autosave keeps the game); it waits a moment for them, never forever.
            for tab in tabs:
                tab.cancel()
            if tabs:
                await asyncio.wait(list(tabs), timeout=SHUTDOWN_WAIT)

        async def on_startup(self, app: Any) -> None:
            where = f"[{host}]" if ":" in host else host
            if host in ("0.0.0.0", "::", ""):
                where = "<this machine's address>"
            print(
                f"{TITLE}: open http://{where}:{port} in a browser "
                "(each tab is a game of its own; Ctrl+C stops the server)",
                flush=True,
            )

    tabs: set[asyncio.Task[Any]] = set()
    server = GameServer(app_command(args), host=host, port=port, title=TITLE)
    try:
        server.serve()
    except OSError as exc:
        print(
            f"monstertrick: cannot serve on {host}:{port}: {exc.strerror or exc}", file=sys.stderr
        )
        return 1
    return 0
