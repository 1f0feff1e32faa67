"""A game record as a sequence of positions, for stepping through a replay.

Frame 0 of each round is its deal with every VP row laid out; then one frame per card
played. Each frame holds a copy of the game after that step and the events the step
caused, so a viewer can jump anywhere (move by move, round by round, first, last)
without replaying anything twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import timeline as shared
from .engine import Event, GameState, Phase
from .engine.state import RoundLog


@dataclass(frozen=True)
class Frame:
    round: int
    """1-based."""
    step: int
    """Cards played in this round so far (0 for the deal)."""
    game: GameState
    events: tuple[Event, ...]

    @property
    def is_deal(self) -> bool:
        return self.step == 0


class Timeline(shared.Timeline[Frame]):
    """Every position of a game, in order (chapters: see the module's first lines)."""

    @staticmethod
    def of(game: GameState) -> Timeline:
        """Replay ``game``'s log (deals, VP rows, moves) into frames."""
        logs: tuple[RoundLog, ...] = game.log
        names = list(game.players)
        state = GameState(names, first_player=game.first_player, hands=logs[0].hands)
        frames: list[Frame] = []
        for r, log in enumerate(logs):
            if r > 0:
                state.next_chapter(log.hands)
            events: list[Event] = []
            for p, order in enumerate(log.arrangements):
                if order is not None:
                    events.extend(state.arrange(p, order))
            frames.append(Frame(r + 1, 0, state.clone(), tuple(events)))
            for i, move in enumerate(log.moves):
                step_events = state.apply(move)
                frames.append(Frame(r + 1, i + 1, state.clone(), tuple(step_events)))
            if state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
                break
        return Timeline(frames)
