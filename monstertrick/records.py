"""What every game's records share (``monstertrick-record/1``, RECORD_FORMAT.md).

The conventions every reader follows are written here once: the format string, JSON
parsing with a :class:`~monstertrick.errors.RecordError` for anything that is not JSON,
JSON integers, player names, and which game a record belongs to. Pure: no I/O.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from .errors import RecordError

FORMAT = "monstertrick-record/1"
DEFAULT_GAME = "monster-trick"
MAX_NAME_LENGTH = 16

#: Unicode categories a name may never contain: control, format and surrogate characters.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})


def parse_json(text: str | bytes) -> Any:
    """JSON text to a value, with a :class:`RecordError` for anything that is not JSON."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return json.loads(text)
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


def is_int(value: Any) -> bool:
    """A JSON integer (``true``, ``1.0`` and ``"1"`` are not integers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def kind(value: Any) -> str:
    """What a JSON value is, in words ("an object", "a list", ...)."""
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false"}.get(
        type(value), "null" if value is None else "a number"
    )


def name_problem(name: Any) -> str | None:
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
                f"a player name cannot hold control or format characters "
                f"(U+{ord(ch):04X} is one)"
            )
    return None


def check_players(players: Any, low: int, high: int) -> list[str]:
    """The ``players`` field: ``low`` to ``high`` names, each following the names rule."""
    count = f"{low}" if low == high else f"{low} to {high}"
    if not isinstance(players, list) or not low <= len(players) <= high:
        raise RecordError(f'"players" must list {count} player names')
    for seat, name in enumerate(players):
        problem = name_problem(name)
        if problem is not None:
            raise RecordError(f"player {seat + 1}: {problem}")
    return list(players)


def check_format(doc: Any) -> dict[str, Any]:
    """The document is an object with the right ``format``; returns it."""
    if not isinstance(doc, dict):
        raise RecordError("a game record is a JSON object, not " + kind(doc))
    fmt = doc.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise RecordError(f'the record has no "format" (expected "{FORMAT}")')
        raise RecordError(
            f"unknown record format {json.dumps(fmt)[:40]}: this program reads {FORMAT!r}"
        )
    return doc


def game_of(doc: Any) -> str:
    """The game a record belongs to (its ``game`` key; absent means Monster Trick).

    Raises :class:`RecordError` for a document that is not a record or names a game this
    program does not know.
    """
    from .games import GAMES

    check_format(doc)
    key = doc.get("game", DEFAULT_GAME)
    if not isinstance(key, str) or key not in GAMES:
        known = ", ".join(GAMES)
        raise RecordError(f'unknown game {json.dumps(key)[:40]}: this program plays {known}')
    return key
