"""A game as a sequence of positions, for stepping through a replay.

Frame 0 of each hand is its deal; then one frame per decision (a card played, a card put
up a sleeve, a pass). Each frame holds a copy of the game after that step, who decided
what and the events it caused. The steps are the game's own hand logs played again
through the engine (:meth:`MagicTrickState.push`): no rule is written here.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import timeline as shared
from .engine.cards import PASS, Action
from .engine.events import Event
from .engine.state import MagicTrickState
from .engine.views import HandLog

Frame = shared.Frame[MagicTrickState, Action, Event]
"""A position of the replay, its chapter the hand."""


class Timeline(shared.Timeline[Frame]):
    """Every position of a game, in order (chapters: see the module's first lines)."""

    @staticmethod
    def of(state: MagicTrickState) -> Timeline:
        """Replay ``state``'s hands (deals, plays, sleeves, passes) into frames."""
        logs = [*state.past_hands(), state.current_log()]
        game = MagicTrickState(
            state.players, first_player=state.first_player, seed=state.seed, deal=logs[0].deal
        )
        frames: list[Frame] = []
        for number, log in enumerate(logs, 1):
            events: list[Event] = []
            if number > 1:
                game.next_chapter(log.deal, events)
            frames += shared.play_chapter(shared.Frame, game, number, events, _decisions(game, log))
        return Timeline(frames)


def _decisions(game: MagicTrickState, log: HandLog) -> Iterator[Action]:
    """The decisions of a hand's turns, each read once the one before is carried out in
    ``game`` (whether a sleeve step follows a play is the game's to say)."""
    for turn in log.turns:
        p = turn.player
        yield Action.play(turn.position)
        if game.task == "sleeve" and game.current_player == p:
            if turn.sleeve_position is None or turn.automatic:
                yield PASS
            else:
                yield Action.sleeve(turn.sleeve_position)
