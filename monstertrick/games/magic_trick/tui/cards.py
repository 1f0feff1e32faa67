"""How Magic Trick's cards look: a back in its suit's colour with the suit letter, the
value only once the card is face up (played or up a sleeve)."""

from __future__ import annotations

from collections.abc import Mapping

from textual.content import Content

from ... import GAMES
from ..engine.cards import Card, Suit

#: The seven suit colours, as theme variables a theme may override, from the game's
#: registry entry (the app's theme takes them before it loads the game).
THEME_VARIABLES: dict[str, str] = dict(GAMES["magic-trick"].theme_variables)
INK = "#111111"


def suit_variable(suit: Suit) -> str:
    return f"magic-{suit.name.lower()}"


def suit_colour(suit: Suit, variables: Mapping[str, str] | None = None) -> str:
    """The suit's colour: the theme's value if it has one, else the default."""
    name = suit_variable(suit)
    if variables is not None and name in variables:
        return variables[name]
    return THEME_VARIABLES[name]


def back(
    suit: Suit,
    variables: Mapping[str, str] | None = None,
    *,
    cursor: bool = False,
    dim: bool = False,
) -> Content:
    """A card in a hand: its suit's letter on its suit's colour, never its value;
    ``[S]`` under the cursor; ``(S)``, dim, when it may not be played now (not in colour
    alone: under the cursor the status line says why it may not)."""
    colour = suit_colour(suit, variables)
    if cursor:
        text = f"[{suit.letter}]"
    elif dim:
        text = f"({suit.letter})"
    else:
        text = f" {suit.letter} "
    style = f"bold {INK} on {colour}"
    if cursor:
        style += " underline"
    if dim:
        style = f"{colour} on #303030"
    return Content.styled(text, style)


def face(card: Card, variables: Mapping[str, str] | None = None) -> Content:
    """A face-up card: ``S3`` on its suit's colour."""
    colour = suit_colour(card.suit, variables)
    return Content.styled(str(card), f"bold {INK} on {colour}")
