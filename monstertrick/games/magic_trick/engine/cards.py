"""Suits, cards and decks of Magic Trick (MAGIC_TRICK.md; the actions: :mod:`.actions`).

A :class:`Card` is an ``int`` (``suit * 8 + value``), interned, that prints as ``"S3"``.
"""

from __future__ import annotations

from ...common.cards import CardSuit, CodedCard, intern_cards

NUM_PLAYERS = 4
NUM_SUITS = 7
NUM_VALUES = 8
HAND_SIZE = 14
NUM_TRICKS = 13
NUM_HANDS = 4
DECK_SIZE = NUM_SUITS * NUM_VALUES
ALL_SUITS_MASK = (1 << NUM_SUITS) - 1


class Suit(CardSuit, letters="HSDCMTX"):
    """The seven suits; Hearts (0) are always trump. A suit's :attr:`label` is its
    name as players say it, a plural: ``"Moons"``."""

    HEARTS = 0
    SPADES = 1
    DIAMONDS = 2
    CLUBS = 3
    MOONS = 4
    TRIANGLES = 5
    STARS = 6

    @property
    def singular(self) -> str:
        """``"Moon"``."""
        return self.name.capitalize()[:-1]


TRUMP = Suit.HEARTS


class Card(CodedCard[Suit]):
    """A card: suit and value (0-7), written ``"S3"``. Cards are interned ints."""

    __slots__ = ()


CARDS, _ = intern_cards(
    Card,
    Suit,
    range(NUM_VALUES),
    NUM_VALUES,
    written=f"a suit letter ({', '.join(s.letter for s in Suit)}) and a value from 0 to 7",
    example="S3",
)


def deck() -> list[Card]:
    """The 56 cards, by suit then value."""
    return list(CARDS)


def ordinal(n: int) -> str:
    """``1 -> "1st"``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
