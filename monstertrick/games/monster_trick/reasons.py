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
from .engine import POSITIONS, Action, Arrange, Move, PlayerView, vp_position, vp_scored

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


def move_words(view: PlayerView, move: Move) -> str:
    """The card, and where it goes when it may go to more than one place (every empty
    slot being one): "G7", "G7 on trick 2", "G7 opening a trick"."""
    table = view.table
    places = {s if table[s] is not None else None for s in view.legal_slots(move.card)}
    if len(places) <= 1:
        return str(move.card)
    if table[move.slot] is None:
        return f"{move.card} opening a trick"
    return f"{move.card} on trick {move.slot + 1}"


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
    move = move_words(view, action)
    return f"{move} {ends} {plural(tricks, 'trick')}, {scoring(tricks, mine)}, {of_deals(share)}"
