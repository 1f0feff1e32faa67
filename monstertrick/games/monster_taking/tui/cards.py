"""Monster Taking's cards on screen: suit colours, and the suit letter always printed
(the game reads the same without colour)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.style import Style

from ... import GAMES
from ..engine.cards import Card, Suit

#: Suit colours (defaults of the theme variables the game offers), from the game's
#: registry entry (the app's theme takes them before it loads the game).
THEME_VARIABLES: dict[str, str] = dict(GAMES["monster-taking"].theme_variables)

_COLOUR = {
    Suit.IGNIS: THEME_VARIABLES["suit-ignis"],
    Suit.AQUA: THEME_VARIABLES["suit-aqua"],
    Suit.SYLVA: THEME_VARIABLES["suit-sylva"],
}


def suit_style(suit: Suit) -> Style:
    return Style.parse(f"bold {_COLOUR[suit]}")


def suit_name(suit: Suit) -> Content:
    """``I Ignis`` in its colour (the letter first)."""
    return Content.styled(f"{suit.letter} {suit.label}", suit_style(suit))


def chip(card: Card, *, dim: bool = False) -> Content:
    """A card inline: its suit letter and value on its colour, e.g. `` A7 ``."""
    if dim:
        return Content.styled(f"{card}", Style.parse(f"{_COLOUR[card.suit]} dim"))
    return Content.styled(
        f"{card}", Style.parse(f"{THEME_VARIABLES['suit-ink']} on {_COLOUR[card.suit]}")
    )


def chips(cards: Sequence[Card]) -> Content:
    if not cards:
        return Content("none")
    return Content(" ").join(chip(c) for c in cards)


def order_line(order: Sequence[Suit] | None) -> Content:
    """The suits, Highest to Lowest, or "not yet ranked"."""
    if order is None:
        return Content("Suits: not yet ranked")
    return Content.assemble(
        "Suits: Highest ", Content(" > ").join(suit_name(s) for s in order), " Lowest"
    )
