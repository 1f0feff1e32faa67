"""Player colours as theme variables, and the small pieces of content every screen shares.

Player colours (and each game's card colours, from its registry entry) are theme
variables (see :meth:`GamesApp.get_theme_variable_defaults`), so a theme can
override them. Names are data, never markup, and are fitted to the cells they have.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rich.cells import cell_len, set_cell_size
from textual.content import Content

#: Defaults for the app's own theme variables.
THEME_VARIABLES: dict[str, str] = {
    "seat-1": "#ff6b6b",
    "seat-2": "#4dd0e1",
    "seat-3": "#ffa94d",
    "seat-4": "#f783ac",
    "seat-5": "#a9e34b",
}

SEAT_COLOUR_NAMES = ("red", "cyan", "orange", "pink", "lime")


def seat_var(seat: int) -> str:
    return f"$seat-{seat + 1}"


@lru_cache(maxsize=1024)
def marker(seat: int) -> Content:
    """The seat's marker in its player colour."""
    return Content.from_markup(f"[{seat_var(seat)}]●[/]")


def fit(text: str, width: int) -> str:
    """``text`` in at most ``width`` terminal cells: shortened with "…" when longer
    (cells, not characters: CJK and emoji take two)."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    return set_cell_size(text, width - 1).rstrip() + "…"


def pad(text: str, width: int) -> str:
    """``text`` fitted to exactly ``width`` cells (shortened with "…", or padded)."""
    return set_cell_size(fit(text, width), width)


def name_column(names: Sequence[str], most: int = 20) -> int:
    """Cells for a column of names: the widest name, at least 6 and at most ``most``."""
    return max(6, min(most, max(cell_len(n) for n in names)))


@lru_cache(maxsize=1024)
def player(seat: int, name: str, *, bold: bool = False, width: int | None = None) -> Content:
    """``● Ann`` with the marker (and, if asked, the name) in the player colour.

    ``width``: the name fitted to exactly that many cells (shortened with "…" or padded).
    The name is data, never markup.
    """
    style = f"bold {seat_var(seat)}" if bold else seat_var(seat)
    if width is not None:
        name = pad(name, width)
    return Content.from_markup(f"[{seat_var(seat)}]●[/] [{style}]$name[/]", name=name)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
