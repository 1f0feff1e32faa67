"""The server of ``monstertrick serve``: textual-serve's, held to :mod:`monstertrick.net.guards`.

textual-serve gives the page (xterm.js), the protocol between the page and a game process
and the game side of it. This module keeps what a browser may do within bounds: only
requests that name this server are answered, only the game's own page may open a game, a
tab's messages are parsed and metered, sizes are clamped, at most ``max_games`` games run
at once, and every game process ends with its tab or with the server, whatever state it
is in. Where it overrides a method of textual-serve, a comment says why.

Imported by :func:`monstertrick.net.transports.serve.serve` only, when it is about to serve.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shlex
import signal
import sys
from collections.abc import Sequence
from typing import Literal

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, hdrs, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.typedefs import Handler, Middleware
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from ..guards import (
    HostNames,
    MessageLimits,
    MessageMeter,
    end_process_group,
    same_origin,
    settle,
    signal_group,
    split_authority,
    start_process_group,
    terminal_size,
    whole_number,
)
from .serve import TITLE, ClientMessage, Focus, Ping, Resize, Stdin, parse_message

DEFAULT_SIZE = (80, 24)
"""A tab's terminal when its page does not say (or says nonsense)."""

HEARTBEAT = 15.0
"""Seconds between pings to a page: one that stops answering is closed."""

CLOSE_WAIT = 2.0
"""Seconds a closing WebSocket waits for the page's goodbye."""

QUIT_WAIT = 1.0
"""Seconds a game has to quit when its tab closes before it is ended (SIGTERM, then
SIGKILL: :func:`monstertrick.net.guards.end_process_group`)."""

SHUTDOWN_WAIT = 3.0
"""Seconds a stopping server waits for the tabs to close once their games have ended."""

MAX_PENDING = 128 * 1024
"""Bytes of input a game may leave unread: more, and the game is stuck; its tab closes."""

MAX_REFUSALS_SHOWN = 20
"""Refused host names the console is told about (each once); a flood of them is not."""

FRAMING = "frame-ancestors 'none'"
"""No other site may show the page in a frame (and trick a player into keys there)."""

PAGE_SCRIPT = """<script>
      // The game's WebSocket is at the address this page was loaded from.
      for (const terminal of document.querySelectorAll("[data-session-websocket-url]")) {
        const url = new URL(terminal.dataset.sessionWebsocketUrl, window.location.href);
        url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
        terminal.dataset.sessionWebsocketUrl = url.href;
      }
    </script>
  </body>"""


def drop_bad_requests(record: logging.LogRecord) -> bool:
    """Whether to log ``record``: not if it is aiohttp's traceback of a request that was
    no HTTP, which a client sends at will (it was answered 400)."""
    error = record.exc_info[1] if record.exc_info else None
    return not isinstance(error, HttpProcessingError)


class Game(AppService):
    """One tab's game process: started without a shell, in a process group of its own,
    fed without ever waiting for it, and ended with its tab whatever state it is in."""

    def __init__(
        self, argv: Sequence[str], websocket: web.WebSocketResponse, downloads: DownloadManager
    ) -> None:
        async def close() -> None:
            await websocket.close()

        super().__init__(
            shlex.join(argv),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=downloads,
        )
        self.argv = list(argv)
        self._stopping: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        """Whether the game's process is starting or has not ended."""
        return self._process is None or self._process.returncode is None

    async def _open_app_process(
        self, width: int = 80, height: int = 24
    ) -> asyncio.subprocess.Process:
        # Overridden: textual-serve runs the command through a shell in the server's own
        # process group; here the game is the leader of a group of its own, which the
        # server can end as a whole, and which a Ctrl+C at the server's terminal does not
        # reach (the server ends it instead).
        environment = self._build_environment(width=width, height=height)
        # a tab draws the screens: neither the host's line-mode variable nor its saved
        # setting switches them to plain lines
        environment["MONSTERTRICK_SCREEN_READER"] = "0"
        process = await start_process_group(self.argv, env=environment)
        assert process.stdin is not None
        self._process, self._stdin = process, process.stdin
        return process

    def feed(self, packet_type: Literal[b"D", b"M"], payload: bytes) -> bool:
        """Pass a packet to the game without waiting for it to be read (textual-serve's
        send_bytes waits, and a tab whose game does not read would stop being heard);
        False if the game has ended or has more than :data:`MAX_PENDING` bytes unread."""
        stdin = self._stdin
        if stdin is None or stdin.is_closing():
            return False
        if stdin.transport.get_write_buffer_size() > MAX_PENDING:
            return False
        stdin.write(self.encode_packet(packet_type, payload))
        return True

    def feed_meta(self, data: dict[str, str | int]) -> bool:
        return self.feed(b"M", json.dumps(data).encode("utf-8"))

    async def run(self) -> None:
        # Overridden: textual-serve closes the tab only when the game says goodbye; a game
        # that ended otherwise (killed, crashed) would leave the page waiting on nothing.
        try:
            await super().run()
        finally:
            with contextlib.suppress(ConnectionError):
                await self.remote_close()

    async def stop(self) -> None:
        # Overridden: textual-serve asks the game to quit and waits as long as it takes, so
        # a game that is busy, stopped or blocked never ended. This asks, waits
        # QUIT_WAIT seconds, then ends it (SIGTERM, then SIGKILL). Any number of callers
        # may wait for the one stop, and a caller cancelled meanwhile does not cancel it.
        # A game still starting has nothing to stop yet: its tab stops it once started.
        if self._process is None:
            return
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop(self._process))
        await asyncio.shield(self._stopping)

    async def _stop(self, process: asyncio.subprocess.Process) -> None:
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process.returncode is None and self.feed_meta({"type": "quit"}):
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(process.wait(), QUIT_WAIT)
        await end_process_group(process)
        task, self._task = self._task, None
        if task is not None:
            # its output ended with the process; only a page that takes nothing in holds it
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, CLOSE_WAIT)

    def kill_now(self) -> None:
        """SIGKILL to the game's group at once (a server exiting unexpectedly)."""
        process = self._process
        if process is not None and process.returncode is None:
            signal_group(process.pid, signal.SIGKILL)


class GameServer(Server):
    """textual-serve's server with the guards: see the module's docstring."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        host: str,
        port: int,
        names: HostNames,
        limits: MessageLimits,
        max_games: int,
        serving: str = "serve",
    ) -> None:
        super().__init__(shlex.join(argv), host=host, port=port, title=TITLE)
        self.argv = list(argv)
        self.names = names
        self.limits = limits
        self.max_games = max_games
        self.serving = serving
        """The monstertrick command serving (its name in what the server says)."""
        self.games: set[Game] = set()
        self.stopping = False
        self._refused: set[str] = set()

    # ------------------------------------------------------------ running

    def serve(self, debug: bool = False) -> None:
        # Overridden: textual-serve's serve() announces the address from on_startup, before
        # the socket is bound (so a port in use was announced, then failed), and lets a
        # SIGHUP kill the server without ending the games.
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(signum, self.request_exit)
        try:
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                loop=loop,
                handle_signals=False,
                shutdown_timeout=SHUTDOWN_WAIT,
                print=self.announce,  # called once every socket is bound
            )
        finally:
            for game in self.games:  # only if the server stopped without its shutdown
                game.kill_now()

    def announce(self, _aiohttp_says: str = "") -> None:
        host = self.host
        where = f"[{host}]" if ":" in host else host
        if host in ("0.0.0.0", "::", ""):
            where = "<this machine's address>"
        print(
            f"{TITLE}: open http://{where}:{self.port} in a browser "
            "(each tab is a game of its own; Ctrl+C stops the server)",
            flush=True,
        )

    def initialize_logging(self) -> None:
        super().initialize_logging()
        # one line per page and file fetched is noise at a game table
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
        # a request that is no HTTP (a header too long, garbage) has had its 400 already
        logging.getLogger("aiohttp.server").addFilter(drop_bad_requests)

    async def on_startup(self, app: web.Application) -> None:
        # Overridden: textual-serve prints its banner here, before the socket is bound
        # (serve() announces the address once it is). A middleware can still be added
        # here: every request is checked for this server's names first.
        app.middlewares.append(self._host_check())

    async def on_shutdown(self, app: web.Application) -> None:
        # Overridden (textual-serve does nothing here): a stopping server starts no game
        # and ends every game, whatever state it is in, and so closes every tab.
        self.stopping = True
        await asyncio.gather(*(game.stop() for game in list(self.games)))

    # ------------------------------------------------------------ requests

    def _host_check(self) -> Middleware:
        @web.middleware
        async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
            host = request.headers.get(hdrs.HOST)
            sockname = request.transport.get_extra_info("sockname") if request.transport else None
            arrived_at = sockname[0] if isinstance(sockname, tuple) and sockname else None
            if not self.names.allows(host, arrived_at=arrived_at):
                self._tell_refusal(host)
                return web.Response(
                    status=421,
                    text="This server does not answer to that host name; the person serving "
                    f"can allow it with monstertrick {self.serving} --allow-host NAME.\n",
                )
            return await handler(request)

        return check

    def _tell_refusal(self, host: str | None) -> None:
        parts = None if host is None else split_authority(host)
        name = "no Host header" if host is None else "a malformed Host header"
        if parts is not None:
            name = parts[0]
        if name in self._refused or len(self._refused) > MAX_REFUSALS_SHOWN:
            return
        self._refused.add(name)
        if len(self._refused) > MAX_REFUSALS_SHOWN:
            said = "monstertrick: refused more requests (not shown)"
        elif parts is None:
            said = f"monstertrick: refused a request with {name}"
        else:
            said = (
                f"monstertrick: refused a page opened at {name}, not a name of this server "
                f"(if it is this machine's, {self.serving} with --allow-host {name})"
            )
        print(said, file=sys.stderr, flush=True)

    async def handle_index(self, request: web.Request) -> web.Response:
        # Overridden: textual-serve's page links to the address the server was started
        # with (0.0.0.0 is no address to open); this page's links are relative to wherever
        # the browser found it, and nothing of the request's headers goes into it.
        router = request.app.router
        font_size = whole_number(request.query.get("fontsize", "16"))
        context = {
            "font_size": 16 if font_size is None else min(max(font_size, 6), 64),
            "app_websocket_url": str(router["websocket"].url_for()),
            "config": {"static": {"url": str(router["static"].url_for(filename="/"))}},
            "application": {"name": TITLE},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        page = page.replace("<head>", f"<head>\n    <title>{TITLE}</title>", 1)
        page = page.replace("  </body>", PAGE_SCRIPT, 1)
        return web.Response(
            text=page,
            content_type="text/html",
            headers={"Content-Security-Policy": FRAMING, "X-Frame-Options": "DENY"},
        )

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        # Overridden: textual-serve's handler takes a WebSocket from any page, messages of
        # any size and number and any terminal size, logs a traceback for a request that
        # is no WebSocket, and waits forever for a game that does not quit.
        origin, host = request.headers.get(hdrs.ORIGIN), request.headers.get(hdrs.HOST, "")
        if not same_origin(origin, scheme=request.scheme, host=host):
            return web.Response(status=403, text="Only the game's own page may open a game.\n")
        websocket = web.WebSocketResponse(
            heartbeat=HEARTBEAT, timeout=CLOSE_WAIT, max_msg_size=self.limits.max_bytes
        )
        if not websocket.can_prepare(request).ok:
            return web.Response(
                status=400, text="This is the game's WebSocket; open the page instead.\n"
            )
        if self.stopping:
            return web.Response(status=503, text="The server is stopping.\n")
        if sum(game.running for game in self.games) >= self.max_games:
            return web.Response(
                status=503,
                text=f"{self.max_games} games are open already: close a tab and try again.\n",
            )
        size = terminal_size(request.query.get("width"), request.query.get("height"))
        try:
            await websocket.prepare(request)
        except ConnectionError:  # the page went away during the handshake: nobody to answer
            return web.Response(status=400)
        settle(request.transport)  # (a tab's game: not a connection that makes room for others)
        game = Game(self.argv, websocket, self.download_manager)
        self.games.add(game)
        try:
            await game.start(*(size or DEFAULT_SIZE))
            await self._relay(websocket, game)
        except OSError as exc:  # the game could not start (no memory, no processes left)
            print(f"monstertrick: a game could not start: {exc}", file=sys.stderr, flush=True)
        finally:
            await game.stop()
            self.games.discard(game)
            await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, game: Game) -> None:
        """Pass the page's messages to the game until the tab closes, or until the page
        breaks the limits (the tab is closed then)."""
        meter = MessageMeter(self.limits)
        async for message in websocket:
            if message.type is WSMsgType.ERROR:
                return  # a message over the size limit: aiohttp has closed the tab (1009)
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                continue
            data = message.data
            size = len(data.encode("utf-8", "replace")) if isinstance(data, str) else len(data)
            if not meter.admit(size):
                await websocket.close(
                    code=WSCloseCode.POLICY_VIOLATION, message=b"too many messages"
                )
                return
            if message.type is WSMsgType.TEXT and not await self._pass_on(
                websocket, game, parse_message(data)
            ):
                await websocket.close(
                    code=WSCloseCode.INTERNAL_ERROR, message=b"the game stopped reading"
                )
                return

    async def _pass_on(
        self, websocket: web.WebSocketResponse, game: Game, message: ClientMessage | None
    ) -> bool:
        """Act on one message of the page; False if the game is not taking input."""
        if isinstance(message, Stdin):
            return game.feed(b"D", message.data.encode("utf-8", "replace"))
        if isinstance(message, Resize):
            return game.feed_meta(
                {"type": "resize", "width": message.columns, "height": message.rows}
            )
        if isinstance(message, Focus):
            return game.feed_meta({"type": "focus" if message.focused else "blur"})
        if isinstance(message, Ping):
            with contextlib.suppress(ConnectionError):
                await websocket.send_json(["pong", message.data])
        return True  # anything else is ignored
