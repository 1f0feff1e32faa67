"""The SSH door of a table: ``ssh -p PORT CODE@HOST`` opens that seat's screen.

A person with nothing but an SSH client joins a table with their code as the user name
(``CODE+lines``: the seat in plain lines for a screen reader, :data:`LINES_SUFFIX`).
The door is an SSH server inside the host's process (asyncssh): it asks for no password
and no key (the code is the credential, and the table checks it), and for each
connection runs the join client (``command``, given the code typed, as an argv: never
a shell) in a pseudo-terminal of its own, relaying bytes between the SSH channel and
that terminal. The client's terminal type and size reach the screen, and so do its
window changes.

The door does nothing else: no other command, no SFTP or scp, no port forwarding, no
agent or X11. It is bounded: at most ``max_sessions`` screens at once, a few more
connections waiting to log in or to ask for a screen (:data:`LOGIN_TIMEOUT`,
:data:`SESSION_WAIT`), at most :data:`CHANNELS_PER_CONNECTION` sessions on one
connection, input the screen has not taken held up to :data:`MAX_PENDING` bytes (then
the client waits). Given ``admits``, the door asks it about the code before it starts a
screen: a user name that is no code of the table costs no process. A screen ends with
its connection, and :meth:`SshDoor.close` ends every screen; each is the leader of a
process group of its own, ended with its group (SIGHUP as its terminal hangs up,
SIGTERM if it has not ended :data:`HANGUP_WAIT` later, then SIGKILL), and on Linux ends with the host's process however that ends.

asyncssh is imported by this module and :mod:`.ssh_server` only, and only when a door
opens: without it, :func:`open_ssh_door` raises :class:`SshDoorError` with
:data:`INSTALL_HINT`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import re
import signal
import struct
import tempfile
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from ..guards import (
    TERM_GRACE,
    end_process_group,
    signal_group,
    start_process_group,
    terminal_size,
)
from ..protocol import normal_code

if TYPE_CHECKING:
    import asyncssh

INSTALL_HINT = 'Joining over SSH needs asyncssh: pip install "monstertrick[table]"'
"""What to do when asyncssh is not installed."""

MAX_SESSIONS = 16
"""Screens open at once through one door, unless the host says otherwise."""

SPARE_CONNECTIONS = 8
"""Connections beyond one per screen (logging in, or being told the table is full)."""

CHANNELS_PER_CONNECTION = 4
"""Sessions one connection may have open at once (OpenSSH's connection sharing opens
several on one connection)."""

LOGIN_TIMEOUT = 20.0
"""Seconds a connection has to log in."""

SESSION_WAIT = 20.0
"""Seconds a connection that has logged in has to ask for a screen."""

KEEPALIVE_INTERVAL = 15.0
KEEPALIVE_COUNT = 4
"""A client silent for this many keepalive intervals has gone: its screen ends."""

CLOSE_WAIT = 2.0
"""Seconds a closing door waits for its clients to leave before disconnecting them."""
HANGUP_WAIT = 1.0
"""Seconds a screen whose terminal hung up has to end of that before SIGTERM."""

MAX_PENDING = 64 * 1024
"""Bytes of input a screen may leave untaken before the client is made to wait."""

READ_SIZE = 64 * 1024
"""Bytes read from a screen's terminal at a time."""

MAX_KEY_BYTES = 64 * 1024
"""The largest host key file read (an ed25519 key takes about 400 bytes)."""

DEFAULT_SIZE = (80, 24)
"""A screen's size when the client does not say."""

DEFAULT_TERM = "xterm-256color"
"""A screen's TERM when the client's terminal type is not a plain name."""

_TERM_NAME = re.compile(r"[A-Za-z0-9-]{1,40}")

HOST_TERMINAL_VARIABLES = frozenset(
    {
        "COLORTERM",
        "COLUMNS",
        "LINES",
        "STY",
        "TERM_PROGRAM",
        "TERM_PROGRAM_VERSION",
        "TMUX",
        "TMUX_PANE",
        "VTE_VERSION",
        "WINDOWID",
    }
)
"""Variables that describe the host's own terminal, not the client's: a screen does not
inherit them."""

RESTORE_TERMINAL = (
    "\x1b[<u"  # the keyboard protocol pushed (kitty's), popped
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l"  # no mouse reports
    "\x1b[?2004l\x1b[?2048l\x1b[?1004l"  # no bracketed paste, resize or focus reports
    "\x1b[?7h\x1b[0m\x1b[?1049l\x1b[?25h"  # wrapping, plain text, main screen, cursor
)
"""What the client's terminal is sent when a screen did not end by itself (its terminal
was hung up, or it was ended or killed), so that it is left as the screen found it, not
in the screen's modes."""

LINES_SUFFIX = "+lines"
"""Written after the code in the user name (``ssh -p PORT K7QF-9XMB+lines@ADDRESS``,
any case), it asks for the seat in plain lines for a screen reader (``join
--screen-reader``) instead of the app's screens. OpenSSH takes ``+`` in a user name."""

NO_TERMINAL = (
    "Your seat's screen needs a terminal: connect again with -t added to your ssh command."
)
NO_COMMAND = (
    "This only opens your seat's screen: connect again with nothing after the address "
    "(ssh -p PORT CODE@ADDRESS)."
)
FULL = "This table is full: {count} screens are open already. Try again when one closes."
CLOSED = "The table has closed."
NOT_A_CODE = (
    "Your user name is your seat's code: connect again as ssh -p PORT CODE@ADDRESS, "
    "with the code the host gave you."
)
WRONG_CODE = (
    "That code is not one of this table's: connect again with the code the host gave you "
    "(ssh -p PORT CODE@ADDRESS)."
)
FAILED = "Your seat's screen could not start: the host's console says why."

logger = logging.getLogger(__name__)

Admits = Callable[[str, str], Awaitable[bool]]
"""``admits(code, address)``: whether a code (in its written form), sent from that
address, opens a screen of the table (a wrong code may wait its turn first)."""


class SshDoorError(Exception):
    """The door cannot open: the message says why, for the person hosting."""


def term_name(text: str) -> str:
    """The TERM a screen gets for the client's terminal type ``text``: the name itself
    if it is a plain name (letters, digits and dashes), else :data:`DEFAULT_TERM`."""
    return text if _TERM_NAME.fullmatch(text) else DEFAULT_TERM


def screen_size(width: int, height: int) -> tuple[int, int]:
    """The (columns, rows) a screen gets for a client's terminal of ``width`` x
    ``height`` characters: clamped by :func:`monstertrick.net.guards.terminal_size`, and the
    default for a dimension the client leaves out (0)."""
    size = terminal_size(width or DEFAULT_SIZE[0], height or DEFAULT_SIZE[1])
    return DEFAULT_SIZE if size is None else size


def seat_request(user: str) -> tuple[str | None, bool]:
    """The code in a user name (its written form, or None if it is none), and whether
    the name asks for the line mode (the code followed by :data:`LINES_SUFFIX`)."""
    if len(user) > len(LINES_SUFFIX) and user.casefold().endswith(LINES_SUFFIX):
        return normal_code(user[: -len(LINES_SUFFIX)]), True
    return normal_code(user), False


def screen_environment(base: Mapping[str, str], term: str) -> dict[str, str]:
    """A screen's environment: ``base`` without the host's own terminal's variables,
    with TERM ``term``."""
    environment = {k: v for k, v in base.items() if k not in HOST_TERMINAL_VARIABLES}
    environment["TERM"] = term
    return environment


def _set_size(fd: int, size: tuple[int, int]) -> None:
    """Give the pseudo-terminal ``fd`` the size (columns, rows); the kernel tells the
    terminal's foreground process group (SIGWINCH) if it changed."""
    import fcntl
    import termios

    columns, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


# ---------------------------------------------------------------------- host key


def host_key(path: Path) -> asyncssh.SSHKey:
    """The door's host key, kept at ``path``: read from there, or made (ed25519) and
    written there with mode 0600 the first time. Raises :class:`SshDoorError` if the
    file is damaged or cannot be written."""
    import asyncssh

    try:
        with open(path, "rb") as file:
            data = file.read(MAX_KEY_BYTES + 1)
    except FileNotFoundError:
        return _new_host_key(path)
    except OSError as error:
        raise SshDoorError(f"The SSH host key {path} cannot be read: {error.strerror}.") from None
    try:
        if len(data) > MAX_KEY_BYTES:
            raise ValueError("far too large for a key")
        return asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError) as error:
        raise SshDoorError(
            f"The SSH host key {path} is damaged ({error}). Delete the file and a new key "
            "is made; whoever joined over SSH before is then warned that the key changed."
        ) from None


def _new_host_key(path: Path) -> asyncssh.SSHKey:
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519", comment="monstertrick table")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)  # 0600
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(key.export_private_key())
                file.flush()
                os.fsync(file.fileno())
            try:
                os.link(temporary, path)  # never over a key another host made meanwhile
            except FileExistsError:
                return host_key(path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    except OSError as error:
        raise SshDoorError(
            f"The SSH host key cannot be written to {path}: {error.strerror}."
        ) from None
    return key


# ---------------------------------------------------------------------- screens


class _Seat:
    """One SSH session: its requests, then its screen (the child process on a
    pseudo-terminal) and the relay between the channel and that terminal.

    asyncssh calls the methods named after its session callbacks (through the thin
    class of :mod:`.ssh_server`)."""

    def __init__(
        self,
        door: SshDoor,
        code: str | None,
        release: Callable[[], None],
        address: str = "",
        lines: bool = False,
    ) -> None:
        self.door = door
        self.code = code
        self.lines = lines
        """Whether the user name asked for the line mode (:data:`LINES_SUFFIX`)."""
        self.address = address
        """The client's address (whose wrong codes wait their turn)."""
        self._release = release
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.request: str | None = None
        self.term: str | None = None
        self.size = DEFAULT_SIZE
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.task: asyncio.Task[None] | None = None
        self.pending = bytearray()
        self.notice: str | None = None
        self.lost = False
        self.hung_up = False
        """Whether the door hung up the screen's terminal: whatever the screen did next
        (ended of the SIGHUP, or failed on its terminal first), it could not reach the
        client's terminal to restore it."""
        self._stop = asyncio.Event()
        self._input_paused = False
        self._output_paused = False
        self._output_open = True
        self._loop = asyncio.get_running_loop()

    # -- asyncssh's callbacks

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int]) -> bool:
        self.term = term_name(term_type)
        self.resize(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return self._requested("shell")

    def exec_requested(self) -> bool:
        # Accepted only to say, in the session, that the door runs no command.
        return self._requested("exec")

    def _requested(self, kind: str) -> bool:
        if self.request is not None:
            return False
        self.request = kind
        return True

    def resize(self, width: int, height: int) -> None:
        self.size = screen_size(width, height)
        if self.master is not None:
            with contextlib.suppress(OSError):
                _set_size(self.master, self.size)

    def session_started(self) -> None:
        door = self.door
        if door.closing:
            self._refuse(CLOSED)
        elif self.request != "shell":
            self._refuse(NO_COMMAND)
        elif self.term is None:
            self._refuse(NO_TERMINAL)
        elif (count := sum(seat.holds_a_place() for seat in door.screens)) >= door.max_sessions:
            self._refuse(FULL.format(count=count))
        else:
            door.screens.add(self)
            self.task = asyncio.ensure_future(self._run())

    def holds_a_place(self) -> bool:
        """Whether this screen still counts against the door's ``max_sessions``: not
        once its program has ended, even before the door has noticed and let it go
        (the program is asked without being reaped, so its exit status stays the
        door's to read)."""
        process = self.process
        if process is None or process.returncode is not None:
            return process is None and self.task is not None and not self.task.done()
        try:
            ended = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return False  # (reaped already)
        return ended is None

    def data_received(self, data: bytes) -> None:
        self.pending += data
        self._feed()

    def pause_writing(self) -> None:
        self._output_paused = True
        self._watch_output()

    def resume_writing(self) -> None:
        self._output_paused = False
        self._watch_output()

    def connection_lost(self) -> None:
        self.lost = True
        self._stop.set()
        self.door.seats.discard(self)
        if self.task is None:
            self._released()

    # -- the screen

    async def end(self, notice: str | None = None) -> None:
        """End the screen (the client is told ``notice``) and close the session."""
        self.notice = notice
        self._stop.set()
        if self.task is not None:
            await asyncio.shield(self.task)
        elif not self.lost and self.chan is not None:
            self._refuse(notice or CLOSED)

    async def _run(self) -> None:
        status: int | None = None
        try:
            refusal = await self._refusal()
            if refusal is not None:
                self._released()
                self._refuse(refusal)
                return
            status = await self._screen()
        except Exception:
            logger.exception("A seat's screen over SSH failed")
            self._say(FAILED)
        finally:
            process = self.process
            if process is not None and process.returncode is None:  # cancelled meanwhile
                signal_group(process.pid, signal.SIGKILL)
            self._close_master()
            self._released()
        chan = self.chan
        if self.lost or chan is None:
            return
        if self.hung_up or (status is not None and status < 0):
            with contextlib.suppress(OSError):
                chan.write(RESTORE_TERMINAL.encode())
        if self.notice is not None:
            self._say(self.notice)
        with contextlib.suppress(OSError):
            if status is None or status >= 0:
                chan.exit(1 if status is None else status)
            else:
                chan.exit_with_signal(_signal_name(-status))

    async def _refusal(self) -> str | None:
        """Why no screen starts for this session's code (asked of the door's
        ``admits``; the session ending meanwhile stops the asking), or None."""
        admits = self.door.admits
        if admits is None:
            return None
        if self.code is None:
            return NOT_A_CODE
        check = asyncio.ensure_future(admits(self.code, self.address))
        stopped = asyncio.ensure_future(self._stop.wait())
        try:
            await asyncio.wait({check, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
            check.cancel()
        if self._stop.is_set():
            return self.notice or CLOSED
        return None if check.result() else WRONG_CODE

    async def _screen(self) -> int:
        door = self.door
        if self.lines and door.lines_command is not None and self.code is not None:
            argv = door.lines_command(self.code)
        else:
            argv = door.command(self.code)
        master, child_side = os.openpty()
        try:
            _set_size(master, self.size)
            os.set_blocking(master, False)
            self.process = await start_process_group(
                argv,
                env=screen_environment(self.door.environment, self.term or DEFAULT_TERM),
                terminal=child_side,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(child_side)
        self.master = master
        self._watch_output()
        self._feed()
        exited = asyncio.ensure_future(self.process.wait())
        stopped = asyncio.ensure_future(self._stop.wait())
        try:
            await asyncio.wait({exited, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
        if exited.done():
            self._read_output(everything=True)
            return exited.result()
        self.hung_up = True
        self._close_master()  # the terminal hangs up: SIGHUP to the screen
        try:
            return await asyncio.wait_for(asyncio.shield(exited), HANGUP_WAIT)
        except asyncio.TimeoutError:
            pass
        return await end_process_group(self.process, grace=self.door.grace)

    def _watch_output(self) -> None:
        master = self.master
        if master is None:
            return
        if self._output_open and not self._output_paused:
            self._loop.add_reader(master, self._read_output)
        else:
            self._loop.remove_reader(master)

    def _read_output(self, everything: bool = False) -> None:
        """Pass what the screen wrote to the client: one read, or ``everything`` there
        is (the screen has ended)."""
        while self.master is not None and self._output_open:
            try:
                data = os.read(self.master, READ_SIZE)
            except BlockingIOError:
                return
            except OSError:  # EIO: nothing has the terminal's other side open any more
                data = b""
            if not data:
                self._output_open = False
                self._watch_output()
                return
            if not self.lost and self.chan is not None:
                with contextlib.suppress(OSError):
                    self.chan.write(data)
            if not everything:
                return

    def _feed(self) -> None:
        """Write the client's input to the screen's terminal, as much as it takes now;
        the rest waits for the terminal to take more, and the client for the rest."""
        master = self.master
        while master is not None and self.pending:
            try:
                written = os.write(master, self.pending)
            except BlockingIOError:
                break
            except OSError:
                self.pending.clear()
                break
            del self.pending[:written]
        if master is not None:
            if self.pending:
                self._loop.add_writer(master, self._feed)
            else:
                self._loop.remove_writer(master)
        chan = self.chan
        if chan is None or self.lost:
            return
        if not self._input_paused and len(self.pending) > MAX_PENDING:
            self._input_paused = True
            chan.pause_reading()
        elif self._input_paused and len(self.pending) <= MAX_PENDING // 2:
            self._input_paused = False
            chan.resume_reading()

    def _close_master(self) -> None:
        master, self.master = self.master, None
        if master is not None:
            self._loop.remove_reader(master)
            self._loop.remove_writer(master)
            os.close(master)

    def _released(self) -> None:
        self.door.screens.discard(self)
        release, self._release = self._release, _nothing
        release()

    def _say(self, text: str) -> None:
        chan = self.chan
        if chan is None or self.lost:
            return
        newline = "\r\n" if self.term is not None else "\n"
        with contextlib.suppress(OSError):
            chan.write_stderr(f"{newline if self.task is not None else ''}{text}{newline}".encode())

    def _refuse(self, text: str) -> None:
        self._say(text)
        if self.chan is not None and not self.lost:
            with contextlib.suppress(OSError):
                self.chan.exit(1)


def _nothing() -> None:
    return None


def _signal_name(number: int) -> str:
    """The SSH name of signal ``number`` (``TERM`` for SIGTERM)."""
    try:
        return signal.Signals(number).name.removeprefix("SIG")
    except ValueError:
        return "KILL"


# ---------------------------------------------------------------------- the door


class SshDoor:
    """An open SSH door: :attr:`port` (the port it listens on), :attr:`fingerprint`
    (its host key's, as an SSH client shows it), :meth:`close`."""

    def __init__(
        self,
        command: Callable[[str | None], list[str]],
        *,
        max_sessions: int,
        environment: Mapping[str, str] | None,
        grace: float,
        admits: Admits | None = None,
        lines_command: Callable[[str], list[str]] | None = None,
    ) -> None:
        self.command = command
        self.lines_command = lines_command
        self.admits = admits
        self.max_sessions = max_sessions
        self.grace = grace
        self._environment = environment
        self.port = 0
        self.fingerprint = ""
        self.closing = False
        self.screens: set[_Seat] = set()
        self.seats: set[_Seat] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @property
    def environment(self) -> Mapping[str, str]:
        """The environment screens start from (the host's, unless the door was given
        one)."""
        return os.environ if self._environment is None else self._environment

    @property
    def max_connections(self) -> int:
        return self.max_sessions + SPARE_CONNECTIONS

    async def close(self, notice: str = CLOSED) -> None:
        """Stop listening, end every screen (each client is told ``notice``: by default
        that the table closed) and close every connection."""
        self.closing = True
        acceptor, self._acceptor = self._acceptor, None
        if acceptor is not None:
            acceptor.close()
            await acceptor.wait_closed()
        await asyncio.gather(*(seat.end(notice) for seat in list(self.seats)))
        connections = list(self.connections)
        if connections:
            # A client leaves once its session has closed. Disconnected before, OpenSSH's
            # exits at once, without showing the last output and the notice.
            waits = [asyncio.ensure_future(each.wait_closed()) for each in connections]
            await asyncio.wait(waits, timeout=CLOSE_WAIT)
        for connection in connections:
            connection.close()
        await asyncio.gather(*(connection.wait_closed() for connection in connections))


def _server_class(door: SshDoor) -> Callable[[], asyncssh.SSHServer]:
    """The maker of the asyncssh server of each connection to ``door`` (:mod:`.ssh_server`,
    imported here so that asyncssh is imported when a door opens, not with this module)."""
    from .ssh_server import Server

    return functools.partial(Server, door)


async def open_ssh_door(
    *,
    host: str,
    port: int,
    key_path: Path,
    command: Callable[[str | None], list[str]],
    max_sessions: int = MAX_SESSIONS,
    environment: Mapping[str, str] | None = None,
    grace: float = TERM_GRACE,
    admits: Admits | None = None,
    lines_command: Callable[[str], list[str]] | None = None,
) -> SshDoor:
    """Listen for SSH on ``host``:``port`` (0: any free port, then :attr:`SshDoor.port`)
    with the host key kept at ``key_path`` (see :func:`host_key`). Each connection's
    screen runs ``command(code)``: ``code`` is the user name the client gave, in a
    code's written form (:func:`monstertrick.net.host.table.normal_code`), or None if it is not
    a code. ``environment``: what screens start from (default: this process's), with
    the client's TERM; ``grace``: seconds an ending screen has between SIGTERM and
    SIGKILL; ``admits``: asked about each code (and the client's address) before its
    screen starts (None: every code starts one); ``lines_command(code)``: the screen of
    a user name that asks for the line mode (the code, then :data:`LINES_SUFFIX`;
    None: such a name is its code alone).

    Raises :class:`SshDoorError` (a message for the person hosting) if asyncssh is not
    installed, the host key is damaged or the address cannot be listened on."""
    try:
        import asyncssh
    except ImportError:
        raise SshDoorError(INSTALL_HINT) from None
    chatter = logging.getLogger("asyncssh")
    if chatter.level == logging.NOTSET:
        # every connection's steps at INFO, user names (codes) among them: not for a
        # host's console unless asked for
        chatter.setLevel(logging.WARNING)
    key = host_key(key_path)
    door = SshDoor(
        command,
        max_sessions=max_sessions,
        environment=environment,
        grace=grace,
        admits=admits,
        lines_command=lines_command,
    )
    try:
        acceptor = await asyncssh.create_server(
            _server_class(door),
            host,
            port,
            server_host_keys=[key],
            server_version="monstertrick",
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            gss_host=None,
            password_auth=False,
            kbdint_auth=False,
            public_key_auth=False,
            host_based_auth=False,
            login_timeout=LOGIN_TIMEOUT,
            keepalive_interval=KEEPALIVE_INTERVAL,
            keepalive_count_max=KEEPALIVE_COUNT,
        )
    except OSError as error:
        raise SshDoorError(
            f"Cannot listen for SSH on {host} port {port}: {error.strerror or error}."
        ) from None
    door._acceptor = acceptor
    door.port = acceptor.get_port()
    door.fingerprint = key.get_fingerprint()
    return door
