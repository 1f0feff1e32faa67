"""Monster Trick's cards on screen: colours as theme variables, chips and VP cards.

Every card also prints its colour letter, so the game reads the same without colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from textual.content import Content

from ... import GAMES
from ..engine import POSITIONS as POSITIONS
from ..engine import Card, Colour, tricks_scoring

#: Defaults for the card colours (theme variables a theme can override), from the
#: game's registry entry (the app's theme takes them before it loads the game).
THEME_VARIABLES: dict[str, str] = dict(GAMES["monster-trick"].theme_variables)

#: What each VP position pays, in words (counts up to 7 tricks: "1, 4 or 7 tricks").
POSITION_PAYS = tuple(
    ", ".join(map(str, counts[:-1])) + f" or {counts[-1]} tricks"
    for counts in (tricks_scoring(pos, 7) for pos in range(3))
)


def card_var(colour: Colour) -> str:
    return f"$card-{colour.label}"


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
