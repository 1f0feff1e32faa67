"""Guards for a server of the game that web browsers reach.

- :class:`HostNames`: the names a server answers to. A browser sends the name it looked up
  as the Host header, and as the Origin of a WebSocket it opens; a page of another site
  that has made its own name point at this machine (DNS rebinding) sends that name, so
  anything but this server's own names is refused.
- :class:`MessageLimits` and :class:`MessageMeter`: how large and how frequent one
  client's messages may be.
- :class:`Outbox`: one client's outgoing messages, queued and sent by a task of its own,
  so that a client that stops reading holds nobody else; it is dropped instead.
- :class:`ConnectionLimiter` and :func:`settle`: how many connections a server holds at
  once, from one address and in all, within the process's open-file limit, the oldest
  of those not yet known as screens closed to make room for a new one.
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
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
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


# ---------------------------------------------------------------------- sending

SEND_WAIT = 10.0
"""Seconds one message to a client may take to go out (into the connection's buffers):
a client that has taken nothing for that long is dropped."""

MAX_QUEUED = 64
"""Messages waiting to go to one client: one more, and the client is dropped."""

MAX_QUEUED_BYTES = 8 * 1024 * 1024
"""Bytes waiting to go to one client: more, and the client is dropped."""


@dataclass(frozen=True)
class OutboxLimits:
    """How long one message may take to go out (:attr:`send_wait` seconds) and how
    much may wait behind it (:attr:`max_queued` messages, :attr:`max_bytes` bytes)."""

    send_wait: float = SEND_WAIT
    max_queued: int = MAX_QUEUED
    max_bytes: int = MAX_QUEUED_BYTES


class Outbox:
    """One client's outgoing messages (text), sent in order by a task of its own.

    :meth:`put` never waits, so whoever sends to many clients (a table to its screens)
    is never held by one of them. A client whose message takes longer than
    :attr:`OutboxLimits.send_wait` to go out, or that lets more than the limits pile
    up, or whose connection fails, is dropped: ``abort`` ends its connection at once,
    quietly (it may connect again). :meth:`close` sends what is queued, then ``close``
    ends the connection politely, within a bound.

    ``send`` and ``close`` are the connection's (a WebSocket's ``send_str`` and
    ``close``); ``abort`` ends it without a word (its transport's ``abort``). Made in a
    running event loop."""

    def __init__(
        self,
        send: Callable[[str], Awaitable[object]],
        close: Callable[[], Awaitable[object]],
        abort: Callable[[], None],
        limits: OutboxLimits | None = None,
    ) -> None:
        self._send = send
        self._close = close
        self._abort = abort
        self.limits = limits or OutboxLimits()
        self._queue: deque[str] = deque()
        self._bytes = 0
        self._wake = asyncio.Event()
        self._closing = False
        self.dropped: str | None = None
        """Why the client was dropped ("slow", "full", "failed"), or None."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    @property
    def open(self) -> bool:
        """Whether messages put now may still go out."""
        return not self._closing and self.dropped is None

    def put(self, text: str) -> bool:
        """Queue ``text`` for the client; False if it will not go (the outbox is closing,
        or the client has been dropped, now or before)."""
        if not self.open:
            return False
        if len(self._queue) >= self.limits.max_queued or (
            self._bytes + len(text) > self.limits.max_bytes
        ):
            self.drop("full")
            return False
        self._queue.append(text)
        self._bytes += len(text)
        self._wake.set()
        return True

    def drop(self, why: str) -> None:
        """End the client's connection now, without a word (it may connect again)."""
        if self.dropped is not None:
            return
        self.dropped = why
        self._queue.clear()
        self._bytes = 0
        if asyncio.current_task() is not self._task:
            self._task.cancel()
        self._abort()

    async def close(self, wait: float) -> None:
        """Send what is queued and end the connection politely, within ``wait`` seconds
        for each (else it is dropped)."""
        self._closing = True
        self._wake.set()
        if self.dropped is None:
            done, _ = await asyncio.wait({self._task}, timeout=wait)
            if not done:
                self.drop("slow")
        if self.dropped is not None:
            return
        try:
            await asyncio.wait_for(self._close(), wait)
        except asyncio.TimeoutError:
            self.drop("slow")
        except Exception:
            self.drop("failed")

    async def _run(self) -> None:
        try:
            while True:
                while not self._queue:
                    if self._closing:
                        return
                    self._wake.clear()
                    await self._wake.wait()
                text = self._queue.popleft()
                self._bytes -= len(text)
                await asyncio.wait_for(self._send(text), self.limits.send_wait)
        except asyncio.TimeoutError:
            self.drop("slow")
        except asyncio.CancelledError:
            raise
        except Exception:  # (whatever the connection raises: a reset, a closed transport)
            self.drop("failed")


# ---------------------------------------------------------------------- connections

MAX_CONNECTIONS = 256
"""Connections a server holds at once, in all (fewer under a low open-file limit:
:func:`connection_cap`)."""

CONNECTIONS_PER_ADDRESS = 64
"""Connections a server holds at once from one address (this machine's own screens,
a browser's tabs and its SSH screens, come from one address)."""

FILES_KEPT_FREE = 160
"""Open files a server keeps for its own work beyond its connections: each browser
tab's game process (three pipes), the SSH door's connections and terminals, the saves."""


def connection_cap(wanted: int = MAX_CONNECTIONS, files: Callable[[], int] | None = None) -> int:
    """The connections a server may hold at once: ``wanted``, or fewer when the open-file
    limit (``files``: the soft ``RLIMIT_NOFILE``) leaves less beside
    :data:`FILES_KEPT_FREE`; at least 8."""
    limit = files() if files is not None else _open_file_limit()
    if limit <= 0:
        return wanted
    return max(8, min(wanted, limit - FILES_KEPT_FREE))


def _open_file_limit() -> int:
    try:
        import resource
    except ImportError:  # (not POSIX)
        return 0
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return 0 if soft == resource.RLIM_INFINITY else int(soft)


WAITING_SHARE = 2
"""At most one connection in this many may be waiting (not yet known as a screen)."""


@dataclass
class ConnectionLimiter:
    """Counts a server's open connections by address, so that it never runs out of open
    files and no one can keep others out by holding connections open.

    A connection is *waiting* until the server says it is a screen (:func:`settle`:
    a table's screen that said hello, a browser tab's game). A new connection makes
    room when its address holds :attr:`per_address` connections, or the server
    :attr:`in_all` (or :attr:`waiting` are waiting): the oldest waiting connection (of
    that address, or of any) is closed. Only when there is none to close is the new one
    refused, closed as it is accepted. ``in_all`` defaults to :func:`connection_cap`,
    ``waiting`` to half of it."""

    per_address: int = CONNECTIONS_PER_ADDRESS
    in_all: int = field(default_factory=connection_cap)
    waiting: int = 0
    refused: int = 0
    """Connections refused so far."""
    evicted: int = 0
    """Waiting connections closed so far to make room for newer ones."""

    def __post_init__(self) -> None:
        if self.waiting <= 0:
            self.waiting = max(1, self.in_all // WAITING_SHARE)
        self._open: dict[str, int] = {}
        self._total = 0
        self._queue: dict[_Counted, None] = {}
        """The waiting connections, oldest first."""
        self._queues: dict[str, dict[_Counted, None]] = {}
        """The same, by address."""

    @property
    def total(self) -> int:
        """The connections open now."""
        return self._total

    @property
    def waiting_now(self) -> int:
        """The connections open now that are not known as screens yet."""
        return len(self._queue)

    def admit(self, connection: _Counted) -> bool:
        """Count a new connection, making room for it if need be; False (not counted)
        if there is no room."""
        address = connection.address
        if self._open.get(address, 0) >= self.per_address and not self._evict(address):
            self.refused += 1
            return False
        if (self._total >= self.in_all or len(self._queue) >= self.waiting) and not self._evict():
            self.refused += 1
            return False
        self._open[address] = self._open.get(address, 0) + 1
        self._total += 1
        self._queue[connection] = None
        self._queues.setdefault(address, {})[connection] = None
        return True

    def settle(self, connection: _Counted) -> None:
        """``connection`` is a screen now: it no longer waits (nor makes room)."""
        self._queue.pop(connection, None)
        mine = self._queues.get(connection.address)
        if mine is not None:
            mine.pop(connection, None)
            if not mine:
                del self._queues[connection.address]

    def release(self, connection: _Counted) -> None:
        """A connection :meth:`admit` counted has closed."""
        self.settle(connection)
        address = connection.address
        held = self._open.get(address, 0)
        if held <= 1:
            self._open.pop(address, None)
        else:
            self._open[address] = held - 1
        self._total = max(0, self._total - 1)

    def _evict(self, address: str | None = None) -> bool:
        """Close the oldest waiting connection (of ``address``, if given): whether there
        was one."""
        queue = self._queue if address is None else self._queues.get(address, {})
        if not queue:
            return False
        oldest = next(iter(queue))
        self.release(oldest)  # (counted out now: its end comes a moment later)
        oldest.evict()
        self.evicted += 1
        return True

    def protocols(
        self, factory: Callable[[], asyncio.BaseProtocol]
    ) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for ``loop.create_server`` that counts each connection of
        ``factory``'s protocols (an HTTP server's)."""
        return lambda: _Counted(factory(), self)


def settle(transport: asyncio.BaseTransport | None) -> None:
    """The connection of ``transport`` is a screen now (a server counting its
    connections with a :class:`ConnectionLimiter` no longer counts it as waiting); of a
    server that does not count them, nothing."""
    protocol = transport.get_protocol() if transport is not None else None
    if isinstance(protocol, _Counted):
        protocol.limiter.settle(protocol)


class _Counted(asyncio.Protocol):
    """A server connection's protocol, counted by a :class:`ConnectionLimiter`: refused
    (aborted before its own protocol hears of it) when there is no room for it."""

    def __init__(self, inner: asyncio.BaseProtocol, limiter: ConnectionLimiter) -> None:
        self.inner = inner
        self.limiter = limiter
        self.address = ""
        self.counted = False
        """Whether the limiter counts it (until it closes, or is closed to make room)."""
        self.open = False
        """Whether its own protocol has it (from its start to its end)."""
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self.transport = transport
        if not self.limiter.admit(self):
            transport.abort()
            return
        self.counted = self.open = True
        self.inner.connection_made(transport)

    def evict(self) -> None:
        """Closed to make room (the limiter has counted it out); its own protocol hears
        of the end as of any other, a moment later."""
        self.counted = False
        if self.transport is not None:
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.limiter.release(self)
        if self.open:
            self.open = False
            self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.open:
            self.inner.data_received(data)  # type: ignore[attr-defined]

    def eof_received(self) -> bool | None:
        if not self.open:
            return None
        result: bool | None = self.inner.eof_received()  # type: ignore[attr-defined]
        return result

    def pause_writing(self) -> None:
        if self.open:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.open:
            self.inner.resume_writing()


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
