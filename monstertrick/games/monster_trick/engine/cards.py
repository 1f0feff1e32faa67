"""Cards, colours and decks.

A :class:`Card` is an ``int`` (``colour * 16 + value``) so that the engine can keep hands
and tricks as plain lists and compare cards at C speed; every card is interned, so
``Card.parse("G7") is Card.parse("G7")``.
"""

from __future__ import annotations

from ...common.cards import CardSuit, CodedCard, intern_cards

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND_SIZE = 12
NUM_SLOTS = 4
TRICK_SIZE = 4
NUM_ROUNDS = 3

#: Victory-point card values per round (round 1, 2, 3).
VP_SETS: tuple[tuple[int, int, int], ...] = ((1, 2, 3), (2, 4, 6), (3, 6, 9))


class Colour(CardSuit, letters="BGPY"):
    """The four card colours, each with its own letter."""

    BLUE = 0
    GREEN = 1
    PURPLE = 2
    YELLOW = 3

    @property
    def label(self) -> str:
        """The colour's name as players say it: ``"green"``."""
        return self.name.lower()


class Card(CodedCard[Colour]):
    """A card: colour and value, written ``"G7"``. Cards are interned ints."""

    __slots__ = ()

    colour = CodedCard.suit
    """The card's colour (its suit)."""


#: All cards that can exist (values 1..15), indexed by their int code.
CARDS, _ = intern_cards(
    Card,
    Colour,
    range(1, 16),
    16,
    written="a colour letter (B, G, P, Y) in capitals and a value from 1 to 15",
    example="G7",
)


def top_value(num_players: int) -> int:
    """The highest card value in the deck for this many players (6, 9, 12 or 15)."""
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Monster Trick is for 2 to 5 players, not {num_players}")
    return 3 * num_players


def deck(num_players: int) -> list[Card]:
    """The round's deck for this many players, sorted by colour then value."""
    top = top_value(num_players)
    return [CARDS[c * 16 + v] for c in range(4) for v in range(1, top + 1)]


def sort_key(card: Card) -> int:
    """Cards sort by colour, then value; the int value already does that."""
    return int(card)
