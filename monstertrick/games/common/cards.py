"""Cards as every game's engine keeps them: a card is an ``int``, its code
(``suit * stride + value``), so that hands and tricks are plain lists of small ints
compared at C speed; every card is interned and prints as its suit's letter and its
value (``"S3"``)."""

from __future__ import annotations

from typing import ClassVar, TypeVar

C = TypeVar("C", bound="CodedCard")


class CodedCard(int):
    """A game's card (its ``Card`` subclasses this): an int code that prints as the
    card's name. :func:`intern_cards` makes every card of the game and their names."""

    __slots__ = ()

    names: ClassVar[dict[int, str]] = {}
    """Each card's name by its code."""

    def __str__(self) -> str:
        return self.names[self]

    def __repr__(self) -> str:
        return f"Card({self.names[self]!r})"


def intern_cards(
    card: type[C], letters: str, values: range, stride: int
) -> tuple[list[C], dict[str, C]]:
    """Every card of a game: for each suit (its letter in ``letters``, in suit order)
    each of ``values``, at code ``suit * stride + value``. Returns the cards by code (a
    code that is no card holds a placeholder, the int 0 as a card) and by name, and
    gives ``card`` the names it prints."""
    cards = [card(0)] * (len(letters) * stride)
    names: dict[int, str] = {}
    for suit, letter in enumerate(letters):
        for value in values:
            code = suit * stride + value
            cards[code] = card(code)
            names[code] = f"{letter}{value}"
    card.names = names
    return cards, {name: cards[code] for code, name in names.items()}
