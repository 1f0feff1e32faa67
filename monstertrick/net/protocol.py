"""The messages between a host and a seat's screen, and what they are made of: the
protocol's version, the join codes' written form, and a message read from its JSON text
within bounds. The host (:mod:`monstertrick.net.host`) and the seat
(:mod:`monstertrick.net.seat`) both take them from here.

Protocol (version :data:`VERSION`, beside the messages; every message a JSON object
with its ``type`` first, each one a frozen value below, written and read by
:class:`~monstertrick.net.wire.Wire` alone):

client → host
    :class:`Hello` first (``{"type": "hello", "version": 1, "code": "K7QF-9XMB",
    "watch": false}``); then :class:`Act` (``{"type": "act", "action": "play A7", "at":
    [1, 4]}``), :class:`TakeBack`, :class:`Ready`, :class:`Hinted`.
host → client
    :class:`Welcome`, then a :class:`Table` after every change; :class:`Refused` for a
    message it did not carry out; :class:`Bye` as it closes the connection.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

VERSION = 1
"""The protocol's version: a screen of another version is told to update."""

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Join codes' characters: no 0/O, 1/I/L or U, easy to read aloud and type."""
CODE_LENGTH = 8
"""Characters in a code (written as two groups of four): about 39 bits."""
MAX_NESTING = 32
"""The deepest a screen's message may nest lists and objects (a decision nests 2)."""


def normal_code(text: object) -> str | None:
    """A code as typed (any case, spaces or a dash anywhere), in its written form; None
    for anything that cannot be a code."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    chars = "".join(c for c in text.upper() if c not in " -")
    if len(chars) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in chars):
        return None
    return f"{chars[:4]}-{chars[4:]}"


# ---------------------------------------------------------------------- the messages
#
# Every message is a frozen value of one of the classes below, written and read by
# :class:`~monstertrick.net.wire.Wire` alone: a message as a JSON object with its
# ``type`` first, then its fields in order (a field marked :data:`OMITTED` is left out
# when it is None); its parts (:class:`Part`) as objects of their fields. The game's
# values in them (a view, events, an action) are the game's own types, which the
# type variables below stand for until a game's Wire reads them.

ACTION = TypeVar("ACTION")
"""A game's action, in a message (:class:`Act`)."""
VIEW = TypeVar("VIEW")
"""A seat's view of a game, in a message (:class:`Table`)."""
PUBLIC = TypeVar("PUBLIC")
"""A game's public view, in a message (:class:`Table`)."""
EVENT = TypeVar("EVENT")
"""A game's public event, in a message (:class:`Table`)."""

Record = dict[str, object]
"""A finished game's record (the game reads it back itself: ``from_record``)."""

OMITTED = {"omitted": True}
"""A field's metadata: left out of its message when it is None (and None when it is
not there)."""


class Message:
    """One message between a host and a seat: its :attr:`TYPE` names it on the wire."""

    TYPE: ClassVar[str]


class Part:
    """A part of a message: an object of its fields, with no name of its own."""


# ------------------------------------------------------------ client → host


@dataclass(frozen=True)
class Hello(Message):
    """A screen's first message: the protocol's version and the seat's code (with
    ``watch``, any of the table's codes joins as a watcher, seeing what everyone may)."""

    TYPE: ClassVar[str] = "hello"
    version: int
    code: str
    watch: bool = False


@dataclass(frozen=True)
class Act(Message, Generic[ACTION]):
    """A decision, on the table sent ``at`` that position (a decision made on a table
    that has moved on since is refused, never applied to another)."""

    TYPE: ClassVar[str] = "act"
    action: ACTION
    at: tuple[int, int]


@dataclass(frozen=True)
class TakeBack(Message):
    """The seat's last decision, taken back (until the next player acts)."""

    TYPE: ClassVar[str] = "take-back"


@dataclass(frozen=True)
class Ready(Message):
    """The seat has seen a round's end: the next round is dealt when every person with
    a screen is ready."""

    TYPE: ClassVar[str] = "ready"


@dataclass(frozen=True)
class Hinted(Message):
    """The person took a hint for the decision before them, worked out on their own
    screen from their view: the log says so, once per decision (:class:`HintTaken`)."""

    TYPE: ClassVar[str] = "hint"


CLIENT_MESSAGES: tuple[type[Message], ...] = (Hello, Act, TakeBack, Ready, Hinted)
"""What a screen sends."""

# ------------------------------------------------------------ host → client


@dataclass(frozen=True)
class Welcome(Message):
    """The host's answer to a hello: the seat (None: a watcher), the game, each seat's
    name and computer player (None: a person)."""

    TYPE: ClassVar[str] = "welcome"
    version: int
    seat: int | None
    game: str
    names: tuple[str, ...]
    levels: tuple[str | None, ...]


@dataclass(frozen=True)
class HintTaken:
    """A hint taken, in the log: by ``player``, for the decision of ``task`` at the
    position ``at`` (a host of an older version sends the player alone)."""

    player: int
    task: str | None = None
    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class Deciding(Part):
    """The seat and task to decide next."""

    seat: int
    task: str


@dataclass(frozen=True)
class Decided(Part, Generic[EVENT]):
    """The last decision: its ``seat``, its public ``events`` and the position ``at``
    after it."""

    seat: int
    events: tuple[EVENT | HintTaken, ...]
    at: tuple[int, int]


@dataclass(frozen=True)
class TookBack(Part):
    """The last decision, taken back by ``seat``; ``at``: the position after."""

    seat: int
    took_back: bool
    at: tuple[int, int]


@dataclass(frozen=True)
class Pause(Part):
    """A round's end the table is looking at: its ``round``, and the people ``waiting``
    to go on."""

    round: int
    waiting: tuple[int, ...]


@dataclass(frozen=True)
class Table(Message, Generic[VIEW, PUBLIC, EVENT]):
    """What a seat may see now, sent after every change: ``view`` (the seat's, or the
    public view for a watcher), ``public`` (the public view), ``log`` (this round's
    public events), ``earlier`` (the finished rounds' events: left out when the screen
    has them already), ``since`` (the play events since the seat last decided), ``turn``
    (the first to decide; None in a pause or at the end), ``together`` (the seats
    deciding at once, each without seeing the others' choices, in any order: Monster
    Trick's VP rows; left out when one decides), ``last`` (the last decision), ``take_back``
    (whether this seat may take its last decision back now), ``pause``, ``at`` (the
    position), ``away`` (the people's seats with no screen), ``covered`` (those a
    computer plays for meanwhile), ``over``, and once it is over, ``record`` (the
    finished game's record: public by then)."""

    TYPE: ClassVar[str] = "table"
    view: VIEW | PUBLIC
    public: PUBLIC
    log: tuple[EVENT | HintTaken, ...]
    earlier: tuple[tuple[EVENT, ...], ...] | None = field(metadata=OMITTED)
    since: tuple[EVENT, ...]
    turn: Deciding | None
    together: tuple[int, ...] | None = field(metadata=OMITTED)
    last: Decided[EVENT] | TookBack | None
    take_back: bool
    pause: Pause | None
    at: tuple[int, int]
    away: tuple[int, ...]
    covered: tuple[int, ...]
    over: bool
    record: Record | None = field(default=None, metadata=OMITTED)


@dataclass(frozen=True)
class Refused(Message):
    """A message the host did not carry out, and why."""

    TYPE: ClassVar[str] = "refused"
    reason: str


@dataclass(frozen=True)
class Bye(Message):
    """The host closes the connection: ``why`` is ``code`` (not one of the table's),
    ``version``, ``hello`` (none came first), ``replaced`` (a newer screen took the
    seat) or ``closed`` (the host closed the table: ``reason`` says whether the game is
    saved; a screen told so stops trying to reconnect, while one whose connection
    merely dropped tries again)."""

    TYPE: ClassVar[str] = "bye"
    why: str
    reason: str


HOST_MESSAGES: tuple[type[Message], ...] = (Welcome, Table, Refused, Bye)
"""What a host sends."""


def read_message(text: str) -> object:
    """A screen's message from its JSON text; :data:`NOT_JSON` for anything that is not
    JSON within bounds (not JSON at all, a NaN or Infinity, nesting deeper than
    :data:`MAX_NESTING`)."""
    if _nesting(text) > MAX_NESTING:
        return NOT_JSON
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return NOT_JSON


NOT_JSON = object()
"""What :func:`read_message` gives for a message that is not JSON within bounds."""


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _nesting(text: str) -> int:
    """How deep ``text`` nests brackets, counted over the text (strings included: a
    bound, not a parse)."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest
