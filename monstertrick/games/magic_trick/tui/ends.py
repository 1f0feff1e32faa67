"""The end of a hand, the end of the game, and the (not yet written) step viewer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from ....tui import theme
from ....tui.screens.base import ChapterEndScreen, FinalScreen
from ....tui.widgets import KeyBar
from ..engine.cards import NUM_HANDS
from ..engine.events import Outcome, TieBreak
from .session import GameSession

_CSS = """
    #mt-end { padding: 1 2; height: 1fr; }
    #mt-end .title { text-style: bold; margin-bottom: 1; }
    #mt-end .hint { color: $text-muted; margin-top: 1; }
"""


class HandOverScreen(ChapterEndScreen[GameSession]):
    """A hand is over: bids, tricks, suits won, the hand's scores, prestige, totals."""

    DEFAULT_CSS = _CSS
    CHAPTER = "hand"
    CHAPTERS = NUM_HANDS
    RULE = (
        "Tricks equal to the bid score +3, and +2 more (prestige) when the suits "
        "won equal it too; otherwise minus the difference."
    )
    IDS = ("mt-end", "mt-hand-table")

    def table(self) -> Content:
        view = self.session.public_view()
        result = view.results[self.number - 1]
        totals = tuple(sum(r.scores[p] for r in view.results[: self.number]) for p in range(4))
        width = theme.name_column(self.names)
        lines = [
            Content.styled(
                f"  {'Player':<{width}}   Bid  Tricks  Suits  Hand  Prestige  Total", "bold"
            )
        ]
        for p, name in enumerate(self.names):
            lines.append(
                Content.assemble(
                    theme.player(p, name, width=width),
                    f"  {result.bids[p]:>3}  {result.tricks[p]:>6}  {result.suits[p]:>5}"
                    f"  {result.scores[p]:>+4}  {'+2 ★' if result.prestige[p] else '':>8}"
                    f"  {totals[p]:>5}",
                )
            )
        return Content("\n").join(lines)


class GameOverScreen(FinalScreen[GameSession]):
    """The final standings, the tie-break in words."""

    DEFAULT_CSS = _CSS

    def compose(self) -> ComposeResult:
        outcome = self.session.outcome()
        assert isinstance(outcome, Outcome)
        results = self.session.public_view().results
        names = self.names
        width = theme.name_column(names)
        order = sorted(
            range(len(names)), key=lambda p: (-outcome.scores[p], -outcome.prestige[p], p)
        )
        hands = "".join(f"  H{h + 1}" for h in range(len(results)))
        lines = [Content.styled(f"      {'Player':<{width + 2}}{hands}  Total  Prestige", "bold")]
        for i, p in enumerate(order):
            place = "★ 1." if p in outcome.winners else f"  {i + 1}."
            lines.append(
                Content.assemble(
                    f"{place:<5} ",
                    theme.player(p, names[p], bold=p in outcome.winners, width=width),
                    "".join(f"{r.scores[p]:>4}" for r in results),
                    f"  {outcome.scores[p]:>5}  {outcome.prestige[p]:>8}",
                )
            )
        if outcome.tie_break is TieBreak.SHARED:
            headline = "A shared victory!"
        else:
            headline = f"{names[outcome.winners[0]]} wins!"
        tie = {
            TieBreak.NONE: "No tie: the highest total wins.",
            TieBreak.PRESTIGE: "Tied on points: the most prestige bonuses break the tie.",
            TieBreak.SHARED: "Tied on points and on prestige bonuses: the victory is shared.",
        }[outcome.tie_break]
        with Vertical(id="mt-end"):
            yield Static(Content("The game is over · final standings"), classes="title")
            yield Static(Content(headline), id="mt-headline")
            yield Static(Content("\n").join(lines), id="mt-standings")
            yield Static(Content(f"{outcome.explain(names)} {tie}"), classes="hint")
            yield self.keys_hint()
        yield KeyBar()
