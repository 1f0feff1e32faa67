"""Monster Trick (Ravensburger, 2015): the default game of the table.

Its rules engine is :mod:`.engine`, its computer players :mod:`.bots`, its screens :mod:`.tui`; this package is its entry in the game
registry (:mod:`monstertrick.games`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

from .. import ArenaTerms
from ..common.words import plural
from ..door import Door, outcome_lines
from .engine import (
    HAND_SIZE,
    VP_SETS,
    Action,
    Arrange,
    Card,
    CardPlayed,
    Event,
    GameState,
    Move,
    Phase,
    PlayerView,
    PublicView,
    TrickTakenOver,
    TrickWon,
    VPCardTurned,
    parse_action,
)
from .engine.record import ReplayResult, from_record, replay, result_of, to_record

if TYPE_CHECKING:
    from ...search.assess import Advice, Stats
    from ...search.player import SearchingPlayer
    from ..contract import Bot

#: Events that tell the table what happened in play (shown in "since your last turn").
PLAY_EVENTS = (CardPlayed, TrickTakenOver, TrickWon, VPCardTurned)


class MonsterTrick(Door[GameState, Action, Event, PlayerView, PublicView]):
    """The registry's door to Monster Trick: what is its own (:class:`~..door.Door`
    does the rest). A chapter is a round; its tasks are "arrange" (a VP row) and
    "play"."""

    key = "monster-trick"
    title = "Monster Trick"
    hidden_hands = True
    """A hand and a VP row are private: a handoff comes before each person's decision."""
    state_type = GameState
    totals_range = (0, sum(max(vps) for vps in VP_SETS))
    """A player's final total (VP): at most the highest VP card of every round."""
    arena_terms = ArenaTerms(unit="game", hit="hit rate")
    chapter_name = "round"
    chapters_key = "rounds"
    deal_tasks = ("arrange",)
    """A replay shows a round's deal with every VP row laid out (before its first card)."""
    play_events = PLAY_EVENTS
    tally_fields = ("tricks",)
    """A round searched ends with the tricks the player won in it."""

    parse_action = staticmethod(parse_action)

    def hits(self, state: GameState) -> tuple[tuple[int, ...], int]:
        """Per seat, the rounds in which it scored its highest VP card."""
        top = [max(vps) for vps in VP_SETS]
        hits = tuple(
            sum(scores[p] == top[r] for r, scores in enumerate(state.round_scores()))
            for p in range(state.num_players)
        )
        return hits, len(VP_SETS)

    def same_decision(self, view: PlayerView, action: Action) -> Hashable:
        """A VP row is its row; a move is its card, up to the cards interchangeable
        with it, and its slot, any empty slot being the same."""
        if isinstance(action, Arrange):
            return action.row
        card = view.interchangeable_cards().get(action.card, action.card)
        return card, action.slot if view.table[action.slot] is not None else None

    def distinct_advice(self, view: PlayerView, options: list[Advice[Any]]) -> list[Advice[Any]]:
        """Moves with interchangeable cards are the same move: only the best-ranked is
        listed."""
        if view.phase is Phase.ARRANGING:
            return options
        same = view.interchangeable_cards()
        out = []
        seen: set[tuple[Card, int]] = set()
        for o in options:
            assert isinstance(o.action, Move)
            key = (same[o.action.card], o.action.slot)
            if key not in seen:
                seen.add(key)
                out.append(o)
        return out

    def view_lines(self, view: PlayerView | PublicView, topic: str) -> list[str]:
        from .lines import view_lines

        return view_lines(view, topic)

    def action_words(self, view: PlayerView, action: Action) -> str:
        from .lines import action_words

        return action_words(view, action)

    def wins_a_trick(self, event: Event) -> bool:
        return isinstance(event, TrickWon)

    def option_reason(self, view: PlayerView, action: Action, stats: Stats) -> str:
        """A VP row: how often it scores its highest card; a move: the tricks the round
        most often ends on after it, and the VP card of the row that scores."""
        from .reasons import option_reason

        return option_reason(view, action, stats)

    # ------------------------------------------------------------------ its parts

    def make_bot(self, level: object) -> Bot[PlayerView, Action]:
        from .bots import make_bot

        return make_bot(level)

    def hard_player(self) -> SearchingPlayer[PlayerView, Action]:
        from .bots import HardBot

        return HardBot()

    def sample_world(self, view: PlayerView, rng: random.Random) -> GameState:
        from .engine.determinize import determinize

        return determinize(view, rng)

    # ------------------------------------------------------------------ records

    def replay(self, doc: Any) -> dict[str, Any]:
        return replay(doc).to_json()

    def describe(self, doc: Any) -> str:
        return describe(replay(doc))

    def to_record(self, state: GameState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return to_record(state, meta)

    def from_record(self, doc: Any, seed: int | str | None = None) -> GameState:
        return from_record(doc, seed=seed)

    def where(self, state: GameState) -> str:
        if state.phase is Phase.ARRANGING:
            return f"round {state.round}, arranging"
        assert state.current_player is not None
        mover = state.players[state.current_player]
        return (
            f"round {state.round}, {mover} to play "
            f"({state.turn} of {HAND_SIZE * state.num_players} cards played)"
        )

    def summary_extra(self, state: GameState) -> dict[str, Any]:
        """Per seat ``hits``: ``[rounds whose scored VP card was the row's highest,
        rounds scored]`` (the History's hit rate)."""
        hits = [[0, 0] for _ in state.players]
        for log, scores in zip(state.log, result_of(state).scores):
            for p in range(state.num_players):
                arr = log.arrangements[p]
                if scores is None or arr is None:
                    continue
                hits[p][1] += 1
                if scores[p] == max(arr):
                    hits[p][0] += 1
        return {"hits": hits}


def describe(result: ReplayResult) -> str:
    """The outcome of one record, for people."""
    game = result.game
    names = result.players
    width = max(len(n) for n in names)
    lines = [", ".join(names)]
    for r, (tricks, scores) in enumerate(zip(result.tricks, result.scores)):
        if scores is None:
            state = (
                "arranging"
                if game.phase is Phase.ARRANGING
                else f"{plural(game.turn, 'card')} played"
            )
            lines.append(f"  round {r + 1} (unfinished, {state}):")
        else:
            lines.append(f"  round {r + 1}:")
        for p, n in enumerate(names):
            score = f", {scores[p]} VP" if scores is not None else ""
            t = tricks[p]
            lines.append(f"    {n:<{width}}  {plural(t, 'trick')}{score}")
    lines.extend(outcome_lines(game.outcome(), names))
    return "\n".join(lines)


GAME = MonsterTrick()
