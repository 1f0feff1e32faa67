"""Monster Trick's reasons: what a hint's or a review's option leads to, in words,
from the search's count of the tricks the player ends the round with
(:class:`~monstertrick.search.assess.Stats`, one number a world: ``tricks``).

A VP row's clause says how often it scores its highest card; a move's, the count of
tricks the player most often ends the round on and which of their own VP cards that
scores. Only the player's own VP row and tricks are named: nothing another seat hides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common.words import of_deals, plural
from .engine import POSITIONS, Action, Arrange, PlayerView, vp_position, vp_scored

if TYPE_CHECKING:
    from ...search.assess import Stats


def row_words(row: tuple[int, int, int]) -> str:
    """``(2, 6, 4) -> "row 2·6·4"``."""
    return "row " + "·".join(map(str, row))


def scoring(tricks: int, row: tuple[int, int, int]) -> str:
    """What ``tricks`` score with ``row``: "scoring your middle card (6)", "scoring
    nothing"."""
    pos = vp_position(tricks)
    if pos is None:
        return "scoring nothing"
    return f"scoring your {POSITIONS[pos]} card ({vp_scored(tricks, row)})"


def option_reason(view: PlayerView, action: Action, stats: Stats) -> str:
    """The clause of ``action`` at ``view``'s decision (see the module)."""
    if isinstance(action, Arrange):
        row = action.row
        top = max(row)
        share = stats.share(lambda t: vp_scored(t[0], row) == top)
        tricks, _ = stats.most(lambda t: t[0])
        return (
            f"{row_words(row)} scores its {top} {of_deals(share)} "
            f"(most often {plural(tricks, 'trick')})"
        )
    mine = view.arrangement
    assert mine is not None, "a move is made once the VP row is laid out"
    now = view.tricks_won[view.player]
    tricks, share = stats.most(lambda t: t[0])
    ends = "keeps you on" if tricks == now else "takes you to"
    return f"{action.card} {ends} {plural(tricks, 'trick')}, {scoring(tricks, mine)}, {of_deals(share)}"
