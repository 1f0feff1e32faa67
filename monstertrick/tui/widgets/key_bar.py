"""The footer: every active binding of the screen, in one line.

A light stand-in for Textual's ``Footer``: one widget drawn at once (``Footer`` mounts a
widget per key and recomposes on every change, which made each turn's screen change
noticeably slower on small machines). Keys can be clicked.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widget import Widget


class KeyBar(Widget):
    """Shows the screen's active bindings (``show=True``) and runs one when clicked."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._spans: list[tuple[int, int, str, object]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen: object) -> None:
        self.refresh()

    def render(self) -> Content:
        parts: list[Content] = []
        spans: list[tuple[int, int, str, object]] = []
        x = 0
        seen: set[str] = set()
        palette = None
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if key == self.app.COMMAND_PALETTE_BINDING and self.app.ENABLE_COMMAND_PALETTE:
                palette = active
                continue
            if not binding.show or binding.action in seen or binding.description in seen:
                continue
            seen.update((binding.action, binding.description))
            part = self._key(self.app.get_key_display(binding), binding.description, active.enabled)
            spans.append((x, x + part.cell_length, binding.action, active.node))
            parts.append(part)
            x += part.cell_length
        if palette is not None:
            part = self._key(self.app.get_key_display(palette.binding), "Commands", True)
            gap = max(1, self.size.width - x - part.cell_length)
            parts.append(Content(" " * gap))
            spans.append(
                (x + gap, x + gap + part.cell_length, palette.binding.action, palette.node)
            )
            parts.append(part)
        self._spans = spans
        return Content("").join(parts)

    @staticmethod
    def _key(key: str, description: str, enabled: bool) -> Content:
        content = Content.assemble((f" {key} ", "bold $footer-key-foreground"), f"{description} ")
        return content if enabled else content.stylize("dim")

    async def on_click(self, event: events.Click) -> None:
        for start, end, action, node in self._spans:
            if start <= event.x < end:
                await self.app.run_action(action, node)  # type: ignore[arg-type]
                return
