"""Magic Trick's reasons: what a hint's or a review's option leads to, in words, from
the search's count of how the hand ended for the player
(:class:`~monstertrick.search.assess.Stats`, two numbers a world: the ``bid`` their
sleeve held and the ``tricks`` they took): what the sleeve bid needs and how often the
hand makes it.

A card is named by where it sits in the player's hand and its suit (what they see of
it); a bid's value, hidden from its holder until sleeved, only as how often the search
drew it. Nothing another seat hides is named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common.words import of_deals, ordinal, percent, plural
from .engine.actions import Action, ActionKind
from .engine.views import View

if TYPE_CHECKING:
    from ...search.assess import Stats, Tally


def _made(t: Tally) -> bool:
    bid, tricks = t
    return bid == tricks


def card_words(view: View, seat: int, position: int) -> str:
    """``"your 3rd card (Moon)"``."""
    return f"your {ordinal(position + 1)} card ({view.suit_at(seat, position).singular})"


def option_reason(view: View, action: Action, stats: Stats) -> str:
    """The clause of ``action`` at ``view``'s decision (see the module)."""
    seat = view.viewer
    assert seat is not None, "a reason is a seat's"
    made = stats.share(_made)
    bid, bid_share = stats.most(lambda t: t[0])
    if action.kind is ActionKind.PASS:
        return f"passing keeps your sleeve empty, and the bid is made {of_deals(made)}"
    position = action.position
    assert position is not None
    card = card_words(view, seat, position)
    if action.kind is ActionKind.SLEEVE:
        # Always as a share of the deals: every deal agreeing is a count, not a certainty
        # (the value is hidden from its holder; the search drew it from the view).
        return (
            f"sleeving {card} bids {bid} in {percent(bid_share)} of the deals, which needs "
            f"exactly {plural(bid, 'trick')}: made {of_deals(made)}"
        )
    mine = view.seats[seat]
    if mine.bid is None:
        return f"after {card}, the bid is made {of_deals(made)}"
    need = mine.bid - mine.tricks
    if need > 0:
        return (
            f"after {card}, you take the {plural(need, 'more trick')} your bid of {mine.bid} "
            f"needs, and no more, {of_deals(made)}"
        )
    if need == 0:
        return f"after {card}, you take no more trick, as your bid of {mine.bid} needs, {of_deals(made)}"
    tricks, share = stats.most(lambda t: t[1])
    return (
        f"after {card}, you end the hand on {plural(tricks, 'trick')} {of_deals(share)}, "
        f"past your bid of {mine.bid} already"
    )
