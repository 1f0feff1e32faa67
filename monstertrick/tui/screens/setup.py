"""The setup form: the game, its seats with names, who starts, an optional seed.

Choosing the game adapts the form to it: the number of seats it allows and its computer
players' levels. Names are checked by :func:`monstertrick.seating.name_problem` and the
table by :func:`monstertrick.seating.parse_seats` for the chosen game, the same checks as
``monstertrick play --game``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from ...games import DEFAULT_GAME, GAMES, GameType
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


def players_phrase(facts: GameType) -> str:
    """``"2 to 5 players"``, ``"exactly 4 players"``."""
    if facts.min_players == facts.max_players:
        return f"exactly {facts.max_players} players"
    return f"{facts.min_players} to {facts.max_players} players"


def about(key: str) -> str:
    """The one line that says what the game ``key`` is and for how many players."""
    facts = GAMES[key]
    return f"{players_phrase(facts)} · {facts.about}"


def game_levels(key: str) -> tuple[str, ...]:
    """The computer players' levels the game ``key`` offers at the table."""
    levels: tuple[str, ...] = tuple(GAMES[key].load().levels)
    return levels


def played_by(levels: Sequence[str]) -> list[tuple[str, str]]:
    """Who may play a seat: a person, or a computer player at one of the levels."""
    return [("person", "person"), *((f"computer · {lv}", lv) for lv in levels)]


class SeatRow(Vertical):
    """One seat: its colour, the name, who plays it (a person or a computer player's
    level), an error line. :meth:`seat` gives the :class:`Seat`."""

    def __init__(
        self,
        index: int,
        name: str = "",
        level: str | None = None,
        *,
        levels: Sequence[str] | None = None,
    ) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.initial = name
        self.levels = tuple(levels) if levels is not None else game_levels(DEFAULT_GAME)
        self.level = level if level in self.levels else None

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
                played_by(self.levels),
                value=self.level or "person",
                allow_blank=False,
                compact=True,
                id=f"kind-{self.index}",
                classes="seat-played-by",
                tooltip=f"A person, or a computer player ({', '.join(self.levels)})",
            )
        yield Static("", classes="seat-error")

    @property
    def player_name(self) -> str:
        return self.query_one(Input).value

    @property
    def bot_level(self) -> str | None:
        value = self.query_one(Select).value
        return value if isinstance(value, str) and value in self.levels else None

    def offer_levels(self, levels: Sequence[str]) -> None:
        """Offer another game's levels; the seat keeps its level if that game has it."""
        kept = self.bot_level
        self.levels = tuple(levels)
        select: Select[str] = self.query_one(Select)
        select.set_options(played_by(self.levels))
        select.value = kept if kept in self.levels else "person"
        select.tooltip = f"A person, or a computer player ({', '.join(self.levels)})"

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
    """The form for a new game. ``names`` and ``levels`` pre-fill the seats (the last
    game's table); seats the chosen game does not allow are put aside, names and all,
    and come back when a game that allows them is chosen (or a seat is added)."""

    BINDINGS: ClassVar[list[BindingType]] = [
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
        game: str = DEFAULT_GAME,
    ) -> None:
        super().__init__()
        self.game = game if game in GAMES else DEFAULT_GAME
        wanted = list(levels)[: len(names)]
        wanted += [None] * (len(names) - len(wanted))
        seats = list(zip(names, wanted))
        facts = GAMES[self.game]
        self.initial = seats[: facts.max_players]
        self.put_aside: list[tuple[str, str | None]] = seats[facts.max_players :]
        """Seats (name, level) the chosen game does not allow, kept for another game."""
        while len(self.initial) < facts.min_players:
            self.initial.append(("", None))
        self.pace = pace
        self.can_go_back = can_go_back
        self.touched = False

    @property
    def facts(self) -> GameType:
        """The chosen game's facts."""
        return GAMES[self.game]

    def compose(self) -> ComposeResult:
        yield Static(self._topbar(), classes="topbar", id="setup-topbar")
        with VerticalScroll(id="setup-form"):
            with Horizontal(classes="form-line", id="game-line"):
                yield Static("Game:", classes="form-label")
                yield Select(
                    [(g.title, g.key) for g in GAMES.values()],
                    value=self.game,
                    allow_blank=False,
                    compact=True,
                    id="game",
                    tooltip="The game to play (each has its own rules: ? or F1)",
                )
            yield Static(Content(about(self.game)), id="game-about")
            yield Static("Players, in seat order (clockwise):", classes="label")
            with Vertical(id="seats"):
                levels = game_levels(self.game)
                for i, (name, level) in enumerate(self.initial):
                    yield SeatRow(i, name, level, levels=levels)
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
                yield Static("Screens:", classes="form-label")
                yield Select(
                    [
                        ("one keyboard, passed round", "one"),
                        ("each person on their own device", "own"),
                    ],
                    value="one",
                    allow_blank=False,
                    compact=True,
                    id="screens",
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

    def _topbar(self) -> Content:
        return Content(f"{self.facts.title} · new game")

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()
        self._sync_buttons()

    def _rows(self) -> list[SeatRow]:
        return list(self.query(SeatRow))

    def _sync_buttons(self) -> None:
        n = len(self._rows())
        self.query_one("#add-seat", Button).disabled = n >= self.facts.max_players
        self.query_one("#remove-seat", Button).disabled = n <= self.facts.min_players
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that would do nothing leave the key bar: F2/F3 at the game's seat limits
        (dimmed), Escape when there is no screen to go back to."""
        if action == "back":
            return self.can_go_back
        if action in ("add_seat", "remove_seat") and self.is_mounted:
            n = len(self._rows())
            if action == "add_seat":
                return True if n < self.facts.max_players else None
            return True if n > self.facts.min_players else None
        return True

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        key = event.value
        if not isinstance(key, str) or key == self.game or key not in GAMES:
            return  # (the choice as it was mounted)
        await self.choose_game(key)

    async def choose_game(self, key: str) -> None:
        """Adapt the form to the game ``key``: its seats (put aside or brought back to
        fit, names kept), its levels, the top bar and the line about it."""
        self.game = key
        facts = self.facts
        levels = game_levels(key)
        rows = self._rows()
        seats = [(row.player_name, row.bot_level) for row in rows] + self.put_aside
        while seats and not seats[-1][0].strip() and seats[-1][1] is None:
            seats.pop()  # empty seats at the end: the new game adds as many as it needs
        keep = min(max(len(seats), facts.min_players), facts.max_players)
        self.put_aside = seats[keep:]
        for row in rows[keep:]:
            await row.remove()
        for row in rows[:keep]:
            row.offer_levels(levels)
        container = self.query_one("#seats")
        for i in range(len(rows), keep):
            name, level = seats[i] if i < len(seats) else ("", None)
            await container.mount(SeatRow(i, name, level, levels=levels))
        self.query_one("#setup-topbar", Static).update(self._topbar())
        self.query_one("#game-about", Static).update(Content(about(key)))
        self.query_one("#setup-error", Static).update("")
        self._sync_buttons()
        self._check(all_rows=False)

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
        if len(rows) < self.facts.max_players:
            name, level = self.put_aside.pop(0) if self.put_aside else ("", None)
            row = SeatRow(len(rows), name, level, levels=game_levels(self.game))
            await self.query_one("#seats").mount(row)
            row.query_one(Input).focus()
            self._sync_buttons()
            self._check(all_rows=False)

    async def action_remove_seat(self) -> None:
        rows = self._rows()
        if len(rows) > self.facts.min_players:
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
            seating = parse_seats(entries, first=first, game=self.game)
        except SetupError as exc:
            error.update(Content(str(exc)))
            return
        hosted = self.query_one("#screens", Select).value == "own"
        if hosted and not any(seat.is_human for seat in seating.seats):
            error.update(Content("Each person on their own device needs a person at the table."))
            return
        pace = self.query_one("#pace", Select).value
        self.post_message(
            StartGame(
                seating,
                seed,
                pace=float(pace) if isinstance(pace, (int, float)) else None,
                game=self.game,
                hosted=hosted,
            )
        )
