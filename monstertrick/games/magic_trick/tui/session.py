"""Magic Trick's session as its screens know it: its views and actions typed as the
game's own (the shell knows a session through the game contract alone)."""

from __future__ import annotations

from ....seat_session import SeatSession
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.views import View

GameSession = SeatSession[Action, Event, View, View]
"""A seat of Magic Trick, as its screens know it (at one keyboard or joined)."""
