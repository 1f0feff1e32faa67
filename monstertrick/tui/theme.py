"""Colours as theme variables, and the small pieces of content every screen shares.

Card colours and player colours are theme variables (see
:meth:`MonsterTrickApp.get_theme_variable_defaults`), so a theme can override them. Every
card also prints its colour letter, so the game reads the same without colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from textual.content import Content

from ..engine import Card, Colour

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
#: What each VP position pays, in words.
POSITION_PAYS = ("1, 4 or 7 tricks", "2 or 5 tricks", "3 or 6 tricks")
SEAT_COLOUR_NAMES = ("red", "cyan", "orange", "pink", "lime")


def seat_var(seat: int) -> str:
    return f"$seat-{seat + 1}"


def card_var(colour: Colour) -> str:
    return f"$card-{colour.label}"


@lru_cache(maxsize=1024)
def marker(seat: int) -> Content:
    """The seat's marker in its player colour."""
    return Content.from_markup(f"[{seat_var(seat)}]●[/]")


@lru_cache(maxsize=1024)
def player(seat: int, name: str, *, bold: bool = False) -> Content:
    """``● Ann`` with the marker (and, if asked, the name) in the player colour."""
    style = f"bold {seat_var(seat)}" if bold else seat_var(seat)
    return Content.from_markup(f"[{seat_var(seat)}]●[/] [{style}]$name[/]", name=name)


@lru_cache(maxsize=1024)
def card_chip(card: Card) -> Content:
    """A card inline: its letter and value on its colour, e.g. `` G7 ``."""
    return Content.from_markup(
        f"[$card-ink on {card_var(card.colour)}]$text[/]", text=f"{card}"
    )


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
