"""The final standings: per-round scores, totals and the tie-break in words."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from ....tui import theme
from ....tui.screens.base import FinalScreen
from ....tui.widgets import KeyBar
from ..engine import NUM_ROUNDS, Outcome, TieBreak, standings


class GameOverScreen(FinalScreen):
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
