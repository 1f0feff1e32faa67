"""Monster Trick (Ravensburger, 2015): the default game of the table.

Its rules engine is :mod:`.engine`, its computer players :mod:`.bots`, its screens :mod:`.tui`; this package is its entry in the game
registry (:mod:`monstertrick.games`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .. import ArenaResult, ArenaTerms
from .engine import (
    HAND_SIZE,
    VP_SETS,
    Action,
    Arrange,
    Card,
    CardPlayed,
    Event,
    GameState,
    IllegalMoveError,
    Move,
    Phase,
    PlayerView,
    PublicView,
    TrickTakenOver,
    TrickWon,
    VPCardTurned,
)
from .engine.record import ReplayResult, from_record, replay, result_of, to_record

#: Events that tell the table what happened in play (shown in "since your last turn").
PLAY_EVENTS = (CardPlayed, TrickTakenOver, TrickWon, VPCardTurned)

Decision = Action | tuple[int, int, int]
"""What a player decides: an :class:`Arrange` (their VP row) or a :class:`Move`; the
screens still send a VP row as a bare tuple."""


class MonsterTrick:
    """The registry's door to Monster Trick: what the session, the saves and the CLI
    ask of the game."""

    key = "monster-trick"
    title = "Monster Trick"
    hidden_hands = True
    """A hand and a VP row are private: a handoff comes before each person's decision."""
    levels = ("easy", "medium", "hard")
    """The computer players' levels offered at the table, weakest first."""
    state_type = GameState
    """The class of this game's state (how the saves tell whose state they hold)."""
    totals_range = (0, sum(max(vps) for vps in VP_SETS))
    """A player's final total (VP): at most the highest VP card of every round."""

    # ------------------------------------------------------------------ the flow

    def new_state(self, names: Sequence[str], seed: int, first: int) -> GameState:
        return GameState(list(names), seed=seed, first_player=first)

    def round_number(self, state: GameState) -> int:
        return state.chapter

    def first_seat(self, state: GameState) -> int:
        return state.first_player

    def round_over(self, state: GameState) -> bool:
        """The round's play is over (its end still to be shown, or the game over)."""
        return state.chapter_over()

    def is_over(self, state: GameState) -> bool:
        return state.is_over()

    def next_round(self, state: GameState) -> None:
        state.next_chapter()

    def to_decide(self, state: GameState) -> tuple[int, str]:
        """Who decides now, and what: ``"arrange"`` (their VP row) or ``"play"``."""
        seat = state.current_player
        assert seat is not None
        return seat, state.task

    def apply(self, state: GameState, seat: int, action: Decision) -> list[Event]:
        """Carry out ``seat``'s decision, checked: raises ``IllegalMoveError`` with the
        reason (nothing changes) when it is not theirs to make or the rules refuse it. A
        VP row may come as a bare tuple (as the screens send it)."""
        if state.current_player != seat:
            name = state.players[seat] if 0 <= seat < len(state.players) else f"seat {seat}"
            raise IllegalMoveError(f"it is not {name}'s turn")
        if isinstance(action, (Move, Arrange)):
            return state.apply(action)
        return state.arrange(seat, action)

    def undo(self, state: GameState) -> None:
        """Undo the last decision of the round."""
        state.pop()

    def position(self, state: GameState) -> tuple[int, str, int]:
        """Round, phase and decisions made: changes with every decision."""
        arranged = sum(state.arrangement(p) is not None for p in range(state.num_players))
        return (state.round, state.phase.value, state.turn + arranged)

    def view(self, state: GameState, seat: int) -> PlayerView:
        return state.view(seat)

    def public_view(self, state: GameState) -> PublicView:
        return state.public_view()

    def is_play_event(self, event: Event) -> bool:
        return isinstance(event, PLAY_EVENTS)

    def round_log(self, state: GameState) -> tuple[list[Event], dict[int, int]]:
        """The public events of the current round so far, and how much of them each
        seat had seen at its last move (for a resumed game)."""
        from .timeline import Timeline

        log: list[Event] = []
        seen: dict[int, int] = {}
        if state.phase in (Phase.ARRANGING, Phase.PLAYING):
            n = state.num_players
            for frame in Timeline.of(state).frames:
                if frame.round != state.round:
                    continue
                log.extend(frame.events)
                if frame.step > 0:
                    seen[(state.starting_player + frame.step - 1) % n] = len(log)
        return log, seen

    arena_terms = ArenaTerms(unit="game", hit="hit rate")

    def arena_result(self, state: GameState) -> ArenaResult:
        """A finished game for the arena: totals, winners (after the tie-breaks) and,
        per seat, the rounds in which it scored its highest VP card."""
        outcome = state.outcome()
        assert outcome is not None
        top = [max(vps) for vps in VP_SETS]
        hits = [
            sum(scores[p] == top[r] for r, scores in enumerate(state.round_scores()))
            for p in range(state.num_players)
        ]
        return ArenaResult(tuple(outcome.totals), tuple(outcome.winners), tuple(hits), len(VP_SETS))

    # ------------------------------------------------------------------ computer players

    def make_bot(self, level: str) -> Any:
        from .bots import make_bot

        return make_bot(level)

    def decide(self, bot: Any, view: PlayerView, seat: int, seed: int, stop: Any = None) -> Action:
        """The computer player's decision from its view; its randomness from the seed
        and the position only (:meth:`PlayerView.decision_key`)."""
        from .bots import bot_rng

        self._check_turn(view, seat)
        return bot.choose(view, bot_rng(seed, *view.decision_key(), seat), stop)  # type: ignore[no-any-return]

    @staticmethod
    def _check_turn(view: PlayerView, seat: int) -> None:
        """A move is chosen only by the player to move (a VP row by whoever asks)."""
        if view.phase is not Phase.ARRANGING and view.current_player != seat:
            raise IllegalMoveError(f"it is not {view.players[seat]}'s turn")

    def hint(self, view: PlayerView, seat: int, seed: int, stop: Any = None) -> list[Any]:
        """The hard player's analysis of ``seat``'s decision from its view, for a hint:
        every candidate as :class:`~monstertrick.search.assess.Advice` (its estimated
        chance to win the game, the VP it scores this round on average, the search's
        noise), best first (the position's randomness as in :meth:`decide`; ``stop``
        cuts the search short). Moves with interchangeable cards are the same move:
        only the best-ranked is listed."""
        from .bots import HardBot, bot_rng

        self._check_turn(view, seat)
        options = HardBot().advise(view, bot_rng(seed, *view.decision_key(), seat), stop)
        if view.phase is Phase.ARRANGING:
            return [_with_row(o) for o in options]
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

    # ------------------------------------------------------------------ records

    def replay(self, doc: Any) -> dict[str, Any]:
        """The ``replay --json`` result of a parsed record (raises ``RecordError``)."""
        return replay(doc).to_json()

    def describe(self, doc: Any) -> str:
        """The replay outcome of a parsed record, for people (raises ``RecordError``)."""
        return describe(replay(doc))

    def to_record(self, state: GameState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The record of the game as it stands (with ``"game": "monster-trick"``)."""
        return to_record(state, meta)

    def from_record(self, doc: Any, seed: int | str | None = None) -> GameState:
        """Replay a record (raises ``RecordError``); ``seed`` deals the later rounds, so
        a resumed game plays on as an uninterrupted one."""
        return from_record(doc, seed=seed)

    def summary(self, state: GameState) -> dict[str, Any]:
        """What the saved-game lists show, as plain JSON values: ``players``, ``where``
        (round and turn, nothing private), ``over``, ``winners`` and ``totals`` (VP)
        once over, and per seat ``hits``: ``[rounds whose scored VP card was the row's
        highest, rounds scored]`` (the History's hit rate)."""
        names = list(state.players)
        if state.phase is Phase.GAME_OVER:
            where = "finished"
        elif state.phase is Phase.ROUND_OVER:
            where = f"round {state.round} over"
        elif state.phase is Phase.ARRANGING:
            where = f"round {state.round}, arranging"
        else:
            assert state.current_player is not None
            mover = names[state.current_player]
            where = (
                f"round {state.round}, {mover} to play "
                f"({state.turn} of {HAND_SIZE * state.num_players} cards played)"
            )
        outcome = state.outcome()
        hits = [[0, 0] for _ in names]
        for log, scores in zip(state.log, result_of(state).scores):
            for p in range(len(names)):
                arr = log.arrangements[p]
                if scores is None or arr is None:
                    continue
                hits[p][1] += 1
                if scores[p] == max(arr):
                    hits[p][0] += 1
        return {
            "players": names,
            "round": state.round,
            "where": where,
            "over": outcome is not None,
            "winners": list(outcome.winners) if outcome is not None else None,
            "totals": list(outcome.totals) if outcome is not None else None,
            "hits": hits,
        }


def _with_row(advice: Any) -> Any:
    """An arrangement's advice with its VP row as a bare tuple, as the screens read it."""
    assert isinstance(advice.action, Arrange)
    return replace(advice, action=advice.action.row)


def describe(result: ReplayResult) -> str:
    """The outcome of one record, for people."""
    game = result.game
    names = result.players
    width = max(len(n) for n in names)
    lines = [", ".join(names)]
    for r, (tricks, scores) in enumerate(zip(result.tricks, result.scores)):
        if scores is None:
            state = "arranging" if game.phase is Phase.ARRANGING else f"{game.turn} cards played"
            lines.append(f"  round {r + 1} (unfinished, {state}):")
        else:
            lines.append(f"  round {r + 1}:")
        for p, n in enumerate(names):
            score = f", {scores[p]} VP" if scores is not None else ""
            t = tricks[p]
            lines.append(f"    {n:<{width}}  {t} trick{'s' if t != 1 else ''}{score}")
    outcome = game.outcome()
    if outcome is None:
        lines.append("  the game is not finished")
    else:
        totals = ", ".join(f"{n} {v}" for n, v in zip(names, outcome.totals))
        lines.append(f"  totals: {totals}")
        lines.append(f"  {outcome.explain(names)}")
    return "\n".join(lines)


GAME = MonsterTrick()
