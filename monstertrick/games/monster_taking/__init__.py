"""Monster Taking (Ryusei Games): a 1 vs 1 trick-taking game of capturing cards.

The rules are its ``rules.md``; this package holds the engine (:mod:`.engine`: the
actions, the views and the state, the payment rule in :mod:`.engine.payments`,
determinization and fast playouts for search, records in :mod:`.engine.record`) and the
computer players (:mod:`.bots`). Pure Python: no I/O, no
Textual, no global random state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import ArenaTerms
from ..door import Door

if TYPE_CHECKING:
    from ...search.assess import Advice, Stats
    from ...search.player import SearchingPlayer
    from ..contract import Bot
from .engine.actions import PAY_NOTHING, Action, Pay, Play, Strength, parse_action
from .engine.cards import CARDS, FULL_DECK, WINS_NEEDED, Card, Suit, deal
from .engine.events import (
    CardPlayed,
    Event,
    GameDealt,
    GameOver,
    MatchOver,
    Paid,
    StrengthLaid,
    SuitsRanked,
    TrickWon,
)
from .engine.payments import legal_payments, payment_problem, payment_total
from .engine.state import MatchState
from .engine.views import GameLog, GameResult, Outcome, Phase, PlayerView, TrickLog, TrickView

__all__ = [
    "GAME",
    "CARDS",
    "FULL_DECK",
    "Action",
    "Card",
    "CardPlayed",
    "Event",
    "GameDealt",
    "GameLog",
    "GameOver",
    "GameResult",
    "MatchOver",
    "MatchState",
    "Outcome",
    "Paid",
    "Pay",
    "Phase",
    "Play",
    "PlayerView",
    "Strength",
    "StrengthLaid",
    "Suit",
    "SuitsRanked",
    "TrickLog",
    "TrickView",
    "TrickWon",
    "deal",
    "legal_payments",
    "payment_problem",
    "parse_action",
    "payment_total",
]


class MonsterTaking(Door[MatchState, Action, Event, PlayerView, PlayerView]):
    """The registry's door to Monster Taking: what is its own (:class:`~..door.Door`
    does the rest). A chapter is a game of the match; its tasks are "strength",
    "play" and "pay"."""

    key = "monster-taking"
    title = "Monster Taking"
    hidden_hands = True
    """A hand and one's discards are private: a handoff comes before each person's decision."""
    state_type = MatchState
    totals_range = (0, WINS_NEEDED)
    """A player's final total: the games they won in the match."""
    arena_terms = ArenaTerms(unit="match", hit=None)
    chapter_name = "game"
    chapters_key = "games"
    play_events = None
    """Every event of this game is public (a face-down discard is counted, not shown)."""
    tally_fields = ("trick", "dots", "left", "highest")
    """A game of the match searched goes on for the player with the next trick decided
    (1 theirs, 0 the other's, -1 none) and its dots, and ends with the cards left in
    their hand and the suit that was Highest."""

    def deal_events(self, state: MatchState) -> list[Event]:
        """Each game of the match is dealt to the table: it says so, and who leads."""
        return [GameDealt(state.chapter, state.lead)]

    def new_state(self, names: Sequence[str], seed: int, first: int) -> MatchState:
        return MatchState(names, seed=seed, first_lead=first)

    parse_action = staticmethod(parse_action)

    def automatic(self, state: MatchState) -> Action | None:
        """A payment from an empty hand: the loser played their last card, so nothing is
        left to pay from (``rules.md``, "Payment") and the payment of nothing ends the game."""
        seat = state.current_player
        if state.phase is Phase.PAY and seat is not None and not state.hand(seat):
            return PAY_NOTHING
        return None

    def game_chances(self, view: PlayerView, options: list[Advice[Action]]) -> list[Advice[Action]]:
        """The search's chances are of winning this game of the match (a draw counts
        half): a review gives the match's (:func:`match_chance`), and its differences
        scaled alike."""
        me, other = view.wins[view.viewer or 0], view.wins[1 - (view.viewer or 0)]
        low, high = match_chance(me, other + 1), match_chance(me + 1, other)
        scale = high - low
        return [
            replace(
                o,
                chance=low + scale * o.chance,
                gap=None if o.gap is None else scale * o.gap,
                noise=None if o.noise is None else scale * o.noise,
            )
            for o in options
        ]

    def review_include(self, chosen: Action) -> Action | None:
        """The search tries medium's cheapest payments only: the payment chosen too."""
        return chosen

    def wins_a_trick(self, event: Event) -> bool:
        return isinstance(event, TrickWon)

    def option_reason(self, view: PlayerView, action: Action, stats: Stats) -> str:
        """A strength card: how often its suit ends Highest; a card played: how often it
        wins or loses the trick, and the dots paid; a payment: what it keeps in hand,
        and the cards left in it at the game's end on average."""
        from .reasons import option_reason

        return option_reason(view, action, stats)

    # ------------------------------------------------------------------ its parts

    def view_lines(self, view: PlayerView, topic: str) -> list[str]:
        from .lines import view_lines

        return view_lines(view, topic)

    def action_words(self, view: PlayerView, action: Action) -> str:
        from .lines import action_words

        return action_words(view, action)

    def make_bot(self, level: object) -> Bot[PlayerView, Action]:
        from .bots import make_bot

        return make_bot(level)

    def hard_player(self) -> SearchingPlayer[PlayerView, Action]:
        from .bots import HardBot

        return HardBot()

    def sample_world(self, view: PlayerView, rng: random.Random) -> MatchState:
        from .engine.determinize import determinize

        return determinize(view, rng)

    # ------------------------------------------------------------------ records

    def replay(self, doc: Any) -> dict[str, Any]:
        from .engine.record import replay

        return replay(doc)

    def describe(self, doc: Any) -> str:
        from .engine.record import from_record

        state = from_record(doc)
        return describe(state, doc.get("players") if state is None else None)

    def to_record(self, state: MatchState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        from .engine.record import to_record

        return to_record(state, meta)

    def from_record(self, doc: Any, seed: int | str | None = None) -> MatchState:
        """As every game's; a record with no game yet needs the seed (the match is
        dealt from it)."""
        from ...errors import RecordError
        from .engine.record import from_record

        state = from_record(doc, seed=seed)
        if state is None:
            raise RecordError("the record holds no game, and without a seed none can be dealt")
        return state

    def where(self, state: MatchState) -> str:
        names = state.players
        seat = state.current_player
        task = {"strength": "lay suit strength"}.get(state.task, state.task)
        mover = f", {names[seat]} to {task}" if seat is not None else ""
        tricks = len(state.log[-1].tricks)
        return f"game {state.chapter}{mover} ({_tricks(tricks)} played)"


def match_chance(wins: int, theirs: int) -> float:
    """The chance to win the match with ``wins`` games won against ``theirs``, the games
    to come taken as even (a drawn game is played again, in effect: the next decides)."""
    if wins >= WINS_NEEDED:
        return 1.0
    if theirs >= WINS_NEEDED:
        return 0.0
    return (match_chance(wins + 1, theirs) + match_chance(wins, theirs + 1)) / 2


def describe(state: MatchState | None, players: Any = None) -> str:
    """The outcome of a match (as far as played), game by game, for people."""
    if state is None:
        given = [str(n) for n in players] if isinstance(players, list) else ["?", "?"]
        return f"{given[0]} v {given[1]}\n  no game has been dealt yet"
    names = state.players
    width = max(len(n) for n in names)
    lines = [f"{names[0]} v {names[1]}"]
    finished = list(state.results)
    for g, r in enumerate(finished):
        order = " > ".join(s.label for s in r.order)
        if r.winner is None:
            verdict = "drawn"
        else:
            verdict = f"{names[r.winner]} wins"
        lines.append(f"  game {g + 1} (LEAD {names[r.lead]}; {order}): {verdict}")
        for seat, n in enumerate(names):
            lines.append(
                f"    {n:<{width}}  {_tricks(r.tricks[seat])}, {_cards(r.cards_left[seat])} left"
            )
    if not state.chapter_over():
        order_now = state.order
        suits = " > ".join(s.label for s in order_now) if order_now else "suits not ranked yet"
        lines.append(
            f"  game {state.chapter} (LEAD {names[state.lead]}; {suits}): "
            f"unfinished, {state.phase.value}"
        )
        tricks = state.tricks_won()
        for seat, n in enumerate(names):
            lines.append(
                f"    {n:<{width}}  {_tricks(tricks[seat])}, {_cards(len(state.hand(seat)))} in hand"
            )
    outcome = state.outcome()
    if outcome is None:
        w = state.wins
        lines.append(f"  the match is not finished: games won {names[0]} {w[0]}, {names[1]} {w[1]}")
    else:
        lines.append(f"  {outcome.explain(names)}")
    return "\n".join(lines)


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


GAME = MonsterTaking()
