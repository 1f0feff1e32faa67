"""What every game's replay viewer shares: the keys, the status line, a scrolling body.

A game's viewer names its chapters (rounds, hands or games of a match) and says what one
step looks like; the steps are the game's :class:`~monstertrick.timeline.Timeline`,
written once on its door, and this screen does the rest: ←/→ a step,
PgUp/PgDn a chapter, Home/End the first and last step, ↑/↓ scroll, Esc/q close.

A finished game whose review is kept (:class:`~monstertrick.review.ReviewCache`) shows
each reviewed decision's verdict beside its step, its mark in the status line; ``m``/``M``
go to the next or the previous marked decision. The viewer only reads a kept review:
``r`` reviews the game (with its progress), never the viewer by itself.

The status line numbers the decisions made up to each step, counted from the first deal
over every chapter; ``p`` plays on from there: a new game from that position, the
people in their seats and the computer players at their levels, saved as a new game
marked as a replay (:mod:`monstertrick.playon`; ``monstertrick resume FILE --from N``
does the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...timeline import Frame, Timeline, decisions_made
from ..messages import PlayOn
from ..widgets import KeyBar

if TYPE_CHECKING:
    from ...games.contract import SomeState
    from ...review import DecisionReview, Game
    from ...saves import SavedGame

F = TypeVar("F", bound=Frame[Any, Any, Any])


def chapter_keys(chapter: str) -> list[BindingType]:
    """PgUp/PgDn (or , and .): the previous or the next ``chapter``, as the key bar names
    it ("Round")."""
    return [
        Binding("pageup,comma", "chapter(-1)", chapter, key_display="PgUp/PgDn"),
        Binding("pagedown,full_stop", "chapter(1)", chapter, show=False),
    ]


class StepBody(VerticalScroll, can_focus=False):
    """The step's text: scrolled with ↑/↓ (and the mouse); Home/End stay the viewer's."""


class StepViewer(Screen[None], Generic[F]):
    """A finished game, step by step, its frames ``F`` (subclasses draw a step)."""

    DEFAULT_CSS = """
    StepViewer #step-status {
        height: 1; padding: 0 1; background: $panel; text-wrap: nowrap; text-overflow: ellipsis;
    }
    StepViewer #step-body { height: 1fr; }
    StepViewer #step-frame { padding: 0 1; }
    """
    CHAPTER: ClassVar[str] = "Chapter"
    """What a chapter is called, in the status line and the key bar ("Round")."""
    CHAPTERS: ClassVar[int | None] = None
    """How many chapters a game has; None: as many as it played (a match's games)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Step", key_display="←/→"),
        Binding("right", "step(1)", "Step", show=False),
        *chapter_keys(CHAPTER),
        Binding("home", "jump(0)", "Ends", key_display="Home/End"),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("m", "marked(1)", "Mark", key_display="m/M"),
        Binding("M", "marked(-1)", "Previous mark", show=False),
        Binding("r", "review", "Review"),
        Binding("p", "play_on", "Play on"),
        Binding("escape,q", "close", "Close", key_display="q"),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
    ]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # PgUp/PgDn go by the game's chapter, as its key bar names it (before Textual
        # reads the class's keys).
        if "CHAPTER" in cls.__dict__ and "BINDINGS" not in cls.__dict__:
            cls.BINDINGS = chapter_keys(cls.CHAPTER)
        super().__init_subclass__(**kwargs)

    def __init__(
        self,
        state: SomeState,
        *,
        title: str = "",
        exit_on_close: bool = False,
        seats: Sequence[int] | None = None,
        saved: SavedGame | None = None,
    ) -> None:
        super().__init__()
        self.state = state
        self.saved = saved
        """The save the game was read from (its seats and seed: what ``p`` plays on
        with); None: the game cannot be played on from here."""
        self.timeline: Timeline[F] = self.replay(state)
        self.made: list[int] | None = self.decisions()
        """The decisions made up to each step (None: a game that does not count them)."""
        self.names: tuple[str, ...] = tuple(state.players)
        self.title_text = title
        self.exit_on_close = exit_on_close
        self.seats = tuple(seats) if seats else tuple(range(len(self.names)))
        """The players a review from here is of (by default, every seat)."""
        self.index = 0
        """Every game opens on its first step, from History or ``monstertrick view``."""
        self.reviewed: dict[int, list[DecisionReview]] = {}
        """The reviewed decisions of each step (by its index), from the kept review."""
        self.chapter_name = "chapter"
        self._record: tuple[dict[str, Any], ...] | None = None  # (): not finished

    # ------------------------------------------------------------------ for subclasses

    def replay(self, state: SomeState) -> Timeline[F]:
        """The game played again into its frames: its registered door's timeline."""
        from ...saves import door, game_of_state

        frames: Timeline[Any] = Timeline.of(door(game_of_state(state)), state)
        return frames

    def decisions(self) -> list[int] | None:
        """The decisions made up to each step, over every chapter
        (:func:`~monstertrick.timeline.decisions_made`); None for a timeline whose
        frames are not a registered game's."""
        from ...saves import game_of_state

        try:
            game_of_state(self.state)
        except TypeError:
            return None
        return decisions_made(self.timeline.frames)

    def step_count(self) -> int:
        return len(self.timeline)

    def status(self, index: int) -> Content:
        """The top line of step ``index`` (after the title): its chapter, where it stands
        in the chapter (:meth:`where`), the decisions made up to it, its number."""
        frame = self.timeline[index]
        chapters = self.CHAPTERS or self.timeline[-1].chapter
        made = ""
        if self.made is not None:
            made = f"decision {self.made[index]} of {self.made[-1]} · "
        return Content(
            f"{self.CHAPTER} {frame.chapter} of {chapters} · {self.where(frame)} · "
            f"{made}step {index + 1} of {len(self.timeline)}"
        )

    def where(self, frame: F) -> str:
        """Where ``frame`` stands in its chapter ("the deal", "trick 3")."""
        raise NotImplementedError

    def body(self, index: int) -> Content:
        """What step ``index`` shows."""
        raise NotImplementedError

    def happened(self, frame: F) -> list[Content]:
        """What the step did: a line in words (:meth:`step_line`), then the rest, dim
        (:meth:`more_lines`)."""
        return [
            Content.assemble(("▶ ", "bold"), self.step_line(frame)),
            *(Content.styled(f"  {t}", "dim") for t in self.more_lines(frame)),
        ]

    def step_line(self, frame: F) -> Content:
        """What ``frame``'s step was, in words."""
        raise NotImplementedError

    def more_lines(self, frame: F) -> list[str]:
        """The rest of what ``frame``'s step did, as the game log says it."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the screen

    def compose(self) -> ComposeResult:
        yield Static(id="step-status")
        with StepBody(id="step-body"):
            yield Static(id="step-frame")
        yield KeyBar()

    def on_mount(self) -> None:
        self.read_review()
        self.show_step()

    def show_step(self) -> None:
        title = (f"{self.title_text} · ", "bold") if self.title_text else ""
        decisions = self.reviewed.get(self.index, [])
        marks = " ".join(d.mark for d in decisions if d.mark)
        status = Content.assemble(title, self.status(self.index))
        if marks:
            status = Content.assemble((f"{marks} ", "bold $warning"), status)
        self.query_one("#step-status", Static).update(status)
        body = self.body(self.index)
        if decisions:
            from .review import decision_lines

            lines = [Content.from_markup("[b]Review[/] (from what the player knew)")]
            lines += [decision_lines(d, self.names, self.chapter_name) for d in decisions]
            body = Content("\n").join([*lines, Content(""), body])
        self.query_one("#step-frame", Static).update(body)

    # ------------------------------------------------------------------ the review

    def record(self) -> dict[str, Any] | None:
        """The game's record, if it is finished (a revealed unfinished game: None)."""
        from ...saves import door, game_of_state

        if self._record is None:
            try:
                rules = door(game_of_state(self.state))
            except (TypeError, LookupError):  # not a registered game's: no review
                self._record = ()
                return None
            self._record = (rules.to_record(self.state),) if rules.is_over(self.state) else ()
        return self._record[0] if self._record else None

    def read_review(self) -> None:
        """The kept review of this game, if any, beside its steps (nothing computed)."""
        from ...errors import RecordError
        from ...review import Game, ReviewCache, ReviewError
        from ...saves import fingerprint

        self.reviewed = {}
        doc = self.record()
        cache = ReviewCache()
        if doc is None or not cache.has(fingerprint(doc)):
            return
        try:
            game = Game(doc)
        except (RecordError, ReviewError):
            return
        kept = cache.kept(game)
        if kept is None:
            return
        self.chapter_name = game.door.chapter_name
        frames = step_of_decisions(self.timeline, game)
        for d in kept.decisions:
            step = frames.get(d.index)
            if step is not None:
                self.reviewed.setdefault(step, []).append(d)
        self.refresh_bindings()

    def marked_steps(self) -> list[int]:
        return sorted(i for i, ds in self.reviewed.items() if any(d.mark for d in ds))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "marked":
            return bool(self.marked_steps())
        if action == "review":
            return self.record() is not None
        if action == "play_on":
            return self.saved is not None and self.made is not None
        return True

    def action_play_on(self) -> None:
        """A new game from this step's position (after the decisions its status line
        counts), marked as a replay: the app closes the viewer and starts it."""
        if self.saved is None or self.made is None:
            return
        if self.record() is None:  # a revealed unfinished game
            self.notify(
                "This game is not finished: continue it instead (a game is played on "
                "from a decision once it is over).",
                severity="warning",
            )
            return
        made = self.made[self.index]
        if made >= self.made[-1]:
            self.notify(
                "Nothing is left to play after the last decision: go back (←) to the "
                "decision to play on from.",
                severity="warning",
            )
            return
        self.post_message(PlayOn(self.saved, made))

    def action_marked(self, delta: int) -> None:
        """Go to the next (``delta`` 1) or the previous (-1) marked decision's step."""
        steps = self.marked_steps()
        later = [i for i in steps if i > self.index] if delta > 0 else []
        earlier = [i for i in steps if i < self.index] if delta < 0 else []
        if later:
            self.index = later[0]
        elif earlier:
            self.index = earlier[-1]
        else:
            self.notify(
                "No marked decision after this step."
                if delta > 0
                else "No marked decision before this step."
            )
            return
        self.show_step()
        self.query_one(StepBody).scroll_home(animate=False)

    def action_review(self) -> None:
        """Review the game (its kept review comes back at once), then show it here."""
        from .review import ReviewScreen

        doc = self.record()
        if doc is None:  # a revealed unfinished game: its secrets are not public
            self.notify("This game is not finished: it is not reviewed.", severity="warning")
            return

        def back(_: object) -> None:
            self.read_review()
            self.show_step()

        settings = getattr(self.app, "review_settings", None)
        self.app.push_screen(
            ReviewScreen(doc, self.seats, settings=settings, title=self.title_text), back
        )

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(self.step_count() - 1, self.index + delta))
        self.show_step()

    def action_chapter(self, delta: int) -> None:
        tl = self.timeline
        self.index = tl.next_chapter(self.index) if delta > 0 else tl.previous_chapter(self.index)
        self.show_step()

    def action_jump(self, where: int) -> None:
        self.index = where if where >= 0 else self.step_count() - 1
        self.show_step()

    def action_scroll(self, lines: int) -> None:
        self.query_one(StepBody).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        if self.exit_on_close:
            self.app.exit(0)
        else:
            self.dismiss(None)


def step_of_decisions(timeline: Timeline[Any], game: Game) -> dict[int, int]:
    """The step (frame index) of each decision of ``game`` (a review's
    :class:`~monstertrick.review.Game`), by the decision's index.

    A chapter's frames are its deal, then one per decision; decisions the viewer shows
    within the deal (Monster Trick's VP rows, laid out before the first card) are on the
    deal's step. So a chapter's last decisions are its frames after the deal, in order,
    and any before them belong to the deal. Each decision's action must be its frame's:
    a game whose steps and decisions do not agree gets no step for any decision."""
    by_chapter: dict[int, list[int]] = {}
    deals: dict[int, int] = {}
    for i, frame in enumerate(timeline.frames):
        if frame.is_deal:
            deals[frame.chapter] = i
        else:
            by_chapter.setdefault(frame.chapter, []).append(i)
    decisions: dict[int, list[Any]] = {}
    for d in game.decisions:
        decisions.setdefault(d.chapter, []).append(d)
    found: dict[int, int] = {}
    for chapter, ds in decisions.items():
        steps = by_chapter.get(chapter, [])
        before = len(ds) - len(steps)
        if before < 0 or chapter not in deals:
            return {}
        for k, d in enumerate(ds):
            if k < before:
                found[d.index] = deals[chapter]
                continue
            frame = timeline[steps[k - before]]
            if str(frame.action) != str(d.action) or frame.seat != d.seat:
                return {}
            found[d.index] = steps[k - before]
    return found
