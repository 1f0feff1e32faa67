"""Profiles: per game, each person's games, wins, mean score, hit rate, rating and its
trend, the computer levels' fixed ratings beside them, and under the cursor the
person's details (the trend as a line of bars, the reviews kept).

Everything is :mod:`monstertrick.profiles`'s, recomputed from the history when the
screen opens (the reviews kept are read in a worker, as History reads them). Names are
data: every cell is a :class:`~rich.text.Text`, every line a
:class:`~textual.content.Content` with the name as a value, never markup.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...profiles import (
    ANCHORS,
    TREND,
    Aliases,
    Profile,
    Profiles,
    ReviewFigures,
    change_text,
    compute,
    counted,
    load_aliases,
    rating_text,
    review_figures,
    sparkline,
    wins_text,
)
from ...saves import DamagedSave, SavedGame, SaveStore
from ..widgets import KeyBar

NAME_WIDTH = 16
"""The widest name (the names rule's 16 characters)."""


class ProfilesScreen(Screen[None]):
    """Everyone's profiles, per game, from the history."""

    CSS_PATH = "../styles/saved.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
    ]

    class Figures(Message):
        """The review figures, read."""

        def __init__(self, figures: dict[tuple[str, str], ReviewFigures]) -> None:
            super().__init__()
            self.figures = figures

    def __init__(self, store: SaveStore) -> None:
        super().__init__()
        self.store = store
        self.games: list[SavedGame] = []
        self.damaged: list[DamagedSave] = []
        self.result = Profiles()
        self.aliases = Aliases()
        self.rows: list[tuple[str, Profile | None]] = []
        """Per row of the table: its game's key and its profile (None: the game's line,
        or the line above its computer levels)."""

    def compose(self) -> ComposeResult:
        yield Static(Content.from_markup("[b]Profiles[/]"), id="saved-title")
        yield DataTable(id="profiles-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="profile-detail")
        yield Static(id="saved-damaged")
        yield KeyBar()

    def on_mount(self) -> None:
        self.games, self.damaged = self.store.finished()
        self.aliases = load_aliases(self.store.root)
        self.result = compute(self.games, self.damaged, self.aliases)
        table = self.query_one("#profiles-table", DataTable)
        for label, width in (
            ("Name", NAME_WIDTH),
            ("Games", 5),
            ("Wins", 5),
            ("Mean", 6),
            ("Hits", 4),
            ("Rating", 11),
            (f"Last {TREND}", len("▼ -10.0 ") + TREND),
        ):
            table.add_column(label, width=width)
        self._fill(table)
        notes = Content("\n").join(Content(line) for line in self.result.notes())
        self.query_one("#saved-damaged", Static).update(notes)
        table.focus()
        self._detail()
        self.read_reviews()

    def _fill(self, table: DataTable[object]) -> None:
        self.rows = []
        if not self.result.games:
            table.display = False
            return
        for key, game in self.result.games.items():
            self._add(table, key, None, Text(game.title, style="bold"), str(game.games))
            for p in game.people:
                self._add(table, key, p, Text(p.name))
            if game.computers:
                self._add(table, key, None, Text("computers", style="italic"))
            for c in game.computers:
                self._add(table, key, c, Text(c.name))

    def _add(
        self, table: DataTable[object], key: str, p: Profile | None, name: Text, games: str = ""
    ) -> None:
        cells: list[str | Text] = [name]
        if p is None:
            cells += [games, *[""] * 5]
        else:
            hits = f"{p.hit_rate:.0%}" if p.hit_rate is not None else "—"
            trend = "fixed" if p.fixed else f"{change_text(p)} {sparkline(p.recent)}"
            cells += [
                str(p.games),
                wins_text(p.wins),
                f"{p.mean_score:.1f}",
                hits,
                rating_text(p),
                trend,
            ]
        table.add_row(*cells, key=str(len(self.rows)))
        self.rows.append((key, p))

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._detail()

    def _detail(self) -> None:
        """What the row under the cursor says in full, in words."""
        detail = self.query_one("#profile-detail", Static)
        table = self.query_one("#profiles-table", DataTable)
        if not self.rows:
            detail.update(
                Content("No finished games yet: play one, and its players' profiles are here.")
            )
            return
        key, p = self.rows[min(max(table.cursor_row, 0), len(self.rows) - 1)]
        game = self.result.games[key]
        if p is None:
            anchors = ", ".join(f"{level} {mu:g}" for level, mu in ANCHORS.items())
            detail.update(
                Content.from_markup(
                    "[b]$title[/]: ratings are mu ± sigma (openskill, Plackett-Luce, from "
                    "each game's placing); mean in $score per game. The computer levels "
                    "are fixed anchors: $anchors. To rename a profile (merging two): "
                    "monstertrick profile --rename OLD NEW.",
                    title=game.title,
                    score=game.score_name,
                    anchors=anchors,
                )
            )
            return
        if p.fixed:
            detail.update(
                Content.from_markup(
                    "[b]$name[/], a computer level: its rating is fixed at $mu (an anchor "
                    "of the scale); it played $n seat(s) of $title.",
                    name=p.name,
                    mu=f"{p.rating.mu:g}",
                    n=str(p.games),
                    title=game.title,
                )
            )
            return
        review = "no review kept"
        if p.review is not None and p.review.unforced:
            review = (
                f"in {p.review.games} game(s) reviewed, {p.review.agreement or 0:.0%} of the "
                f"decisions agreed with the review, "
                f"{(p.review.mean_given_up or 0) * 100:.1f} points of chance to win given "
                "up per decision"
            )
        detail.update(
            Content.from_markup(
                "[b]$name[/] in $title: rating $rating, $change over the last $k game(s) "
                "$spark; $review.",
                name=p.name,
                title=game.title,
                rating=str(p.rating),
                change=change_text(p),
                k=str(len(p.recent)),
                spark=sparkline(p.recent),
                review=review,
            )
        )

    @work(thread=True, exclusive=True, exit_on_error=False, group="profile-reviews")
    def read_reviews(self) -> None:
        """The review figures of the games counted, from the reviews kept."""
        games = [g for g in self.games if counted(g)]
        self.post_message(self.Figures(review_figures(games, self.store.root)))

    @on(Figures)
    def _figures(self, message: Figures) -> None:
        self.result = compute(self.games, self.damaged, self.aliases, reviews=message.figures)
        people = {(key, p.name): p for key, g in self.result.games.items() for p in g.people}
        self.rows = [
            (key, people.get((key, p.name), p) if p is not None and not p.computer else p)
            for key, p in self.rows
        ]
        self._detail()

    def action_back(self) -> None:
        self.dismiss(None)
