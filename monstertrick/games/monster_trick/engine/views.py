"""What Monster Trick's players may see: the phase of the game, the table as everyone
sees it (:class:`PublicView`) and one player's view (:class:`PlayerView`), the UI's and
the bots' only window on a game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .actions import ARRANGEMENTS, Action, Move, interchangeable
from .cards import Card, Colour


class Phase(Enum):
    ARRANGING = "arranging"
    """Players are secretly ordering their VP cards."""
    PLAYING = "playing"
    ROUND_OVER = "round over"
    """The round is scored; :meth:`GameState.next_chapter` deals the next one."""
    GAME_OVER = "game over"


@dataclass(frozen=True, slots=True)
class TrickView:
    """An open trick as everyone sees it."""

    slot: int
    cards: tuple[Card, ...]
    lead: Colour
    holder: int
    players: tuple[int, ...] = ()
    """Who played each card of ``cards``, in the same order."""

    @property
    def count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card played this round, as everyone saw it."""

    player: int
    card: Card
    slot: int


@dataclass(frozen=True, slots=True)
class PublicView:
    """What everyone at the table may see: :meth:`GameState.public_view`.

    Names, phase, turn, hand sizes, the table (with who played each card), every card
    played this round, tricks won, each player's face-up VP card and the VP cards seen
    this round, who has arranged, scores of finished rounds, and every VP row once a
    round is over. No hand and no hidden VP card.
    """

    players: tuple[str, ...]
    phase: Phase
    round: int
    """1-based."""
    starting_player: int
    current_player: int | None
    vp_set: tuple[int, int, int]
    arranged: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[TrickView | None, ...]
    played: tuple[PlayedCard, ...]
    tricks_won: tuple[int, ...]
    face_up: tuple[tuple[int, int] | None, ...]
    """Per player, ``(position, value)`` of the face-up VP card, or None."""
    vp_seen: tuple[tuple[int | None, int | None, int | None], ...]
    """Per player, the VP cards everyone has seen face up this round, by position (None
    where not yet shown): cards turn up left, middle, right, so after ``t`` tricks the
    first ``min(t, 3)`` positions have been seen."""
    round_scores: tuple[tuple[int, ...], ...]
    """Scores of the finished rounds, per round, per player."""
    revealed: tuple[tuple[int, int, int], ...] | None
    """Every player's VP row of this round, once it is over; None while secret."""

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[p] for r in self.round_scores) for p in range(len(self.players)))

    @property
    def viewer(self) -> int | None:
        """Whose view this is: None, everyone's."""
        return None

    @property
    def chapter(self) -> int:
        """The round in play, 1-based."""
        return self.round

    @property
    def legal_actions(self) -> Sequence[Action]:
        """The viewer's actions now: none in the public view."""
        return ()

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now: while arranging, every seat still to lay its
        VP row, in turn order from the round's starting player; else the player to play
        (none once the round is over)."""
        if self.phase is Phase.ARRANGING:
            n = len(self.players)
            first = self.starting_player
            return tuple(p for p in (*range(first, n), *range(first)) if not self.arranged[p])
        return () if self.current_player is None else (self.current_player,)

    def decision_key(self) -> tuple[int, int | None]:
        """The round and the cards played in it so far (None while VP rows are laid out,
        before the first card): with the seed and the seat, where a computer player's
        randomness comes from (:func:`monstertrick.decisions.bot_rng`); the same for
        every seat laying its VP row, whatever the order the rows are laid in."""
        return (self.round, None if self.phase is Phase.ARRANGING else len(self.played))


@dataclass(frozen=True, slots=True)
class PlayerView(PublicView):
    """Everything one player may know, and nothing more: the :class:`PublicView` and,
    private to ``player``, their hand, their own VP row and their legal moves."""

    player: int
    hand: tuple[Card, ...]
    arrangement: tuple[int, int, int] | None
    """This player's own VP row, left to right (None until arranged)."""
    legal_moves: tuple[Move, ...]
    """The moves ``player`` may make now (empty when it is not their turn to play)."""

    @property
    def viewer(self) -> int | None:
        """Whose view this is: :attr:`player`."""
        return self.player

    @property
    def legal_actions(self) -> Sequence[Action]:
        """``player``'s actions now: the six arrangements of the round's VP cards while
        they are still to lay out their row (every seat lays its row at the same time),
        their legal moves when it is their turn to play, else none."""
        if self.phase is Phase.ARRANGING:
            return ARRANGEMENTS[self.round - 1] if not self.arranged[self.player] else ()
        return self.legal_moves

    def legal_slots(self, card: Card) -> tuple[int, ...]:
        """The slots ``card`` may go to now (from the engine's legal moves)."""
        return tuple(m.slot for m in self.legal_moves if m.card == card)

    def interchangeable_cards(self) -> dict[Card, Card]:
        """Each card in hand mapped to the lowest one it is interchangeable with
        (:func:`interchangeable`, from the cards played this round and the table)."""
        highs = {max(c for c in t.cards if c >> 4 == t.lead) for t in self.table if t}
        return interchangeable(self.hand, {pc.card for pc in self.played} - highs)
