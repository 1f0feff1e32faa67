"""Magic Trick (Chris Wray): the trick-taking game with a card up your sleeve.

Rules: MAGIC_TRICK.md. Nobody, not even its holder, sees the value of a card still in a
hand, so every action and view names hand *positions* and suits, never hidden values.

>>> from monstertrick.games.magic_trick import MagicTrickState
>>> game = MagicTrickState(["Ann", "Bob", "Cid", "Dee"], seed=7)
>>> events = game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import ArenaTerms
from ..door import Door, outcome_lines
from .engine.actions import ACTIONS, PASS, Action, ActionKind, parse_action
from .engine.cards import CARDS, HAND_SIZE, NUM_HANDS, NUM_PLAYERS, NUM_TRICKS, Card, Suit, deck
from .engine.deduce import Inconsistent, Layout, value_ranges
from .engine.determinize import Determinizer, determinize

if TYPE_CHECKING:
    from ...search.assess import Stats
    from ...search.player import SearchingPlayer
    from ..contract import Bot
from .engine.events import (
    CardPlayed,
    CardSleeved,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    Outcome,
    SleevePassed,
    TieBreak,
    TrickWon,
    plural,
)
from .engine.playout import playout
from .engine.record import ReplayResult, from_record, replay, to_record
from .engine.state import MagicTrickState, deal, decide_winners, score_hand
from .engine.views import (
    HandLog,
    HandResult,
    Phase,
    Place,
    PlayOption,
    SeatView,
    Spot,
    TrickCard,
    Turn,
    View,
)

#: Events that tell the table what happened in play (shown in "since your last turn").
PLAY_EVENTS = (CardPlayed, CardSleeved, TrickWon)


class MagicTrick(Door[MagicTrickState, Action, Event, View, View]):
    """The registry's door to Magic Trick: what is its own (:class:`~..door.Door`
    does the rest). A chapter is a hand; its tasks are "play" and "sleeve"."""

    key = "magic-trick"
    title = "Magic Trick"
    hidden_hands = False
    """Nothing is private (nobody sees a value still in a hand, not even its holder): no
    handoff, and no take-back of a card everyone has seen."""
    state_type = MagicTrickState
    totals_range = (
        NUM_HANDS * score_hand(0, NUM_TRICKS, 0)[0],
        NUM_HANDS * score_hand(0, 0, 0)[0],
    )
    """A player's final total (points): every hand between a bid missed by every trick
    and a bid made with the prestige bonus."""
    arena_terms = ArenaTerms(unit="game", hit="bid-hit rate")
    chapter_name = "hand"
    chapters_key = "hands"
    play_events = PLAY_EVENTS
    tally_fields = ("bid", "tricks")
    """A hand searched ends with the player's bid (their sleeved card's value) and the
    tricks they took."""

    parse_action = staticmethod(parse_action)

    def deal_events(self, state: MagicTrickState) -> list[Event]:
        """A hand after the first is dealt to the table: it says so, and who leads."""
        return [HandDealt(state.chapter, state.starter)] if state.chapter > 1 else []

    def hits(self, state: MagicTrickState) -> tuple[tuple[int, ...], int]:
        """Per seat, the hands in which it took exactly the tricks it bid."""
        results = state.results()
        hits = tuple(sum(r.tricks[p] == r.bids[p] for r in results) for p in range(NUM_PLAYERS))
        return hits, len(results)

    def wins_a_trick(self, event: Event) -> bool:
        return isinstance(event, TrickWon)

    def option_reason(self, view: View, action: Action, stats: Stats) -> str:
        """What the sleeve bid needs and how often the hand makes it after ``action``."""
        from .reasons import option_reason

        return option_reason(view, action, stats)

    # ------------------------------------------------------------------ its parts

    def view_lines(self, view: View, topic: str) -> list[str]:
        from .lines import view_lines

        return view_lines(view, topic)

    def action_words(self, view: View, action: Action) -> str:
        from .lines import action_words

        return action_words(view, action)

    def make_bot(self, level: object) -> Bot[View, Action]:
        from .bots import make_bot

        return make_bot(level)

    def hard_player(self) -> SearchingPlayer[View, Action]:
        from .bots import HardBot

        return HardBot()

    def sample_world(self, view: View, rng: random.Random) -> MagicTrickState:
        from .engine.determinize import determinize

        return determinize(view, rng)

    # ------------------------------------------------------------------ records

    def replay(self, doc: Any) -> dict[str, Any]:
        return replay(doc).to_json()

    def describe(self, doc: Any) -> str:
        return describe(replay(doc))

    def to_record(
        self, state: MagicTrickState, meta: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        return to_record(state, meta)

    def from_record(self, doc: Any, seed: int | str | None = None) -> MagicTrickState:
        return from_record(doc, seed=seed)

    def where(self, state: MagicTrickState) -> str:
        names = state.players
        seat = state.current_player
        mover = f", {names[seat]} to play" if seat is not None else ""
        if state.task == "sleeve":
            mover = f", {names[seat]} to sleeve a card or pass" if seat is not None else ""
        return (
            f"hand {state.chapter}{mover} "
            f"({plural(state.plays, 'card')} of {NUM_PLAYERS * NUM_TRICKS} played)"
        )


def describe(result: ReplayResult) -> str:
    """The outcome of one record, for people: per hand bids, tricks, scores, prestige;
    the totals and the winners with the tie-break explained."""
    game = result.game
    names = game.players
    width = max(len(n) for n in names)
    lines = [", ".join(names)]
    for h, hand in enumerate(result.hands):
        finished = hand["scores"] is not None
        if finished:
            lines.append(f"  hand {h + 1}:")
        else:
            lines.append(f"  hand {h + 1} (unfinished, {plural(game.plays, 'card')} played):")
        for p, n in enumerate(names):
            bid = hand["bids"][p]
            said = f"bid {bid}" if bid is not None else "no bid yet"
            t = hand["tricks"][p]
            line = f"    {n:<{width}}  {said}, {plural(t, 'trick')}"
            if finished:
                line += f", {hand['scores'][p]:+d}"
                if hand["prestige"][p]:
                    line += " (prestige bonus)"
            lines.append(line)
    lines.extend(outcome_lines(game.outcome(), names))
    return "\n".join(lines)


GAME = MagicTrick()

__all__ = [
    "ACTIONS",
    "CARDS",
    "GAME",
    "HAND_SIZE",
    "NUM_HANDS",
    "NUM_PLAYERS",
    "NUM_TRICKS",
    "PASS",
    "Action",
    "ActionKind",
    "Card",
    "CardPlayed",
    "CardSleeved",
    "Determinizer",
    "Event",
    "GameOver",
    "HandDealt",
    "HandLog",
    "HandResult",
    "HandScored",
    "Inconsistent",
    "Layout",
    "MagicTrick",
    "MagicTrickState",
    "Outcome",
    "Phase",
    "Place",
    "PlayOption",
    "ReplayResult",
    "SeatView",
    "SleevePassed",
    "Spot",
    "Suit",
    "TieBreak",
    "TrickCard",
    "TrickWon",
    "Turn",
    "View",
    "deal",
    "deck",
    "decide_winners",
    "describe",
    "determinize",
    "from_record",
    "parse_action",
    "playout",
    "replay",
    "score_hand",
    "to_record",
    "value_ranges",
]
