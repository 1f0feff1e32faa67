"""A game record as a sequence of positions, for stepping through a replay.

Frame 0 of each round is its deal with every VP row laid out; then one frame per card
played. Each frame holds a copy of the game after that step and the events the step
caused, so a viewer can jump anywhere (move by move, round by round, first, last)
without replaying anything twice.
"""

from __future__ import annotations

from ... import timeline as shared
from .engine import Action, Event, GameState, Phase
from .engine.state import RoundLog

Frame = shared.Frame[GameState, Action, Event]
"""A position of the replay, its chapter the round."""


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
            events: list[Event] = state.lay_rows(log.arrangements)
            frames += shared.play_chapter(shared.Frame, state, r + 1, events, log.moves)
            if state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
                break
        return Timeline(frames)
