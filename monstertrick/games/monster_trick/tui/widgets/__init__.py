"""Monster Trick's widgets: they show what they are given and post messages up."""

from .card import card_lines
from .event_log import EventList
from .hand import Hand
from .player_panel import PlayerPanel, PlayersHeader
from .trick_slot import TrickSlot
from .vp_row import VPRow

__all__ = ["EventList", "Hand", "PlayerPanel", "PlayersHeader", "TrickSlot", "VPRow", "card_lines"]
