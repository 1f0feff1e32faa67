"""What every game's replay viewer shares: the keys, the status line, a scrolling body.

A game's viewer names its :class:`~monstertrick.timeline.Timeline` (whose chapters are
rounds, hands or games of a match) and its chapters, and says what one step looks like;
this screen does the rest: ←/→ a step,
PgUp/PgDn a chapter, Home/End the first and last step, ↑/↓ scroll, Esc/q close.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Protocol, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...timeline import Frame, Timeline
from ..widgets import KeyBar

F = TypeVar("F", bound=Frame[Any, Any, Any])


class Replay(Protocol):
    """A game's timeline class: ``of(state)`` plays a game again into its frames."""

    def of(self, state: Any, /) -> Timeline[Any]: ...


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
    TIMELINE: ClassVar[Replay]
    """The game's timeline, which plays a finished game again into frames."""
    CHAPTER: ClassVar[str] = "Chapter"
    """What a chapter is called, in the status line and the key bar ("Round")."""
    CHAPTERS: ClassVar[int | None] = None
    """How many chapters a game has; None: as many as it played (a match's games)."""

    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display="←/→"),
        Binding("right", "step(1)", "Step", show=False),
        *chapter_keys(CHAPTER),
        Binding("home", "jump(0)", "First/Last", key_display="Home/End"),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("escape,q", "close", "Close", key_display="Esc/q"),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
    ]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # PgUp/PgDn go by the game's chapter, as its key bar names it (before Textual
        # reads the class's keys).
        if "CHAPTER" in cls.__dict__ and "BINDINGS" not in cls.__dict__:
            cls.BINDINGS = chapter_keys(cls.CHAPTER)
        super().__init_subclass__(**kwargs)

    def __init__(self, state: Any, *, title: str = "", exit_on_close: bool = False) -> None:
        super().__init__()
        self.timeline: Timeline[F] = self.TIMELINE.of(state)
        self.names: tuple[str, ...] = tuple(state.players)
        self.title_text = title
        self.exit_on_close = exit_on_close
        self.index = 0
        """Every game opens on its first step, from History or ``monstertrick view``."""

    # ------------------------------------------------------------------ for subclasses

    def step_count(self) -> int:
        return len(self.timeline)

    def status(self, index: int) -> Content:
        """The top line of step ``index`` (after the title): its chapter, where it stands
        in the chapter (:meth:`where`), its number."""
        frame = self.timeline[index]
        chapters = self.CHAPTERS or self.timeline[-1].chapter
        return Content(
            f"{self.CHAPTER} {frame.chapter} of {chapters} · {self.where(frame)} · "
            f"step {index + 1} of {len(self.timeline)}"
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
        self.show_step()

    def show_step(self) -> None:
        title = (f"{self.title_text} · ", "bold") if self.title_text else ""
        self.query_one("#step-status", Static).update(
            Content.assemble(title, self.status(self.index))
        )
        self.query_one("#step-frame", Static).update(self.body(self.index))

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
