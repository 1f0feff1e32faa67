"""Monster Taking (Ryusei Games): a 1 vs 1 trick-taking game of capturing cards.

The rules are MONSTER_TAKING.md; this package holds the engine (:mod:`.state`), the
payment rule (:mod:`.payments`), determinization and fast playouts for search, records
(:mod:`.record`) and the computer players (:mod:`.bots`). Pure Python: no I/O, no
Textual, no global random state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import IllegalMoveError
from .. import ArenaResult, ArenaTerms
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
from .engine.state import (
    Action,
    GameLog,
    GameResult,
    MatchState,
    Outcome,
    Pay,
    Phase,
    Play,
    PlayerView,
    Strength,
    TrickLog,
    TrickView,
    parse_action,
)

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


class MonsterTaking:
    """The registry's door to Monster Taking: what the session, the CLI and the saves
    ask of the game. A "round" of the session is one game of the match."""

    key = "monster-taking"
    title = "Monster Taking"
    hidden_hands = True
    """A hand and one's discards are private: a handoff comes before each person's decision."""
    levels = ("easy", "medium", "hard")
    """The computer players' levels offered at the table, weakest first."""
    state_type = MatchState
    """The class of this game's state (how the saves tell whose state they hold)."""
    totals_range = (0, WINS_NEEDED)
    """A player's final total: the games they won in the match."""

    # ------------------------------------------------------------------ the flow

    def new_state(self, names: Sequence[str], seed: int, first: int) -> MatchState:
        return MatchState(names, seed=seed, first_lead=first)

    def round_number(self, state: MatchState) -> int:
        return state.chapter

    def first_seat(self, state: MatchState) -> int:
        return state.first_lead

    def round_over(self, state: MatchState) -> bool:
        return state.chapter_over()

    def is_over(self, state: MatchState) -> bool:
        return state.is_over()

    def next_round(self, state: MatchState) -> None:
        state.next_chapter()

    def to_decide(self, state: MatchState) -> tuple[int, str]:
        """Who decides now, and what: ``"strength"``, ``"play"`` or ``"pay"``."""
        seat = state.current_player
        assert seat is not None
        return seat, state.task

    def apply(self, state: MatchState, seat: int, action: Action) -> list[Event]:
        if state.current_player != seat:
            raise IllegalMoveError(f"it is not {state.players[seat]}'s turn")
        return state.apply(action)

    def undo(self, state: MatchState) -> None:
        state.pop()

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (as it prints: ``play A7``, ``pay I9 A8``...);
        raises ``InvalidMoveError`` saying what is wrong with anything else."""
        return parse_action(text)

    def position(self, state: MatchState) -> tuple[Any, ...]:
        game = state.log[-1]
        return (
            state.chapter,
            state.phase.value,
            len(game.strength),
            len(game.tricks),
            state.current_player,
        )

    def view(self, state: MatchState, seat: int) -> PlayerView:
        return state.view(seat)

    def public_view(self, state: MatchState) -> PlayerView:
        return state.public_view()

    def is_play_event(self, event: Event) -> bool:
        return True  # every event of this game is public (a face-down discard is counted)

    def round_log(self, state: MatchState) -> tuple[list[Event], dict[int, int]]:
        """The events of the current game so far, and how much of them each seat had
        seen at its last decision (for a resumed match): the match's log played again."""
        from .timeline import Timeline

        log: list[Event] = []
        seen: dict[int, int] = {}
        if not state.chapter_over():
            for frame in Timeline.of(state).frames:
                if frame.game != state.chapter or frame.seat is None:
                    continue
                log.extend(frame.events)
                seen[frame.seat] = len(log)
        return log, seen

    # ------------------------------------------------------------------ the arena

    arena_terms = ArenaTerms(unit="match", hit=None)

    def arena_result(self, state: MatchState) -> ArenaResult:
        """A finished match for the arena: games won by each player, and the winner."""
        outcome = state.outcome()
        assert outcome is not None
        return ArenaResult(outcome.scores, outcome.winners, (0, 0), 0)

    # ------------------------------------------------------------------ computer players

    def make_bot(self, level: str) -> Any:
        from .bots import make_bot

        return make_bot(level)

    def decide(self, bot: Any, view: PlayerView, seat: int, seed: int, stop: Any = None) -> Action:
        """The computer player's decision from its seat's view; its randomness from the
        seed and the position only."""
        return bot.choose(view, self._rng(view, seat, seed), stop)  # type: ignore[no-any-return]

    def hint(self, view: PlayerView, seat: int, seed: int, stop: Any = None) -> list[Any]:
        """The hard player's analysis of ``seat``'s decision from its view, for a hint:
        the candidates as :class:`~monstertrick.search.assess.Advice` (their estimated
        chance to win this game of the match, the cards they leave the player ahead
        at its end on average, the search's noise), best first (``stop`` cuts the
        search short)."""
        from .bots import HardBot

        if view.current_player != seat:
            raise ValueError(f"it is not {view.players[seat]}'s decision")
        return HardBot().advise(view, self._rng(view, seat, seed), stop)

    @staticmethod
    def _rng(view: PlayerView, seat: int, seed: int) -> Any:
        """A decision's randomness: from the seed and the position only."""
        from ...decisions import bot_rng

        chapter, count = view.decision_key()
        return bot_rng(seed, chapter, count, seat)

    def replay(self, doc: Any) -> dict[str, Any]:
        """The ``replay --json`` result of a parsed record (raises ``RecordError``)."""
        from .engine.record import replay

        return replay(doc)

    def describe(self, doc: Any) -> str:
        """The replay outcome of a parsed record, for people (raises ``RecordError``)."""
        from .engine.record import from_record

        state = from_record(doc)
        return describe(state, doc.get("players") if state is None else None)

    def to_record(self, state: MatchState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The record of the match as it stands (with ``"game": "monster-taking"``)."""
        from .engine.record import to_record

        return to_record(state, meta)

    def from_record(self, doc: Any, seed: int | str | None = None) -> MatchState:
        """Replay a record (raises ``RecordError``); ``seed`` deals the later games, so
        a resumed match plays on as an uninterrupted one. A record with no game yet
        needs the seed (the match is dealt from it)."""
        from ...errors import RecordError
        from .engine.record import from_record

        state = from_record(doc, seed=seed)
        if state is None:
            raise RecordError("the record holds no game, and without a seed none can be dealt")
        return state

    def summary(self, state: MatchState) -> dict[str, Any]:
        """What the saved-game lists show, as plain JSON values: ``players``, ``where``,
        ``over``, and once over ``winners`` and ``totals`` (games won)."""
        names = list(state.players)
        outcome = state.outcome()
        if outcome is not None:
            where = "finished"
        elif state.chapter_over():
            where = f"game {state.chapter} over"
        else:
            seat = state.current_player
            task = {"strength": "lay suit strength"}.get(state.task, state.task)
            mover = f", {names[seat]} to {task}" if seat is not None else ""
            tricks = len(state.log[-1].tricks)
            where = f"game {state.chapter}{mover} ({_tricks(tricks)} played)"
        return {
            "players": names,
            "round": state.chapter,
            "where": where,
            "over": outcome is not None,
            "winners": list(outcome.winners) if outcome is not None else None,
            "totals": list(outcome.scores) if outcome is not None else None,
        }


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
