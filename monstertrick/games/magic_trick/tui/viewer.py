"""Step through a finished Magic Trick game, play by play, every value shown.

Only for games that are over: then no card is in a hand any more and nothing is secret,
so the viewer shows each hand as dealt, with its values, as Monster Trick's viewer shows
every hand of a finished game. The steps are the game's hands played again through the
engine (:class:`~monstertrick.timeline.Timeline`).
"""

from __future__ import annotations

from textual.content import Content

from .... import timeline
from ....tui import theme
from ....tui.screens.viewer import StepViewer
from ..engine.actions import Action
from ..engine.cards import NUM_HANDS, NUM_PLAYERS, NUM_TRICKS, TRUMP
from ..engine.events import CardPlayed, CardSleeved, Event, HandDealt, SleevePassed
from ..engine.state import MagicTrickState
from . import cards

Frame = timeline.Frame[MagicTrickState, Action, Event]
"""A position of the replay, its chapter the hand."""


class ViewerScreen(StepViewer[Frame]):
    """←/→ a play or sleeve step, PgUp/PgDn a hand, Home/End first/last."""

    CHAPTER = "Hand"
    CHAPTERS = NUM_HANDS

    def where(self, frame: Frame) -> str:
        state = frame.state
        if state.chapter_over():
            return "game over" if state.is_over() else "hand over"
        return "the deal" if frame.is_deal else f"trick {min(state.trick_number, NUM_TRICKS)}"

    # ------------------------------------------------------------------ drawing

    def body(self, index: int) -> Content:
        frame = self.timeline[index]
        state = frame.state
        names = self.names
        variables = dict(self.app.theme_variables) if self.is_attached else {}
        lines: list[Content] = [
            *self.happened(frame),
            Content(""),
            self.trick_line(state),
            Content(""),
            Content.styled("Hands, every value shown (the game is over):", "dim"),
        ]
        width = theme.name_column(names)
        tricks = state.tricks_won()
        totals = state.totals()
        for p in range(NUM_PLAYERS):
            sleeved = state.sleeved(p)
            bid = (
                Content.assemble("bid ", cards.face(sleeved, variables))
                if sleeved is not None
                else Content.styled("no bid yet", "italic")
            )
            suits = "".join(s.letter for s in state.captured(p)) or "none"
            lines.append(
                Content.assemble(
                    theme.player(p, names[p], width=width, bold=p == frame.seat),
                    " ",
                    bid,
                    f" · {theme.plural(tricks[p], 'trick')} · suits won {suits} · "
                    f"score {totals[p]}",
                )
            )
            hand = state.hand(p)
            lines.append(
                Content.assemble(
                    "  ",
                    Content(" ").join(cards.face(c, variables) for c in hand)
                    if hand
                    else Content.styled("no cards", "dim"),
                )
            )
        outcome = state.outcome()
        if outcome is not None and index == len(self.timeline) - 1:
            lines += [Content(""), Content.styled(outcome.explain(names), "bold")]
        return Content("\n").join(lines)

    def step_line(self, frame: Frame) -> Content:
        """What this step was, in words."""
        names = self.names
        if frame.seat is None:
            starter = frame.state.starter
            return Content.assemble(
                f"Hand {frame.chapter} is dealt: 14 cards each; ",
                theme.player(starter, names[starter]),
                " leads the first trick.",
            )
        who = theme.player(frame.seat, names[frame.seat], bold=True)
        variables = dict(self.app.theme_variables) if self.is_attached else {}
        for e in frame.events:
            if isinstance(e, CardPlayed):
                return Content.assemble(
                    who, " led " if e.led else " played ", cards.face(e.card, variables)
                )
            if isinstance(e, CardSleeved):
                return Content.assemble(
                    who, " put ", cards.face(e.card, variables), " up their sleeve"
                )
            if isinstance(e, SleevePassed):
                return Content.assemble(who, " kept their sleeve empty")
        return Content.assemble(who, f" {frame.action}")

    def more_lines(self, frame: Frame) -> list[str]:
        """The rest of what the step did (an automatic sleeve, a trick won, a hand
        scored), as the game log says it."""
        first = True
        out: list[str] = []
        for e in frame.events:
            if not isinstance(e, Event) or isinstance(e, HandDealt):
                continue  # (a deal is said by the step line)
            if first and isinstance(e, (CardPlayed, CardSleeved, SleevePassed)):
                first = False
                continue
            out.append(e.describe(self.names))
        return out

    def trick_line(self, state: MagicTrickState) -> Content:
        names = self.names
        variables = dict(self.app.theme_variables) if self.is_attached else {}
        if state.chapter_over():
            return Content(f"All {NUM_TRICKS} tricks of hand {state.chapter} are played.")
        trick = state.current_trick()
        led = state.led_suit
        head = f"Trick {min(state.trick_number, NUM_TRICKS)}"
        head += f" · led: {led.label}" if led is not None else " · nothing led yet"
        head += f" · {TRUMP.label} are trump"
        if not trick:
            return Content(head)
        parts: list[Content | str] = [head, ": "]
        for t in trick:
            parts += [
                " ",
                theme.player(t.player, names[t.player]),
                " ",
                cards.face(t.card, variables),
            ]
        return Content.assemble(*parts)
