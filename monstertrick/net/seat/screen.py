"""Joining a table hosted elsewhere: the code to type, and how the connection stands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from ...tui.widgets import KeyBar
from ..protocol import normal_code


@dataclass
class CodeGiven(Message):
    """The person typed a join code (in its written form)."""

    code: str


class JoinScreen(Screen[None]):
    """Where a joined screen starts, and comes back to while it has no table: the
    address, the code to type (when none was given), and what is happening."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "app.request_quit", "Quit", priority=True)
    ]

    def __init__(self, address: str, *, ask: bool, status: str = "") -> None:
        super().__init__()
        self.address = address
        self.ask = ask
        self.status = status

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="join-box"):
            yield Static(Content(f"Join the table at {self.address}"), classes="title")
            if self.ask:
                yield Static(
                    Content("Type the code the host gave you for your seat, then Enter."),
                    classes="hint",
                )
                yield Input(placeholder="your seat's code", max_length=20, id="join-code")
            yield Static(Content(self.status), id="join-status")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.ask:
            self.query_one("#join-code", Input).focus()

    def say(self, text: str, *, error: bool = False) -> None:
        """What is happening (a name or a reason from the host is shown as text)."""
        self.status = text
        status = self.query_one("#join-status", Static)
        status.set_class(error, "-error")
        status.update(Content(text))

    @on(Input.Submitted, "#join-code")
    def _submitted(self, event: Input.Submitted) -> None:
        code = normal_code(event.value)
        if code is None:
            self.say("A code is eight letters and digits, like K7QF-9XMB.", error=True)
            return
        self.say(f"Joining with {code}…")
        self.post_message(CodeGiven(code))
