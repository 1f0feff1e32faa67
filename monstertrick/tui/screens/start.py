"""The start screen: Continue, New game, Learn to play, History, Rules, Quit (and
Profiles, a key); in 24 rows the menu's buttons are one row each, a row apart."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from ...games import GAMES
from ..messages import NewGame, OpenSaved
from ..widgets import KeyBar

TITLE = r"""
 __  __                 _              _____      _      _
|  \/  | ___  _ __  ___| |_ ___ _ __  |_   _| __ (_) ___| | __
| |\/| |/ _ \| '_ \/ __| __/ _ \ '__|   | || '__|| |/ __| |/ /
| |  | | (_) | | | \__ \ ||  __/ |      | || |   | | (__|   <
|_|  |_|\___/|_| |_|___/\__\___|_|      |_||_|   |_|\___|_|\_\
""".strip("\n")

TAGLINE = f"Trick-taking at one keyboard: {' · '.join(g.title for g in GAMES.values())}"
"""The games of the table, in one line (the New game form chooses among them)."""


class StartScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "open_saved('continue')", "Continue"),
        Binding("n", "new_game", "New game"),
        Binding("h", "open_saved('history')", "History"),
        Binding("p", "open_saved('profiles')", "Profiles"),
        Binding("r", "app.rules", "Rules"),
        Binding("l", "learn", "Learn to play", show=False),  # (the button says "l")
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, unfinished: int = 0, finished: int = 0, damaged: int = 0) -> None:
        super().__init__()
        self.unfinished = unfinished
        self.finished = finished
        self.damaged = damaged

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(Content(TITLE), id="logo")
            with Center():
                yield Static(Content(TAGLINE), id="tagline")
            with Center():
                with Vertical(id="start-menu"):
                    if self.unfinished or self.damaged:
                        yield Button(
                            f"Continue ({self.unfinished})", id="continue", variant="primary"
                        )
                    yield Button(
                        "New game",
                        id="new-game",
                        variant="default" if self.unfinished else "primary",
                    )
                    yield Button("Learn to play (l)", id="learn")
                    yield Button("History", id="history", disabled=not self.finished)
                    yield Button("Rules", id="rules")
                    yield Button("Quit", id="quit")
            if self.damaged:
                with Center():
                    yield Static(
                        Content.from_markup(
                            "[$warning]$n damaged save(s) were moved aside: see Continue.[/]",
                            n=str(self.damaged),
                        ),
                        id="start-damaged",
                    )
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#continue" if self.unfinished or self.damaged else "#new-game").focus()
        if self.damaged:
            self.notify(
                f"{self.damaged} saved game(s) could not be read and were moved aside, "
                "kept as they were: see Continue for the reasons.",
                title="Damaged saves",
                severity="warning",
                timeout=8,
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_saved":
            # Shown (dimmed) in the key bar even when there is nothing to open yet.
            if parameters == ("continue",):
                return bool(self.unfinished or self.damaged) or None
            return bool(self.finished) or None
        return True

    def action_open_saved(self, which: str) -> None:
        self.post_message(OpenSaved(which))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-game":
            self.action_new_game()
        elif event.button.id in ("continue", "history"):
            self.action_open_saved(str(event.button.id))
        elif event.button.id == "rules":
            await self.run_action("app.rules")
        elif event.button.id == "learn":
            self.action_learn()
        else:
            self.app.exit(0)

    def action_new_game(self) -> None:
        self.post_message(NewGame())

    def action_learn(self) -> None:
        """The lessons of every game (:mod:`monstertrick.lessons`)."""
        from .learn import LearnScreen

        self.app.push_screen(LearnScreen())
