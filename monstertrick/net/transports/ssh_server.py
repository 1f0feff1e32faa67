"""asyncssh's side of the SSH door (:mod:`.ssh`): the server of each connection and the
session of each seat, thin classes that hand asyncssh's callbacks to the door and its
seats. Imported when a door opens, and asyncssh with it."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import asyncssh

from . import ssh
from .ssh import CHANNELS_PER_CONNECTION, SshDoor, _Seat, seat_request


class Session(asyncssh.SSHServerSession[bytes]):
    """One SSH session: asyncssh's callbacks handed to its :class:`_Seat`."""

    def __init__(self, seat: _Seat) -> None:
        self.seat = seat

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.seat.connection_made(chan)

    def pty_requested(
        self,
        term_type: str,
        term_size: tuple[int, int, int, int],
        term_modes: Mapping[int, int],
    ) -> bool:
        return self.seat.pty_requested(term_type, term_size)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.seat.resize(width, height)

    def shell_requested(self) -> bool:
        return self.seat.shell_requested()

    def exec_requested(self, command: str) -> bool:
        return self.seat.exec_requested()

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self.seat.session_started()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        if datatype is None:
            self.seat.data_received(data)

    def eof_received(self) -> bool:
        return True  # a terminal has no end of input: the screen stays

    def break_received(self, msec: int) -> bool:
        return False

    def pause_writing(self) -> None:
        self.seat.pause_writing()

    def resume_writing(self) -> None:
        self.seat.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.seat.connection_lost()


class Server(asyncssh.SSHServer):
    """One SSH connection to ``door``: no authentication (the user name is a seat's
    code), a few sessions at most, closed when it has none for a while."""

    def __init__(self, door: SshDoor) -> None:
        self.door = door
        self.connection: asyncssh.SSHServerConnection | None = None
        self.username = ""
        self.channels = 0
        self.idle: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.connection = conn
        if self.door.closing or len(self.door.connections) >= self.door.max_connections:
            conn.abort()
            return
        self.door.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.connection is not None:
            self.door.connections.discard(self.connection)
        if self.idle is not None:
            self.idle.cancel()

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return False  # no authentication: the code is the credential

    def auth_completed(self) -> None:
        self._wait_for_a_session()

    def _wait_for_a_session(self) -> None:
        """Close the connection unless it has a session :data:`SESSION_WAIT` seconds
        from now (once logged in, and again whenever its last session closes)."""
        if self.idle is not None:
            self.idle.cancel()
        loop = asyncio.get_running_loop()
        self.idle = loop.call_later(
            ssh.SESSION_WAIT, self._close_if_idle
        )  # (read now: a test sets its own)

    def _close_if_idle(self) -> None:
        if self.channels == 0 and self.connection is not None:
            self.connection.close()

    def session_requested(self) -> Session | bool:
        if self.door.closing or self.channels >= CHANNELS_PER_CONNECTION:
            return False
        self.channels += 1

        def release() -> None:
            self.channels -= 1
            if self.channels == 0:
                self._wait_for_a_session()

        peer = self.connection.get_extra_info("peername") if self.connection else None
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        code, lines = seat_request(self.username)
        seat = _Seat(self.door, code, release, address, lines)
        self.door.seats.add(seat)
        return Session(seat)

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False
