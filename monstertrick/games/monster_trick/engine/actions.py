"""Monster Trick's actions: a :class:`Move` (a card into a slot) or an :class:`Arrange`
(a player's VP row), both interned values that print (``"G7→2"``, ``"3-1-2"``) and parse
back (:func:`parse_action`); the VP rows each round offers (:data:`VP_ORDERS`,
:data:`ARRANGEMENTS`), and the cards of a hand that are the same decision
(:func:`interchangeable`)."""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import final

from .cards import CARDS, NUM_SLOTS, VP_SETS, Card
from .errors import InvalidMoveError


@final
@dataclass(frozen=True, slots=True)
class Move:
    """Play ``card`` into ``slot`` (0-3): opens a trick there if it is empty."""

    card: Card
    slot: int

    def __str__(self) -> str:
        return f"{self.card}→{self.slot + 1}"

    @staticmethod
    def of(card: Card | str, slot: int) -> Move:
        """The (interned) move; ``card`` may be written ``"G7"``."""
        c = Card.parse(card) if isinstance(card, str) else card
        if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < NUM_SLOTS:
            raise InvalidMoveError(f"there is no slot {slot!r}: the table has slots 0 to 3")
        return MOVES[c][slot]

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``"G7→2"``: card G7 into slot 2 (slots counted 1 to 4, as players count
        them; ``"G7->2"`` is read too)."""
        card, arrow, slot = (
            text.replace("->", "→").partition("→") if isinstance(text, str) else ("", "", "")
        )
        if not arrow or slot not in ("1", "2", "3", "4"):
            raise InvalidMoveError(
                f"{_shown(text)} is not a move: write a card, an arrow and a trick from 1 "
                "to 4, like 'G7→2' (or 'G7->2')"
            )
        return MOVES[Card.parse(card)][int(slot) - 1]


#: Every move that can exist, interned: ``MOVES[card][slot]``.
MOVES: list[tuple[Move, ...]] = [
    tuple(Move(CARDS[code], s) for s in range(NUM_SLOTS)) for code in range(64)
]


@final
@dataclass(frozen=True, slots=True)
class Arrange:
    """Lay out the VP cards of the player to arrange as ``row``, left to right.

    Written as the row with dashes: ``"3-1-2"`` lays out 3 on the left, 1 in the middle
    and 2 on the right. Made with :meth:`of`, which returns one interned value per row.
    """

    row: tuple[int, int, int]

    def __str__(self) -> str:
        return "-".join(map(str, self.row))

    @staticmethod
    def of(row: Sequence[int]) -> Arrange:
        """The (interned) arrangement of ``row``: three VP card values, left to right.

        Raises :class:`InvalidMoveError` for anything else; a row of VP cards that is not
        this round's (``(9, 9, 9)``) is an arrangement the rules refuse when it is made.
        """
        found = None
        if isinstance(row, (tuple, list)) and len(row) == 3 and all(type(v) is int for v in row):
            found = _ARRANGES.get((row[0], row[1], row[2]))
        if found is None:
            raise InvalidMoveError(
                f"{_shown(row)} is not a VP row: lay out three VP cards "
                f"({', '.join(map(str, VP_VALUES))}) left to right, like '3-1-2'"
            )
        return found

    @staticmethod
    def parse(text: str) -> Arrange:
        """Read ``"3-1-2"`` (the values without leading zeros, no spaces)."""
        parts = text.split("-") if isinstance(text, str) else []
        if len(parts) != 3 or not all(p in _VP_WORDS for p in parts):
            raise InvalidMoveError(
                f"{_shown(text)} is not a VP row: write three VP cards "
                f"({', '.join(map(str, VP_VALUES))}) left to right with dashes, like '3-1-2'"
            )
        return _ARRANGES[(int(parts[0]), int(parts[1]), int(parts[2]))]


Action = Move | Arrange
"""A decision of Monster Trick: a VP row (arranging) or a card into a slot (playing)."""

#: Every VP card value of the game, lowest first.
VP_VALUES: tuple[int, ...] = tuple(sorted({v for vps in VP_SETS for v in vps}))
_VP_WORDS = frozenset(map(str, VP_VALUES))
#: Every row of three VP card values, interned (a row of the same card twice included: a
#: well-formed arrangement that the rules refuse).
_ARRANGES: dict[tuple[int, int, int], Arrange] = {
    (a, b, c): Arrange((a, b, c)) for a in VP_VALUES for b in VP_VALUES for c in VP_VALUES
}


def _shown(value: object) -> str:
    """``value`` quoted for a message, cut short."""
    shown = repr(value)
    return shown if len(shown) <= 24 else shown[:20] + "…"


def parse_action(text: str) -> Action:
    """Read an action as :func:`str` writes it: a move ``"G7→2"`` (or ``"G7->2"``) or a VP
    row ``"3-1-2"``; raises :class:`InvalidMoveError` with what to write instead."""
    if isinstance(text, str) and ("→" in text or ">" in text):
        return Move.parse(text)
    if isinstance(text, str) and text[:1].isdigit():
        return Arrange.parse(text)
    raise InvalidMoveError(
        f"{_shown(text)} is not an action: write a move, a card and a trick from 1 to 4 "
        "like 'G7→2', or a VP row left to right like '3-1-2'"
    )


def interchangeable(hand: Iterable[Card], dead: Container[Card]) -> dict[Card, Card]:
    """Each card of ``hand`` mapped to the lowest card of ``hand`` it is interchangeable
    with (itself if none).

    A card's value only matters when it is compared with the highest card of a trick's
    opening colour, so two cards of one colour in the same hand are interchangeable when
    no card between them can ever be compared with them: each card between is in the
    hand too, or ``dead`` (played this round and not the highest card of an open trick
    of its colour). Playing either then leads to the same game, the cards swapped.
    """
    out: dict[Card, Card] = {}
    prev: Card | None = None
    for card in sorted(hand):
        if (
            prev is not None
            and prev >> 4 == card >> 4
            and all(c in dead for c in range(prev + 1, card))
        ):
            out[card] = out[prev]
        else:
            out[card] = card
        prev = card
    return out


def vp_orders(vps: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    """The six orders in which a round's VP cards may be laid out, in a fixed order."""
    return tuple((a, b, c) for a, b, c in permutations(vps))


VP_ORDERS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(vp_orders(v) for v in VP_SETS)
"""The six VP rows of each round: ``VP_ORDERS[round - 1]``."""

ARRANGEMENTS: tuple[tuple[Arrange, ...], ...] = tuple(
    tuple(map(Arrange.of, rows)) for rows in VP_ORDERS
)
"""The six arrangements of each round, in :data:`VP_ORDERS`' order:
``ARRANGEMENTS[round - 1]``."""
