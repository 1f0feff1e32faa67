"""The guards of a server browsers reach (``monstertrick.net.guards``): plain functions, no
server."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import pytest

from monstertrick.net.guards import (
    MAX_COLUMNS,
    MAX_ROWS,
    HostNames,
    MessageLimits,
    MessageMeter,
    TokenBucket,
    end_process_group,
    host_name,
    is_loopback,
    same_origin,
    split_authority,
    start_process_group,
    terminal_size,
)

from .browser import wait_until

MACHINE = ("table", "table.local", "table.home.example")


def machine() -> list[str]:
    return list(MACHINE)


# ---------------------------------------------------------------------- host names


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("LocalHost", "localhost"),
        ("table.example.", "table.example"),
        ("127.0.0.1", "127.0.0.1"),
        ("::1", "::1"),
        ("[::1]", "::1"),
        ("[0:0:0:0:0:0:0:1]", "::1"),
        ("::ffff:192.168.1.5", "192.168.1.5"),
        ("under_score-1", "under_score-1"),
        ("[127.0.0.1]", None),
        ("[evil]", None),
        ("evil.example:80", None),
        ("http://evil.example", None),
        ("ev il", None),
        ("a..b", None),
        ("", None),
        ("bücher.example", None),
        ("x" * 254, None),
    ],
)
def test_a_host_name_has_one_spelling(text: str, name: str | None) -> None:
    assert host_name(text) == name


@pytest.mark.parametrize(
    ("header", "parts"),
    [
        ("127.0.0.1:8000", ("127.0.0.1", 8000)),
        ("LOCALHOST", ("localhost", None)),
        ("[::1]:8000", ("::1", 8000)),
        ("[::1]", ("::1", None)),
        ("::1", None),
        ("[::1]:", None),
        ("host:0", None),
        ("host:65536", None),
        ("host:80:80", None),
        ("user@host", None),
        ("host/path", None),
        ("[::1", None),
    ],
)
def test_a_host_header_is_a_name_and_a_port(header: str, parts: object) -> None:
    assert split_authority(header) == parts


def test_by_default_only_the_loopback_names_are_served() -> None:
    names = HostNames.for_address("127.0.0.1", machine=machine)
    assert names.names == {"127.0.0.1", "localhost", "::1"}
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST.", "localhost"):
        assert names.allows(host), host
    for host in ("evil.example:8000", "table:8000", "127.0.0.2:8000", "", None, "x y"):
        assert not names.allows(host), host


def test_an_address_given_with_host_is_served_and_so_are_the_machines_names() -> None:
    names = HostNames.for_address("192.168.1.5", machine=machine)
    assert names.names == {"127.0.0.1", "localhost", "::1", "192.168.1.5", *MACHINE}
    assert names.allows("192.168.1.5:8000") and names.allows("TABLE.local:8000")
    assert not names.allows("evil.example:8000")
    loopback = HostNames.for_address("127.0.0.2", machine=machine)
    assert loopback.names == {"127.0.0.1", "localhost", "::1", "127.0.0.2"}


def test_every_address_adds_the_machines_names_and_the_address_a_request_came_in_on() -> None:
    names = HostNames.for_address("0.0.0.0", machine=machine)
    assert names.names == {"127.0.0.1", "localhost", "::1", *MACHINE}
    assert names.allows("10.1.2.3:8000", arrived_at="10.1.2.3")
    assert names.allows("10.1.2.3:8000", arrived_at="::ffff:10.1.2.3")  # a dual-stack socket
    assert names.allows("[fe80::1]:8000", arrived_at="fe80::1")
    assert not names.allows("10.1.2.4:8000", arrived_at="10.1.2.3")
    assert not names.allows("evil.example:8000", arrived_at="10.1.2.3")
    assert HostNames.for_address("::", machine=machine).names == names.names


def test_allowed_names_are_added_and_checked() -> None:
    names = HostNames.for_address("127.0.0.1", ["Game.Example", "[fd00::7]"], machine=machine)
    assert names.allows("game.example:8000") and names.allows("[fd00::7]:80")
    assert not names.allows("table:8000")  # a loopback server is not the machine's names
    with pytest.raises(ValueError, match="not a host name"):
        HostNames.for_address("127.0.0.1", ["game.example:8000"], machine=machine)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.9.9.9", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.5", False),
        ("table.local", False),
    ],
)
def test_loopback_addresses(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(
    ("origin", "host", "same"),
    [
        (None, "127.0.0.1:8000", True),
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://LOCALHOST:8000", "localhost:8000", True),
        ("http://[::1]:8000", "[::1]:8000", True),
        ("http://table.local", "table.local:80", True),
        ("http://127.0.0.1:8000", "localhost:8000", False),
        ("http://127.0.0.1:8001", "127.0.0.1:8000", False),
        ("https://127.0.0.1:8000", "127.0.0.1:8000", False),
        ("http://evil.example", "127.0.0.1:8000", False),
        ("null", "127.0.0.1:8000", False),
        ("http://127.0.0.1:8000/page", "127.0.0.1:8000", False),
        ("http://user@127.0.0.1:8000", "127.0.0.1:8000", False),
        ("http://[::1", "[::1]:8000", False),
    ],
)
def test_only_the_pages_own_origin_is_the_same(origin: str | None, host: str, same: bool) -> None:
    assert same_origin(origin, scheme="http", host=host) is same


# ---------------------------------------------------------------------- messages


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_token_bucket_allows_its_burst_then_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=4, capacity=5, clock=clock)
    assert [bucket.take(1) for _ in range(6)] == [True] * 5 + [False]
    clock.now += 0.25  # one token back
    assert bucket.take(1) and not bucket.take(1)
    clock.now += 60  # never more than the capacity
    assert [bucket.take(1) for _ in range(6)] == [True] * 5 + [False]
    assert not bucket.take(6)


def test_a_meter_refuses_a_large_message_a_flood_and_a_stream_of_bytes() -> None:
    limits = MessageLimits(
        max_bytes=100, per_second=10, burst=20, bytes_per_second=200, byte_burst=400
    )
    clock = Clock()
    meter = MessageMeter(limits, clock)
    assert not meter.admit(101)
    assert meter.admit(100)

    flood = MessageMeter(limits, clock)
    assert [flood.admit(1) for _ in range(21)] == [True] * 20 + [False]
    clock.now += 1.0
    assert [flood.admit(1) for _ in range(11)] == [True] * 10 + [False]

    stream = MessageMeter(limits, clock)
    assert [stream.admit(100) for _ in range(5)] == [True] * 4 + [False]
    clock.now += 0.5
    assert stream.admit(100) and not stream.admit(100)


def test_a_person_at_the_page_stays_within_the_default_limits() -> None:
    """A mouse moved without a pause for ten seconds at 150 reports a second (one per
    animation frame), keys held down and a paste of a few lines."""
    clock = Clock()
    meter = MessageMeter(MessageLimits(), clock)
    mouse = '["stdin","\\u001b[<35;120;40M"]'
    for tick in range(1500):
        clock.now += 1 / 150
        assert meter.admit(len(mouse)), tick
        if tick % 5 == 0:
            assert meter.admit(len('["stdin","x"]'))
    assert meter.admit(len('["stdin",""]') + 3000)


# ---------------------------------------------------------------------- terminal sizes


@pytest.mark.parametrize(
    ("width", "height", "size"),
    [
        ("80", "24", (80, 24)),
        (80, 24, (80, 24)),
        ("1500", "1000", (MAX_COLUMNS, MAX_ROWS)),
        ("-3", "0", (1, 1)),
        ("a", "24", None),
        (None, "24", None),
        ("1e3", "24", None),
        ("9" * 10, "24", None),
    ],
)
def test_a_terminal_size_is_whole_numbers_clamped(width: object, height: object, size) -> None:
    assert terminal_size(width, height) == size


# ---------------------------------------------------------------------- processes


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
async def test_a_process_that_ignores_sigterm_is_killed_with_its_group() -> None:
    """The process ignores SIGTERM and starts a child that does too: both end."""
    script = (
        "import signal, subprocess, sys\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "child = subprocess.Popen([sys.executable, '-c', "
        "'import signal, time\\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\\n"
        "print(1, flush=True)\\ntime.sleep(600)'])\n"
        "print(child.pid, flush=True)\n"
        "sys.stdin.read()\n"
    )
    process = await start_process_group([sys.executable, "-c", script], env={})
    assert process.stdout is not None
    child = int(await asyncio.wait_for(process.stdout.readline(), 30))
    assert await asyncio.wait_for(process.stdout.readline(), 30)  # the child's own line
    assert os.getpgid(process.pid) == process.pid != os.getpgid(0)
    status = await end_process_group(process, grace=0.2)
    assert status == -signal.SIGKILL
    assert not alive(process.pid)
    wait_until(lambda: not alive(child), 20, "the child to end")  # reparented, then reaped


async def test_a_process_that_obeys_sigterm_ends_with_it() -> None:
    process = await start_process_group(
        [sys.executable, "-c", "import sys; print('ready', flush=True); sys.stdin.read()"],
        env={},
    )
    assert process.stdout is not None
    assert await asyncio.wait_for(process.stdout.readline(), 30) == b"ready\n"
    assert await end_process_group(process, grace=30) == -signal.SIGTERM
