"""What every Magic Trick computer player is: a :class:`Bot` that decides from the
:class:`~..engine.views.View` of its seat (there is nothing private in Magic Trick:
nobody sees the values in any hand, their own included) and the ``random.Random`` it is
given, and returns one of ``view.legal_actions``: the computer player of every game
(:class:`monstertrick.games.contract.Bot`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ....decisions import StopCheck
from ..engine.actions import Action
from ..engine.views import View


@runtime_checkable
class Bot(Protocol):
    """A Magic Trick computer player."""

    name: str
    """Its level as written on the command line: ``"easy"``, ``"hard:200"``…"""

    def choose(self, view: View, rng: random.Random, stop: StopCheck | None = None) -> Action:
        """One of ``view.legal_actions`` (it is ``view.viewer``'s decision)."""
        ...


def mover(view: View) -> int:
    """The seat whose decision ``view`` is (raises ``ValueError`` when it is nobody's)."""
    if view.current_player is None or not view.legal_actions:
        raise ValueError("nobody is to move in this view")
    return view.current_player


def margin(totals: Sequence[int], p: int) -> int:
    """A player's total minus the best total of the others."""
    return totals[p] - max(t for q, t in enumerate(totals) if q != p)


__all__ = ["Bot", "StopCheck", "margin", "mover"]
