"""The computer players that stand in for people away: one per covered seat, at the
level the host chose, deciding from that seat's view; each stops when its person joins
again."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...games.contract import Action, Bot, SomeView
from ...session import Session


@dataclass
class StandIns:
    """The people's seats a computer player plays for meanwhile (:attr:`levels`: each
    one's level)."""

    levels: dict[int, str] = field(default_factory=dict)
    _bots: dict[int, Bot[SomeView, Action]] = field(default_factory=dict)

    def cover(self, session: Session, seat: int, level: str) -> None:
        """A computer player of ``level`` plays for the person at ``seat``. Raises
        ValueError for a seat that is no person's or a level the game has not got."""
        if seat not in session.humans:
            raise ValueError(f"seat {seat + 1} is not a person's")
        bot = session.rules.make_bot(level)  # (an unknown level raises ValueError)
        self.levels[seat] = level
        self._bots[seat] = bot

    def stop(self, seat: int) -> bool:
        """The person at ``seat`` is back: whether a computer player stops."""
        if self.levels.pop(seat, None) is None:
            return False
        self._bots.pop(seat, None)
        return True

    def bot(self, seat: int) -> Bot[SomeView, Action]:
        """The computer player standing in at ``seat``."""
        return self._bots[seat]
