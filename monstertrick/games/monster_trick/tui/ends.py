"""The end of a round (every VP row revealed, tricks, VP scored and running totals) and of
the game (per-round scores, totals and the tie-break in words)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from ....tui import theme
from ....tui.screens.base import LOG_KEY, ChapterEndScreen, FinalScreen
from ....tui.widgets import KeyBar
from ..engine import NUM_ROUNDS, VP_POSITION_RULE, Outcome, TieBreak, standings, vp_position
from . import cards
from .log import LogPanel
from .session import GameSession


class RoundEndScreen(ChapterEndScreen[GameSession]):
    """Public: shown to the whole table."""

    CSS_PATH = "game.tcss"  # (read when the first of the game's screens is shown)
    BINDINGS: ClassVar[list[BindingType]] = [LOG_KEY]
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


class GameOverScreen(FinalScreen[GameSession]):
    CSS_PATH = "game.tcss"  # (read when the first of the game's screens is shown)

    def compose(self) -> ComposeResult:
        outcome = self.session.outcome()
        assert isinstance(outcome, Outcome)
        scores = self.session.public_view().round_scores
        names = self.names
        order = standings(scores)
        width = theme.name_column(names)
        lines = [Content(f"        {'Player':<{width}}   R1  R2  R3  Total")]
        rank = 0
        for i, p in enumerate(order):
            if p in outcome.winners:
                place = "★ 1."
            else:
                rank = i + 1
                place = f"  {rank}."
            lines.append(
                Content.assemble(
                    f"{place:<5} ",
                    theme.player(p, names[p], bold=p in outcome.winners, width=width),
                    "  ",
                    " ".join(f"{scores[r][p]:>3}" for r in range(NUM_ROUNDS)),
                    f"  {outcome.totals[p]:>5}",
                )
            )
        if outcome.tie_break is TieBreak.SHARED:
            headline = "A shared victory!"
        elif len(outcome.winners) == 1:
            headline = f"{names[outcome.winners[0]]} wins!"
        else:  # pragma: no cover - the engine names one winner unless shared
            headline = "The game is over"
        with Vertical(id="game-over"):
            yield Static(Content("The game is over · final standings"), classes="title")
            yield Static(Content(headline), id="headline")
            yield Static(Content("\n").join(lines), id="standings")
            yield Static(Content(outcome.explain(names)), id="explain")
            yield self.keys_hint()
        yield KeyBar()
