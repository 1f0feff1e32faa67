"""Magic Trick (Chris Wray): the trick-taking game with a card up your sleeve.

Rules: MAGIC_TRICK.md. Nobody, not even its holder, sees the value of a card still in a
hand, so every action and view names hand *positions* and suits, never hidden values.

>>> from monstertrick.games.magic_trick import MagicTrickState
>>> game = MagicTrickState(["Ann", "Bob", "Cid", "Dee"], seed=7)
>>> events = game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import (
    ACTIONS,
    CARDS,
    HAND_SIZE,
    NUM_HANDS,
    NUM_PLAYERS,
    NUM_TRICKS,
    PASS,
    Action,
    ActionKind,
    Card,
    Suit,
    deck,
)
from .deduce import Inconsistent, Layout, value_ranges
from .determinize import Determinizer, determinize
from .events import (
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
from .playout import playout
from .record import ReplayResult, from_record, replay, to_record
from .state import MagicTrickState, deal, decide_winners, score_hand
from .views import (
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


class MagicTrick:
    """The registry's door to Magic Trick."""

    key = "magic-trick"
    title = "Magic Trick"
    state_type = MagicTrickState
    """The class of this game's state (how the saves tell whose state they hold)."""

    def replay(self, doc: Any) -> dict[str, Any]:
        """The ``replay --json`` result of a parsed record (raises ``RecordError``)."""
        return replay(doc).to_json()

    def describe(self, doc: Any) -> str:
        """The replay outcome of a parsed record, for people (raises ``RecordError``)."""
        return describe(replay(doc))

    def is_over(self, state: MagicTrickState) -> bool:
        return state.is_over()

    def to_record(
        self, state: MagicTrickState, meta: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """The record of the game as it stands (with ``"game": "magic-trick"``)."""
        return to_record(state, meta)

    def from_record(self, doc: Any, seed: int | str | None = None) -> MagicTrickState:
        """Replay a record (raises ``RecordError``); ``seed`` deals the later hands, so
        a resumed game plays on as an uninterrupted one."""
        return from_record(doc, seed=seed)

    def summary(self, state: MagicTrickState) -> dict[str, Any]:
        """What the saved-game lists show, as plain JSON values: ``players``, ``where``,
        ``over``, and once over ``winners`` and ``totals`` (points)."""
        names = list(state.players)
        outcome = state.outcome()
        if outcome is not None:
            where = "finished"
        elif state.phase is Phase.HAND_OVER:
            where = f"hand {state.hand_number} over"
        else:
            seat = state.current_player
            mover = f", {names[seat]} to play" if seat is not None else ""
            if state.phase is Phase.SLEEVE:
                mover = f", {names[seat]} to sleeve a card or pass" if seat is not None else ""
            where = (
                f"hand {state.hand_number}{mover} "
                f"({plural(state.plays, 'card')} of {NUM_PLAYERS * NUM_TRICKS} played)"
            )
        return {
            "players": names,
            "round": state.hand_number,
            "where": where,
            "over": outcome is not None,
            "winners": list(outcome.winners) if outcome is not None else None,
            "totals": list(outcome.totals) if outcome is not None else None,
        }


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
            lines.append(
                f"  hand {h + 1} (unfinished, {plural(game.plays, 'card')} played):"
            )
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
    outcome = game.outcome()
    if outcome is None:
        lines.append("  the game is not finished")
    else:
        totals = ", ".join(f"{n} {v}" for n, v in zip(names, outcome.totals))
        lines.append(f"  totals: {totals}")
        lines.append(f"  {outcome.explain(names)}")
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
    "playout",
    "replay",
    "score_hand",
    "to_record",
    "value_ranges",
]
