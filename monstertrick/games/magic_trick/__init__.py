"""Magic Trick (Chris Wray): the trick-taking game with a card up your sleeve.

Rules: MAGIC_TRICK.md. Nobody, not even its holder, sees the value of a card still in a
hand, so every action and view names hand *positions* and suits, never hidden values.

>>> from monstertrick.games.magic_trick import MagicTrickState
>>> game = MagicTrickState(["Ann", "Bob", "Cid", "Dee"], seed=7)
>>> events = game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import IllegalMoveError
from .. import ArenaResult, ArenaTerms
from .engine.cards import (
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
    parse_action,
)
from .engine.deduce import Inconsistent, Layout, value_ranges
from .engine.determinize import Determinizer, determinize
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


class MagicTrick:
    """The registry's door to Magic Trick: what the session, the saves and the CLI
    ask of the game."""

    key = "magic-trick"
    title = "Magic Trick"
    hidden_hands = False
    """Nothing is private (nobody sees a value still in a hand, not even its holder): no
    handoff, and no take-back of a card everyone has seen."""
    levels = ("easy", "medium", "hard")
    """The computer players' levels offered at the table, weakest first."""
    state_type = MagicTrickState
    """The class of this game's state (how the saves tell whose state they hold)."""
    totals_range = (
        NUM_HANDS * score_hand(0, NUM_TRICKS, 0)[0],
        NUM_HANDS * score_hand(0, 0, 0)[0],
    )
    """A player's final total (points): every hand between a bid missed by every trick
    and a bid made with the prestige bonus."""

    # ------------------------------------------------------------------ the flow
    # The state's own verbs (the contract of every game, :mod:`..contract`): a "round" of
    # the session is a chapter, one hand; its tasks are "play" and "sleeve".

    def new_state(self, names: Sequence[str], seed: int, first: int) -> MagicTrickState:
        return MagicTrickState(list(names), seed=seed, first_player=first)

    def round_number(self, state: MagicTrickState) -> int:
        return state.chapter

    def first_seat(self, state: MagicTrickState) -> int:
        return state.first_player

    def round_over(self, state: MagicTrickState) -> bool:
        """The hand's play is over (its end still to be shown, or the game over)."""
        return state.chapter_over()

    def is_over(self, state: MagicTrickState) -> bool:
        return state.is_over()

    def next_round(self, state: MagicTrickState) -> None:
        state.next_chapter()

    def to_decide(self, state: MagicTrickState) -> tuple[int, str]:
        """Who decides now, and what: ``"play"`` a card or ``"sleeve"`` one (or pass)."""
        seat = state.current_player
        assert seat is not None
        return seat, state.task

    def apply(self, state: MagicTrickState, seat: int, action: Action) -> list[Event]:
        """Carry out a decision, checked (raises ``IllegalMoveError`` with the reason)."""
        if state.current_player != seat:
            raise IllegalMoveError(f"it is not {state.players[seat]}'s turn")
        return state.apply(action)

    def undo(self, state: MagicTrickState) -> None:
        """Undo the last decision of the hand (a play, with the sleeve it filled by
        itself if any, or a sleeve step)."""
        state.pop()

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (as it prints: ``play 4``, ``sleeve 4``,
        ``pass``); raises ``InvalidMoveError`` saying what is wrong with anything else."""
        return parse_action(text)

    def position(self, state: MagicTrickState) -> tuple[Any, ...]:
        """Hand, task, cards played and the seat to act: changes with every decision."""
        return (state.chapter, state.task, state.plays, state.current_player)

    def view(self, state: MagicTrickState, seat: int) -> View:
        return state.view(seat)

    def public_view(self, state: MagicTrickState) -> View:
        return state.public_view()

    def is_play_event(self, event: Event) -> bool:
        return isinstance(event, PLAY_EVENTS)

    def round_log(self, state: MagicTrickState) -> tuple[list[Event], dict[int, int]]:
        """The events of the current hand so far, and how much of them each seat had
        seen at its last decision (for a resumed game): the hand's actions are taken
        back on a copy and played again."""
        log: list[Event] = []
        seen: dict[int, int] = {}
        if state.chapter_over():
            return log, seen
        copy = state.clone()
        actions: list[tuple[int, Action]] = []
        while True:
            try:
                action = copy.pop()
            except IllegalMoveError:
                break
            seat = copy.current_player
            assert seat is not None
            actions.append((seat, action))
        for seat, action in reversed(actions):
            copy.push(action, log)
            seen[seat] = len(log)
        return log, seen

    # ------------------------------------------------------------------ the arena

    arena_terms = ArenaTerms(unit="game", hit="bid-hit rate")

    def arena_result(self, state: MagicTrickState) -> ArenaResult:
        """A finished game for the arena: totals, winners (after the prestige tie-break)
        and, per seat, the hands in which it took exactly the tricks it bid."""
        outcome = state.outcome()
        assert outcome is not None
        results = state.results()
        hits = tuple(sum(r.tricks[p] == r.bids[p] for r in results) for p in range(NUM_PLAYERS))
        return ArenaResult(tuple(outcome.scores), tuple(outcome.winners), hits, len(results))

    # ------------------------------------------------------------------ computer players

    def make_bot(self, level: str) -> Any:
        from .bots import make_bot

        return make_bot(level)

    def decide(self, bot: Any, view: View, seat: int, seed: int, stop: Any = None) -> Action:
        """The computer player's decision from the view; its randomness from the seed
        and the position only."""
        from ...decisions import bot_rng

        if view.current_player != seat:
            raise ValueError(f"it is not {view.players[seat]}'s turn")
        return bot.choose(view, bot_rng(seed, *view.decision_key(), seat), stop)  # type: ignore[no-any-return]

    def hint(self, view: View, seat: int, seed: int, stop: Any = None) -> list[Any]:
        """The hard player's analysis of ``seat``'s decision, for a hint: every legal
        action as :class:`~monstertrick.search.assess.Advice` (its estimated chance to
        win the game, the points it scores this hand on average, the search's noise),
        best first (randomness as in :meth:`decide`)."""
        from ...decisions import bot_rng
        from .bots import HardBot

        if view.current_player != seat:
            raise ValueError(f"it is not {view.players[seat]}'s turn")
        return HardBot().advise(view, bot_rng(seed, *view.decision_key(), seat), stop)

    # ------------------------------------------------------------------ records

    def replay(self, doc: Any) -> dict[str, Any]:
        """The ``replay --json`` result of a parsed record (raises ``RecordError``)."""
        return replay(doc).to_json()

    def describe(self, doc: Any) -> str:
        """The replay outcome of a parsed record, for people (raises ``RecordError``)."""
        return describe(replay(doc))

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
        elif state.chapter_over():
            where = f"hand {state.chapter} over"
        else:
            seat = state.current_player
            mover = f", {names[seat]} to play" if seat is not None else ""
            if state.task == "sleeve":
                mover = f", {names[seat]} to sleeve a card or pass" if seat is not None else ""
            where = (
                f"hand {state.chapter}{mover} "
                f"({plural(state.plays, 'card')} of {NUM_PLAYERS * NUM_TRICKS} played)"
            )
        return {
            "players": names,
            "round": state.chapter,
            "where": where,
            "over": outcome is not None,
            "winners": list(outcome.winners) if outcome is not None else None,
            "totals": list(outcome.scores) if outcome is not None else None,
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
    outcome = game.outcome()
    if outcome is None:
        lines.append("  the game is not finished")
    else:
        totals = ", ".join(f"{n} {v}" for n, v in zip(names, outcome.scores))
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
    "parse_action",
    "playout",
    "replay",
    "score_hand",
    "to_record",
    "value_ranges",
]
