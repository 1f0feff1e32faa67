"""What the table and the watch screen draw alike: the public part of the game."""

from __future__ import annotations

from textual.screen import Screen

from ..engine import PublicView
from .widgets import PlayerPanel, TrickSlot


def show_public(screen: Screen[None], view: PublicView) -> None:
    """Update the player panels and the four trick slots (public information)."""
    for panel in screen.query(PlayerPanel):
        panel.show(view)
    for slot in screen.query(TrickSlot):
        slot.trick = view.table[slot.slot]
        slot.refresh()
