"""What Monster Taking's players may see: the phase of the match, each game's log and
result, the match's outcome, and one seat's view (:class:`PlayerView`), the UI's and the
bots' only window on a match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .actions import Action
from .cards import Card, Suit
from .payments import PaymentDue


class Phase(Enum):
    STRENGTH = "suit strength"
    """LEAD, then the other player, lay a card to rank the suits."""
    PLAY = "play"
    """A card is led or followed."""
    PAY = "pay"
    """The loser of the trick pays."""
    GAME_OVER = "game over"
    """The game has ended and the match goes on: :meth:`MatchState.next_chapter` deals."""
    MATCH_OVER = "match over"


# ---------------------------------------------------------------------- logs and results


@dataclass(frozen=True, slots=True)
class TrickLog:
    """One trick as it stands: who led, both cards, the winner, ``d`` and the payment."""

    leader: int
    lead: Card
    follow: Card | None = None
    winner: int | None = None
    owed: int | None = None
    """``d``, the dots the loser owes (None until the trick is complete)."""
    pay: tuple[Card, ...] | None = None
    """The cards paid (None until paid)."""

    @property
    def same_suit(self) -> bool:
        return self.follow is not None and self.lead >> 4 == self.follow >> 4


@dataclass(slots=True)
class GameLog:
    """One game as a record stores it: LEAD, the deal, the DECK, strength cards, tricks."""

    lead: int
    deal: tuple[tuple[Card, ...], tuple[Card, ...]]
    deck: tuple[Card, ...]
    strength: list[Card]
    tricks: list[TrickLog]

    def copy(self) -> GameLog:
        return GameLog(self.lead, self.deal, self.deck, self.strength[:], self.tricks[:])

    def key(self) -> tuple[Any, ...]:
        return (self.lead, self.deal, self.deck, tuple(self.strength), tuple(self.tricks))


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game."""

    lead: int
    order: tuple[Suit, Suit, Suit]
    tricks: tuple[int, int]
    cards_left: tuple[int, int]
    winner: int | None
    """None for a drawn game."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished match."""

    scores: tuple[int, int]
    """The games each seat won."""
    winners: tuple[int]
    """The match's winner (a match has one)."""
    games: tuple[int | None, ...]
    """The winner of each game (None for a draw)."""

    def explain(self, names: Sequence[str]) -> str:
        (winner,) = self.winners
        draws = sum(1 for g in self.games if g is None)
        extra = f" ({draws} drawn game{'s' if draws != 1 else ''})" if draws else ""
        return (
            f"{names[winner]} wins the match, {self.scores[winner]} games to "
            f"{self.scores[1 - winner]}{extra}."
        )


# ---------------------------------------------------------------------- views


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as one seat (or everyone) sees it."""

    leader: int
    lead: Card
    follow: Card | None
    winner: int | None
    owed: int | None
    paid: int | None
    """How many cards the loser paid (None until paid)."""
    face_down: bool
    """The payment is discarded face down (different suits)."""
    cards: tuple[Card, ...] | None
    """The paid cards when the viewer may see them: always when given (same suit), and
    for a face-down discard only in the payer's own view."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one seat may know now, and nothing more (or, with ``viewer`` None,
    what everybody at the table may know).

    Public: names, phase, game number, LEAD, whose decision it is, hand sizes, the
    face-down counts, the strength cards and the suit order, every trick (cards, winner,
    ``d``, how many cards were paid and the cards themselves when they were given),
    tricks won, games won and the finished games. Private to ``viewer``: their hand,
    their own face-down discards and which cards in hand they received.
    """

    viewer: int | None
    players: tuple[str, str]
    phase: Phase
    chapter: int
    """The game of the match, 1-based."""
    lead: int
    """This game's LEAD."""
    current_player: int | None
    hand: tuple[Card, ...] | None
    discards: tuple[Card, ...] | None
    """The viewer's own face-down discards this game."""
    received: tuple[Card, ...] | None
    """The cards in the viewer's hand that came to them as payments this game."""
    hand_sizes: tuple[int, int]
    discard_counts: tuple[int, int]
    deck_size: int
    strength: tuple[Card, ...]
    """LEAD's strength card, then the other player's (as far as laid)."""
    order: tuple[Suit, Suit, Suit] | None
    """The suits, Highest first (None until both strength cards are laid)."""
    tricks: tuple[TrickView, ...]
    tricks_won: tuple[int, int]
    wins: tuple[int, int]
    results: tuple[GameResult, ...]
    legal_actions: tuple[Action, ...]
    """The viewer's actions now (empty when it is not their decision)."""
    payment: PaymentDue | None = None
    """When the viewer must pay now: the total their payment must make and, when it is
    not ``d``, the rule's reason (None in every other view)."""

    @property
    def owed(self) -> int | None:
        """``d`` of the trick waiting for its payment, or None."""
        if self.phase is Phase.PAY and self.tricks:
            return self.tricks[-1].owed
        return None

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now: the current player alone (none between games
        and when the match is over)."""
        return () if self.current_player is None else (self.current_player,)

    def decision_key(self) -> tuple[int, int]:
        """With the seed and the seat, where a computer player's randomness comes from:
        the game of the match and a count of the play in it (one per strength card
        laid, two per trick begun, one more while its payment is due). A trick's
        follow and the next lead may share a count: it stays as the computer players
        have always counted, so that a saved match plays on as it would have."""
        return (
            self.chapter,
            2 * len(self.tricks) + len(self.strength) + (self.phase is Phase.PAY),
        )
