"""The terminal's own cursor follows the focus: it sits where the label of the focused
card, slot, choice, button or list row begins.

Braille displays and screen readers follow the terminal cursor. Textual moves it to
:attr:`App.cursor_position <textual.app.App.cursor_position>` after each update of the
screen (and keeps it hidden, as it does for an ``Input``, whose caret it draws itself);
:class:`CursorFollowsFocus` works that position out at that moment, from what has the focus
now, so it is never left behind by a layout that moved.

Where it goes:

- a widget or a screen that knows where its focused item's label is says so in
  ``cursor_spot()`` (:class:`HasSpot`): a hand's card under the cursor, a trick slot's
  title, the VP card being moved;
- otherwise the focused widget: an ``Input``'s caret, a ``DataTable``'s row, the option
  a ``Select`` shows (or highlights while open), the first letter of anything else
  (a button's label, a panel's first line);
- with nothing focused, the screen's ``cursor_spot()``, or the first letter on the screen.

Nothing here draws anything: the screens look the same, the cursor stays hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from rich.cells import cell_len
from textual.app import App
from textual.content import Content
from textual.dom import NoScreen
from textual.errors import NoWidget
from textual.geometry import Offset, Region
from textual.map_geometry import MapGeometry
from textual.screen import Screen
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.widgets import DataTable, Input, OptionList

ReturnType = TypeVar("ReturnType")


@runtime_checkable
class HasSpot(Protocol):
    """A widget or a screen that says where the cursor goes while it has the focus."""

    def cursor_spot(self) -> Offset | None:
        """The screen cell where the label of the focused item begins (None: no item
        to point at now, so the focus' usual place applies)."""
        ...


def _geometry(widget: Widget) -> MapGeometry | None:
    try:
        return widget.screen.find_widget(widget)
    except (NoWidget, NoScreen):  # (not on the screen, or no screen any more)
        return None


def cell(widget: Widget, x: int, y: int, *, frame: bool = False) -> Offset | None:
    """The screen cell of column ``x``, row ``y`` of ``widget``'s content (with
    ``frame``: of its whole box, border and padding included), or None when that cell is
    not on the screen (scrolled away, hidden)."""
    geometry = _geometry(widget)
    if geometry is None:
        return None
    region = geometry.region
    if not frame:
        gutter = widget.styles.gutter
        x += gutter.left
        y += gutter.top
    spot = Offset(region.x + x, region.y + y)
    return spot if geometry.visible_region.contains_point(spot) else None


def find(widget: Widget, text: str | None = None, *, frame: bool = False) -> Offset | None:
    """Where ``text`` begins in ``widget`` as it is drawn now (without ``text``: its
    first letter, the first cell that is not blank), on the screen; None if it is not
    drawn there. With ``frame`` the border is searched too (a border title).

    A container is searched through its children, in order."""
    geometry = _geometry(widget)
    if geometry is None:
        return None
    children = [
        child
        for child in widget.children
        if isinstance(child, Widget) and child.display and not _aside(child)
    ]
    if children:
        for child in children:
            found = find(child, text, frame=frame)
            if found is not None:
                return found
        return None
    region, visible = geometry.region, geometry.visible_region
    top, right, bottom, left = (0, 0, 0, 0) if frame else widget.styles.gutter
    for y in range(top, region.height - bottom):
        line = _drawn(widget, geometry, y, left, right)
        if line is None:
            continue
        at = len(line) - len(line.lstrip()) if text is None else line.find(text)
        if at < 0 or at == len(line):
            continue
        found = Offset(region.x + left + cell_len(line[:at]), region.y + y)
        if visible.contains_point(found):
            return found
    return None


def _drawn(widget: Widget, geometry: MapGeometry, y: int, left: int, right: int) -> str | None:
    """Row ``y`` of ``widget``'s box as drawn, from column ``left`` to ``right`` cells
    before its end; None when that row is not on the screen."""
    region, visible = geometry.region, geometry.visible_region
    if not visible.y <= region.y + y < visible.bottom:
        return None
    strip = widget.render_lines(Region(0, y, region.width, 1))[0]
    return strip.crop(left, region.width - right).text


def _aside(widget: Widget) -> bool:
    """Textual's own layers of a screen (toasts, the tooltip) and the key bar: never
    where the focus is."""
    from .widgets import KeyBar

    return (widget.id or "").startswith("textual-") or isinstance(widget, KeyBar)


def _plain(prompt: object) -> str:
    if isinstance(prompt, Content):
        return prompt.plain
    plain = getattr(prompt, "plain", None)
    return plain if isinstance(plain, str) else str(prompt)


def row_spot(table: DataTable[object]) -> Offset | None:
    """The first letter of a table's cursor row (its heading's with no row)."""
    row = table.cursor_row
    if table.cursor_type != "row" or not 0 <= row < table.row_count:
        return find(table)
    heights = [r.height for r in table.ordered_rows]
    header = table.header_height if table.show_header else 0
    y = header + sum(heights[:row]) - round(table.scroll_y)
    geometry = _geometry(table)
    if geometry is None or y < header:
        return None
    top, right, _, left = table.styles.gutter
    for dy in range(heights[row]):
        line = _drawn(table, geometry, top + y + dy, left, right)
        if line is not None and line.strip():
            return cell(table, cell_len(line[: len(line) - len(line.lstrip())]), y + dy)
    return None


def option_spot(options: OptionList) -> Offset | None:
    """The highlighted option's first letter (an open ``Select``'s list)."""
    option = options.highlighted_option
    if option is None:
        return find(options)
    return find(options, _plain(option.prompt).strip() or None)


def caret(field: Input) -> Offset | None:
    """The cell of a field's caret (where the next letter goes). (Textual's own
    ``cursor_screen_offset`` is a cell beyond it when the caret is at the end.)"""
    before = field.value[: field.cursor_position]
    if field.password:
        before = "•" * len(before)
    return cell(field, cell_len(before.expandtabs(4)) - round(field.scroll_x), 0)


def _is(widget: Widget, name: str) -> bool:
    """Whether ``widget`` is one of Textual's widgets ``name`` (asked without importing
    it: the first screen loads no widget it does not show)."""
    return any(
        c.__name__ == name and c.__module__.startswith("textual.") for c in type(widget).__mro__
    )


def widget_spot(widget: Widget) -> Offset | None:
    """Where the cursor goes while ``widget`` has the focus."""
    from textual import widgets

    if isinstance(widget, HasSpot):
        return widget.cursor_spot()
    if _is(widget, "Input"):
        assert isinstance(widget, widgets.Input)
        return caret(widget)
    if _is(widget, "DataTable"):
        assert isinstance(widget, widgets.DataTable)
        return row_spot(widget)
    if _is(widget, "OptionList"):
        assert isinstance(widget, widgets.OptionList)
        return option_spot(widget)
    if _is(widget, "Select"):
        assert isinstance(widget, widgets.Select)
        if widget.expanded:
            return option_spot(widget.query_one(widgets.OptionList))
        return find(widget.query_one("#label"))
    return find(widget)


def spot(screen: Screen[object]) -> Offset | None:
    """Where the cursor goes on ``screen`` now (None: nowhere known)."""
    focused = screen.focused
    if focused is not None:
        found = widget_spot(focused)
        if found is not None:
            return found
    if isinstance(screen, HasSpot):
        found = screen.cursor_spot()
        if found is not None:
            return found
    return find(screen)


class CursorFollowsFocus(App[ReturnType]):
    """An app whose terminal cursor follows the focus (see the module's doc)."""

    _cursor_asked = Offset(0, 0)

    @property
    def cursor_position(self) -> Offset:
        """Where the terminal cursor goes after this update: the focused item's label
        (:func:`spot`); else where a widget last asked (Textual's own)."""
        try:
            found = spot(self.screen)
        except Exception:  # never let the cursor break a frame
            found = None
        return self._cursor_asked if found is None else found

    @cursor_position.setter
    def cursor_position(self, position: Offset) -> None:
        self._cursor_asked = position
