"""Step through a recorded Monster Taking match decision by decision, both hands shown.

Only for matches that are over (nothing is secret any more), as Monster Trick's viewer:
both hands, the face-down discards and each game's DECK are history then. The steps are
the match's log played again through the engine (:class:`~monstertrick.timeline.Timeline`).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from .... import timeline
from ....tui import theme
from ....tui.screens.viewer import StepViewer
from ..engine.actions import Action, Pay, Play, Strength
from ..engine.events import CardPlayed, Event, GameDealt, Paid, StrengthLaid
from ..engine.state import MatchState
from ..engine.views import Phase
from . import cards

Frame = timeline.Frame[MatchState, Action, Event]
"""A position of the replay, its chapter the game of the match."""


def _dots(n: int) -> str:
    return theme.plural(n, "dot")


def _cards(n: int) -> str:
    return theme.plural(n, "card")


class ViewerScreen(StepViewer[Frame]):
    """A replay viewer: ←/→ a decision, PgUp/PgDn a game, Home/End first/last."""

    CHAPTER = "Game"

    # ------------------------------------------------------------------ drawing

    def where(self, frame: Frame) -> str:
        if frame.is_deal:
            return "the deal"
        if isinstance(frame.action, Strength):
            return "suit strength"
        return f"trick {len(frame.state.log[-1].tricks)}"

    def body(self, index: int) -> Content:
        frame = self.timeline[index]
        state = frame.state
        names = self.names
        log = state.log[-1]
        lines: list[Content] = [
            *self.happened(frame),
            Content(""),
            Content.assemble(
                cards.order_line(state.order),
                " · strength ",
                cards.chips(log.strength) if log.strength else Content("none yet"),
            ),
            self.trick_line(frame),
            Content(""),
            Content.styled("Hands and face-down discards (the match is history):", "dim"),
        ]
        width = theme.name_column(names)
        wins = state.wins
        tricks = state.tricks_won()
        deciding = state.current_player
        for p in (0, 1):
            hand = state.hand(p)
            lead = " · leads this game" if p == state.lead else ""
            lines.append(
                Content.assemble(
                    theme.player(p, names[p], width=width, bold=p == deciding),
                    f"  hand {len(hand):>2} · tricks {tricks[p]:>2} · games won {wins[p]}{lead}",
                )
            )
            lines.append(
                Content.assemble(
                    "  ", cards.chips(hand) if hand else Content.styled("no cards", "dim")
                )
            )
            discards = state.discards(p)
            if discards:
                lines.append(Content.assemble("  face down: ", cards.chips(discards)))
        lines.extend(self.results_lines(state))
        return Content("\n").join(lines)

    def step_line(self, frame: Frame) -> Content:
        """What this step was, in words, its cards in their colours."""
        names = self.names
        state = frame.state
        action = frame.action
        seat = frame.seat
        if action is None or seat is None:
            lead = state.lead
            return Content.assemble(
                f"Game {frame.chapter} is dealt: 13 cards each; ",
                theme.player(lead, names[lead]),
                " leads this game. DECK (unused): ",
                cards.chips(state.deck),
            )
        who = theme.player(seat, names[seat], bold=True)
        if isinstance(action, Strength):
            return Content.assemble(
                who, " laid ", cards.chip(action.card), " for the suit strength"
            )
        if isinstance(action, Play):
            led = any(isinstance(e, CardPlayed) and e.led for e in frame.events)
            return Content.assemble(who, " led " if led else " followed ", cards.chip(action.card))
        assert isinstance(action, Pay)
        trick = state.log[-1].tricks[-1]
        owed = trick.owed or 0
        winner = 1 - seat
        paid = sum(c.dots for c in action.cards)
        if not action.cards:
            why = "nothing was owed" if owed == 0 else "no card with dots to pay"
            return Content.assemble(who, f" paid nothing (d = {owed}: {why})")
        how: Sequence[Content | str] = (
            (" to ", theme.player(winner, names[winner])) if trick.same_suit else (" face down",)
        )
        return Content.assemble(
            who,
            f" paid {_dots(paid)} for d = {owed}: ",
            "gave " if trick.same_suit else "discarded ",
            cards.chips(action.cards),
            *how,
        )

    def more_lines(self, frame: Frame) -> list[str]:
        """The rest of what the step did (the suit order, the trick's winner, a game's
        or the match's end), as the game log says it."""
        skip = (GameDealt, StrengthLaid, CardPlayed, Paid)
        return [
            e.describe(self.names)
            for e in frame.events
            if isinstance(e, Event) and not isinstance(e, skip)
        ]

    def trick_line(self, frame: Frame) -> Content:
        state = frame.state
        names = self.names
        tricks = state.log[-1].tricks
        if not tricks:
            return Content("No trick played yet this game.")
        t = tricks[-1]
        parts: list[Content | str] = [
            f"Trick {len(tricks)}: ",
            theme.player(t.leader, names[t.leader]),
            " led ",
            cards.chip(t.lead),
        ]
        if t.follow is not None:
            follower = 1 - t.leader
            parts += [
                ", ",
                theme.player(follower, names[follower]),
                " followed ",
                cards.chip(t.follow),
            ]
        if t.winner is not None:
            parts += [" · won by ", theme.player(t.winner, names[t.winner]), f", d = {t.owed}"]
        if t.pay is not None:
            parts.append(f", {_cards(len(t.pay))} paid")
        return Content.assemble(*parts)

    def results_lines(self, state: MatchState) -> list[Content]:
        """The games finished so far, and the match's result once decided."""
        names = self.names
        lines: list[Content] = []
        for g, r in enumerate(state.results):
            if not lines:
                lines.append(Content(""))
            if r.winner is None:
                verdict = Content("drawn")
            else:
                verdict = Content.assemble(theme.player(r.winner, names[r.winner]), " won")
            lines.append(
                Content.assemble(
                    f"Game {g + 1}: ",
                    verdict,
                    f" (tricks {r.tricks[0]}-{r.tricks[1]},"
                    f" cards left {r.cards_left[0]}-{r.cards_left[1]})",
                )
            )
        outcome = state.outcome()
        if outcome is not None and state.phase is Phase.MATCH_OVER:
            lines.append(Content.styled(outcome.explain(names), "bold"))
        return lines
