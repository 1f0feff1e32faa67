"""Events: what an action did, as values, for the game log, the UI and the bots.

Every event carries only public information and can describe itself given the players'
names; a face-down discard says how many cards, never which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...common.words import plural
from .cards import Card, Suit, cards_text


@dataclass(frozen=True, slots=True)
class GameDealt:
    game: int
    """1-based."""
    lead: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Game {self.game} is dealt: 13 cards each; {names[self.lead]} leads this game."


@dataclass(frozen=True, slots=True)
class StrengthLaid:
    player: int
    card: Card

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.player]} laid {self.card} for the suit strength."


@dataclass(frozen=True, slots=True)
class SuitsRanked:
    order: tuple[Suit, Suit, Suit]
    """Highest first."""

    def describe(self, names: Sequence[str]) -> str:
        high, middle, low = (s.label for s in self.order)
        return f"Suit strength: {high} is Highest, {middle} Middle, {low} Lowest."


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    card: Card
    led: bool

    def describe(self, names: Sequence[str]) -> str:
        verb = "led" if self.led else "followed with"
        return f"{names[self.player]} {verb} {self.card}."


@dataclass(frozen=True, slots=True)
class TrickWon:
    player: int
    cards: tuple[Card, Card]
    """The leader's card, then the follower's."""
    tricks: int
    """The winner's tricks this game, this one included."""
    owed: int
    """``d``: the dots the loser owes."""

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.player]} won the trick ({self.cards[0]} {self.cards[1]}): "
            f"{plural(self.tricks, 'trick')} this game; "
            f"{names[1 - self.player]} owes {plural(self.owed, 'dot')}."
        )


@dataclass(frozen=True, slots=True)
class Paid:
    """The loser paid: ``cards`` when given (same suit), None when discarded face down."""

    player: int
    count: int
    cards: tuple[Card, ...] | None

    def describe(self, names: Sequence[str]) -> str:
        who = names[self.player]
        if self.count == 0:
            return f"{who} paid nothing."
        if self.cards is None:
            return f"{who} discarded {plural(self.count, 'card')} face down."
        return f"{who} gave {cards_text(self.cards)} to {names[1 - self.player]}."


@dataclass(frozen=True, slots=True)
class GameOver:
    game: int
    """1-based."""
    winner: int | None
    """None for a drawn game."""
    tricks: tuple[int, int]
    cards_left: tuple[int, int]

    def describe(self, names: Sequence[str]) -> str:
        if self.winner is None:
            return (
                f"Game {self.game} is drawn: both hands are empty and the tricks are "
                f"equal ({self.tricks[0]} each)."
            )
        loser = 1 - self.winner
        if self.cards_left[loser] == 0 and self.cards_left[self.winner] == 0:
            why = (
                f"both hands are empty and {names[self.winner]} won more tricks "
                f"({self.tricks[self.winner]} to {self.tricks[loser]})"
            )
        else:
            why = f"{names[loser]} has no cards left"
        return f"{names[self.winner]} wins game {self.game}: {why}."


@dataclass(frozen=True, slots=True)
class MatchOver:
    winner: int
    wins: tuple[int, int]

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.winner]} wins the match, "
            f"{self.wins[self.winner]} games to {self.wins[1 - self.winner]}."
        )


Event = GameDealt | StrengthLaid | SuitsRanked | CardPlayed | TrickWon | Paid | GameOver | MatchOver
