"""The review of a finished game (:mod:`monstertrick.review`) on screen.

A thread worker reviews the game's decisions one by one (the same review as
``monstertrick review``, sharing its kept reviews): the progress bar fills and each
decision's row appears as it is judged; per player, the agreement, the mean chance given
up, the marks, the luck of each deal and the decisions that mattered most. Closing the
screen cancels the worker: a review cut short is not kept (the kept one, if any, stays
as it was). A review kept from before comes back at once.

Only a finished game is reviewed: its secrets are public. Names and actions are data,
never markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from ...games import GAMES
from ...review import (
    MARKS,
    DecisionReview,
    Luck,
    Review,
    Settings,
    luck_text,
)
from .. import theme
from ..widgets import KeyBar

DEFAULT_SETTINGS = Settings()
"""The app's review: the same as ``monstertrick review``'s by default (one kept review)."""


def pct(x: float) -> str:
    return f"{round(x * 100)}%"


def points(x: float) -> str:
    return f"{x * 100:.1f}"


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def where(d: DecisionReview, chapter_name: str) -> str:
    """``R2 #5``: the chapter's initial and number, the decision's number in it."""
    return f"{chapter_name[:1].upper()}{d.chapter} #{d.step + 1}"


def gave_up(d: DecisionReview) -> str:
    """The chance given up, in points with its noise (``15.0 ±4.1``), or why none."""
    v = d.verdict
    if v.kind == "forced":
        return "forced"
    if v.kind == "best":
        return "none"
    if v.kind == "equal":
        return "about equal"
    if v.noise is None:
        return f"{points(v.given_up)} (?)"
    return f"{points(v.given_up)} ±{points(2 * v.noise)}"


def best_text(d: DecisionReview) -> str:
    """The table's Best: the best option and its chance, or "(the same)" when it is the
    decision chosen (if an equal card, not another card that looks better)."""
    best = d.best
    if best is None:
        return ""
    return "(the same)" if d.choice == 0 else f"{best.action} {pct(best.chance)}"


def decision_lines(d: DecisionReview, names: Sequence[str], chapter_name: str) -> Content:
    """A decision in full: who chose what, the verdict, every option with its chance."""
    head = Content.assemble(
        (f"{where(d, chapter_name)} ", "bold"),
        theme.player(d.seat, names[d.seat]),
        f" chose {d.chosen}",
    )
    if d.forced:
        return Content.assemble(head, " (forced: nothing else to choose)")
    v = d.verdict
    chosen, best = d.options[d.choice], d.options[0]
    if v.kind == "best":
        verdict = f": {pct(chosen.chance)}, the best"
    elif v.kind == "equal":
        verdict = (
            f": {pct(chosen.chance)}, about equal to the best, {best.action} {pct(best.chance)}"
        )
    else:
        verdict = (
            f": {pct(chosen.chance)}; best {best.action} {pct(best.chance)}: gave up "
            f"{gave_up(d)} points{' ' + v.mark if v.mark else ''}"
        )
        if v.noise is None:
            verdict += " (too little measured to mark)"
    # The option chosen under the card chosen (the search may have tried an equal one).
    options = " · ".join(
        f"{d.chosen} {pct(o.chance)} (chosen)" if i == d.choice else f"{o.action} {pct(o.chance)}"
        for i, o in enumerate(d.options)
    )
    why = f"\nWhy: {d.reason}" if d.reason else ""
    return Content.assemble(head, verdict, why, "\n", Content.styled(f"Options: {options}", "dim"))


def player_lines(review: Review, seat: int, chapter_name: str, width: int) -> Content:
    """A reviewed player's figures in two lines."""
    s = review.summary(seat)
    if s.agreement is None:
        agreed = "no decision to judge yet" if not s.decisions else "every decision forced"
        first = agreed
    else:
        first = (
            f"agreed {pct(s.agreement)} ({s.agreed}/{s.unforced}) · gave up "
            f"{points(s.mean_given_up)} per decision"
        )
    marks = "  ".join(f"{m} {s.marks[m]}" for _, m in reversed(MARKS))
    initial = chapter_name[:1].upper()
    luck = " ".join(f"{initial}{k.chapter} {luck_text(k, seat)}" for k in review.luck)
    by_index = {d.index: d for d in review.decisions}
    mattered = ", ".join(
        f"{where(by_index[i], chapter_name)} {by_index[i].mark}".rstrip() for i in s.mattered
    )
    second = " · ".join(
        part
        for part in (
            f"luck {luck}" if luck else "luck: after the decisions",
            f"mattered most {mattered}" if mattered else "",
        )
        if part
    )
    return Content.assemble(
        theme.player(seat, s.name, width=width),
        f"  {first} · {marks}\n",
        " " * (width + 4),
        second,
    )


class ReviewScreen(Screen[None]):
    """A finished game's review: ``doc`` its record, ``seats`` the players reviewed."""

    DEFAULT_CSS = """
    ReviewScreen #review-title { height: 1; padding: 0 1; background: $panel; }
    ReviewScreen #review-progress { height: 1; padding: 0 1; }
    ReviewScreen #review-bar { width: auto; }
    ReviewScreen #review-status {
        width: 1fr; padding: 0 0 0 2; color: $text-muted; text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    ReviewScreen #review-players {
        height: auto; max-height: 10; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    ReviewScreen #review-decisions { height: 1fr; min-height: 4; }
    ReviewScreen #review-detail {
        height: auto; max-height: 7; padding: 0 1; background: $panel;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "marked(True)", "Marked only"),
        Binding("m", "marked(False)", "Every decision"),
        Binding("x", "retry", "Retry mistakes"),
        Binding("escape,q", "close", "Close", key_display="Esc"),
    ]

    class Begun(Message):
        """The record replayed: what the review will go through."""

        def __init__(self, review: Review, total: int) -> None:
            super().__init__()
            self.review = review
            self.total = total

    class Stepped(Message):
        """One more step reviewed (a decision, or a deal's luck)."""

        def __init__(self, step: DecisionReview | Luck, done: int, total: int) -> None:
            super().__init__()
            self.step = step
            self.done = done
            self.total = total

    class Failed(Message):
        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(
        self,
        doc: dict[str, Any],
        seats: Sequence[int],
        *,
        settings: Settings | None = None,
        title: str = "",
    ) -> None:
        super().__init__()
        self.doc = doc
        self.seats = tuple(seats)
        self.settings = settings or DEFAULT_SETTINGS
        self.title_text = title
        self.review: Review | None = None
        self.total = 0
        self.done = 0
        self.marked_only = False
        self.worker: Worker[None] | None = None
        key = doc.get("game") if isinstance(doc.get("game"), str) else None
        entry = GAMES.get(key) if key is not None else None
        self.game_title = entry.title if entry is not None else "a game"
        self.chapter_name = "chapter"
        self._shown: list[int] = []  # the decisions of the table's rows, by index

    def compose(self) -> ComposeResult:
        title = f"Review · {self.game_title}"
        if self.title_text:
            title += f": {self.title_text}"
        yield Static(Content(title), id="review-title")
        with Horizontal(id="review-progress"):
            yield ProgressBar(total=None, show_eta=False, id="review-bar")
            yield Static(Content("Replaying the game…"), id="review-status")
        yield Static(id="review-players")
        yield DataTable(id="review-decisions", cursor_type="row", zebra_stripes=True)
        yield Static(id="review-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # 80 columns hold every column; a wider screen gives the names and the actions
        # more room (up to what they need), the rest stays free.
        extra = min(max(0, self.app.size.width - 80), 24)
        widths = (6, 8 + extra // 3, 12 + extra // 3, 6, 4, 15 + extra - 2 * (extra // 3), 11)
        labels = ("Where", "Player", "Chose", "Chance", "Mark", "Best", "Gave up")
        for label, width in zip(labels, widths, strict=True):
            table.add_column(label, width=width)
        table.focus()
        self.worker = self.run_review()

    # ------------------------------------------------------------------ the worker

    @work(thread=True, exclusive=True, exit_on_error=False, group="review")
    def run_review(self) -> None:
        """Review the game in this thread; each step is posted to the screen."""
        from ...errors import RecordError
        from ...review import Game, ReviewCache, ReviewError, plan, review

        worker = get_current_worker()
        try:
            game = Game(self.doc)
        except (RecordError, ReviewError) as exc:
            self.post_message(self.Failed(str(exc)))
            return
        seats = tuple(sorted(set(self.seats)))
        total = len(plan(game, seats)) + game.chapters
        begun = Review(game.key, game.players, game.fingerprint, self.settings, seats)
        self.post_message(self.Begun(begun, total))
        last: list[DecisionReview | Luck] = []

        def progress(done: int, total: int) -> None:
            if last:
                self.post_message(self.Stepped(last.pop(), done, total))

        review(
            game,
            seats,
            self.settings,
            progress=progress,
            cache=ReviewCache(),
            stop=lambda: worker.is_cancelled,
            on_step=last.append,
        )

    @on(Begun)
    def _begun(self, message: Begun) -> None:
        self.review = message.review
        self.total = message.total
        self.chapter_name = GAMES[message.review.game].load().chapter_name
        self.query_one(ProgressBar).update(total=message.total, progress=0)
        self._show_status()
        self._show_players()
        self.refresh_bindings()

    @on(Stepped)
    def _stepped(self, message: Stepped) -> None:
        review = self.review
        if review is None:
            return
        step = message.step
        self.done = message.done
        self.query_one(ProgressBar).update(total=message.total, progress=message.done)
        if isinstance(step, Luck):
            review.luck.append(step)
        else:
            review.decisions.append(step)
            if not self.marked_only or step.mark:
                self._add_row(step)
        self._show_status()
        self._show_players()
        if self.finished:
            self.refresh_bindings()  # (x: the marked decisions may be chosen again)

    @on(Failed)
    def _failed(self, message: Failed) -> None:
        self.query_one(ProgressBar).update(total=1, progress=0)
        self.query_one("#review-status", Static).update(Content("Not reviewed"))
        self.query_one("#review-detail", Static).update(
            Content(f"This game cannot be reviewed: {message.reason}")
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A review that fails says so (the details go to a crash report)."""
        if event.worker.group != "review" or event.state is not WorkerState.ERROR:
            return
        from ..crash import crash_report_path

        path = crash_report_path(event.worker.error)
        where_ = f" The details are in {path}." if path is not None else ""
        self.query_one("#review-status", Static).update(Content("Not reviewed"))
        self.query_one("#review-detail", Static).update(
            Content(f"The review stopped because of an internal error (sorry).{where_}")
        )

    # ------------------------------------------------------------------ what it shows

    @property
    def finished(self) -> bool:
        return self.review is not None and self.done == self.total

    def _show_status(self) -> None:
        s = self.settings
        if self.finished:
            text = f"Reviewed · seed {s.seed} · {s.playouts} playouts per option"
        else:
            text = f"Reviewing: {self.done} of {self.total} steps (Esc stops)"
        self.query_one("#review-status", Static).update(Content(text))

    def _show_players(self) -> None:
        review = self.review
        if review is None:
            return
        width = theme.name_column([review.players[s] for s in review.seats], most=14)
        lines = [player_lines(review, s, self.chapter_name, width) for s in review.seats]
        self.query_one("#review-players", Static).update(Content("\n").join(lines))

    def _add_row(self, d: DecisionReview) -> None:
        assert self.review is not None
        table = self.query_one(DataTable)
        chosen = d.options[d.choice] if d.options else None
        table.add_row(
            Text(where(d, self.chapter_name)),
            Text(self.review.players[d.seat]),
            Text(d.chosen),
            Text(pct(chosen.chance) if chosen is not None else ""),
            Text(d.mark, style="bold"),
            Text(best_text(d)),
            Text(gave_up(d)),
            key=str(d.index),
        )
        self._shown.append(d.index)
        if len(self._shown) == 1:
            self._show_detail(d)

    def _fill_table(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self._shown = []
        if self.review is None:
            return
        for d in self.review.decisions:
            if not self.marked_only or d.mark:
                self._add_row(d)
        if not self._shown:
            self.query_one("#review-detail", Static).update(
                Content("No marked decision." if self.marked_only else "")
            )

    def _show_detail(self, d: DecisionReview) -> None:
        assert self.review is not None
        self.query_one("#review-detail", Static).update(
            decision_lines(d, self.review.players, self.chapter_name)
        )

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        review = self.review
        if review is None or event.row_key.value is None:
            return
        index = int(event.row_key.value)
        for d in review.decisions:
            if d.index == index:
                self._show_detail(d)
                return

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "marked":
            return self.review is not None and parameters == (not self.marked_only,)
        if action == "retry":
            return self.finished and self.retry_seat() is not None
        return True

    def retry_seat(self) -> int | None:
        """Whose marked decisions ``x`` sets up again: the player of the decision under
        the cursor when it has any, else the first reviewed player who has some."""
        review = self.review
        if review is None:
            return None
        marked = {d.seat for d in review.decisions if d.mark}
        table = self.query_one(DataTable)
        if self._shown and 0 <= table.cursor_row < len(self._shown):
            index = self._shown[table.cursor_row]
            seat = next((d.seat for d in review.decisions if d.index == index), None)
            if seat in marked:
                return seat
        return next((s for s in review.seats if s in marked), None)

    def action_retry(self) -> None:
        """Learn from your mistakes: the player's marked decisions, chosen again."""
        from ...mistakes import retries
        from ...review import Game
        from .retry import Retries

        seat = self.retry_seat()
        if seat is None or self.review is None:
            return
        game = Game(self.doc)
        Retries(self.app, game, retries(game, self.review, seat), lambda: None).start()

    def action_marked(self, only: bool) -> None:
        self.marked_only = only
        self._fill_table()
        self.refresh_bindings()

    def action_close(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        self.dismiss(None)
