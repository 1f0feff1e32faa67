"""What every game's records share (``monstertrick-record/1``, RECORD_FORMAT.md).

The conventions every reader follows are written here once: reading a record file
safely (:func:`read_record_file`, :func:`read_record_stream`: the only I/O here), JSON
parsing with a :class:`~monstertrick.errors.RecordError` for anything that is not JSON,
JSON integers, player names, and which game a record belongs to.
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from collections.abc import Mapping, Sequence
from typing import IO, Any, TypeGuard

from .errors import RecordError

FORMAT = "monstertrick-record/1"
DEFAULT_GAME = "monster-trick"
MAX_NAME_LENGTH = 16

#: Unicode categories a name may never contain: control, format and surrogate characters.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})

MAX_RECORD_BYTES = 1 << 20
"""The largest record file read (1 MiB): a complete game's record is a few kB."""

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO never blocks the open (nor the read)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _too_large(limit: int) -> RecordError:
    return RecordError(
        f"the file is too large for a game record (a record is at most {limit // 1024} kB)"
    )


def _file_kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def read_record_file(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES) -> bytes:
    """The bytes of a record file, read safely: only a regular file, at most ``limit``
    bytes (read no further), never blocking on a FIFO.

    Raises :class:`RecordError` saying why the file cannot be a record. Every reader of
    record files (``replay``, ``view``, ``resume``, the saved games) reads through here.
    """
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(
                f"not a regular file ({_file_kind(info.st_mode)}), so not a game record"
            )
        if info.st_size > limit:
            raise _too_large(limit)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew after the check
        raise _too_large(limit)
    return data


def read_record_stream(stream: IO[bytes], limit: int = MAX_RECORD_BYTES) -> bytes:
    """At most ``limit`` bytes of a stream (standard input), like :func:`read_record_file`."""
    try:
        data = stream.read(limit + 1)
    except OSError as exc:
        raise RecordError(f"cannot read the input: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise _too_large(limit)
    return data


def parse_json(text: str | bytes) -> Any:
    """JSON text to a value, with a :class:`RecordError` for anything that is not JSON
    (``NaN``, ``Infinity`` and ``-Infinity`` are not, anywhere in a record)."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return json.loads(text, parse_constant=_no_constant)
    except UnicodeDecodeError as exc:
        raise RecordError(
            f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise RecordError("the file is empty, not a game record") from None
        raise RecordError(
            f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def quote(value: object, limit: int = 40) -> str:
    """A value from a file, quoted for a message: JSON with every non-ASCII or control
    character escaped, at most ``limit`` characters (a file's content never reaches the
    terminal as it is)."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = ascii(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(text: str, limit: int = 200) -> str:
    """A file name or other text for a message: as it is when it is printable, escaped
    (``repr``) when it holds control, format or surrogate characters; shortened."""
    if not text.isprintable():
        text = repr(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_int(value: object) -> TypeGuard[int]:
    """A JSON integer (``true``, ``1.0`` and ``"1"`` are not integers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def kind(value: object) -> str:
    """What a JSON value is, in words ("an object", "a list", ...)."""
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false"}.get(
        type(value), "null" if value is None else "a number"
    )


def is_plain_text(text: str) -> bool:
    """Whether ``text`` holds no control, format or surrogate characters (the names
    rule's characters): it can reach the screen without escaping anything."""
    return not any(unicodedata.category(ch) in FORBIDDEN_CATEGORIES for ch in text)


def name_problem(name: object) -> str | None:
    """Why ``name`` breaks the names rule of RECORD_FORMAT.md, or None when it is a name.

    A name is a string of 1 to 16 characters, not only spaces, with no control, format
    or surrogate characters. The reason never quotes the name itself (it may hold
    terminal control characters).
    """
    if not isinstance(name, str):
        return f"a player name is a string, not {kind(name)}"
    if not name.strip():
        return "a player name cannot be empty or only spaces"
    if len(name) > MAX_NAME_LENGTH:
        return f"a player name has at most {MAX_NAME_LENGTH} characters, not {len(name)}"
    for ch in name:
        if unicodedata.category(ch) in FORBIDDEN_CATEGORIES:
            return (
                f"a player name cannot hold control or format characters (U+{ord(ch):04X} is one)"
            )
    return None


def check_players(players: object, low: int, high: int) -> list[str]:
    """The ``players`` field: ``low`` to ``high`` names, each following the names rule."""
    count = f"{low}" if low == high else f"{low} to {high}"
    if not isinstance(players, list) or not low <= len(players) <= high:
        raise RecordError(f'"players" must list {count} player names')
    for seat, name in enumerate(players):
        problem = name_problem(name)
        if problem is not None:
            raise RecordError(f"player {seat + 1}: {problem}")
    return list(players)


def check_format(doc: object) -> dict[str, Any]:
    """The document is an object with the right ``format``; returns it."""
    if not isinstance(doc, dict):
        raise RecordError("a game record is a JSON object, not " + kind(doc))
    fmt = doc.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise RecordError(f'the record has no "format" (expected "{FORMAT}")')
        raise RecordError(f"unknown record format {quote(fmt)}: this program reads {FORMAT!r}")
    return doc


def game_of(doc: object) -> str:
    """The game a record belongs to (its ``game`` key; absent means Monster Trick).

    Raises :class:`RecordError` for a document that is not a record or names a game this
    program does not know.
    """
    from .games import GAMES

    key = check_format(doc).get("game", DEFAULT_GAME)
    if not isinstance(key, str) or key not in GAMES:
        known = ", ".join(GAMES)
        raise RecordError(f"unknown game {quote(key)}: this program plays {known}")
    return key


def new_record(
    game: str,
    players: Sequence[str],
    fields: Mapping[str, object],
    meta: Mapping[str, object] | None = None,
) -> dict[str, Any]:
    """A record (a JSON-ready dict): its envelope (``format``, ``game``, ``players``),
    then the game's own ``fields`` in their order, then ``meta`` when given."""
    doc: dict[str, Any] = {"format": FORMAT, "game": game, "players": list(players)}
    doc.update(fields)
    if meta is not None:
        doc["meta"] = dict(meta)
    return doc


def record_text(doc: Mapping[str, object]) -> str:
    """A record as JSON text: its short fields (and meta) on the first line, then one
    line per chapter (round, hand, game: the items of a list of objects) for readable
    diffs."""
    long = {
        k: v
        for k, v in doc.items()
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)
    }
    head = json.dumps({k: v for k, v in doc.items() if k not in long}, ensure_ascii=False)
    if not long:
        return head + "\n"
    parts = [head[:-1]]
    for k, chapters in long.items():
        items = ",\n  ".join(json.dumps(x, ensure_ascii=False) for x in chapters)
        parts.append(f"{json.dumps(k)}: [\n  {items}\n]")
    return ", ".join(parts) + "}\n"


def read_seat(doc: Mapping[str, object], key: str, players: int) -> int:
    """The seat number under ``key`` (absent: seat 0), one of ``players`` seats."""
    seat = doc.get(key, 0)
    if not is_int(seat) or not 0 <= seat < players:
        raise RecordError(f'"{key}" must be a seat number from 0 to {players - 1}')
    return int(seat)


def read_chapters(doc: Mapping[str, Any], key: str, most: int) -> list[Any]:
    """The list of chapters under ``key``: 1 to ``most`` of them (checked one by one by
    the game)."""
    chapters = doc.get(key)
    if not isinstance(chapters, list) or not 1 <= len(chapters) <= most:
        raise RecordError(f'"{key}" must list 1 to {most} {key}')
    return chapters
