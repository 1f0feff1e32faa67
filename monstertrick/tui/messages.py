"""Messages the screens send up to the app, which hands them to the game's session."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from ..games import DEFAULT_GAME
from ..seating import Seating

if TYPE_CHECKING:
    from ..flow import Think
    from ..games.contract import Action
    from ..lessons import LessonSession
    from ..saves import SavedGame
    from ..session import Session


@dataclass
class Advance(Message):
    """The screen is done (its pause was seen): show whatever the game needs next."""

    screen: object = None
    """The screen that is done (an answer from a screen already gone is dropped)."""


@dataclass
class HandoffAccepted(Message):
    """The named player has the keyboard: show their private screen."""

    player: int
    task: str


@dataclass
class StartGame(Message):
    seating: Seating
    seed: int | None
    pace: float | None = None
    """Seconds a computer player's move stays on screen (None: keep the app's)."""
    game: str = DEFAULT_GAME
    """The key of the game to start (a key of :data:`monstertrick.games.GAMES`)."""
    hosted: bool = False
    """Each person plays on their own device: the app gives way to ``monstertrick host``."""


class NewGame(Message):
    """Open the setup form (from the start screen or after a game)."""


@dataclass
class OpenSaved(Message):
    """Open the saved games: ``"continue"`` (unfinished), ``"history"`` (finished) or
    ``"profiles"`` (everyone's, from the finished games)."""

    which: str


@dataclass
class PlayOn(Message):
    """Start a new game from the finished game ``saved`` after ``made`` decisions (the
    replay viewer's ``p``): a replay, saved as a new game."""

    saved: SavedGame
    made: int


@dataclass
class BotDecided(Message):
    """A computer player's worker has decided (nothing is changed yet)."""

    session: Session | LessonSession
    need: Think
    """What it decided for (its seat, and where the game stood when it started
    thinking: a stale answer is dropped)."""
    decision: Action


@dataclass
class Decided(Message):
    """A person decided (a VP row, a card and slot): the session checks and carries it out."""

    seat: int
    action: object


@dataclass
class TakeBack(Message):
    """The person takes back their last decision (still private to them)."""

    seat: int
