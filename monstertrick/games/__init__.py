"""The games this table plays, registered in one place.

Like python-chess's variants and OpenSpiel's game registry: each game is a package under
``monstertrick/games/`` and one :class:`GameType` line below. The shell (CLI, replay,
saves, arena, start screen) knows a game only through its entry here and the package's
``GAME`` object, imported on first use so that ``monstertrick replay`` of one game never
loads another (nor Textual).

A game package provides, in its ``__init__``:

``GAME``
    an object with ``replay(doc) -> dict`` (the ``replay --json`` result of a parsed
    record, raising :class:`~monstertrick.errors.RecordError` with 1-based round and
    move) and ``describe(doc) -> str`` (the same outcome for people).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameType:
    """The facts of a game that the shell needs before loading it."""

    key: str
    """The record's ``game`` key and the CLI's ``--game`` value."""
    title: str
    min_players: int
    max_players: int
    package: str
    """The package that implements the game (imported on first use)."""

    def load(self) -> Any:
        """The game package's ``GAME`` object."""
        return importlib.import_module(self.package).GAME


GAMES: dict[str, GameType] = {
    g.key: g
    for g in (
        GameType("monster-trick", "Monster Trick", 2, 5, "monstertrick.games.monster_trick"),
        GameType("magic-trick", "Magic Trick", 4, 4, "monstertrick.games.magic_trick"),
    )
}
DEFAULT_GAME = "monster-trick"


def find_game(key: str) -> GameType:
    """The registered game called ``key`` (raises ``KeyError`` with the known names)."""
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}: choose one of {', '.join(GAMES)}") from None
