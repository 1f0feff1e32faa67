"""The SSH door of a table (``monstertrick.net.transports.ssh``), on loopback with asyncssh's own
client. Each screen is a small Python program on the door's pseudo-terminal that says
its pid, TERM, code and size, reports window changes, echoes input as hex and exits
with a status when told; a stubborn one ignores SIGHUP and SIGTERM."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import random
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

asyncssh = pytest.importorskip("asyncssh")

from monstertrick.net.transports import ssh as sshdoor  # noqa: E402
from monstertrick.net.transports.ssh import (  # noqa: E402
    CLOSED,
    DEFAULT_TERM,
    FAILED,
    FULL,
    INSTALL_HINT,
    NO_COMMAND,
    NO_TERMINAL,
    NOT_A_CODE,
    RESTORE_TERMINAL,
    WRONG_CODE,
    SshDoor,
    SshDoorError,
    open_ssh_door,
    screen_environment,
    screen_size,
    seat_request,
    term_name,
)

SAFETY = 60.0
"""Seconds before a test that hangs fails (a safety net only: nothing waits on time)."""

SCREEN = textwrap.dedent(
    """
    import os, signal, sys, tty
    tty.setraw(0)
    stubborn = sys.argv[2:] == ["stubborn"]
    if stubborn or sys.argv[2:] == ["nohup"]:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if stubborn:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    def say(text):
        os.write(1, text.encode())
    def size(*_):
        columns, rows = os.get_terminal_size(0)
        say(f"size {columns}x{rows}\\n")
    signal.signal(signal.SIGWINCH, size)
    say(f"pid {os.getpid()} term {os.environ['TERM']} code {sys.argv[1]}\\n")
    size()
    while True:
        try:
            data = os.read(0, 1024)
        except OSError:
            data = b""
        while stubborn and not data:  # hung up: stays all the same
            signal.pause()
        if data.startswith(b"exit "):
            sys.exit(int(data[5:]))
        say("got " + data.hex() + "\\n")
    """
)


class Screens:
    """The ``command`` of a door under test: records each code it is given."""

    def __init__(self, *extra: str) -> None:
        self.codes: list[str | None] = []
        self.extra = list(extra)

    def __call__(self, code: str | None) -> list[str]:
        self.codes.append(code)
        return [sys.executable, "-c", SCREEN, str(code), *self.extra]


@asynccontextmanager
async def door_open(
    tmp_path: Path, command: Callable[[str | None], list[str]], **options: Any
) -> AsyncIterator[SshDoor]:
    door = await open_ssh_door(
        host="127.0.0.1", port=0, key_path=tmp_path / "ssh_host_key", command=command, **options
    )
    try:
        yield door
    finally:
        await asyncio.wait_for(door.close(), SAFETY)


def connect(door: SshDoor, user: str = "k7qf 9xmb") -> Any:
    return asyncssh.connect(
        "127.0.0.1",
        door.port,
        username=user,
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        config=None,
    )


async def line(process: Any) -> str:
    data = await asyncio.wait_for(process.stdout.readuntil(b"\n"), SAFETY)
    return str(data.decode()).rstrip("\r\n")


async def screen(connection: Any, term: str = "xterm-test", size=(100, 30)) -> tuple[Any, int]:
    """A session with a terminal, once its screen has started: (process, screen's pid)."""
    process = await connection.create_process(term_type=term, term_size=size, encoding=None)
    first = (await line(process)).split()
    assert first[0] == "pid"
    return process, int(first[1])


async def ended(pid: int) -> None:
    """Return once process ``pid`` has ended (waiting on a pidfd, not polling)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return  # ended and reaped already
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    loop.add_reader(fd, lambda: done.done() or done.set_result(None))
    try:
        await asyncio.wait_for(done, SAFETY)
    finally:
        loop.remove_reader(fd)
        os.close(fd)


pytestmark = pytest.mark.skipif(
    not hasattr(os, "pidfd_open"), reason="waits on processes with Linux's pidfd"
)


async def test_bytes_relay_both_ways_and_the_screen_gets_the_terminal(tmp_path: Path) -> None:
    screens = Screens()
    async with door_open(tmp_path, screens) as door, connect(door) as connection:
        process = await connection.create_process(
            term_type="xterm-test", term_size=(100, 30), encoding=None
        )
        first = await line(process)
        assert first.split()[2:] == ["term", "xterm-test", "code", "K7QF-9XMB"]
        assert await line(process) == "size 100x30"
        sent = bytes(range(256)) * 4
        process.stdin.write(sent)
        echoed = b""
        while len(echoed) < len(sent):
            reply = await line(process)
            assert reply.startswith("got ")
            echoed += bytes.fromhex(reply[4:])
        assert echoed == sent
        assert screens.codes == ["K7QF-9XMB"]


async def test_a_window_change_reaches_the_screen(tmp_path: Path) -> None:
    async with door_open(tmp_path, Screens()) as door, connect(door) as connection:
        process, _ = await screen(connection, size=(100, 30))
        assert await line(process) == "size 100x30"
        process.change_terminal_size(132, 43)
        assert await line(process) == "size 132x43"
        process.change_terminal_size(100_000, 0)  # clamped; 0 is "not said"
        assert await line(process) == "size 500x24"


async def test_a_huge_or_missing_size_is_clamped_and_a_strange_term_replaced(
    tmp_path: Path,
) -> None:
    async with door_open(tmp_path, Screens()) as door, connect(door) as connection:
        process = await connection.create_process(
            term_type="xterm;rm -rf ~", term_size=(0, 99_999), encoding=None
        )
        assert (await line(process)).split()[2:4] == ["term", DEFAULT_TERM]
        assert await line(process) == "size 80x200"


async def test_the_code_is_normalised_and_a_user_name_that_is_no_code_gives_none(
    tmp_path: Path,
) -> None:
    screens = Screens()
    async with door_open(tmp_path, screens) as door:
        for user in ("k7qf9xmb", "K7QF-9XMB", "pi", "$(reboot)", "k" * 300):
            async with connect(door, user) as connection:
                process, pid = await screen(connection)
                process.close()
            await ended(pid)
    assert screens.codes == ["K7QF-9XMB", "K7QF-9XMB", None, None, None]


async def test_a_wrong_code_or_a_user_name_that_is_no_code_starts_no_screen(
    tmp_path: Path,
) -> None:
    """With the table's check (``admits``), only a code of the table starts a screen: a
    wrong one, or a user name that is no code at all, is told why and costs no process;
    the check is given the client's address (its wrong codes wait their turn)."""
    screens = Screens()
    asked: list[tuple[str, str]] = []

    async def admits(code: str, address: str) -> bool:
        asked.append((code, address))
        return code == "K7QF-9XMB"

    async with door_open(tmp_path, screens, admits=admits) as door:
        for user, told in (("2222-2222", WRONG_CODE), ("pi", NOT_A_CODE)):
            async with connect(door, user) as connection:
                process = await connection.create_process(term_type="xterm", encoding=None)
                result = await asyncio.wait_for(process.wait(), SAFETY)
                assert result.exit_status == 1
                assert told.encode() in result.stderr
        assert screens.codes == [] and len(door.screens) == 0
        async with connect(door, "k7qf-9xmb") as connection:
            process, pid = await screen(connection)
            process.close()
        await ended(pid)
    assert screens.codes == ["K7QF-9XMB"]
    assert asked == [("2222-2222", "127.0.0.1"), ("K7QF-9XMB", "127.0.0.1")]


async def test_closing_the_door_tells_each_screen_what_the_host_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's goodbye (the game is saved, how to go on) is what each SSH client is
    left with, not a bare "closed"."""
    monkeypatch.setattr(sshdoor, "CLOSE_WAIT", 0)
    goodbye = "The host closed the table; the game is saved (host --resume to go on)."
    async with door_open(tmp_path, Screens()) as door:
        connection = await connect(door)
        process, pid = await screen(connection)
        await asyncio.wait_for(door.close(goodbye), SAFETY)
        await ended(pid)
        result = await asyncio.wait_for(process.wait(), SAFETY)
        assert result.stderr == f"\r\n{goodbye}\r\n".encode()
        await asyncio.wait_for(connection.wait_closed(), SAFETY)


async def test_a_client_without_a_terminal_is_told_to_use_t_and_no_screen_starts(
    tmp_path: Path,
) -> None:
    screens = Screens()
    async with door_open(tmp_path, screens) as door, connect(door) as connection:
        process = await connection.create_process(encoding=None)
        result = await asyncio.wait_for(process.wait(), SAFETY)
        assert result.exit_status == 1
        assert result.stderr == (NO_TERMINAL + "\n").encode()
        assert result.stdout == b""
    assert screens.codes == []


async def test_a_command_sftp_and_forwarding_are_refused_and_no_screen_starts(
    tmp_path: Path,
) -> None:
    screens = Screens()
    async with door_open(tmp_path, screens) as door, connect(door) as connection:
        result = await asyncio.wait_for(connection.run("id", encoding=None), SAFETY)
        assert result.exit_status == 1
        assert result.stderr == (NO_COMMAND + "\n").encode()
        tty = await asyncio.wait_for(connection.run("id", term_type="xterm", encoding=None), SAFETY)
        assert (tty.exit_status, tty.stderr) == (1, (NO_COMMAND + "\r\n").encode())
        with pytest.raises(asyncssh.Error):
            await asyncio.wait_for(connection.start_sftp_client(), SAFETY)
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(connection.open_connection("127.0.0.1", door.port), SAFETY)
        with pytest.raises(asyncssh.ChannelListenError):
            await asyncio.wait_for(connection.forward_remote_port("127.0.0.1", 0, "x", 1), SAFETY)
    assert screens.codes == []


async def test_a_connection_that_asks_for_no_screen_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sshdoor, "SESSION_WAIT", 0)
    async with door_open(tmp_path, Screens()) as door:
        try:
            connection = await connect(door)
        except asyncssh.Error:
            return  # closed before the client had even seen the login succeed
        await asyncio.wait_for(connection.wait_closed(), SAFETY)


async def test_a_connection_whose_screen_has_closed_is_closed_unless_it_asks_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sshdoor, "SESSION_WAIT", SAFETY * 10)  # for the login
    async with door_open(tmp_path, Screens()) as door, connect(door) as connection:
        process, _ = await screen(connection)
        monkeypatch.setattr(sshdoor, "SESSION_WAIT", 0)  # once the screen has closed
        process.stdin.write(b"exit 0")
        await asyncio.wait_for(process.wait(), SAFETY)
        await asyncio.wait_for(connection.wait_closed(), SAFETY)


async def test_connections_beyond_the_screens_and_spares_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sshdoor, "SPARE_CONNECTIONS", 1)
    screens = Screens()
    async with door_open(tmp_path, screens, max_sessions=1) as door:
        async with connect(door) as first, connect(door) as second:
            await screen(first)
            with pytest.raises((asyncssh.Error, OSError)):
                async with connect(door):
                    pass
            refused = await second.create_process(term_type="xterm", encoding=None)
            assert (await asyncio.wait_for(refused.wait(), SAFETY)).exit_status == 1
    assert len(screens.codes) == 1


SINK = textwrap.dedent(
    """
    import hashlib, os, signal, sys, tty
    tty.setraw(0)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    os.write(1, f"pid {os.getpid()}\\n".encode())
    signal.sigwait({signal.SIGUSR1})  # reads nothing until told
    wanted, taken = int(sys.argv[1]), hashlib.sha256()
    while wanted:
        data = os.read(0, 65536)
        taken.update(data)
        wanted -= len(data)
    os.write(1, f"took {taken.hexdigest()}\\n".encode())
    """
)


async def test_input_a_screen_does_not_take_waits_in_the_client_not_the_door(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A screen that reads nothing while a client sends megabytes: the door holds at
    most MAX_PENDING bytes (and a packet) of it; once the screen reads, every byte
    arrives, in order."""
    held: list[int] = []
    full = asyncio.Event()
    data_received = sshdoor._Seat.data_received

    def counted(seat: Any, data: bytes) -> None:
        data_received(seat, data)
        held.append(len(seat.pending))
        if held[-1] > sshdoor.MAX_PENDING:
            full.set()

    monkeypatch.setattr(sshdoor._Seat, "data_received", counted)
    sent = random.Random(5).randbytes(4 * 1024 * 1024)
    command = lambda code: [sys.executable, "-c", SINK, str(len(sent))]  # noqa: E731
    async with door_open(tmp_path, command) as door, connect(door) as connection:
        process, pid = await screen(connection)
        process.stdin.write(sent)
        await asyncio.wait_for(full.wait(), SAFETY)
        os.kill(pid, signal.SIGUSR1)
        assert await line(process) == f"took {hashlib.sha256(sent).hexdigest()}"
    assert max(held) <= sshdoor.MAX_PENDING + 64 * 1024, max(held)


async def test_a_screen_that_cannot_start_is_told_and_the_door_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = str(tmp_path / "no-such-program")
    screens = Screens()
    command = lambda code: [missing] if code is None else screens(code)  # noqa: E731
    async with door_open(tmp_path, command) as door:
        async with connect(door, "someone") as connection:
            process = await connection.create_process(term_type="xterm", encoding=None)
            result = await asyncio.wait_for(process.wait(), SAFETY)
            assert (result.exit_status, result.stderr) == (1, f"\r\n{FAILED}\r\n".encode())
        assert missing in caplog.text
        assert door.screens == set()
        async with connect(door) as connection:
            await screen(connection)


async def test_the_console_is_not_told_every_connection_s_steps_and_codes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    chatter = logging.getLogger("asyncssh")
    level = chatter.level
    chatter.setLevel(logging.NOTSET)
    caplog.set_level(logging.INFO)
    try:
        async with door_open(tmp_path, Screens()) as door, connect(door) as connection:
            await screen(connection)
    finally:
        chatter.setLevel(level)
    assert [r for r in caplog.records if "K7QF" in r.getMessage().upper()] == []


async def test_closing_the_client_ends_the_screen(tmp_path: Path) -> None:
    async with door_open(tmp_path, Screens()) as door:
        async with connect(door) as connection:
            _, pid = await screen(connection)
        await ended(pid)


async def test_a_screen_that_ignores_hangup_and_sigterm_is_killed(tmp_path: Path) -> None:
    async with door_open(tmp_path, Screens("stubborn"), grace=0.1) as door:
        async with connect(door) as connection:
            _, pid = await screen(connection)
        await ended(pid)


async def test_a_connection_that_drops_ends_the_screen(tmp_path: Path) -> None:
    async with door_open(tmp_path, Screens()) as door:
        connection = await connect(door)
        _, pid = await screen(connection)
        connection.abort()
        await ended(pid)


async def test_the_screen_exiting_closes_the_channel_with_its_status(tmp_path: Path) -> None:
    async with door_open(tmp_path, Screens()) as door, connect(door) as connection:
        process, pid = await screen(connection)
        process.stdin.write(b"exit 7")
        result = await asyncio.wait_for(process.wait(), SAFETY)
        assert result.exit_status == 7
        assert RESTORE_TERMINAL.encode() not in result.stdout  # it left the terminal itself
        await ended(pid)
        assert door.screens == set()


async def test_a_screen_killed_by_a_signal_is_reported_as_such(tmp_path: Path) -> None:
    async with door_open(tmp_path, Screens()) as door, connect(door) as connection:
        process, pid = await screen(connection)
        os.kill(pid, signal.SIGKILL)
        result = await asyncio.wait_for(process.wait(), SAFETY)
        assert result.exit_signal is not None and result.exit_signal[0] == "KILL"
        assert result.stdout.endswith(RESTORE_TERMINAL.encode())


async def test_a_full_table_refuses_the_next_screen(tmp_path: Path) -> None:
    screens = Screens()
    async with door_open(tmp_path, screens, max_sessions=1) as door:
        async with connect(door) as first:
            _, pid = await screen(first)
            async with connect(door) as second:
                refused = await second.create_process(term_type="xterm", encoding=None)
                result = await asyncio.wait_for(refused.wait(), SAFETY)
                assert result.exit_status == 1
                assert result.stderr == (FULL.format(count=1) + "\r\n").encode()
            assert len(screens.codes) == 1
        await ended(pid)
        async with connect(door) as third:  # a seat is free again
            await screen(third)
        assert len(screens.codes) == 2


async def test_a_screen_whose_program_has_ended_no_longer_holds_a_place(tmp_path: Path) -> None:
    """Even before the door has read the program's exit status (a seat freed by a
    screen that just ended is free for the next one at once)."""
    async with door_open(tmp_path, Screens()) as door:
        seat = sshdoor._Seat(door, "k7qf 9xmb", lambda: None)
        starting: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        seat.task = starting  # type: ignore[assignment]
        assert seat.holds_a_place()  # (its code checked, its program not started yet)
        seat.process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "import sys; sys.stdin.read()", stdin=subprocess.PIPE
        )
        assert seat.holds_a_place()
        assert seat.process.stdin is not None
        seat.process.stdin.close()
        await ended(seat.process.pid)
        assert not seat.holds_a_place()
        await seat.process.wait()
        assert not seat.holds_a_place()
        starting.set_result(None)
        seat.process = None
        assert not seat.holds_a_place()  # (ended before its program started)


async def test_closing_the_door_ends_every_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sshdoor, "CLOSE_WAIT", 0)  # these clients stay: disconnected at once
    async with door_open(tmp_path, Screens()) as door:
        connections = [await connect(door) for _ in range(3)]
        screens = [await screen(connection) for connection in connections]
        await asyncio.wait_for(door.close(), SAFETY)
        for process, pid in screens:
            await ended(pid)
            result = await asyncio.wait_for(process.wait(), SAFETY)
            # It ended of the hang-up: killed by SIGHUP, or failing on its terminal
            # first; never SIGTERM or SIGKILL, kept for screens that stay.
            assert result.exit_signal is None or result.exit_signal[0] == "HUP"
            assert result.exit_signal is not None or result.exit_status == 1
            assert result.stdout.endswith(RESTORE_TERMINAL.encode())
            assert result.stderr == f"\r\n{CLOSED}\r\n".encode()
        for connection in connections:
            await asyncio.wait_for(connection.wait_closed(), SAFETY)


async def test_a_screen_failing_on_its_hung_up_terminal_leaves_the_clients_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A screen that outlives the SIGHUP fails on its terminal (exit status 1): it could
    not restore the client's terminal, so the door does."""
    monkeypatch.setattr(sshdoor, "CLOSE_WAIT", 0)
    async with door_open(tmp_path, Screens("nohup")) as door:
        connection = await connect(door)
        process, pid = await screen(connection)
        await asyncio.wait_for(door.close(), SAFETY)
        await ended(pid)
        result = await asyncio.wait_for(process.wait(), SAFETY)
        assert (result.exit_signal, result.exit_status) == (None, 1)
        assert result.stdout.endswith(RESTORE_TERMINAL.encode())
        assert result.stderr == f"\r\n{CLOSED}\r\n".encode()


async def test_a_closing_door_lets_the_client_leave_before_disconnecting_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenSSH's client, disconnected, exits without showing what it has not yet shown
    (the notice among it): the door waits for clients to leave once their sessions
    have closed (here for longer than the test could take)."""
    monkeypatch.setattr(sshdoor, "CLOSE_WAIT", SAFETY * 10)
    async with door_open(tmp_path, Screens()) as door:
        connection = await connect(door)
        process, _ = await screen(connection)
        closing = asyncio.ensure_future(door.close())
        result = await asyncio.wait_for(process.wait(), SAFETY)
        assert CLOSED in result.stderr.decode()
        with pytest.raises(asyncssh.ChannelOpenError):  # the door answers: still connected
            await asyncio.wait_for(connection.create_process(term_type="xterm"), SAFETY)
        assert not closing.done()
        connection.close()
        await asyncio.wait_for(closing, SAFETY)


async def test_a_screen_dies_with_the_host_even_killed_with_sigkill(tmp_path: Path) -> None:
    """The door in a process of its own, killed with SIGKILL: its screen ends too, even
    one that ignores the hangup."""
    host = textwrap.dedent(
        f"""
        import asyncio, sys
        from pathlib import Path
        from monstertrick.net.transports.ssh import open_ssh_door
        async def main():
            door = await open_ssh_door(
                host="127.0.0.1", port=0, key_path=Path({str(tmp_path / "key")!r}),
                command=lambda code: [sys.executable, "-c", {SCREEN!r}, str(code), "stubborn"],
            )
            print(door.port, flush=True)
            await asyncio.Event().wait()
        asyncio.run(main())
        """
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", host, stdout=asyncio.subprocess.PIPE
    )
    try:
        assert process.stdout is not None
        port = int(await asyncio.wait_for(process.stdout.readline(), SAFETY))
        async with asyncssh.connect(
            "127.0.0.1",
            port,
            username="x",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            config=None,
        ) as connection:
            _, pid = await screen(connection)
            process.kill()
            await ended(pid)
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()


async def test_the_host_key_is_made_once_private_and_reused(tmp_path: Path) -> None:
    key = tmp_path / "data" / "ssh_host_key"
    async with door_open(tmp_path / "data", Screens()) as door:
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
        assert door.fingerprint.startswith("SHA256:")
        async with connect(door) as connection:
            assert connection.get_server_host_key().get_fingerprint() == door.fingerprint
        made = key.read_bytes()
    async with door_open(tmp_path / "data", Screens()) as again:
        assert again.fingerprint == door.fingerprint
        assert key.read_bytes() == made
    assert [p.name for p in key.parent.iterdir()] == ["ssh_host_key"]  # no leftovers


@pytest.mark.parametrize(
    "content", [b"", b"not a key\n", b"\xff" * 100, b"-----BEGIN OPENSSH PRIVATE KEY-----\n"]
)
async def test_a_damaged_host_key_is_a_clear_error(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "ssh_host_key").write_bytes(content)
    with pytest.raises(SshDoorError, match="is damaged.*Delete the file"):
        await open_ssh_door(
            host="127.0.0.1", port=0, key_path=tmp_path / "ssh_host_key", command=Screens()
        )
    assert (tmp_path / "ssh_host_key").read_bytes() == content  # left for the person to see


async def test_a_port_in_use_is_a_clear_error(tmp_path: Path) -> None:
    async with door_open(tmp_path, Screens()) as door:
        with pytest.raises(SshDoorError, match="Cannot listen for SSH on 127.0.0.1 port"):
            await open_ssh_door(
                host="127.0.0.1", port=door.port, key_path=tmp_path / "k", command=Screens()
            )


async def test_without_asyncssh_the_door_names_the_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "asyncssh", None)
    with pytest.raises(SshDoorError) as raised:
        await open_ssh_door(host="127.0.0.1", port=0, key_path=tmp_path / "k", command=Screens())
    assert str(raised.value) == INSTALL_HINT
    assert 'pip install "monstertrick[table]"' in INSTALL_HINT


def test_importing_the_door_does_not_import_asyncssh() -> None:
    code = "import sys, monstertrick.net.transports.ssh; print('asyncssh' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip() == "False", result.stderr


def test_terminal_names_sizes_and_environment() -> None:
    assert term_name("xterm-256color") == "xterm-256color"
    assert term_name("screen-256color-bce") == "screen-256color-bce"
    for bad in ("", "xterm\x1b[2J", "../../x", "a b", "x" * 41, "xterm.color"):
        assert term_name(bad) == DEFAULT_TERM
    assert screen_size(0, 0) == (80, 24)
    assert screen_size(10**9, 10**9) == (500, 200)
    assert screen_size(120, 40) == (120, 40)
    host = {"PATH": "/bin", "TERM": "tmux", "COLORTERM": "truecolor", "TMUX": "x", "LINES": "9"}
    assert screen_environment(host, "vt220") == {"PATH": "/bin", "TERM": "vt220"}


async def test_a_code_with_lines_after_it_starts_the_line_mode_screen_once_checked(
    tmp_path: Path,
) -> None:
    """``CODE+lines`` as the user name (any case) runs the door's line-mode command for
    the code; the table's check still comes first: a wrong code or no code with
    ``+lines`` is told why and starts nothing; the code alone runs the usual screen."""
    screens, lines = Screens(), Screens("lines")
    asked: list[str] = []

    async def admits(code: str, address: str) -> bool:
        asked.append(code)
        return code == "K7QF-9XMB"

    async with door_open(tmp_path, screens, admits=admits, lines_command=lines) as door:
        for user, told in (("2222-2222+lines", WRONG_CODE), ("pi+lines", NOT_A_CODE)):
            async with connect(door, user) as connection:
                process = await connection.create_process(term_type="xterm", encoding=None)
                result = await asyncio.wait_for(process.wait(), SAFETY)
                assert result.exit_status == 1
                assert told.encode() in result.stderr
        assert screens.codes == [] and lines.codes == [] and len(door.screens) == 0
        for user in ("k7qf9xmb+LINES", "K7QF-9XMB"):
            async with connect(door, user) as connection:
                process, pid = await screen(connection)
                process.close()
            await ended(pid)
    assert lines.codes == ["K7QF-9XMB"]
    assert screens.codes == ["K7QF-9XMB"]
    assert asked == ["2222-2222", "K7QF-9XMB", "K7QF-9XMB"]


@pytest.mark.parametrize(
    ("user", "asked"),
    [
        ("K7QF-9XMB", ("K7QF-9XMB", False)),
        ("k7qf9xmb+lines", ("K7QF-9XMB", True)),
        ("K7QF-9XMB+Lines", ("K7QF-9XMB", True)),
        ("+lines", (None, False)),
        ("pi+lines", (None, True)),
        ("K7QF-9XMB+linesx", (None, False)),
        ("lines", (None, False)),
    ],
)
def test_a_user_name_gives_its_code_and_whether_it_asks_for_lines(
    user: str, asked: tuple[str | None, bool]
) -> None:
    assert seat_request(user) == asked
