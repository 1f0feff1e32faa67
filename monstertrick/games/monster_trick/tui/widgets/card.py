"""How a card is drawn: its colour letter and value on its colour, three lines tall.

The letter is printed on every card so the game reads the same in monochrome
(``NO_COLOR``) and for colour-blind players.
"""

from __future__ import annotations

from functools import lru_cache

from textual.content import Content

from ...engine import Card
from .. import cards

CARD_WIDTH = 4
"""Columns of one card face; ``G12`` fits with a space."""


def face_text(card: Card) -> str:
    """The face of a card (its middle line): its letter and value, centred."""
    return f"{card}".center(CARD_WIDTH)


def label_column(card: Card) -> int:
    """Where the card's letter is on its face (the terminal cursor goes there)."""
    face = face_text(card)
    return len(face) - len(face.lstrip())


@lru_cache(maxsize=256)
def card_lines(card: Card, *, selected: bool = False) -> tuple[Content, Content, Content]:
    """Top edge, face and bottom edge of one card."""
    colour = cards.card_var(card.colour)
    face = face_text(card)
    if selected:
        top = Content.from_markup("[bold $accent]$t[/]", t=" ▼▼ ")
        mid = Content.from_markup(f"[bold underline $card-ink on {colour}]$t[/]", t=face)
        bottom = Content.from_markup("[bold $accent]$t[/]", t=" ▲▲ ")
    else:
        top = Content.from_markup(f"[{colour}]$t[/]", t="▁" * CARD_WIDTH)
        mid = Content.from_markup(f"[bold $card-ink on {colour}]$t[/]", t=face)
        bottom = Content.from_markup(f"[{colour}]$t[/]", t="▔" * CARD_WIDTH)
    return top, mid, bottom
