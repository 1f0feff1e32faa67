"""The setup form: 2-5 seats with names, who starts, an optional seed.

Names are checked by :func:`monstertrick.seating.name_problem` and the table by
:func:`monstertrick.seating.parse_seats`, the same checks as ``monstertrick play``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from ...games import DEFAULT_GAME, GAMES
from ...seating import (
    DEFAULT_PACE,
    MAX_NAME_LENGTH,
    PACE_STEPS,
    Seat,
    SetupError,
    name_problem,
    pace_label,
    parse_seats,
)
from .. import theme
from ..messages import StartGame
from ..widgets import KeyBar

# The default game's facts (the setup form seats players for it).
MIN_PLAYERS = GAMES[DEFAULT_GAME].min_players
MAX_PLAYERS = GAMES[DEFAULT_GAME].max_players
LEVELS: tuple[str, ...] = GAMES[DEFAULT_GAME].load().levels
PLAYED_BY = [("person", "person"), *((f"computer · {lv}", lv) for lv in LEVELS)]
"""Who plays a seat: a person, or a computer player at one of the levels."""


class SeatRow(Vertical):
    """One seat: its colour, the name, who plays it (a person or a computer player's
    level), an error line. :meth:`seat` gives the :class:`Seat`."""

    def __init__(self, index: int, name: str = "", level: str | None = None) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.initial = name
        self.level = level if level in LEVELS else None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="seat-line"):
            yield Static(
                Content.assemble(
                    theme.marker(self.index),
                    f" Seat {self.index + 1}",
                ),
                classes="seat-label",
            )
            yield Input(
                self.initial,
                placeholder=f"name (up to {MAX_NAME_LENGTH} characters)",
                compact=True,
                id=f"name-{self.index}",
                classes="seat-name",
            )
            yield Static(Content(theme.SEAT_COLOUR_NAMES[self.index]), classes="seat-kind")
            yield Select(
                PLAYED_BY,
                value=self.level or "person",
                allow_blank=False,
                compact=True,
                id=f"kind-{self.index}",
                classes="seat-played-by",
                tooltip="A person, or a computer player (easy, medium or hard)",
            )
        yield Static("", classes="seat-error")

    @property
    def player_name(self) -> str:
        return self.query_one(Input).value

    @property
    def bot_level(self) -> str | None:
        value = self.query_one(Select).value
        return value if isinstance(value, str) and value in LEVELS else None

    def seat(self) -> Seat:
        return Seat(self.player_name.strip(), self.bot_level)

    def entry(self) -> str:
        """The seat as ``monstertrick play --players`` writes it (``"Cy:hard"``)."""
        seat = self.seat()
        return seat.name if seat.bot is None else f"{seat.name}:{seat.bot}"

    def show_problem(self, problem: str | None) -> None:
        error = self.query_one(".seat-error", Static)
        error.update(Content(f"  ↳ {problem}" if problem else ""))
        error.set_class(bool(problem), "-shown")


class SetupScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("f2", "add_seat", "Add seat"),
        Binding("f3", "remove_seat", "Remove seat"),
        Binding("f5", "start", "Start"),
    ]

    def __init__(
        self,
        names: Sequence[str] = ("", ""),
        *,
        can_go_back: bool = True,
        levels: Sequence[str | None] = (),
        pace: float = DEFAULT_PACE,
    ) -> None:
        super().__init__()
        self.initial = list(names)[:MAX_PLAYERS]
        while len(self.initial) < MIN_PLAYERS:
            self.initial.append("")
        self.levels = list(levels)[: len(self.initial)]
        self.levels += [None] * (len(self.initial) - len(self.levels))
        self.pace = pace
        self.can_go_back = can_go_back
        self.touched = False

    def compose(self) -> ComposeResult:
        yield Static("Monster Trick · new game", classes="topbar")
        with VerticalScroll(id="setup-form"):
            yield Static("Players, in seat order (clockwise):", classes="label")
            with Vertical(id="seats"):
                for i, (name, level) in enumerate(zip(self.initial, self.levels)):
                    yield SeatRow(i, name, level)
            with Horizontal(id="seat-buttons"):
                yield Button("+ Add seat (F2)", id="add-seat", compact=True)
                yield Button("− Remove seat (F3)", id="remove-seat", compact=True)
            with Horizontal(classes="form-line"):
                yield Static("Who starts:", classes="form-label")
                yield Select(
                    [("the first seat", "first"), ("a random player", "random")],
                    value="first",
                    allow_blank=False,
                    compact=True,
                    id="first",
                )
            with Horizontal(classes="form-line"):
                yield Static("Computer moves:", classes="form-label")
                paces = sorted({*PACE_STEPS, self.pace})
                yield Select(
                    [(f"shown for {pace_label(p)}" if p else "no pause", p) for p in paces],
                    value=self.pace,
                    allow_blank=False,
                    compact=True,
                    id="pace",
                )
            with Horizontal(classes="form-line"):
                yield Static("Seed:", classes="form-label")
                yield Input(
                    placeholder="empty: a random deal",
                    type="integer",
                    compact=True,
                    id="seed",
                )
            with Horizontal(classes="form-line"):
                yield Button("Start the game (F5)", id="start", variant="primary", compact=True)
            yield Static("", id="setup-error")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()
        self._sync_buttons()

    def _rows(self) -> list[SeatRow]:
        return list(self.query(SeatRow))

    def _sync_buttons(self) -> None:
        n = len(self._rows())
        self.query_one("#add-seat", Button).disabled = n >= MAX_PLAYERS
        self.query_one("#remove-seat", Button).disabled = n <= MIN_PLAYERS

    def _check(self, *, all_rows: bool) -> bool:
        """Show each name's problem (empty names only once the form is submitted)."""
        ok = True
        names: list[str] = []
        for row in self._rows():
            name = row.player_name
            problem = name_problem(name.strip() if name.strip() else name, names)
            if problem and not name and not all_rows:
                row.show_problem(None)
            else:
                row.show_problem(problem)
            ok = ok and problem is None
            names.append(name.strip())
        return ok

    @on(Input.Changed, ".seat-name")
    def _name_changed(self) -> None:
        self._check(all_rows=False)
        self.query_one("#setup-error", Static).update("")

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "add-seat":
            await self.action_add_seat()
        elif event.button.id == "remove-seat":
            await self.action_remove_seat()
        elif event.button.id == "start":
            self.action_start()

    async def action_add_seat(self) -> None:
        rows = self._rows()
        if len(rows) < MAX_PLAYERS:
            row = SeatRow(len(rows))
            await self.query_one("#seats").mount(row)
            row.query_one(Input).focus()
            self._sync_buttons()

    async def action_remove_seat(self) -> None:
        rows = self._rows()
        if len(rows) > MIN_PLAYERS:
            await rows[-1].remove()
            self._sync_buttons()
            self._check(all_rows=False)

    def action_back(self) -> None:
        if self.can_go_back:
            self.dismiss(None)

    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        if not self._check(all_rows=True):
            error.update(Content("Fix the names marked above to start."))
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            error.update(Content("The seed must be a whole number (or empty)."))
            return
        entries = [row.entry() for row in self._rows()]
        first: int | None = 0
        if self.query_one("#first", Select).value == "random":
            first = random.SystemRandom().randrange(len(entries))
        try:
            seating = parse_seats(entries, first=first)
        except SetupError as exc:
            error.update(Content(str(exc)))
            return
        pace = self.query_one("#pace", Select).value
        self.post_message(
            StartGame(seating, seed, pace=float(pace) if isinstance(pace, (int, float)) else None)
        )
