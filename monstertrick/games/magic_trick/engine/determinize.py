"""Determinization: full game states consistent with the public view.

OpenSpiel calls this ``ResampleFromInfostate``. In Magic Trick the hidden information is
the same for everybody: the values of the cards still in hands. :class:`Determinizer`
draws them with :class:`~.deduce.Layout` (exactly from their posterior given the suits
per position, the sorted hands, and every card seen face up; no rejection, no
approximation) and builds the state with the view's turns replayed, so the sampled
state's view for ``view.viewer`` (its public view when that is None) is ``view``.

Everything in the view is public and kept: earlier hands (their logs and results), the
turns of this hand, the step. The sampled state has no seed; later hands need a deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import ACTIONS, PASS_CODE
from .cards import HAND_SIZE, Card
from .deduce import Layout, layout_of
from .state import MagicTrickState
from .views import Phase, View

__all__ = ["Determinizer", "determinize"]


class Determinizer:
    """Samples full states consistent with one view; the expensive part is done once."""

    __slots__ = ("view", "layout", "_base")

    def __init__(self, view: View) -> None:
        self.view = view
        self.layout: Layout = layout_of(view)
        self._base = build_state(view, self.layout.sample(random.Random(0)))

    def sample(self, rng: random.Random) -> MagicTrickState:
        """A full state consistent with the view, the hidden values drawn by ``rng``."""
        game = self._base.clone()
        dealt = self.layout.sample(rng)
        # Only hidden values differ between worlds, and nothing in the state but the
        # deal depends on them (the table, tricks and history hold face-up cards only).
        game._deal = dealt
        return game


def build_state(view: View, dealt: Sequence[Sequence[Card]]) -> MagicTrickState:
    """The state of ``view`` with this hand dealt as ``dealt`` (which must agree with it)."""
    game = MagicTrickState.__new__(MagicTrickState)
    game._names = view.players
    game._first = view.first_player
    game._seed = None
    game._hand = view.hand - 2
    game._results = list(view.results[: len(view.past)])
    game._past = list(view.past)
    game._start_hand(dealt)
    turns = view.turns
    for i, turn in enumerate(turns):
        if game.current_player != turn.player:
            raise ValueError("the view is inconsistent: its turns are out of order")
        game.push(ACTIONS[turn.position])
        if game.phase is Phase.SLEEVE:
            if turn.sleeve_position is not None:
                game.push(ACTIONS[HAND_SIZE + turn.sleeve_position])
            elif i < len(turns) - 1 or view.phase is not Phase.SLEEVE:
                game.push(ACTIONS[PASS_CODE])
    if game.phase is not view.phase:
        raise ValueError("the view is inconsistent: its step does not follow its turns")
    return game


def determinize(view: View, rng: random.Random) -> MagicTrickState:
    """A full game state consistent with ``view``, the hidden values drawn by ``rng``.

    Its view for ``view.viewer`` (its public view when that is None) is ``view``.
    """
    return Determinizer(view).sample(rng)
