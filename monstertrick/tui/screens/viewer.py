"""What every game's replay viewer shares: the keys, the status line, a scrolling body.

A game's viewer gives its :class:`~monstertrick.timeline.Timeline` (whose chapters are
rounds, hands or games of a match) and says what one step looks like; this screen does
the rest: ←/→ a step,
PgUp/PgDn a chapter, Home/End the first and last step, ↑/↓ scroll, Esc/q close.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...timeline import Timeline
from ..widgets import KeyBar


class StepBody(VerticalScroll, can_focus=False):
    """The step's text: scrolled with ↑/↓ (and the mouse); Home/End stay the viewer's."""


class StepViewer(Screen[None]):
    """A finished game, step by step (subclasses draw a step)."""

    DEFAULT_CSS = """
    StepViewer #step-status {
        height: 1; padding: 0 1; background: $panel; text-wrap: nowrap; text-overflow: ellipsis;
    }
    StepViewer #step-body { height: 1fr; }
    StepViewer #step-frame { padding: 0 1; }
    """
    CHAPTER = "Hand"
    """What PgUp/PgDn move by, for the key bar."""

    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display="←/→"),
        Binding("right", "step(1)", "Step", show=False),
        Binding("pageup,comma", "chapter(-1)", "Chapter", key_display="PgUp/PgDn"),
        Binding("pagedown,full_stop", "chapter(1)", "Chapter", show=False),
        Binding("home", "jump(0)", "First/Last", key_display="Home/End"),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("escape,q", "close", "Close", key_display="Esc/q"),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(
        self, timeline: Timeline[Any], *, title: str = "", exit_on_close: bool = False
    ) -> None:
        super().__init__()
        self.timeline = timeline
        self.title_text = title
        self.exit_on_close = exit_on_close
        self.index = 0
        """Every game opens on its first step, from History or ``monstertrick view``."""

    # ------------------------------------------------------------------ for subclasses

    def step_count(self) -> int:
        return len(self.timeline)

    def status(self, index: int) -> Content:
        """The top line of step ``index`` (after the title)."""
        raise NotImplementedError

    def body(self, index: int) -> Content:
        """What step ``index`` shows."""
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
