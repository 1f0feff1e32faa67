"""The Textual app: hot-seat Monster Trick in the terminal.

Only :mod:`monstertrick.tui.app` and the screens and widgets import Textual; the CLI
imports this package lazily, so ``monstertrick replay`` and ``--help`` never load it
(:func:`has_screens`, which ``--help`` asks, imports nothing of it).

The app maps each registered game to its screens (:mod:`.game_screens`); the game
registry (:mod:`monstertrick.games`) knows nothing of the app.
"""

from __future__ import annotations


def has_screens(key: str) -> bool:
    """Whether the registered game called ``key`` can be played in the terminal app: its
    package has a ``tui`` (found without importing it, nor Textual)."""
    from ..games import GAMES

    return (GAMES[key].folder / "tui" / "__init__.py").is_file()
