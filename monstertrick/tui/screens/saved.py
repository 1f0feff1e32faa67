"""Saved games: continue an unfinished one, or look back at the history.

Lists show only what everyone may see: players, round, turn, dates, results. They are
made from each save's summary, without replaying the games
(:meth:`~monstertrick.saves.SaveStore.glance`); a game is replayed when it is opened
(continued or watched). A save that cannot be read is listed as damaged, with the
reason, after it has been moved into the ``damaged/`` folder (when it is listed, or when
it is opened and turns out to be damaged); every other game stays usable.

Player names and file names are data: every cell is a :class:`~rich.text.Text` (a
plain ``str`` cell of a ``DataTable`` is read as markup), so ``[/]`` or
``[@click=quit]Q`` show as written.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Static

from ...errors import RecordError
from ...games import GAMES
from ...playon import is_replay, replay_mark
from ...profiles import ReviewFigures, review_figures
from ...records import shown
from ...saves import DamagedSave, SavedGame, SaveLocked, SaveStore, summarize
from ..widgets import KeyBar

OPEN_ELSEWHERE = "open in another window"


def game_title(key: str) -> str:
    """The game's name for people (its key when it is not registered)."""
    facts = GAMES.get(key)
    return facts.title if facts is not None else key


def mean(value: float, key: str) -> str:
    """A mean total with the game's own score name: ``"10.5 VP"``, ``"1.5 games won"``."""
    facts = GAMES.get(key)
    return f"{value:.1f} {facts.score_name if facts is not None else 'points'}"


def when(stamp: str) -> str:
    """An ISO time as local 'YYYY-MM-DD HH:MM' (or as written if it is not one)."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):  # not a time, or not one this system has
        return "—"


def damaged_lines(damaged: list[DamagedSave]) -> Content:
    if not damaged:
        return Content("")
    lines = [
        Content.from_markup(
            "[b $warning]$n damaged save(s)[/] (kept, never deleted):",
            n=str(len(damaged)),
        )
    ]
    for d in damaged:
        lines.append(Content.from_markup("  $f: $why", f=shown(str(d.path)), why=d.reason))
    return Content("\n").join(lines)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box"):
            yield Static(Content(self.question), id="quit-question")
            with Horizontal(id="quit-buttons"):
                yield Button("Yes (y)", variant="error", id="confirm-yes")
                yield Button("No (n)", variant="primary", id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-no").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ContinueScreen(Screen[SavedGame | None]):
    """Unfinished games, most recently played first: continue one, or delete it."""

    CSS_PATH = "../styles/saved.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the list has the focus and would take Enter for itself
        Binding("enter", "resume", "Continue", priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, store: SaveStore) -> None:
        super().__init__()
        self.store = store
        self.games: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        yield Static(Content.from_markup("[b]Continue a game[/]"), id="saved-title")
        yield DataTable(id="saved-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="saved-empty")
        yield Static(id="saved-damaged")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # Fixed widths for the game and the date; players and place share what is left
        # (less the room of a scroll bar) and wrap in it, so the list fits an 80-column
        # terminal without scrolling sideways (as History does).
        game, date = 14, 16
        rest = self.app.size.width - game - date - 2 * 4 - 2 - 2
        players = max(14, rest * 2 // 5)
        widths = (game, players, max(20, rest - players), date)
        for label, width in zip(("Game", "Players", "Where", "Last played"), widths, strict=True):
            table.add_column(label, width=width)
        self.reload()
        table.focus()

    def reload(self) -> None:
        chosen = self._selected()
        self.games, damaged = self.store.unfinished()
        table = self.query_one(DataTable)
        table.clear()
        for i, saved in enumerate(self.games):
            who, _, where = saved.summary().partition(" — ")
            place = Text(where)
            if self.store.locked_elsewhere(saved.path):
                place.append(f" · {OPEN_ELSEWHERE}", style="bold")
            table.add_row(
                Text(game_title(saved.game_key)),
                Text(who),
                place,
                Text(when(saved.meta.updated)),
                key=str(i),
                height=None,  # as many lines as the longest cell needs
            )
        paths = [g.path for g in self.games]
        if chosen is not None and chosen.path in paths:
            table.move_cursor(row=paths.index(chosen.path))  # stay on the same game
        empty = "" if self.games else f"No unfinished games in {shown(str(self.store.saves))}."
        self.query_one("#saved-empty", Static).update(Content(empty))
        self.query_one("#saved-damaged", Static).update(damaged_lines(damaged))

    def _selected(self) -> SavedGame | None:
        table = self.query_one(DataTable)
        if not self.games or table.cursor_row < 0:
            return None
        return self.games[min(table.cursor_row, len(self.games) - 1)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("resume", "delete"):
            return bool(self.games)
        return True

    def action_resume(self) -> None:
        saved = self._selected()
        if saved is None:
            return
        try:
            self.store.lock(saved.path)  # held from here while the game is open
        except SaveLocked as exc:
            self.notify(f"{exc}: close it there first.", severity="warning", markup=False)
            self.reload()
            return
        try:
            opened = self.store.open(saved)  # replayed now, only this one
        except RecordError as exc:
            self.store.unlock(saved.path)
            self.notify(f"This game cannot be continued: {exc}", severity="error", markup=False)
            self.reload()
            return
        if opened.finished:  # its save said otherwise: its summary is rebuilt now
            self.store.unlock(saved.path)
            self.notify("This game is over: it is under History now.", severity="warning")
            self.reload()
            return
        self.dismiss(opened)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_resume()

    def action_delete(self) -> None:
        saved = self._selected()
        if saved is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    self.store.delete(saved.path)
                except SaveLocked as exc:
                    self.notify(f"{exc}: it is not deleted.", severity="warning", markup=False)
                    self.reload()
                    return
                self.reload()
                self.notify(f"Deleted the game of {', '.join(saved.players)}.", markup=False)

        who = ", ".join(saved.players)
        self.app.push_screen(
            ConfirmScreen(f"Delete the unfinished game of {who}? This cannot be undone."),
            answered,
        )

    def action_back(self) -> None:
        self.dismiss(None)


REVIEW_WIDTH = len("100% · 100.0")
"""The width of History's Review column: its widest figures."""


class HistoryScreen(Screen[None]):
    """Finished games of every game with their results, and a summary per game and
    player name (with the figures that game's saves give: its own total, and for
    Monster Trick the hit rate; and the figures of the reviews kept, read in a worker)."""

    CSS_PATH = "../styles/saved.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "view", "Replay", priority=True),
        Binding("r", "review", "Review"),
        Binding("p", "profiles", "Profiles"),
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

    def compose(self) -> ComposeResult:
        yield Static(Content.from_markup("[b]Finished games[/]"), id="saved-title")
        yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="saved-empty")
        yield Static(Content.from_markup("[b]Players[/]"), id="summary-title")
        yield DataTable(id="summary-table", cursor_type="none", zebra_stripes=True)
        yield Static(id="saved-damaged")
        yield KeyBar()

    def on_mount(self) -> None:
        games, damaged = self.store.finished()
        self.games = [
            g
            for g in games
            if isinstance(g.info.get("winners"), list) and isinstance(g.info.get("totals"), list)
        ]
        table = self.query_one("#history-table", DataTable)
        # Fixed widths, the scores wrapping in what is left: five players' names and
        # totals fit an 80-column terminal without scrolling sideways.
        fixed = (16, 14, 12)
        rest = self.app.size.width - sum(fixed) - 2 * (len(fixed) + 1) - 2
        for label, width in zip(("Date", "Game", "Winner"), fixed, strict=True):
            table.add_column(label, width=width)
        table.add_column("Scores", width=max(20, rest))
        for i, saved in enumerate(self.games):
            players = saved.players
            winners = " & ".join(players[w] for w in saved.info["winners"])
            scores = Text(", ".join(f"{n} {t}" for n, t in zip(players, saved.info["totals"])))
            mark = replay_mark(saved.meta)
            if mark is not None:  # a game played on from another one's decision
                scores.append(f"\n{mark}", style="italic")
            table.add_row(
                Text(when(saved.meta.updated)),
                Text(game_title(saved.game_key)),
                Text(winners),
                scores,
                key=str(i),
                height=None,  # as many lines as the longest cell needs
            )
        if not self.games:
            self.query_one("#saved-empty", Static).update("No finished games yet.")
        if any(is_replay(g.meta) for g in self.games):
            self.query_one("#summary-title", Static).update(
                Content.from_markup("[b]Players[/] (replays not counted)")
            )
        self._summarize()
        self.query_one("#saved-damaged", Static).update(damaged_lines(damaged))
        table.focus()
        self.read_reviews()

    @work(thread=True, exclusive=True, exit_on_error=False, group="history-reviews")
    def read_reviews(self) -> None:
        """The review figures of the games listed, from the reviews kept (a replay of
        each game reviewed, to check its review; no review is computed)."""
        counted = [g for g in self.games if not is_replay(g.meta)]
        self.post_message(self.Figures(review_figures(counted)))

    def _read_reviews_again(self, _: object = None) -> None:
        self.read_reviews()  # (a review may have been made or kept meanwhile)

    @on(Figures)
    def _figures(self, message: Figures) -> None:
        summary = self.query_one("#summary-table", DataTable)
        for (key, name), row in message.figures.items():
            try:
                summary.update_cell(f"{key}\0{name}", "review", row.cell())
            except (KeyError, LookupError):
                pass  # (a name that has no row: nothing to show)

    def _summarize(self) -> None:
        """Per game (in the registry's order), per player name: games, wins, the mean
        total in the game's own score, and the hit rate where the game's saves give it.
        A replay (a game played on from another one's decision) is not counted."""
        by_game: dict[str, list[SavedGame]] = {}
        for saved in (g for g in self.games if not is_replay(g.meta)):
            by_game.setdefault(saved.game_key, []).append(saved)
        order = [k for k in GAMES if k in by_game] + [k for k in by_game if k not in GAMES]
        summary = self.query_one("#summary-table", DataTable)
        # Each game on a line of its own above its players: with the longest names and
        # review figures the table fits an 80-column terminal without scrolling sideways.
        for label in ("Name", "Games", "Wins", "Mean", "Hits", "Hints"):
            summary.add_column(label)
        summary.add_column("Review", key="review", width=REVIEW_WIDTH)
        for key in order:
            games = by_game[key]
            has_hits = any(isinstance(g.info.get("hits"), list) for g in games)
            summary.add_row(Text(game_title(key), style="bold"), *[""] * 6, key=f"{key}\0")
            for row in summarize(games):
                wins = f"{row.wins:g}" if row.wins == int(row.wins) else f"{row.wins:.2f}"
                summary.add_row(
                    Text(row.name),
                    str(row.games),
                    wins,
                    mean(row.mean_vp, key),
                    f"{row.hit_rate:.0%}" if has_hits else "—",
                    str(row.hints),
                    "—",
                    key=f"{key}\0{row.name}",
                )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("view", "review"):
            return bool(self.games)
        return True

    def _opened(self, doing: str) -> SavedGame | None:
        """The game under the cursor, replayed, if it is finished (its secrets public);
        None, with a message, if it is not."""
        table = self.query_one("#history-table", DataTable)
        if not self.games:
            return None
        saved = self.games[min(max(table.cursor_row, 0), len(self.games) - 1)]
        try:
            opened = self.store.open(saved)  # replayed now, only this one
        except RecordError as exc:
            self.notify(f"This game cannot be {doing}: {exc}", severity="error", markup=False)
            return None
        if not opened.finished:  # its save said otherwise: its summary is rebuilt now
            self.notify(
                "This game is not over, so its hands stay secret: continue it from Continue.",
                severity="warning",
            )
            return None
        return opened

    def action_view(self) -> None:
        opened = self._opened("shown")
        if opened is None:
            return
        from ..game_screens import load_screens

        screens = load_screens(opened.game_key)
        self.app.push_screen(
            screens.viewer(
                opened.game,
                title=", ".join(opened.players),
                seats=seats_of(opened),
                saved=opened,
            ),
            self._read_reviews_again,
        )

    def action_review(self) -> None:
        """The review of the game under the cursor (of its people; a game of computer
        players only: of every seat)."""
        from .review import ReviewScreen

        opened = self._opened("reviewed")
        if opened is None:
            return
        doc = GAMES[opened.game_key].load().to_record(opened.game)
        settings = getattr(self.app, "review_settings", None)
        screen = ReviewScreen(
            doc, seats_of(opened), settings=settings, title=", ".join(opened.players)
        )
        self.app.push_screen(screen, self._read_reviews_again)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_view()

    def action_profiles(self) -> None:
        """Everyone's profiles and ratings, from these games."""
        from .profiles import ProfilesScreen

        self.app.push_screen(ProfilesScreen(self.store))

    def action_back(self) -> None:
        self.dismiss(None)


def seats_of(saved: SavedGame) -> tuple[int, ...]:
    """The seats a review of ``saved`` is of: its people, or every seat if none."""
    from ...review import people

    seats = people({"meta": {"seats": saved.meta.seats}}, saved.players)
    return seats or tuple(range(len(saved.players)))
