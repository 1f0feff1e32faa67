"""Monster Taking's reasons: what a hint's or a review's option leads to, in words, from
the search's count of how the game of the match went on for the player
(:class:`~monstertrick.search.assess.Stats`, four numbers a world: whether they won
the next ``trick`` to be decided (1, 0 lost, -1 the game ended first), its ``dots``
(``d``, what its loser pays), the cards ``left`` in their hand when the game ended, and
the suit that ended ``highest``).

A strength card's clause says how often its suit ends Highest; a card played, how often
it wins or loses the trick and the dots that trick pays; a payment, what it leaves in
hand (a 0-dot card can never be paid) and the cards the player holds when the game
ends, on average. Only the player's own cards are named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common.words import of_deals, plural
from .engine.actions import Action, Pay, Play, Strength
from .engine.cards import Suit, cards_text
from .engine.views import PlayerView

if TYPE_CHECKING:
    from ...search.assess import Stats

WON, LOST, NONE = 1, 0, -1
"""The ``trick`` of a tally: the next trick decided was the player's, the other's, or
none was (the game ended first)."""


def _dots(mean: float | None) -> str:
    """``2.0 -> "2 dots"``, ``1.55 -> "1.6 dots on average"``."""
    if mean is None:
        return "no dots"
    if abs(mean - round(mean)) < 1e-9:
        return plural(round(mean), "dot")
    return f"{mean:.1f} dots on average"


def option_reason(view: PlayerView, action: Action, stats: Stats) -> str:
    """The clause of ``action`` at ``view``'s decision (see the module)."""
    if isinstance(action, Strength):
        suit = action.card.suit
        share = stats.share(lambda t: t[3] == suit)
        return f"{action.card} makes {Suit(suit).label} Highest {of_deals(share)}"
    if isinstance(action, Play):
        won = stats.share(lambda t: t[0] == WON)
        lost = stats.share(lambda t: t[0] == LOST)
        if won >= lost:
            paid = stats.mean(lambda t: t[1], given=lambda t: t[0] == WON)
            return f"{action.card} wins the trick {of_deals(won)} (the other pays {_dots(paid)})"
        paid = stats.mean(lambda t: t[1], given=lambda t: t[0] == LOST)
        return f"{action.card} loses the trick {of_deals(lost)} (you pay {_dots(paid)})"
    assert isinstance(action, Pay)
    hand = list(view.hand or ())
    for card in action.cards:
        hand.remove(card)
    zero = sum(card.dots == 0 for card in hand)
    kept = f"paying {cards_text(action.cards)} keeps {plural(len(hand), 'card')}"
    if zero:
        kept += f", {zero} of them 0-dot (never paid)"
    left = stats.mean(lambda t: t[2])
    assert left is not None, "stats of at least one world"
    return f"{kept}: {left:.1f} in hand at the game's end on average"
