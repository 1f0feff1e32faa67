"""Magic Trick's part in the arena's yardsticks (:mod:`monstertrick.yardsticks`):
``ismcts`` searches the game as the hard player's adapter sees it (:mod:`.search`: the
engine's random playout; the win after the last hand, the estimated chance to win
before). No two actions are merged: a hand's cards are all different (seven suits of
values 0-7, one card of each), so playing or sleeving two positions never does the same,
even where the player cannot tell their values apart. ``pimc`` plays each sampled world
on with the engine's :func:`~..engine.playout.perfect_playout`, solving the last
:data:`SOLVE_PLAYS` plays of a hand exactly."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....yardsticks import Kit
from ..engine.actions import Action
from ..engine.cards import NUM_PLAYERS, NUM_TRICKS
from ..engine.playout import perfect_playout
from ..engine.state import MagicTrickState
from ..engine.views import View
from .search import MagicTrickSearch

DEFAULT_PLAYOUTS = 1000
"""The bare words' playouts per decision (the hard player's default)."""
SOLVE_PLAYS = 8
"""``pimc`` solves a hand exactly when this many plays or fewer are left in it."""


def _search(view: View, rng: random.Random) -> MagicTrickSearch:
    return MagicTrickSearch(view)


def _actions(view: View) -> Sequence[Action]:
    return view.legal_actions


def _small(world: MagicTrickState) -> bool:
    return NUM_PLAYERS * NUM_TRICKS - world._plays <= SOLVE_PLAYS


KIT: Kit[View, MagicTrickState, Action] = Kit(
    _search, _actions, perfect_playout, MagicTrickState.clone, _small, (DEFAULT_PLAYOUTS, None)
)
