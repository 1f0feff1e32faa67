"""Step through a recorded game move by move, every hand and VP row shown.

Only for games that are over (nothing is secret any more), or when the players asked
to reveal an unfinished one (``monstertrick view --reveal``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ....tui import theme
from ....tui.widgets import KeyBar
from ..engine import HAND_SIZE, NUM_ROUNDS, GameState, vp_position
from ..timeline import Timeline
from . import cards


class ViewerBody(VerticalScroll, can_focus=False):
    """The frame's text: scrolled with ↑/↓ (and the mouse); Home/End stay the viewer's."""


class ViewerScreen(Screen[None]):
    """A replay viewer: ←/→ a card, PgUp/PgDn a round, Home/End first/last."""

    BINDINGS = [
        Binding("left", "step(-1)", "Back"),
        Binding("right", "step(1)", "Forward"),
        Binding("pageup,comma", "round(-1)", "Round back", key_display="PgUp"),
        Binding("pagedown,full_stop", "round(1)", "Round on", key_display="PgDn"),
        Binding("home", "jump(0)", "First"),
        Binding("end", "jump(-1)", "Last"),
        Binding("escape,q", "close", "Close"),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(self, game: GameState, *, title: str = "", exit_on_close: bool = False) -> None:
        super().__init__()
        self.timeline = Timeline.of(game)
        self.names = game.players
        self.title_text = title
        self.exit_on_close = exit_on_close
        self.index = 0
        """Every game opens on its first step, from History or ``monstertrick view``."""

    def compose(self) -> ComposeResult:
        yield Static(id="viewer-status")
        with ViewerBody(id="viewer-body"):
            yield Static(id="viewer-frame")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_frame()

    # ------------------------------------------------------------------ actions

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.timeline) - 1, self.index + delta))
        self.show_frame()

    def action_round(self, delta: int) -> None:
        tl = self.timeline
        self.index = tl.next_round(self.index) if delta > 0 else tl.previous_round(self.index)
        self.show_frame()

    def action_jump(self, where: int) -> None:
        self.index = where if where >= 0 else len(self.timeline) - 1
        self.show_frame()

    def action_scroll(self, lines: int) -> None:
        self.query_one(ViewerBody).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        if self.exit_on_close:
            self.app.exit(0)
        else:
            self.dismiss()

    # ------------------------------------------------------------------ drawing

    def show_frame(self) -> None:
        frame = self.timeline[self.index]
        game = frame.game
        total = HAND_SIZE * game.num_players
        where = "deal and VP rows" if frame.is_deal else f"card {frame.step} of {total}"
        status = Content.from_markup(
            "[b]$title[/]Round $r of $rounds · $where · step $i of $n",
            title=f"{self.title_text} · " if self.title_text else "",
            r=str(frame.round),
            rounds=str(NUM_ROUNDS),
            where=where,
            i=str(self.index + 1),
            n=str(len(self.timeline)),
        )
        self.query_one("#viewer-status", Static).update(status)
        self.query_one("#viewer-frame", Static).update(self.render_frame())

    def render_frame(self) -> Content:
        frame = self.timeline[self.index]
        game = frame.game
        names = self.names
        lines: list[Content] = []
        what = [e.describe(names) for e in frame.events]
        if frame.is_deal:
            what = [f"Round {frame.round} is dealt; every VP row is laid out."]
        lines.append(Content.from_markup("[b]What happened[/]"))
        lines.extend(Content("  " + w) for w in what or ["—"])
        lines.append(Content(""))
        lines.append(Content.from_markup("[b]Table[/]"))
        for slot, trick in enumerate(game.table()):
            if trick is None:
                lines.append(Content.from_markup("  $s  [dim]empty[/]", s=f"{slot + 1}"))
                continue
            lines.append(
                Content.assemble(
                    f"  {slot + 1}  ",
                    cards.cards_inline(trick.cards),
                    f"  {trick.lead.label}, {trick.count}/4, held by ",
                    theme.player(trick.holder, names[trick.holder]),
                )
            )
        lines.append(Content(""))
        lines.append(Content.from_markup("[b]Players[/] (hands and VP rows: the game is open)"))
        width = theme.name_column(names)
        scores = game.round_scores()
        for p, name in enumerate(names):
            arr = game.arrangement(p)
            tricks = game.tricks_won()[p]
            pos = vp_position(tricks)
            row = Content(" ").join(
                cards.vp_chip(v, style="bold reverse" if i == pos else "")
                for i, v in enumerate(arr or (None, None, None))
            )
            totals = sum(s[p] for s in scores)
            lines.append(
                Content.assemble(
                    "  ",
                    theme.player(p, name, bold=game.current_player == p, width=width),
                    "  VP ",
                    row,
                    f"  {theme.plural(tricks, 'trick')}  total {totals}",
                )
            )
            hand = game.hand(p)
            lines.append(
                Content.assemble(
                    "    ",
                    cards.cards_inline(hand) if hand else Content.from_markup("[dim]no cards[/]"),
                )
            )
        outcome = game.outcome()
        if outcome is not None:
            lines.append(Content(""))
            lines.append(Content.from_markup("[b]$t[/]", t=outcome.explain(names)))
        return Content("\n").join(lines)
