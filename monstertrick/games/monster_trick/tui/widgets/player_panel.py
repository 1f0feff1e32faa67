"""A line per player: name and colour, cards left, tricks, public VP row, scores."""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content
from textual.widget import Widget

from .....tui import theme
from ...engine import NUM_ROUNDS, PublicView
from .. import cards

#: Cells of a panel line besides the name: "▶ ● " before it; cards, tricks, the VP row,
#: a score per round and the total after it.
FIXED_CELLS = 4 + 10 + 9 + 2 + 3 * NUM_ROUNDS - 1 + 4


def name_width(names: tuple[str, ...], available: int) -> int:
    """The name column: the longest name, but never so wide that the totals drop off."""
    longest = max(6, max(cell_len(n) for n in names))
    return max(4, min(longest, available - FIXED_CELLS))


class PlayersHeader(Widget):
    """Column headings for the player panels."""

    def __init__(self, names: tuple[str, ...], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.names = names

    def render(self) -> Content:
        width = name_width(self.names, self.content_size.width)
        rounds = " ".join(f"R{r + 1}" for r in range(NUM_ROUNDS))
        return Content(f"    {'Player':<{width}} Crd Trk  VP row    {rounds} Tot")


class PlayerPanel(Widget):
    """One player's public state, from a :class:`PublicView` (or any player's view)."""

    def __init__(self, seat: int, view: PublicView, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.seat = seat
        self.view = view

    def show(self, view: PublicView) -> None:
        self.view = view
        self.set_class(view.current_player == self.seat, "-to-move")
        self.refresh()

    def render(self) -> Content:
        v = self.view
        p = self.seat
        to_move = v.current_player == p
        width = name_width(v.players, self.content_size.width)
        arrow = Content.from_markup("[bold $accent]▶[/] " if to_move else "  ")
        face = v.face_up[p]
        if v.revealed is not None:
            row = v.revealed[p]
            chips = [cards.vp_chip(row[i]) for i in range(3)]
        else:
            chips = [
                cards.vp_chip(face[1] if face is not None and face[0] == i else None)
                for i in range(3)
            ]
        scores = [
            f"{v.round_scores[r][p]:>2}" if r < len(v.round_scores) else " -"
            for r in range(NUM_ROUNDS)
        ]
        return Content.assemble(
            arrow,
            theme.player(p, v.players[p], bold=to_move, width=width),
            f" {v.hand_sizes[p]:>3} {v.tricks_won[p]:>3}  ",
            Content("").join(chips),
            "  ",
            " ".join(scores),
            f" {v.totals[p]:>3}",
        )
