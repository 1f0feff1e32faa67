"""Messages the screens send up to the app, which owns the flow of the game."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ..setup import Seating


class Advance(Message):
    """The screen is done: show whatever the game needs next."""


@dataclass
class HandoffAccepted(Message):
    """The named player has the keyboard: show their private screen."""

    player: int
    task: str


@dataclass
class StartGame(Message):
    seating: Seating
    seed: int | None


class NewGame(Message):
    """Open the setup form (from the start screen or after a game)."""
