"""Monster Trick's session as its screens know it: its views and actions typed as the
game's own (the shell knows a session through the game contract alone)."""

from __future__ import annotations

from ....session import Session
from ..engine import Action, GameState, PlayerView, PublicView
from ..engine.events import Event

GameSession = Session[GameState, Action, Event, PlayerView, PublicView]
"""A session of Monster Trick."""
