"""Cards, colours and decks.

A :class:`Card` is an ``int`` (``colour * 16 + value``) so that the engine can keep hands
and tricks as plain lists and compare cards at C speed; every card is interned, so
``Card.parse("G7") is Card.parse("G7")``.
"""

from __future__ import annotations

from enum import IntEnum

from ...common.cards import CodedCard, intern_cards
from .errors import InvalidMoveError

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND_SIZE = 12
NUM_SLOTS = 4
TRICK_SIZE = 4
NUM_ROUNDS = 3

#: Victory-point card values per round (round 1, 2, 3).
VP_SETS: tuple[tuple[int, int, int], ...] = ((1, 2, 3), (2, 4, 6), (3, 6, 9))


class Colour(IntEnum):
    """The four card colours, each with its own letter."""

    BLUE = 0
    GREEN = 1
    PURPLE = 2
    YELLOW = 3

    @property
    def letter(self) -> str:
        return "BGPY"[self]

    @property
    def label(self) -> str:
        """The colour's name as players say it: ``"green"``."""
        return self.name.lower()


class Card(CodedCard):
    """A card: colour and value, written ``"G7"``. Cards are interned ints."""

    __slots__ = ()

    @property
    def colour(self) -> Colour:
        return _COLOURS[self >> 4]

    @property
    def value(self) -> int:
        return self & 15

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``"G7"``: exactly an upper-case colour letter, then the value without
        leading zeros, as records write it (``"g7"``, ``" G7"`` and ``"G07"`` are not
        cards)."""
        card = _BY_NAME.get(text) if isinstance(text, str) else None
        if card is None:
            shown = repr(text)
            if len(shown) > 24:
                shown = shown[:20] + "…"
            raise InvalidMoveError(
                f"{shown} is not a card: write a colour letter (B, G, P, Y) in capitals "
                "and a value from 1 to 15, like 'G7'"
            )
        return card


_COLOURS = tuple(Colour)
#: All cards that can exist (values 1..15), indexed by their int code.
CARDS, _BY_NAME = intern_cards(Card, "BGPY", range(1, 16), 16)


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
