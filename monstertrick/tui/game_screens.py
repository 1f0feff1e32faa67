"""A game's screens for the terminal app, named in one table: its ``tui`` module's
``SCREENS``, found by the game's key (:func:`load_screens`).

A game fills a :class:`GameScreens` with where each of its screens lives (``"module:Class"``
in its ``tui`` package) and its own words: what a handoff says. Each screen's module is
imported when that screen is first made, so the app's first screen comes up without them;
the rules are the game package's ``rules.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic

from textual.screen import Screen

from .screens.base import DecisionScreen, GameScreen, SessionT

if TYPE_CHECKING:
    from ..games.contract import SomeState
    from ..saves import SavedGame


def load_screens(key: str) -> GameScreens[Any]:
    """The screens of the registered game called ``key``: its package's ``tui`` module's
    ``SCREENS`` (see :func:`monstertrick.tui.has_screens`)."""
    from ..games import GAMES

    screens: GameScreens[Any] = importlib.import_module(f"{GAMES[key].package}.tui").SCREENS
    return screens


HandoffWords = Callable[[SessionT, int, str], tuple[str, str]]
"""``(session, seat, task) -> (what, detail)``: what the person is handed the keyboard
for, and a public line of where the game stands."""


class GameScreens(Generic[SessionT]):
    """What the app shows for each step of one game's session.

    ``turn`` is one screen for every task of a person's turn, made with ``(session, seat,
    task)``, or a screen per task, made with ``(session, seat)``. ``handoff`` gives the
    words of the handoff screen; a game whose seats hide nothing (no handoff ever comes)
    leaves it out.
    """

    def __init__(
        self,
        package: str,
        *,
        turn: str | Mapping[str, str],
        round_over: str,
        game_over: str,
        watch: str = "table:WatchScreen",
        viewer: str = "viewer:ViewerScreen",
        handoff: HandoffWords[SessionT] | None = None,
    ) -> None:
        self.package = package
        """The game's ``tui`` package (its ``__name__``)."""
        self._turn = turn
        self._watch = watch
        self._round_over = round_over
        self._game_over = game_over
        self._viewer = viewer
        self._handoff = handoff

    def _screen(self, where: str) -> Any:
        """The class named by ``"module:Class"``, its module imported now."""
        module, _, name = where.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), name)

    def turn(self, session: SessionT, seat: int, task: str) -> DecisionScreen[SessionT]:
        """A person's decision ``task``."""
        if isinstance(self._turn, str):
            screen: DecisionScreen[SessionT] = self._screen(self._turn)(session, seat, task)
        else:
            screen = self._screen(self._turn[task])(session, seat)
        return screen

    def watch(self, session: SessionT, seat: int, viewer: int | None) -> DecisionScreen[SessionT]:
        """A computer player's decision, seen by ``viewer`` (None: by everyone)."""
        screen: DecisionScreen[SessionT] = self._screen(self._watch)(session, seat, viewer)
        return screen

    def round_over(self, session: SessionT, number: int) -> GameScreen[SessionT]:
        """The end of chapter ``number`` (a round, a hand, a game of a match)."""
        screen: GameScreen[SessionT] = self._screen(self._round_over)(session, number)
        return screen

    def game_over(self, session: SessionT) -> GameScreen[SessionT]:
        """The final standings."""
        screen: GameScreen[SessionT] = self._screen(self._game_over)(session)
        return screen

    def handoff(self, session: SessionT, seat: int, task: str) -> tuple[str, str]:
        """What the person is handed the keyboard for, and a public detail line."""
        if self._handoff is None:
            raise LookupError(f"{self.package} has no handoff: its seats hide nothing")
        return self._handoff(session, seat, task)

    def viewer(
        self,
        state: SomeState,
        *,
        title: str = "",
        exit_on_close: bool = False,
        seats: Sequence[int] | None = None,
        saved: SavedGame | None = None,
    ) -> Screen[None]:
        """A finished (or revealed) game, step by step, every hand shown; ``seats``: the
        players its review is of (None: every seat); ``saved``: the save it was read
        from, whose seats and seed a game played on from one of its steps takes."""
        screen: Screen[None] = self._screen(self._viewer)(
            state, title=title, exit_on_close=exit_on_close, seats=seats, saved=saved
        )
        return screen

    def rules(self) -> str:
        """The game's rules, as Markdown."""
        from importlib.resources import files  # (only when the rules are first shown)

        game = self.package.rpartition(".")[0]
        return (files(game) / "rules.md").read_text(encoding="utf-8")
