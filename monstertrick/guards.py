"""Guards for a server of the game that web browsers reach.

- :class:`HostNames`: the names a server answers to. A browser sends the name it looked up
  as the Host header, and as the Origin of a WebSocket it opens; a page of another site
  that has made its own name point at this machine (DNS rebinding) sends that name, so
  anything but this server's own names is refused.
- :class:`MessageLimits` and :class:`MessageMeter`: how large and how frequent one
  client's messages may be.
- :func:`terminal_size`: the size of terminal a client may ask for.
- :func:`start_process_group` and :func:`end_process_group`: a process (a game) in a
  process group of its own, on pipes or on a pseudo-terminal, and ending it whatever
  state it is in.

Nothing here knows textual-serve or aiohttp, so every server of the game can use them.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import re
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""The names every server answers to: those of this machine, for this machine only."""

WILDCARDS = frozenset({"0.0.0.0", "::", ""})
"""Addresses that listen on every address of the machine."""

_NAME = re.compile(r"[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?")
_AUTHORITY = re.compile(
    r"(?:\[(?P<ip6>[0-9a-fA-F:.]+)\]|(?P<name>[^:\[\]]+))(?::(?P<port>[0-9]{1,5}))?"
)


def host_name(text: str) -> str | None:
    """``text`` as a host name in its one spelling (lower case, no final dot, an IP
    address in its shortest form, IPv6 with or without its brackets but shown without),
    or None if it is not one."""
    bracketed = text.startswith("[") and text.endswith("]")
    inner = text[1:-1] if bracketed else text
    try:
        address = ipaddress.ip_address(inner)
    except ValueError:
        address = None
    if address is not None:
        if not isinstance(address, ipaddress.IPv6Address):
            return None if bracketed else str(address)
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)  # how a dual-stack socket shows an IPv4 peer
        return str(address)
    name = inner.lower().removesuffix(".")
    if bracketed or not name.isascii() or not _NAME.fullmatch(name) or ".." in name:
        return None
    return name


def split_authority(text: str) -> tuple[str, int | None] | None:
    """The host name and port of a Host header (``name``, ``name:port``, ``[v6]`` or
    ``[v6]:port``), or None if it is not one of those."""
    match = _AUTHORITY.fullmatch(text)
    if match is None:
        return None
    if match["ip6"] is not None:
        name = host_name(f"[{match['ip6']}]")
    else:
        name = host_name(match["name"])  # without a colon: never an IPv6 address
    if name is None:
        return None
    port = None if match["port"] is None else int(match["port"])
    if port is not None and not 0 < port < 65536:
        return None
    return name, port


def machine_names() -> set[str]:
    """This machine's own names: its host name, that name under ``.local`` (as mDNS
    announces it on a home network) and its fully qualified name."""
    names: set[str] = set()
    hostname = socket.gethostname()
    for name in (hostname, f"{hostname.split('.')[0]}.local", socket.getfqdn()):
        canonical = host_name(name)
        if canonical is not None:
            names.add(canonical)
    return names


@dataclass(frozen=True)
class HostNames:
    """The host names a server answers to.

    A request is for this server when its Host header names one of :attr:`names` (with
    any port: a forwarded port is still this server), or is an IP address the request
    came in on (which is this machine's own, whatever the network calls it).
    """

    names: frozenset[str]

    @classmethod
    def for_address(
        cls,
        bound: str,
        extra: Iterable[str] = (),
        machine: Callable[[], Iterable[str]] = machine_names,
    ) -> HostNames:
        """The names of a server listening on ``bound``: 127.0.0.1, localhost and ::1;
        the address itself; unless it is a loopback address, this machine's own names;
        and ``extra`` (names the person serving allowed, e.g. one a router gives).

        Raises ValueError for an entry of ``extra`` that is not a host name.
        """
        names = set(LOOPBACK_NAMES)
        wanted = list(extra)
        if bound not in WILDCARDS:
            wanted.append(bound)
        if not is_loopback(bound):
            names.update(machine())
        for name in wanted:
            canonical = host_name(name)
            if canonical is None:
                raise ValueError(f"{name!r} is not a host name")
            names.add(canonical)
        return cls(frozenset(names))

    def allows(self, host: str | None, *, arrived_at: str | None = None) -> bool:
        """Whether a request with this Host header is for this server; ``arrived_at`` is
        the address of this machine that the request's connection came in on."""
        if host is None:
            return False
        parts = split_authority(host)
        if parts is None:
            return False
        name = parts[0]
        if name in self.names:
            return True
        return arrived_at is not None and name == host_name(arrived_at)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    name = host_name(host)
    if name == "localhost":
        return True
    try:
        return name is not None and ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


DEFAULT_PORTS = {"http": 80, "https": 443}


def same_origin(origin: str | None, *, scheme: str, host: str) -> bool:
    """Whether a request's Origin header names the site it was sent to (``scheme`` and
    the Host header ``host``). A browser always sends one with a WebSocket; a request
    without one comes from a program, which could send any headers it likes anyway."""
    if origin is None:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme != scheme or parts.path or parts.query or parts.fragment:
        return False
    if parts.username is not None or parts.password is not None:
        return False
    theirs = split_authority(parts.netloc)
    ours = split_authority(host)
    if theirs is None or ours is None:
        return False
    default = DEFAULT_PORTS.get(scheme)
    return theirs[0] == ours[0] and (theirs[1] or default) == (ours[1] or default)


# ---------------------------------------------------------------------- messages


@dataclass(frozen=True)
class MessageLimits:
    """How much one client may send: no message over :attr:`max_bytes`; on average
    :attr:`per_second` messages and :attr:`bytes_per_second` bytes, with bursts of
    :attr:`burst` messages and :attr:`byte_burst` bytes."""

    max_bytes: int = 4096
    per_second: float = 200.0
    burst: int = 400
    bytes_per_second: float = 8192.0
    byte_burst: int = 32768


class TokenBucket:
    """A budget that refills at ``rate`` per second up to ``capacity``."""

    def __init__(
        self, rate: float, capacity: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.capacity = capacity
        self._clock = clock
        self._tokens = capacity
        self._at = clock()

    def take(self, amount: float) -> bool:
        """Spend ``amount`` if the budget holds it now; whether it did."""
        now = self._clock()
        self._tokens = min(self.capacity, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if amount > self._tokens:
            return False
        self._tokens -= amount
        return True


@dataclass
class MessageMeter:
    """One client's messages against :class:`MessageLimits`.

    A client over the limits is refused, not slowed down: a server that slowed its reading
    would learn late that the client has gone (its goodbye waits behind the flood)."""

    limits: MessageLimits = field(default_factory=MessageLimits)
    clock: Callable[[], float] = time.monotonic

    def __post_init__(self) -> None:
        self._messages = TokenBucket(self.limits.per_second, self.limits.burst, self.clock)
        self._bytes = TokenBucket(self.limits.bytes_per_second, self.limits.byte_burst, self.clock)

    def admit(self, size: int) -> bool:
        """Count one message of ``size`` bytes; whether it is within the limits."""
        if size > self.limits.max_bytes:
            return False
        return self._messages.take(1) and self._bytes.take(size)


# ---------------------------------------------------------------------- terminals

MAX_COLUMNS = 500
MAX_ROWS = 200
"""The largest terminal a client may ask for (a 4K screen with a small font). Memory grows
with the cells: a terminal of 1500 x 1000 takes a game hundreds of megabytes."""


def whole_number(value: object) -> int | None:
    """``value`` if it is a whole number (an int, or up to 9 digits of text with an
    optional minus sign), else None. True and False are not numbers here."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,9}", value.strip()):
        return int(value)
    return None


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """The (columns, rows) a client asks for, each clamped to 1 ..
    :data:`MAX_COLUMNS` / :data:`MAX_ROWS`; None if either is not a whole number."""
    columns, rows = whole_number(width), whole_number(height)
    if columns is None or rows is None:
        return None
    return min(max(columns, 1), MAX_COLUMNS), min(max(rows, 1), MAX_ROWS)


# ---------------------------------------------------------------------- processes

TERM_GRACE = 2.0
"""Seconds a process has to end after SIGTERM before SIGKILL."""


async def start_process_group(
    argv: Sequence[str], *, env: Mapping[str, str], terminal: int | None = None
) -> asyncio.subprocess.Process:
    """Run ``argv`` (no shell) with pipes for its standard streams, as the leader of a
    session and process group of its own: a Ctrl+C at the server's terminal reaches the
    server alone, which then ends the process itself, and :func:`end_process_group`
    reaches whatever the process started. On Linux it also ends with this process, even
    one killed with SIGKILL.

    With ``terminal`` (the file descriptor of a pseudo-terminal's child side), that
    terminal is its standard streams and its session's controlling terminal instead of
    pipes: the terminal's size changes reach it as SIGWINCH, and it gets SIGHUP when the
    other side closes."""
    streams = asyncio.subprocess.PIPE if terminal is None else terminal
    return await asyncio.create_subprocess_exec(
        *argv,
        stdin=streams,
        stdout=streams,
        stderr=streams,
        env=dict(env),
        start_new_session=True,
        preexec_fn=_child_setup(controlling_terminal=terminal is not None),
    )


def _child_setup(*, controlling_terminal: bool) -> Callable[[], None] | None:
    """What a child of :func:`start_process_group` runs before its program, in its new
    session: :func:`_ended_with_parent`'s call and, with ``controlling_terminal``, making
    its standard input (a terminal) the session's controlling terminal."""
    ended = _ended_with_parent()
    if not controlling_terminal:
        return ended
    import fcntl  # POSIX only, as pseudo-terminals are
    import termios

    def setup() -> None:
        if ended is not None:
            ended()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    return setup


_PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: a signal the process gets when its parent dies."""


def _ended_with_parent() -> Callable[[], None] | None:
    """What a child runs before its program (Linux only): SIGKILL when this process
    ends, however it ends (a server killed with SIGKILL cannot end its games itself,
    and a game does not end when its input closes); None where there is no such call."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def ask() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # it died before the call: nobody would tell us
            os._exit(1)

    return ask


def signal_group(pid: int, signum: signal.Signals) -> None:
    """Send ``signum`` to the process group led by ``pid``, if there still is one."""
    try:
        os.killpg(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


async def end_process_group(
    process: asyncio.subprocess.Process, *, grace: float = TERM_GRACE
) -> int:
    """End a process started by :func:`start_process_group` and its group: SIGTERM,
    then SIGKILL if it has not ended ``grace`` seconds later (a process that is busy,
    stopped, blocked on a full pipe or ignoring SIGTERM ends all the same); its exit
    status."""
    if process.returncode is None:
        signal_group(process.pid, signal.SIGTERM)
        try:
            return await asyncio.wait_for(process.wait(), grace)
        except asyncio.TimeoutError:
            pass
        signal_group(process.pid, signal.SIGKILL)
    return await process.wait()
