"""Cards as every game's engine keeps them: a card is an ``int``, its code
(``suit * stride + value``), so that hands and tricks are plain lists of small ints
compared at C speed; every card is interned and prints as its suit's letter and its
value (``"S3"``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Any, ClassVar, Generic, TypeVar, cast

from ...errors import InvalidMoveError

C = TypeVar("C", bound="CodedCard[Any]")
S = TypeVar("S", bound="CardSuit")


class CardSuit(IntEnum):
    """A game's suits (its ``Suit`` subclasses this, naming the letters its cards are
    written with, in the suits' order): ``class Suit(CardSuit, letters="IAS")``."""

    _letters: ClassVar[str]

    def __init_subclass__(cls, letters: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._letters = letters

    @property
    def letter(self) -> str:
        """The letter the suit's cards are written with: ``"A"``."""
        return self._letters[self]

    @property
    def label(self) -> str:
        """The suit's name as players say it: ``"Aqua"``."""
        return self.name.capitalize()


class CodedCard(int, Generic[S]):
    """A game's card (its ``Card`` subclasses this, naming its suits' type ``S``): an
    int code that prints as the card's name, with its :attr:`suit` and :attr:`value`.
    :func:`intern_cards` makes every card of the game and their names."""

    __slots__ = ()

    names: ClassVar[dict[int, str]] = {}
    """Each card's name by its code."""
    by_name: ClassVar[dict[str, Any]] = {}
    """Each card by its name."""
    suits: ClassVar[Sequence[CardSuit]] = ()
    """The game's suits in order."""
    stride: ClassVar[int] = 1
    """Codes per suit: a card's code is ``suit * stride + value``."""
    written: ClassVar[str] = ""
    """How a card is written, for a message: ``"a suit letter (…) and a value …"``."""
    example: ClassVar[str] = ""
    """A card as written: ``"S3"``."""
    # (The four above are set by :func:`intern_cards`.)

    @property
    def suit(self) -> S:
        return cast(S, self.suits[self // self.stride])

    @property
    def value(self) -> int:
        return self % self.stride

    def __str__(self) -> str:
        return self.names[self]

    def __repr__(self) -> str:
        return f"Card({self.names[self]!r})"

    @classmethod
    def parse(cls: type[C], text: object) -> C:
        """Read a card exactly as records write it: the suit's upper-case letter, then
        the value without leading zeros (``"s3"``, ``" S3"`` and ``"S03"`` are not
        cards). Raises :class:`~monstertrick.errors.InvalidMoveError` saying how a card
        is written."""
        if not isinstance(text, str):
            raise InvalidMoveError(
                f"a card is written as a string like {cls.example!r}, not {type(text).__name__}"
            )
        card = cls.by_name.get(text)
        if card is None:
            shown = repr(text)
            if len(shown) > 24:
                shown = shown[:20] + "…"
            raise InvalidMoveError(
                f"{shown} is not a card: write {cls.written}, like {cls.example!r}"
            )
        return cast(C, card)


def intern_cards(
    card: type[C],
    suits: Iterable[CardSuit],
    values: range,
    stride: int,
    *,
    written: str,
    example: str,
) -> tuple[list[C], dict[str, C]]:
    """Every card of a game: for each of ``suits``, in order, each of ``values``, at
    code ``suit * stride + value``, named by the suit's letter and the value. Returns
    the cards by code (a code that is no card holds a placeholder, the int 0 as a card)
    and by name, and gives ``card`` its suits, stride, names, and how a card is
    ``written`` (like ``example``) for :meth:`CodedCard.parse` to say."""
    order = tuple(suits)
    cards = [card(0)] * (len(order) * stride)
    names: dict[int, str] = {}
    for suit in order:
        for value in values:
            code = suit * stride + value
            cards[code] = card(code)
            names[code] = f"{suit.letter}{value}"
    by_name = {name: cards[code] for code, name in names.items()}
    card.names = names
    card.by_name = by_name
    card.suits = order
    card.stride = stride
    card.written = written
    card.example = example
    return cards, by_name
