"""What everybody at the table sees: the public view of a Magic Trick game.

Magic Trick has no private information: nobody, not even its holder, sees the value of a
card still in a hand. So one view serves every seat, the bots and the screens alike;
only its :attr:`View.legal_actions` are the viewer's own (none in the public view or
when it is another seat's decision). It keeps the contract of every game's view
(:class:`monstertrick.games.contract.View`).
It holds suits and positions of the cards in hands, never their values; a card's value
appears only once it is face up (played to a trick or up a sleeve). A :class:`Card`
object in a view is always a face-up card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from .actions import Action
from .cards import NUM_PLAYERS, Card, Suit


class Phase(Enum):
    """Which step of the game comes next."""

    PLAY = "play"
    """The player to move plays a card to the trick."""
    SLEEVE = "sleeve"
    """The player who just played may put a card up their sleeve, or pass."""
    HAND_OVER = "hand over"
    """The hand is scored; :meth:`MagicTrickState.next_chapter` deals the next one."""
    GAME_OVER = "game over"


class Place(Enum):
    """Where a card dealt to a hand is now."""

    HAND = "hand"
    PLAYED = "played"
    SLEEVE = "sleeve"


@dataclass(frozen=True, slots=True)
class Spot:
    """One position of a hand as everyone sees it."""

    position: int
    """0-13, the dealt hand order (low values left)."""
    suit: Suit
    place: Place
    card: Card | None
    """The face-up card once played or sleeved; None while in the hand (its value is
    known to nobody)."""


@dataclass(frozen=True, slots=True)
class SeatView:
    name: str
    spots: tuple[Spot, ...]
    """All 14 positions in hand order; played cards leave a gap (``place`` PLAYED)."""
    bid: int | None
    """The value of the sleeved card, or None while the sleeve is empty."""
    tricks: int
    captured: tuple[Suit, ...]
    """The distinct suits among the cards of the tricks won this hand, in suit order."""

    @property
    def hand_suits(self) -> tuple[Suit | None, ...]:
        """The suit sequence of the hand in hand order, None where a card has left."""
        return tuple(s.suit if s.place is Place.HAND else None for s in self.spots)

    @property
    def in_hand(self) -> tuple[int, ...]:
        """The positions still in the hand."""
        return tuple(s.position for s in self.spots if s.place is Place.HAND)


@dataclass(frozen=True, slots=True)
class TrickCard:
    player: int
    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class PlayOption:
    """A card of the player to move: may it be played now, and if not, why."""

    position: int
    suit: Suit
    legal: bool
    reason: str | None


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn as everyone saw it: the card played, then the sleeve step."""

    player: int
    position: int
    card: Card
    sleeve_position: int | None = None
    sleeve_card: Card | None = None
    automatic: bool = False
    """The sleeve was the automatic one of the player's last card."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """A scored hand."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    suits: tuple[int, ...]
    """Distinct suits among each player's won cards."""
    scores: tuple[int, ...]
    prestige: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class HandLog:
    """A finished hand as a record stores it: every card is face up by then."""

    deal: tuple[tuple[Card, ...], ...]
    turns: tuple[Turn, ...]


@dataclass(frozen=True, slots=True)
class View:
    """The game as everybody sees it; ``viewer`` is the seat it was made for (or None).

    Nothing in it depends on the value of a card still in a hand.
    """

    viewer: int | None
    players: tuple[str, ...]
    first_player: int
    hand: int
    """The current hand, 1-based."""
    starter: int
    """Who led the first trick of this hand."""
    phase: Phase
    current_player: int | None
    seats: tuple[SeatView, ...]
    trick: tuple[TrickCard, ...]
    """The cards of the trick in progress, in play order."""
    led: Suit | None
    last_trick: tuple[TrickCard, ...]
    """The last finished trick of this hand (empty before the first is won)."""
    last_winner: int | None
    trick_number: int
    """The trick in progress (or about to be led), 1-based; 13 at most."""
    turns: tuple[Turn, ...]
    """Every turn of this hand so far."""
    results: tuple[HandResult, ...]
    """The scored hands, this one included once it is over."""
    past: tuple[HandLog, ...]
    """The hands before this one, fully revealed."""
    plays: tuple[PlayOption, ...]
    """At the play step: every card in the mover's hand, legal or with the reason not
    (in every view: the table shows them)."""
    legal_actions: tuple[Action, ...]
    """The viewer's actions, sorted: empty when it is not the viewer's decision."""

    @property
    def chapter(self) -> int:
        """The current hand, 1-based: a chapter of the game is a hand."""
        return self.hand

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now: the current player alone (none when the hand or
        the game is over)."""
        return () if self.current_player is None else (self.current_player,)

    def decision_key(self) -> tuple[int, int | None]:
        """The hand, and twice the turns of the hand so far, plus one at a sleeve step
        (whose turn is already counted): with the seed and the seat, what a computer
        player's randomness derives from (:func:`monstertrick.decisions.bot_rng`)."""
        return self.hand, 2 * len(self.turns) + (self.phase is Phase.SLEEVE)

    @property
    def num_players(self) -> int:
        return NUM_PLAYERS

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r.scores[p] for r in self.results) for p in range(NUM_PLAYERS))

    @property
    def prestige_counts(self) -> tuple[int, ...]:
        return tuple(sum(r.prestige[p] for r in self.results) for p in range(NUM_PLAYERS))

    @property
    def bids(self) -> tuple[int | None, ...]:
        return tuple(s.bid for s in self.seats)

    def suit_at(self, player: int, position: int) -> Suit:
        return self.seats[player].spots[position].suit


if TYPE_CHECKING:  # mypy checks that the view keeps the contract of every game
    from ...contract import View as ViewContract

    _CONTRACT: type[ViewContract[Action]] = View
