"""Events: what an action did, as values, for the game log and the screens.

Every event describes itself in a sentence given the players' names. Events carry only
public information: a card appears in an event only once it is face up (played or up a
sleeve), never while it is in a hand, where nobody may see its value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ...common.outcome import ChainOutcome
from ...common.outcome import GameOver as SharedGameOver
from ...common.words import join_names as join_names
from ...common.words import plural as plural
from .cards import Card, ordinal


def bonus_count(n: int) -> str:
    return f"{n} prestige bonus{'' if n == 1 else 'es'}"


@dataclass(frozen=True, slots=True)
class HandDealt:
    hand: int
    """1-based."""
    starter: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Hand {self.hand} is dealt; {names[self.starter]} leads the first trick."


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    position: int
    """Where the card sat in the player's hand (0-13)."""
    card: Card
    led: bool

    def describe(self, names: Sequence[str]) -> str:
        verb = "led" if self.led else "played"
        return f"{names[self.player]} {verb} {self.card} (their {ordinal(self.position + 1)} card)."


@dataclass(frozen=True, slots=True)
class TrickWon:
    player: int
    cards: tuple[Card, ...]
    """In the order they were played."""
    tricks: int
    """How many tricks the player has won this hand, this one included."""
    suits: int
    """How many distinct suits the player's won tricks hold now."""

    def describe(self, names: Sequence[str]) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return (
            f"{names[self.player]} won the trick ({cards}): "
            f"{plural(self.tricks, 'trick')}, {plural(self.suits, 'suit')} this hand."
        )


@dataclass(frozen=True, slots=True)
class CardSleeved:
    player: int
    position: int
    card: Card
    automatic: bool
    """The player's last card, sleeved by the rules after their 13th play."""

    def describe(self, names: Sequence[str]) -> str:
        if self.automatic:
            return (
                f"{names[self.player]}'s last card went up their sleeve: {self.card}, "
                f"a bid of {self.card.value}."
            )
        return f"{names[self.player]} put {self.card} up their sleeve: a bid of {self.card.value}."


@dataclass(frozen=True, slots=True)
class SleevePassed:
    player: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.player]} kept their sleeve empty for now."


@dataclass(frozen=True, slots=True)
class HandScored:
    hand: int
    """1-based."""
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    suits: tuple[int, ...]
    scores: tuple[int, ...]
    prestige: tuple[bool, ...]

    def describe(self, names: Sequence[str]) -> str:
        parts = []
        for p, n in enumerate(names):
            bonus = " with the prestige bonus" if self.prestige[p] else ""
            parts.append(
                f"{n} bid {self.bids[p]}, took {plural(self.tricks[p], 'trick')} "
                f"→ {self.scores[p]:+d}{bonus}"
            )
        return f"Hand {self.hand} is over: {'; '.join(parts)}."


class TieBreak(Enum):
    """How the winners were decided."""

    NONE = "none"
    """One player had the highest total."""
    PRESTIGE = "prestige"
    """Tied on total; decided by the number of prestige bonuses."""
    SHARED = "shared"
    """Tied on total and on prestige bonuses: a shared victory."""


@dataclass(frozen=True, slots=True)
class Outcome(ChainOutcome):
    """A finished game (:class:`monstertrick.games.contract.Outcome`): the highest total
    wins, then the most prestige bonuses, then the victory is shared."""

    scores: tuple[int, ...]
    """Each player's total points over the four hands."""
    prestige: tuple[int, ...]
    """Prestige bonuses per player over the game."""
    winners: tuple[int, ...]
    tie_break: TieBreak

    chain: ClassVar[tuple[TieBreak, ...]] = (TieBreak.NONE, TieBreak.PRESTIGE, TieBreak.SHARED)

    def amount(self, total: int) -> str:
        return plural(total, "point")

    def tie_won(self, names: Sequence[str]) -> str:
        best = self.scores[self.winners[0]]
        tied = [p for p in range(len(self.scores)) if self.scores[p] == best]
        others = join_names([names[p] for p in tied if p not in self.winners])
        return f"with {bonus_count(self.prestige[self.winners[0]])}, more than {others}"

    def also_tied(self) -> str:
        return f" and {bonus_count(self.prestige[self.winners[0]])} each"


class GameOver(SharedGameOver[Outcome]):
    __slots__ = ()


Event = HandDealt | CardPlayed | TrickWon | CardSleeved | SleevePassed | HandScored | GameOver
