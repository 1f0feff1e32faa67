"""What Magic Trick's computer players share: whose decision a view is (:func:`mover`)
and a player's margin (:func:`margin`). Each of them is the computer player of every game
(:class:`monstertrick.games.contract.Bot`): it decides from the
:class:`~..engine.views.View` of its seat (there is nothing private in Magic Trick:
nobody sees the values in any hand, their own included) and the ``random.Random`` it is
given, and returns one of ``view.legal_actions``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.views import View


def mover(view: View) -> int:
    """The seat whose decision ``view`` is (raises ``ValueError`` when it is nobody's)."""
    if view.current_player is None or not view.legal_actions:
        raise ValueError("nobody is to move in this view")
    return view.current_player


def margin(totals: Sequence[int], p: int) -> int:
    """A player's total minus the best total of the others."""
    return totals[p] - max(t for q, t in enumerate(totals) if q != p)


__all__ = ["margin", "mover"]
