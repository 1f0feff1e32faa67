"""A game as a sequence of positions, for stepping through a replay.

Frame 0 of each hand is its deal; then one frame per decision (a card played, a card put
up a sleeve, a pass). Each frame holds a copy of the game after that step, who decided
what and the events it caused. The steps are the game's own hand logs played again
through the engine (:meth:`MagicTrickState.apply`): no rule is written here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import timeline as shared
from .engine.cards import PASS, Action
from .engine.events import Event
from .engine.state import MagicTrickState


@dataclass(frozen=True)
class Frame:
    hand: int
    """1-based."""
    step: int
    """Decisions taken in this hand so far (0 for the deal)."""
    seat: int | None
    """Who decided (None for the deal)."""
    action: Action | None
    """What they decided (None for the deal)."""
    state: MagicTrickState
    """The game after this step (a copy: do not change it)."""
    events: tuple[Event, ...]

    @property
    def is_deal(self) -> bool:
        return self.step == 0


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
            frames.append(Frame(number, 0, None, None, game.clone(), tuple(events)))
            step = 0
            for turn in log.turns:
                p = turn.player
                play = Action.play(turn.position)
                step += 1
                frames.append(_frame(game, number, step, p, play))
                if game.task == "sleeve" and game.current_player == p:
                    sleeve = (
                        PASS
                        if turn.sleeve_position is None or turn.automatic
                        else Action.sleeve(turn.sleeve_position)
                    )
                    step += 1
                    frames.append(_frame(game, number, step, p, sleeve))
        return Timeline(frames)


def _frame(game: MagicTrickState, hand: int, step: int, seat: int, action: Action) -> Frame:
    events = game.apply(action)
    return Frame(hand, step, seat, action, game.clone(), tuple(events))
