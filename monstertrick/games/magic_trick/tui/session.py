"""Magic Trick's session as its screens know it: its views and actions typed as the
game's own (the shell knows a session through the game contract alone)."""

from __future__ import annotations

from ....session import Session
from ..engine.cards import Action
from ..engine.events import Event
from ..engine.state import MagicTrickState
from ..engine.views import View

GameSession = Session[MagicTrickState, Action, Event, View, View]
"""A session of Magic Trick."""
