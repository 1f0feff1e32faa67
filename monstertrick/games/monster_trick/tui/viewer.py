"""Step through a recorded game move by move, every hand and VP row shown.

Only for games that are over (nothing is secret any more), or when the players asked
to reveal an unfinished one (``monstertrick view --reveal``).
"""

from __future__ import annotations

from textual.content import Content

from .... import timeline
from ....tui import theme
from ....tui.screens.viewer import StepViewer
from ..engine import HAND_SIZE, NUM_ROUNDS, Action, Event, GameState, vp_position
from . import cards

Frame = timeline.Frame[GameState, Action, Event]
"""A position of the replay, its chapter the round: frame 0 is its deal with every VP row
laid out, then one frame per card played."""


class ViewerScreen(StepViewer[Frame]):
    """A replay viewer: ←/→ a card, PgUp/PgDn a round, Home/End first/last."""

    CSS_PATH = "game.tcss"  # (read when the first of the game's screens is shown)
    CHAPTER = "Round"
    CHAPTERS = NUM_ROUNDS

    def where(self, frame: Frame) -> str:
        total = HAND_SIZE * frame.state.num_players
        return "deal and VP rows" if frame.is_deal else f"card {frame.step} of {total}"

    def body(self, index: int) -> Content:
        frame = self.timeline[index]
        game = frame.state
        names = self.names
        lines: list[Content] = []
        what = [e.describe(names) for e in frame.events]
        if frame.is_deal:
            what = [f"Round {frame.chapter} is dealt; every VP row is laid out."]
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
