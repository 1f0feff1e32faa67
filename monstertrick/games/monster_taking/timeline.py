"""A match as a sequence of positions, for stepping through a replay.

Frame 0 of each game is its deal; then one frame per decision (a strength card, a card
led or followed, a payment). Each frame holds a copy of the match after that step, who
decided what, and the events the step caused, so a viewer can jump anywhere without
replaying anything twice. The steps are the match's own log played again through the
engine (:meth:`MatchState.push`): no rule is written here.
"""

from __future__ import annotations

from ... import timeline as shared
from .engine.events import Event, GameDealt
from .engine.state import Action, GameLog, MatchState, Pay, Play, Strength

Frame = shared.Frame[MatchState, Action, Event]
"""A position of the replay, its chapter the game of the match."""


def game_actions(log: GameLog) -> list[Action]:
    """A game's decisions in order, as its log (and the record) holds them."""
    actions: list[Action] = [Strength(c) for c in log.strength]
    for t in log.tricks:
        actions.append(Play(t.lead))
        if t.follow is not None:
            actions.append(Play(t.follow))
        if t.pay is not None:
            actions.append(Pay(t.pay))
    return actions


class Timeline(shared.Timeline[Frame]):
    """Every position of a game, in order (chapters: see the module's first lines)."""

    @staticmethod
    def of(state: MatchState) -> Timeline:
        """Replay ``state``'s log (deals, strength cards, tricks, payments) into frames."""
        logs = state.log
        first = logs[0]
        replay = MatchState(
            state.players, first_lead=state.first_lead, cards=(first.deal, first.deck)
        )
        frames: list[Frame] = []
        for g, log in enumerate(logs):
            if g > 0:
                replay.next_chapter((log.deal, log.deck))
            dealt = [GameDealt(replay.chapter, replay.lead)]
            frames += shared.play_chapter(shared.Frame, replay, g + 1, dealt, game_actions(log))
        return Timeline(frames)
