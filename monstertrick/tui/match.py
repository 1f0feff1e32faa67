"""A game in progress as the app runs it: the engine's state plus what the table saw.

This module never imports Textual. It holds the :class:`GameState`, the public events of
the round (for the game log and "since your last turn") and where each player last
looked. Every rule question goes to the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import (
    CardPlayed,
    Event,
    GameState,
    Move,
    Phase,
    PlayerView,
    TrickTakenOver,
    TrickWon,
    VPCardTurned,
)
from ..setup import Seating

#: Events that tell the table what happened in play (shown in "since your last turn").
PLAY_EVENTS = (CardPlayed, TrickTakenOver, TrickWon, VPCardTurned)


@dataclass
class Match:
    """One game at the table: the seating, the seed and the engine's state."""

    seating: Seating
    seed: int
    game: GameState
    log: list[Event] = field(default_factory=list)
    """Public events of the current round, in order."""
    log_round: int = 1
    seen: dict[int, int] = field(default_factory=dict)
    """Per player, how much of ``log`` they had seen when they last played."""
    round_end_shown: int = 0
    """The last round whose results the table has seen."""

    @classmethod
    def start(cls, seating: Seating, seed: int) -> Match:
        game = GameState(list(seating.names), seed=seed, first_player=seating.first)
        return cls(seating, seed, game, log_round=game.round)

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.players

    def view(self, player: int) -> PlayerView:
        return self.game.view(player)

    def _record(self, events: list[Event]) -> None:
        if self.game.round != self.log_round:
            self.log = []
            self.seen = {}
            self.log_round = self.game.round
        self.log.extend(events)

    def arrange(self, player: int, order: tuple[int, int, int]) -> list[Event]:
        events = self.game.arrange(player, order)
        self._record(events)
        return events

    def play(self, move: Move) -> list[Event]:
        """Play a move for the player to move (raises IllegalMoveError, nothing changes)."""
        player = self.game.current_player
        events = self.game.play(move)
        self._record(events)
        if player is not None:
            self.seen[player] = len(self.log)
        return events

    def next_round(self) -> None:
        self.game.next_round()
        self.log = []
        self.seen = {}
        self.log_round = self.game.round

    def since_last_turn(self, player: int) -> list[Event]:
        """Public play events since ``player`` last played this round."""
        if self.log_round != self.game.round:
            return []
        start = self.seen.get(player, 0)
        return [e for e in self.log[start:] if isinstance(e, PLAY_EVENTS)]

    def round_log(self) -> list[Event]:
        return list(self.log) if self.log_round == self.game.round else []

    @property
    def running(self) -> bool:
        return self.game.phase is not Phase.GAME_OVER
