"""Events: what a move did, as values, for the game log, the UI and the records.

Each event can describe itself in a sentence given the players' names. Events carry only
public information: every one of them may be shown to everybody at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ...common.outcome import ChainOutcome
from ...common.outcome import GameOver as SharedGameOver
from ...common.words import plural
from .cards import Card


def slot_label(slot: int) -> str:
    """Slots are stored 0-3 and shown to players as 1-4."""
    return f"trick {slot + 1}"


@dataclass(frozen=True, slots=True)
class Arranged:
    """A player has laid out their VP cards (the order stays secret)."""

    player: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.player]} arranged their VP cards."


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    card: Card
    slot: int
    opened: bool

    def describe(self, names: Sequence[str]) -> str:
        if self.opened:
            return f"{names[self.player]} opened {slot_label(self.slot)} with {self.card}."
        return f"{names[self.player]} played {self.card} on {slot_label(self.slot)}."


@dataclass(frozen=True, slots=True)
class TrickTakenOver:
    slot: int
    player: int
    previous: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.player]} took {slot_label(self.slot)} over from {names[self.previous]}."
        )


@dataclass(frozen=True, slots=True)
class TrickWon:
    player: int
    slot: int
    cards: tuple[Card, ...]
    tricks: int
    """How many tricks the player has won this round, this one included."""

    def describe(self, names: Sequence[str]) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return (
            f"{names[self.player]} won {slot_label(self.slot)} ({cards}): "
            f"{plural(self.tricks, 'trick')} this round."
        )


POSITIONS = ("left", "middle", "right")
"""The VP row's positions in words, left to right."""


@dataclass(frozen=True, slots=True)
class VPCardTurned:
    """A player's active VP card changed: ``value`` at ``position`` (0-2) is face up."""

    player: int
    position: int
    value: int

    def describe(self, names: Sequence[str]) -> str:
        where = POSITIONS[self.position]
        return f"{names[self.player]} turned up their {where} VP card: {self.value}."


@dataclass(frozen=True, slots=True)
class RoundScored:
    round: int
    """1-based."""
    tricks: tuple[int, ...]
    scores: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        parts = ", ".join(
            f"{n} {plural(t, 'trick')} → {s} VP" for n, t, s in zip(names, self.tricks, self.scores)
        )
        return f"Round {self.round} is over: {parts}."


class TieBreak(Enum):
    """How the winner was decided."""

    NONE = "none"
    """One player had the highest total."""
    ROUND3 = "round3"
    """Tied on total; decided by the round 3 score."""
    ROUND2 = "round2"
    """Tied on total and round 3; decided by the round 2 score."""
    SHARED = "shared"
    """Tied on total, round 3 and round 2: a shared victory."""


@dataclass(frozen=True, slots=True)
class Outcome(ChainOutcome):
    """A finished game: the highest total wins, then the best round 3, then the best
    round 2, then the victory is shared."""

    scores: tuple[int, ...]
    """Each seat's total (VP): the game's score."""
    winners: tuple[int, ...]
    tie_break: TieBreak

    chain: ClassVar[tuple[TieBreak, ...]] = (
        TieBreak.NONE,
        TieBreak.ROUND3,
        TieBreak.ROUND2,
        TieBreak.SHARED,
    )

    @property
    def totals(self) -> tuple[int, ...]:
        """The :attr:`scores` (their name in the game's screens)."""
        return self.scores

    def amount(self, total: int) -> str:
        return f"{total} VP"

    def tie_won(self, names: Sequence[str]) -> str:
        if self.tie_break is TieBreak.ROUND3:
            return "by scoring more in round 3"
        return "by scoring more in round 2 (still tied in round 3)"

    def also_tied(self) -> str:
        return ": they are also tied in round 3 and in round 2"


class GameOver(SharedGameOver[Outcome]):
    __slots__ = ()


Event = Arranged | CardPlayed | TrickTakenOver | TrickWon | VPCardTurned | RoundScored | GameOver
