"""The round is over: every VP row revealed, tricks, VP scored and running totals."""

from __future__ import annotations

from textual.content import Content

from ....tui import theme
from ....tui.screens.base import LOG_KEY, ChapterEndScreen
from ..engine import NUM_ROUNDS, VP_POSITION_RULE, vp_position
from . import cards
from .log import LogPanel


class RoundEndScreen(ChapterEndScreen):
    """Public: shown to the whole table."""

    CSS_PATH = "game.tcss"  # (read when the first of the game's screens is shown)
    BINDINGS = [LOG_KEY]
    PANEL_AFTER = "#round-end"
    CHAPTER = "round"
    CHAPTERS = NUM_ROUNDS
    RULE = (
        f"A highlighted VP card is the one scored: position {VP_POSITION_RULE}; no tricks score 0."
    )
    IDS = ("round-end", "round-table")

    def table(self) -> Content:
        view = self.session.public_view()
        # (shown as the round ends: the view's tricks are still the round's)
        tricks, scores = view.tricks_won, view.round_scores[self.number - 1]
        revealed = view.revealed or ()
        totals = view.totals
        width = theme.name_column(self.names)
        lines = [
            Content(f"  {'Player':<{width}}   {'VP row':<11}   Tricks   {'VP scored':<13}  Total")
        ]
        for p, name in enumerate(self.names):
            pos = vp_position(tricks[p])
            row = revealed[p] if p < len(revealed) else (0, 0, 0)
            chips = Content(" ").join(
                cards.vp_chip(v, style="bold reverse $success" if i == pos else "")
                for i, v in enumerate(row)
            )
            where = f"({cards.POSITIONS[pos]})" if pos is not None else "(none)"
            lines.append(
                Content.assemble(
                    theme.player(p, name, width=width),
                    "   ",
                    chips,
                    "   ",
                    f"{tricks[p]:>6}   ",
                    f"{scores[p]:>3} {where:<9}",
                    f"  {totals[p]:>5}",
                )
            )
        return Content("\n").join(lines)

    def log_panel(self) -> LogPanel:
        return LogPanel(self.session)
