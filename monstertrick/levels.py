"""How a computer player's level is written: one grammar, with one set of limits, for
every game and every way in (the setup form, ``play --players``, ``arena --seats``,
``serve -- play ...`` and a saved game's ``bot`` field).

A level is a word the game knows, and for a searching player (``hard``; the arena's
yardsticks ``ismcts`` and ``pimc`` too, :mod:`monstertrick.yardsticks`) optionally a budget
per decision after a colon:

``hard``
    the game's own default budget;
``hard:N``
    N playouts per decision, 1 to :data:`MAX_PLAYOUTS` (the same N, the same decisions);
``hard:Ss``
    a time budget of S seconds, more than 0 and at most :data:`MAX_SECONDS`
    (``hard:0.5s``).

Case and spaces around the level do not matter. Anything else, including a value that
is not text at all (a saved game is untrusted input), is refused with a
:class:`LevelError` that says what to write; its message never quotes more than a few
characters of what was given, escaped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .records import kind

MAX_PLAYOUTS = 100_000
"""The most playouts ``hard:N`` may ask for per decision."""
MAX_SECONDS = 10.0
"""The longest time budget ``hard:Ss`` may give a decision."""

B = TypeVar("B")

_PLAYOUTS = re.compile(r"[0-9]+")
_SECONDS = re.compile(r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?s")


class LevelError(ValueError):
    """A level that is not one: the message says what to write instead."""


@dataclass(frozen=True, slots=True)
class Level:
    """A level as read: its word and at most one budget (neither: the default)."""

    word: str
    playouts: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        if self.playouts is not None:
            return f"{self.word}:{self.playouts}"
        if self.seconds is not None:
            return f"{self.word}:{self.seconds:g}s"
        return self.word


def shown(spec: str) -> str:
    """A level as written, quoted and escaped for a message, at most 30 characters."""
    text = repr(spec.strip())
    return text if len(text) <= 30 else text[:26] + "…"


def _choices(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def parse_level(
    spec: object,
    offered: Sequence[str],
    *,
    searching: Sequence[str] = ("hard",),
    unlisted: Sequence[str] = (),
) -> Level:
    """Read a level of a game whose table offers the words ``offered`` (weakest first);
    ``searching`` take a budget; ``unlisted`` are levels the game also plays but does not
    offer (not named in messages). Raises :class:`LevelError` saying what is wrong."""
    if not isinstance(spec, str):
        raise LevelError(f"a computer player's level is a word like 'hard', not {kind(spec)}")
    word, colon, option = spec.strip().lower().partition(":")
    word, option = word.strip(), option.strip()
    budget = (
        f" (or {searching[0]}:N for N playouts per decision, {searching[0]}:Ss for S seconds)"
        if searching
        else ""
    )
    if word not in offered and word not in unlisted:
        raise LevelError(
            f"{shown(spec)} is not a computer player: choose {_choices(offered)}{budget}"
        )
    if not colon:
        return Level(word)
    if word not in searching:
        raise LevelError(f"{shown(spec)}: {word} takes no budget, write {word} alone")
    if _PLAYOUTS.fullmatch(option):
        digits = option.lstrip("0") or "0"  # (read as a number only when it is short)
        playouts = int(digits) if len(digits) <= len(str(MAX_PLAYOUTS)) else MAX_PLAYOUTS + 1
        if playouts > MAX_PLAYOUTS:
            raise LevelError(
                f"{shown(spec)}: a {word} player plays at most {MAX_PLAYOUTS} playouts per decision"
            )
        if playouts >= 1:
            return Level(word, playouts=playouts)
    elif _SECONDS.fullmatch(option):
        seconds = float(option[:-1])
        if seconds > MAX_SECONDS:
            raise LevelError(
                f"{shown(spec)}: a {word} player thinks at most {MAX_SECONDS:g} seconds "
                "per decision"
            )
        if seconds > 0:
            return Level(word, seconds=seconds)
    raise LevelError(
        f"{shown(spec)}: write {word}:N with N playouts per decision, 1 to {MAX_PLAYOUTS} "
        f"({word}:200), or {word}:Ss with a time budget of S seconds, at most "
        f"{MAX_SECONDS:g} ({word}:0.5s)"
    )


def level_problem(
    spec: object,
    offered: Sequence[str],
    *,
    searching: Sequence[str] = ("hard",),
    unlisted: Sequence[str] = (),
) -> str | None:
    """What is wrong with a level, in words (None: it is one)."""
    try:
        parse_level(spec, offered, searching=searching, unlisted=unlisted)
    except LevelError as exc:
        return str(exc)
    return None


def make_player(
    spec: object,
    makers: Mapping[str, Callable[[Level], B]],
    offered: Sequence[str],
    *,
    searching: Sequence[str] = ("hard",),
    unlisted: Sequence[str] = (),
) -> B:
    """The computer player of a level as written (:func:`parse_level`, same arguments):
    ``makers`` makes one of each level's word from the level read. Raises
    :class:`LevelError` saying what is wrong."""
    level = parse_level(spec, offered, searching=searching, unlisted=unlisted)
    return makers[level.word](level)


def budget_level(
    default: Level, playouts: int | None = None, seconds: float | None = None
) -> Level:
    """A searching player's budget per decision, as its level: ``playouts`` or
    ``seconds`` as given, the ``default`` level's when neither is. Raises ``ValueError``
    for fewer than 1 playout."""
    if playouts is not None and playouts < 1:
        raise ValueError("the number of playouts must be at least 1")
    if playouts is None and seconds is None:
        return default
    return Level(default.word, playouts, seconds)


def level_name(level: Level, default: Level) -> str:
    """A searching player's name: its word alone at the ``default`` budget, else the
    level as written (``hard:200``, ``hard:0.5s``)."""
    return level.word if level == default else str(level)
