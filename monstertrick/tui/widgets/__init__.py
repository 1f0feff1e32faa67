"""Reusable widgets: they show what they are given and post messages up."""

from .card import CardView
from .event_log import EventList
from .hand import Hand
from .player_panel import PlayerPanel, PlayersHeader
from .trick_slot import TrickSlot
from .vp_row import VPRow

__all__ = ["CardView", "EventList", "Hand", "PlayerPanel", "PlayersHeader", "TrickSlot", "VPRow"]
