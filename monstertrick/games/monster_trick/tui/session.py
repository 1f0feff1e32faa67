"""Monster Trick's session as its screens know it: its views and actions typed as the
game's own (the shell knows a session through the game contract alone)."""

from __future__ import annotations

from ....seat_session import SeatSession
from ..engine import Action, PlayerView, PublicView
from ..engine.events import Event

GameSession = SeatSession[Action, Event, PlayerView, PublicView]
"""A seat of Monster Trick, as its screens know it (at one keyboard or joined)."""
