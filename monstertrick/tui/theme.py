"""Colours as theme variables, and the small pieces of content every screen shares.

Card colours and player colours are theme variables (see
:meth:`MonsterTrickApp.get_theme_variable_defaults`), so a theme can override them. Every
card also prints its colour letter, so the game reads the same without colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rich.cells import cell_len, set_cell_size
from textual.content import Content

from ..games.monster_trick.engine import Card, Colour, tricks_scoring

#: Defaults for the app's own theme variables.
THEME_VARIABLES: dict[str, str] = {
    "card-blue": "#6ea8ff",
    "card-green": "#62d46a",
    "card-purple": "#c792ff",
    "card-yellow": "#ffd45e",
    "card-ink": "#111111",
    "card-back": "#6c6c7a",
    "seat-1": "#ff6b6b",
    "seat-2": "#4dd0e1",
    "seat-3": "#ffa94d",
    "seat-4": "#f783ac",
    "seat-5": "#a9e34b",
}

POSITIONS = ("left", "middle", "right")
#: What each VP position pays, in words (counts up to 7 tricks: "1, 4 or 7 tricks").
POSITION_PAYS = tuple(
    ", ".join(map(str, counts[:-1])) + f" or {counts[-1]} tricks"
    for counts in (tricks_scoring(pos, 7) for pos in range(3))
)
SEAT_COLOUR_NAMES = ("red", "cyan", "orange", "pink", "lime")


def seat_var(seat: int) -> str:
    return f"$seat-{seat + 1}"


def card_var(colour: Colour) -> str:
    return f"$card-{colour.label}"


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


@lru_cache(maxsize=1024)
def card_chip(card: Card) -> Content:
    """A card inline: its letter and value on its colour, e.g. `` G7 ``."""
    return Content.from_markup(f"[$card-ink on {card_var(card.colour)}]$text[/]", text=f"{card}")


def cards_inline(cards: Sequence[Card]) -> Content:
    return Content(" ").join(card_chip(c) for c in cards)


@lru_cache(maxsize=1024)
def vp_chip(value: int | None, *, style: str = "") -> Content:
    """A VP card: ``[3]`` face up, ``[▒]`` face down (None)."""
    if value is None:
        return Content.from_markup("[$card-back]\\[▒][/]")
    if style:
        return Content.from_markup(f"[{style}]\\[$v][/]", v=str(value))
    return Content(f"[{value}]")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
