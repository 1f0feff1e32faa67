"""Monster Taking's session as its screens know it: its views and actions typed as the
game's own (the shell knows a session through the game contract alone)."""

from __future__ import annotations

from ....session import Session
from ..engine.events import Event
from ..engine.state import Action, MatchState, PlayerView

GameSession = Session[MatchState, Action, Event, PlayerView, PlayerView]
"""A session of Monster Taking."""
