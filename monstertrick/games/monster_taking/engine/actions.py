"""Monster Taking's actions: :class:`Strength`, :class:`Play` and :class:`Pay`, interned
per card, that print in a short notation :func:`parse_action` reads back."""

from __future__ import annotations

from dataclasses import dataclass

from ....errors import InvalidMoveError
from .cards import CARDS, Card, cards_text


@dataclass(frozen=True, slots=True)
class Strength:
    """Lay ``card`` face up for the suit strength."""

    card: Card

    def __str__(self) -> str:
        return f"strength {self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    """Lead or follow with ``card``."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay ``cards`` (sorted; empty to pay nothing)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if any(cards[i] > cards[i + 1] for i in range(len(cards) - 1)):
            cards = tuple(sorted(cards))
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        return f"pay {cards_text(self.cards)}"


Action = Strength | Play | Pay

#: Interned actions per card code.
STRENGTHS: list[Strength] = [Strength(c) for c in CARDS]
PLAYS: list[Play] = [Play(c) for c in CARDS]
PAY_NOTHING = Pay(())
_WRITTEN = 60
"""How much of a text that is not an action an error message shows."""


def parse_action(text: str) -> Action:
    """The action that ``str`` printed as ``text``: ``"strength A7"``, ``"play A7"``,
    ``"pay I9 A8"`` (each card once, in any order) or ``"pay nothing"``; words are
    separated by spaces, cards written as :meth:`Card.parse` reads them. Raises
    :class:`InvalidMoveError` saying what is wrong with anything else (whether the
    action is allowed now is :meth:`MatchState.apply`'s question)."""
    if not isinstance(text, str):
        raise InvalidMoveError(
            f"an action is written as a string like 'play A7', not {type(text).__name__}"
        )
    words = text.split()
    shown = repr(text[:_WRITTEN])
    if not words:
        raise InvalidMoveError("no action written: write 'strength A7', 'play A7' or 'pay I9 A8'")
    verb, cards = words[0], words[1:]
    if verb == "pay":
        if cards == ["nothing"]:
            return PAY_NOTHING
        if not cards:
            raise InvalidMoveError("write the cards paid, like 'pay I9 A8', or 'pay nothing'")
        paid = tuple(Card.parse(w) for w in cards)
        if len(set(paid)) != len(paid):
            raise InvalidMoveError(f"{shown} pays a card twice")
        return Pay(paid)
    if verb in ("strength", "play"):
        if len(cards) != 1:
            raise InvalidMoveError(f"{shown}: write one card after {verb!r}, like '{verb} A7'")
        card = Card.parse(cards[0])
        return STRENGTHS[card] if verb == "strength" else PLAYS[card]
    raise InvalidMoveError(
        f"{shown} is not an action: write 'strength A7', 'play A7', 'pay I9 A8' or 'pay nothing'"
    )
