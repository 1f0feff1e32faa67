"""Cards, suits and dots of Monster Taking (the game's ``rules.md``).

A :class:`Card` is an ``int`` (``suit * 16 + value``), interned, so hands are plain
sorted lists of small ints and ``Card.parse("A7") is Card.parse("A7")``. Sorting by the
int sorts by suit (Ignis, Aqua, Sylva), then value.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ...common.cards import CardSuit, CodedCard, intern_cards

NUM_CARDS = 30
HAND_SIZE = 13
DECK_SIZE = 4
WINS_NEEDED = 2


class Suit(CardSuit, letters="IAS"):
    """The three suits, each with its own letter."""

    IGNIS = 0
    AQUA = 1
    SYLVA = 2


#: Dots per value (index 0 unused): 1,6 → 4; 2,7 → 3; 3,8 → 2; 4,9 → 1; 5,10 → 0.
DOTS_BY_VALUE: tuple[int, ...] = (0, 4, 3, 2, 1, 0, 4, 3, 2, 1, 0)


class Card(CodedCard[Suit]):
    """A card: suit and value 1-10, written ``"A7"``. Cards are interned ints."""

    __slots__ = ()

    @property
    def dots(self) -> int:
        return DOTS[self]


#: Every card by its int code (codes that are not cards hold a placeholder).
CARDS, _BY_NAME = intern_cards(
    Card,
    Suit,
    range(1, 11),
    16,
    written="a suit letter (I, A or S) and a value from 1 to 10",
    example="A7",
)
#: Dots by card code.
DOTS: list[int] = [0] * len(CARDS)
for _card in _BY_NAME.values():
    DOTS[_card] = DOTS_BY_VALUE[_card.value]

#: The 30 cards, sorted by suit then value.
FULL_DECK: tuple[Card, ...] = tuple(CARDS[s * 16 + v] for s in range(3) for v in range(1, 11))


def cards_text(cards: Iterable[int]) -> str:
    """Cards as players read them: ``"A8 I9"`` (``"nothing"`` for none)."""
    names = [Card.names[c] for c in cards]
    return " ".join(names) if names else "nothing"


def deal(seed: int | str, game_index: int) -> tuple[list[list[Card]], list[Card]]:
    """The seeded deal of one game (0-based index): two sorted hands of 13, the DECK of 4."""
    rng = random.Random(f"monster-taking/{seed}/{game_index}")
    return shuffle_deal(rng)


def shuffle_deal(rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle the 30 cards with ``rng`` and deal them: two hands of 13, the DECK of 4."""
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    return (
        [sorted(cards[:HAND_SIZE]), sorted(cards[HAND_SIZE : 2 * HAND_SIZE])],
        sorted(cards[2 * HAND_SIZE :]),
    )
