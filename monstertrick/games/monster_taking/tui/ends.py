"""The end of a game of the match, and the end of the match."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from ....tui import theme
from ....tui.screens.base import FinalScreen, PauseScreen
from ....tui.widgets import KeyBar
from ..engine.events import GameOver
from ..engine.views import GameResult, Outcome
from . import cards
from .session import GameSession

CSS = """
    .mt-end { padding: 1 2; height: 1fr; }
    .mt-end .title { text-style: bold; margin-bottom: 1; }
    .mt-end .hint { margin-top: 1; color: $text-muted; }
"""


def result_lines(result: GameResult, number: int, names: tuple[str, ...]) -> list[Content]:
    event = GameOver(number, result.winner, result.tricks, result.cards_left)
    width = theme.name_column(names)
    lines = [
        Content(event.describe(names)),
        Content.assemble(cards.order_line(result.order)),
        Content(""),
        Content(f"  {'Player':<{width}}   Tricks   Cards left"),
    ]
    for p in (0, 1):
        lines.append(
            Content.assemble(
                theme.player(p, names[p], width=width, bold=p == result.winner),
                f"   {result.tricks[p]:>6}   {result.cards_left[p]:>10}",
            )
        )
    return lines


def wins_line(wins: tuple[int, int], names: tuple[str, ...]) -> Content:
    return Content.assemble(
        "Games won: ",
        theme.player(0, names[0]),
        f" {wins[0]}, ",
        theme.player(1, names[1]),
        f" {wins[1]}",
    )


class GameEndScreen(PauseScreen[GameSession]):
    """A game of the match is over (public)."""

    DEFAULT_CSS = CSS

    def compose(self) -> ComposeResult:
        view = self.session.public_view()
        names = self.names
        result = view.results[self.number - 1]
        with Vertical(classes="mt-end"):
            yield Static(Content(f"Game {self.number} is over"), classes="title")
            yield Static(Content("\n").join(result_lines(result, self.number, names)))
            yield Static(wins_line(view.wins, names))
            yield self.go_on_hint("game", end="the end of the match")
        yield KeyBar()


class MatchOverScreen(FinalScreen[GameSession]):
    """The match is over: the winner, game by game."""

    DEFAULT_CSS = CSS

    def compose(self) -> ComposeResult:
        names = self.names
        outcome = self.session.outcome()
        assert isinstance(outcome, Outcome)
        (champion,) = outcome.winners  # (a match has one winner)
        games = []
        for g, r in enumerate(self.session.public_view().results):
            winner = (
                Content("drawn")
                if r.winner is None
                else Content.assemble(theme.player(r.winner, names[r.winner]), " won")
            )
            games.append(
                Content.assemble(
                    f"Game {g + 1}: ",
                    winner,
                    f" (tricks {r.tricks[0]}-{r.tricks[1]},"
                    f" cards left {r.cards_left[0]}-{r.cards_left[1]})",
                )
            )
        with Vertical(classes="mt-end"):
            yield Static(Content("The match is over"), classes="title")
            yield Static(
                Content.assemble(
                    "★ ", theme.player(champion, names[champion], bold=True), " wins!"
                ),
                id="mt-winner",
            )
            yield Static(Content(outcome.explain(names)))
            yield Static(Content("\n").join(games))
            yield Static(wins_line(outcome.scores, names))
            yield self.keys_hint("match")
        yield KeyBar()
