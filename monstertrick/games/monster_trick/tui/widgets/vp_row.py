"""A player's own VP row, face up: on their private screens only."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .....tui import theme
from .....tui.cursor import cell
from ...engine import vp_position
from .. import cards

COLUMN = 18
"""Cells of each VP card's column while the row is arranged (two more between them)."""


class VPRow(Widget):
    """The owner's VP row ``values`` with what their tricks score now.

    With ``tricks`` set (table screen), marks the card scored now and what one more
    trick would change. ``cursor`` >= 0 marks a card being moved (arranging).
    """

    values: reactive[tuple[int, ...]] = reactive((), init=False)
    tricks: reactive[int | None] = reactive(None, init=False)
    cursor: reactive[int] = reactive(-1, init=False)

    class Clicked(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, owner: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.owner = owner
        """Whose row this is (a private widget)."""

    def render(self) -> Content:
        values = self.values
        if not values:
            return Content("")
        tricks = self.tricks
        if tricks is None:
            return self._render_arranging()
        now = vp_position(tricks)
        nxt = vp_position(tricks + 1)
        chips = [
            cards.vp_chip(v, style="bold reverse $success" if i == now else "bold")
            for i, v in enumerate(values)
        ]
        scored = (
            f"{theme.plural(tricks, 'trick')} score {values[now]} ({cards.POSITIONS[now]})"
            if now is not None
            else "0 tricks score 0"
        )
        assert nxt is not None
        more = f"one more → {values[nxt]} ({cards.POSITIONS[nxt]})"
        return Content.assemble(
            Content.from_markup("[b]Your VP row[/] "),
            Content(" ").join(chips),
            f"  {scored}; {more}",
        )

    def _render_arranging(self) -> Content:
        lines = []
        faces = []
        labels = []
        pays = []
        for i in range(len(self.values)):
            style = "bold reverse $accent" if i == self.cursor else "bold"
            faces.append(Content.from_markup(f"[{style}]$t[/]", t=self._face(i)))
            labels.append(Content(cards.POSITIONS[i].center(COLUMN)))
            pays.append(Content(cards.POSITION_PAYS[i].center(COLUMN)))
        lines.append(Content("  ").join(faces))
        lines.append(Content("  ").join(labels))
        lines.append(Content.from_markup("[dim]$t[/]", t="  ".join(p.plain for p in pays)))
        return Content("\n").join(lines)

    def _face(self, position: int) -> str:
        """A VP card of the row being arranged, in its column; the one being moved
        between arrows (it is highlighted too, but never by its colour alone)."""
        card = f"[{self.values[position]}]"
        return (f"▶ {card} ◀" if position == self.cursor else card).center(COLUMN)

    def cursor_spot(self) -> Offset | None:
        """The VP card being moved (None: not arranging)."""
        if self.tricks is not None or not 0 <= self.cursor < len(self.values):
            return None
        return cell(self, self.cursor * (COLUMN + 2) + self._face(self.cursor).index("["), 0)

    def on_click(self, event: events.Click) -> None:
        if self.tricks is None and event.x >= 0:
            self.post_message(self.Clicked(min(2, event.x // (COLUMN + 2))))
