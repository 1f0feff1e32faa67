"""The messages between a host and a seat's screen, and what they are made of: the
protocol's version, the join codes' written form, and a message read from its JSON text
within bounds. The host (:mod:`monstertrick.net.host`) and the seat
(:mod:`monstertrick.net.seat`) both take them from here.

Protocol (version :data:`VERSION`; every message a JSON object with a ``type``):

client → host
    ``{"type": "hello", "version": 1, "code": "K7QF-9XMB"}`` first (with ``"watch":
    true``, any of the table's codes joins as a watcher, seeing what everyone may); then
    ``{"type": "act", "action": "play A7", "at": [1, 4]}`` (an action as the game
    writes it, on the table sent ``at`` that position: a decision made on a table that
    has moved on since is refused, never applied to another);
    ``{"type": "take-back"}`` (the seat's last decision, until the next player acts);
    ``{"type": "ready"}`` (the seat has seen a round's end: the next round is dealt
    when every person with a screen is ready); ``{"type": "hint"}`` (the person took a
    hint for the decision before them, worked out on their own screen from their view:
    the log says so, once per decision: ``HintTaken`` with its ``player``, ``task``
    and the position ``at``).
host → client
    ``welcome`` (``seat``, None for a watcher; ``game``; ``names``; ``levels``: each
    seat's computer player or None), then ``table`` after every change: ``view`` (the
    seat's, or the public view for a watcher), ``public`` (the public view), ``log``
    (this round's public events), ``earlier`` (the finished rounds' events: left out
    when the screen has them already), ``since``
    (the play events since the seat last decided), ``turn`` (the seat and task to
    decide next, None in a pause or at the end), ``last`` (the last decision: its
    ``seat``, its public ``events`` and the position ``at`` after it; ``took_back``
    when it was taken back), ``take_back`` (whether this seat may take its last
    decision back now), ``pause`` (a round's end the table is looking at: its
    ``round`` and the people ``waiting`` to go on), ``at`` (the position), ``away``
    (the people's seats with no screen), ``covered`` (those a computer plays for
    meanwhile), ``over``, and once it is over, ``record`` (the finished game's record:
    public by then); ``refused`` (``reason``) for a message it did not carry out;
    ``bye`` (``why`` and ``reason``) as it closes the connection: ``code`` (not one of
    the table's), ``version``, ``hello`` (none came first), ``replaced`` (a newer screen
    took the seat) or ``closed`` (the host closed the table: ``reason`` says whether
    the game is saved, to be reopened with ``host --resume``; a screen told so stops
    trying to reconnect, while one whose connection merely dropped tries again).
"""

from __future__ import annotations

import json

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
